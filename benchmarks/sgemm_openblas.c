/* The reference for matmul.cu: the same product C = A * B (N x N row-major floats, the same
   inputs) by OpenBLAS's cblas_sgemm, with OPENBLAS_NUM_THREADS threads. Times REPS calls,
   checks the same sample of entries against a double-precision product and prints the median
   milliseconds per call, in matmul's output format. Usage: sgemm_openblas [reps] [n] */
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    int n = argc > 2 ? atoi(argv[2]) : 1024;
    if (reps < 1 || n < 1) {
        fprintf(stderr, "usage: sgemm_openblas [reps] [n]\n");
        return 2;
    }
    size_t nn = (size_t)n * n;
    float *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b), *c = malloc(nn * sizeof *c);
    double *ms = malloc((size_t)reps * sizeof *ms);
    if (!a || !b || !c || !ms)
        return 1;
    for (size_t i = 0; i < nn; i++) {
        a[i] = (float)((i * 7) % 17) * 0.25f - 2.0f;
        b[i] = (float)((i * 5) % 13) * 0.5f - 3.0f;
    }
    /* warm-up: OpenBLAS starts its threads, c's pages are touched */
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
        ms[r] = now_ms() - t0;
    }
    for (int s = 0; s < 64; s++) {
        int i = s < 2 ? s * (n - 1) : (int)((s * 2654435761u) % (unsigned)n);
        int j = s < 2 ? s * (n - 1) : (int)((s * 40503u + 17) % (unsigned)n);
        double want = 0, mag = 0;
        for (int k = 0; k < n; k++) {
            want += (double)a[(size_t)i * n + k] * b[(size_t)k * n + j];
            mag += fabs((double)a[(size_t)i * n + k] * b[(size_t)k * n + j]);
        }
        double got = c[(size_t)i * n + j];
        if (fabs(got - want) > 1e-5 * mag + 1e-6) {
            fprintf(stderr, "C[%d][%d] = %.6f, want %.6f\n", i, j, got, want);
            return 1;
        }
    }
    qsort(ms, (size_t)reps, sizeof *ms, by_value);
    printf("sgemm openblas n=%d reps=%d median_ms=%.4f\n", n, reps, ms[reps / 2]);
    free(a);
    free(b);
    free(c);
    free(ms);
    return 0;
}
