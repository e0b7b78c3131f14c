/* The twin of srad.cu, written as Rodinia's OpenMP srad_v1 is: per iteration, a `parallel
   for` over the image's columns computing each element's derivatives and diffusion
   coefficient (row i, column j, element i + NR * j; neighbours through the same index
   tables), then one over the columns updating the image. Same image, q0sqr, lambda and
   iterations; prints the median ms per run of ITERS iterations. Usage: srad_omp [reps] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NR 2008
#define NC 1832
#define ITERS 20
#define LAMBDA 0.5f
#define Q0SQR 0.05f

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const long ne = (long)NR * NC;
    float *start = malloc(ne * sizeof(float)), *image = malloc(ne * sizeof(float));
    float *dN = malloc(ne * sizeof(float)), *dS = malloc(ne * sizeof(float)), *dW = malloc(ne * sizeof(float));
    float *dE = malloc(ne * sizeof(float)), *c = malloc(ne * sizeof(float));
    int *iN = malloc(NR * sizeof(int)), *iS = malloc(NR * sizeof(int)), *jW = malloc(NC * sizeof(int));
    int *jE = malloc(NC * sizeof(int));
    double *ms = malloc(reps * sizeof(double));
    srand(5);
    for (long k = 0; k < ne; k++)
        start[k] = expf((float)(rand() % 256) / 255);
    for (int i = 0; i < NR; i++)
        iN[i] = i - 1, iS[i] = i + 1;
    for (int j = 0; j < NC; j++)
        jW[j] = j - 1, jE[j] = j + 1;
    iN[0] = 0, iS[NR - 1] = NR - 1, jW[0] = 0, jE[NC - 1] = NC - 1;
    for (int r = 0; r < reps; r++) {
        memcpy(image, start, ne * sizeof(float));
        double t0 = now_ms();
        for (int iter = 0; iter < ITERS; iter++) {
            int i, j;
            long k;
            float Jc, G2, L, num, den, qsqr, D, cN, cS, cW, cE;
#pragma omp parallel for private(i, j, k, Jc, G2, L, num, den, qsqr)
            for (j = 0; j < NC; j++) {
                for (i = 0; i < NR; i++) {
                    k = i + NR * j;
                    Jc = image[k];
                    dN[k] = image[iN[i] + NR * j] - Jc;
                    dS[k] = image[iS[i] + NR * j] - Jc;
                    dW[k] = image[i + NR * jW[j]] - Jc;
                    dE[k] = image[i + NR * jE[j]] - Jc;
                    G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
                    L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
                    num = (0.5 * G2) - ((1.0 / 16.0) * (L * L));
                    den = 1 + (.25 * L);
                    qsqr = num / (den * den);
                    den = (qsqr - Q0SQR) / (Q0SQR * (1 + Q0SQR));
                    c[k] = 1.0 / (1.0 + den);
                    if (c[k] < 0)
                        c[k] = 0;
                    else if (c[k] > 1)
                        c[k] = 1;
                }
            }
#pragma omp parallel for private(i, j, k, D, cS, cN, cW, cE)
            for (j = 0; j < NC; j++) {
                for (i = 0; i < NR; i++) {
                    k = i + NR * j;
                    cN = c[k];
                    cS = c[iS[i] + NR * j];
                    cW = c[k];
                    cE = c[i + NR * jE[j]];
                    D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
                    image[k] = image[k] + 0.25 * LAMBDA * D;
                }
            }
        }
        ms[r] = now_ms() - t0;
    }
    double sum = 0;
    for (long k = 0; k < ne; k++)
        sum += image[k];
    qsort(ms, reps, sizeof(double), cmp);
    printf("srad omp %dx%d iters=%d reps=%d sum=%.6g median_ms=%.4f\n", NR, NC, ITERS, reps, sum, ms[reps / 2]);
    return 0;
}
