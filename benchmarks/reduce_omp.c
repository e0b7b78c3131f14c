/* Sum of 2^24 floats with OpenMP: the twin of reduce.cu (float partial sums per thread, the
   total in double). Times REPS runs and prints the median milliseconds per run.
   Usage: reduce_omp [reps] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static float sum(const float *restrict a, int n) {
    float s = 0.0f;
#pragma omp parallel for schedule(static) reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

static int cmp_double(const void *x, const void *y) {
    double d = *(const double *)x - *(const double *)y;
    return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
    const int n = 1 << 24;
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    float *a = malloc(n * sizeof(float));
    double *ms = malloc(reps * sizeof(double));
    if (!a || !ms)
        return 1;
    for (int i = 0; i < n; i++)
        a[i] = (float)(i % 1000) * 0.001f;
    volatile float s = sum(a, n); /* warm-up */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        s = sum(a, n);
        ms[r] = now_ms() - t0;
    }
    double want = 0;
    for (int i = 0; i < n; i++)
        want += a[i];
    if (fabs(s - want) > 1e-2 * want) {
        fprintf(stderr, "sum %f, want %f\n", (double)s, want);
        return 1;
    }
    qsort(ms, reps, sizeof(double), cmp_double);
    printf("reduce omp n=%d reps=%d median_ms=%.4f\n", n, reps, ms[reps / 2]);
    free(a);
    free(ms);
    return 0;
}
