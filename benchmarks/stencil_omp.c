/* 5-point Jacobi stencil tiled in time, with OpenMP: the twin of stencil.cu, written the way
   one would port the CUDA kernel by hand. The 24x24 output tiles are shared among the
   threads; for each tile, a 32x32 tile (the output tile plus a halo of STEPS = 4 cells) is
   copied into a local buffer, the 4 steps are done there (the valid part shrinking by one
   cell per step) and the centre is written back; 4 such sweeps (swapping the two grids) make
   the TOTAL = 16 steps of a run. Times REPS runs, checks the result against a plain Jacobi loop
   (exactly) and prints the median milliseconds per 16 steps. Usage: stencil_omp [reps] [n] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BS 32                  /* local tile edge */
#define STEPS 4                /* time steps per sweep = halo width */
#define OUT (BS - 2 * STEPS)   /* output tile edge */
#define TOTAL 16               /* time steps per run */

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void sweep(const float *restrict in, float *restrict out, int n) {
    int tiles = (n + OUT - 1) / OUT;
#pragma omp parallel for collapse(2) schedule(static)
    for (int by = 0; by < tiles; by++)
        for (int bx = 0; bx < tiles; bx++) {
            float buf[2][BS][BS];
            int x0 = bx * OUT - STEPS, y0 = by * OUT - STEPS;
            for (int y = 0; y < BS; y++)
                for (int x = 0; x < BS; x++) {
                    int gx = x0 + x, gy = y0 + y;
                    buf[0][y][x] = gx >= 0 && gx < n && gy >= 0 && gy < n ? in[(size_t)gy * n + gx]
                                                                           : 0.0f;
                }
            for (int s = 0; s < STEPS; s++) {
                int cur = s & 1;
                for (int y = s + 1; y < BS - 1 - s; y++)
                    for (int x = s + 1; x < BS - 1 - s; x++) {
                        int gx = x0 + x, gy = y0 + y;
                        float c = buf[cur][y][x];
                        buf[1 - cur][y][x] =
                            gx <= 0 || gx >= n - 1 || gy <= 0 || gy >= n - 1
                                ? c
                                : 0.2f * (c + buf[cur][y - 1][x] + buf[cur][y + 1][x] +
                                          buf[cur][y][x - 1] + buf[cur][y][x + 1]);
                    }
            }
            for (int y = STEPS; y < BS - STEPS; y++)
                for (int x = STEPS; x < BS - STEPS; x++) {
                    int gx = x0 + x, gy = y0 + y;
                    if (gx < n && gy < n)
                        out[(size_t)gy * n + gx] = buf[STEPS & 1][y][x];
                }
        }
}

static void init(float *g, int n) {
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            g[(size_t)y * n + x] = (float)((x * 37 + y * 91) % 256) * 0.125f;
}

static int cmp_double(const void *x, const void *y) {
    double d = *(const double *)x - *(const double *)y;
    return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const int n = argc > 2 ? atoi(argv[2]) : 2048;
    if (reps < 1 || n < 3) {
        fprintf(stderr, "usage: stencil_omp [reps] [n >= 3]\n");
        return 2;
    }
    size_t nn = (size_t)n * n, bytes = nn * sizeof(float);
    float *h0 = malloc(bytes), *g[2] = {malloc(bytes), malloc(bytes)}, *a = malloc(bytes);
    double *ms = malloc(reps * sizeof(double));
    if (!h0 || !g[0] || !g[1] || !a || !ms)
        return 1;
    init(h0, n);
    for (int r = -1; r < reps; r++) { /* r = -1: warm-up (first touch, thread team start) */
        memcpy(g[0], h0, bytes);
        double t0 = now_ms();
        for (int t = 0; t < TOTAL / STEPS; t++)
            sweep(g[t & 1], g[(t + 1) & 1], n);
        if (r >= 0)
            ms[r] = now_ms() - t0;
    }
    const float *got = g[(TOTAL / STEPS) & 1];
    /* reference: TOTAL plain Jacobi steps over the whole grid */
    float *b = g[(TOTAL / STEPS + 1) & 1]; /* the other grid, free now */
    memcpy(a, h0, bytes);
    for (int t = 0; t < TOTAL; t++) {
        const float *src = t % 2 ? b : a;
        float *dst = t % 2 ? a : b;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                size_t i = (size_t)y * n + x;
                float c = src[i];
                dst[i] = x == 0 || x == n - 1 || y == 0 || y == n - 1
                             ? c
                             : 0.2f * (c + src[i - n] + src[i + n] + src[i - 1] + src[i + 1]);
            }
    }
    const float *want = TOTAL % 2 ? b : a;
    for (size_t i = 0; i < nn; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "cell (%zu, %zu) = %.7g, want %.7g\n", i / n, i % n, got[i], want[i]);
            return 1;
        }
    qsort(ms, reps, sizeof(double), cmp_double);
    printf("stencil omp n=%d steps=%d per_launch=%d reps=%d median_ms=%.4f\n", n, TOTAL, STEPS,
           reps, ms[reps / 2]);
    free(h0);
    free(g[0]);
    free(g[1]);
    free(a);
    free(ms);
    return 0;
}
