/* The twin of cusparse_spmv.cu: y = A x for the same CSR float matrix (2^20 rows, 10 entries
   per row) with the plain CSR loop, `omp parallel for` over rows. Same check, same output line.
   Usage: cusparse_spmv_omp [reps] [rows] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void spmv(int rows, const int *restrict off, const int *restrict col, const float *restrict val,
                 const float *restrict x, float *restrict y) {
#pragma omp parallel for schedule(static)
    for (int r = 0; r < rows; r++) {
        float sum = 0;
        for (int e = off[r]; e < off[r + 1]; e++)
            sum += val[e] * x[col[e]];
        y[r] = sum;
    }
}

static int cmp_double(const void *a, const void *b) {
    double d = *(const double *)a - *(const double *)b;
    return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    int rows = argc > 2 ? atoi(argv[2]) : 1 << 20;
    const int per_row = 10;
    long nnz = (long)rows * per_row;
    int *off = malloc((rows + 1) * sizeof(int)), *col = malloc(nnz * sizeof(int));
    float *val = malloc(nnz * sizeof(float)), *x = malloc(rows * sizeof(float)), *y = malloc(rows * sizeof(float));
    double *ms = malloc(reps * sizeof(double));
    if (!off || !col || !val || !x || !y || !ms)
        return 1;
    for (int r = 0; r <= rows; r++)
        off[r] = r * per_row;
    for (long i = 0; i < nnz; i++) {
        long r = i / per_row, e = i % per_row;
        col[i] = (int)((r * 7919 + e * 104729) % rows);
        val[i] = (float)((i * 7) % 13) * 0.25f - 1.5f;
    }
    for (int i = 0; i < rows; i++)
        x[i] = (float)(i % 17) * 0.125f - 1.0f;
    spmv(rows, off, col, val, x, y);   /* warm-up: first touch of y's pages, thread team start */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        spmv(rows, off, col, val, x, y);
        ms[r] = now_ms() - t0;
    }
    for (int s = 0; s < 64; s++) {
        int r = (int)((s * 2654435761u) % (unsigned)rows);
        double want = 0;
        for (int e = off[r]; e < off[r + 1]; e++)
            want += (double)val[e] * x[col[e]];
        if (fabs(y[r] - want) > 1e-5 * (1 + fabs(want))) {
            fprintf(stderr, "y[%d] = %.6f, want %.6f\n", r, y[r], want);
            return 1;
        }
    }
    qsort(ms, reps, sizeof(double), cmp_double);
    printf("spmv omp rows=%d nnz=%ld reps=%d median_ms=%.4f\n", rows, nnz, reps, ms[reps / 2]);
    free(off);
    free(col);
    free(val);
    free(x);
    free(y);
    free(ms);
    return 0;
}
