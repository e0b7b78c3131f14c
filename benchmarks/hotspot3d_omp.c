/* The twin of hotspot3d.cu, written as Rodinia's OpenMP hotspot3D is: one `omp for` over the
   z planes of a plain triple loop, each cell's neighbours clamped at the faces, the buffers
   swapped after each of the ITERS steps. Same grid, coefficients, check and output line.
   Usage: hotspot3d_omp [reps] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NX 512
#define NY 512
#define NZ 8
#define ITERS 20

typedef struct Coef {
    float cc, cw, ce, cn, cs, cb, ct, sdc, amb;
} Coef;

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void step(const float *restrict power, const float *restrict in, float *restrict out, Coef k) {
#pragma omp for
    for (int z = 0; z < NZ; z++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) {
                int c = x + y * NX + z * NX * NY;
                int w = x == 0 ? c : c - 1, e = x == NX - 1 ? c : c + 1;
                int n = y == 0 ? c : c - NX, s = y == NY - 1 ? c : c + NX;
                int b = z == 0 ? c : c - NX * NY, t = z == NZ - 1 ? c : c + NX * NY;
                out[c] = k.cc * in[c] + k.cw * in[w] + k.ce * in[e] + k.cs * in[s] + k.cn * in[n] +
                         k.cb * in[b] + k.ct * in[t] + k.sdc * power[c] + k.ct * k.amb;
            }
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const size_t cells = (size_t)NX * NY * NZ;
    float *power = malloc(cells * sizeof *power), *temp = malloc(cells * sizeof *temp);
    float *a = malloc(cells * sizeof *a), *b = malloc(cells * sizeof *b);
    float *ra = malloc(cells * sizeof *ra), *rb = malloc(cells * sizeof *rb);
    double *ms = malloc(reps * sizeof *ms);
    srand(3);
    for (size_t i = 0; i < cells; i++) {
        power[i] = (float)(rand() % 1000) / 1000.0f;
        temp[i] = 320.0f + (float)(rand() % 1000) / 100.0f;
    }
    Coef k;
    k.cw = k.ce = 0.1f;
    k.cn = k.cs = 0.1f;
    k.ct = k.cb = 0.05f;
    k.cc = 1.0f - (2.0f * k.ce + 2.0f * k.cn + 3.0f * k.ct);
    k.sdc = 0.001f;
    k.amb = 80.0f;
    memcpy(ra, temp, cells * sizeof *ra);
    for (int i = 0; i < ITERS; i++) {   /* the reference: the same loop, one thread */
        step(power, ra, rb, k);
        float *t = ra; ra = rb; rb = t;
    }
    float *result = a;
    for (int r = 0; r < reps; r++) {
        memcpy(a, temp, cells * sizeof *a);
        double t0 = now_ms();
        float *src = a, *dst = b;
#pragma omp parallel firstprivate(src, dst)
        for (int i = 0; i < ITERS; i++) {
            step(power, src, dst, k);   /* its omp for ends with a barrier */
            float *t = src; src = dst; dst = t;
        }
        ms[r] = now_ms() - t0;
        result = ITERS % 2 ? b : a;
    }
    for (size_t i = 0; i < cells; i++)
        if (!(fabsf(result[i] - ra[i]) <= 1e-3f * fabsf(ra[i]))) {
            fprintf(stderr, "hotspot3d: cell %zu is %g, want %g\n", i, result[i], ra[i]);
            return 1;
        }
    qsort(ms, reps, sizeof *ms, cmp);
    printf("hotspot3d omp n=%dx%dx%d iters=%d reps=%d median_ms=%.4f\n", NX, NY, NZ, ITERS, reps, ms[reps / 2]);
    return 0;
}
