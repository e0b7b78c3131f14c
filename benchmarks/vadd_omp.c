/* Vector add on 2^24 floats with OpenMP: the twin of vadd.cu. Times REPS runs of the parallel
   loop and prints the median milliseconds per run. Usage: vadd_omp [reps] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void vadd(const float *restrict a, const float *restrict b, float *restrict c, int n) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++)
        c[i] = a[i] + b[i];
}

static int cmp_double(const void *x, const void *y) {
    double d = *(const double *)x - *(const double *)y;
    return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
    const int n = 1 << 24;
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
    float *c = malloc(n * sizeof(float));
    double *ms = malloc(reps * sizeof(double));
    if (!a || !b || !c || !ms)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = (float)(i % 1000) * 0.5f;
        b[i] = (float)(i % 777) - 3.0f;
    }
    vadd(a, b, c, n); /* warm-up: first touch of c's pages, thread team start */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        vadd(a, b, c, n);
        ms[r] = now_ms() - t0;
    }
    for (int i = 0; i < n; i++)
        if (c[i] != a[i] + b[i]) {
            fprintf(stderr, "c[%d] = %f, want %f\n", i, c[i], a[i] + b[i]);
            return 1;
        }
    qsort(ms, reps, sizeof(double), cmp_double);
    printf("vadd omp n=%d reps=%d median_ms=%.4f\n", n, reps, ms[reps / 2]);
    free(a);
    free(b);
    free(c);
    free(ms);
    return 0;
}
