/* Tiled single-precision matrix product C = A * B with OpenMP: the twin of matmul.cu, written
   the way one would port the CUDA kernel by hand. The output tiles (TILE x TILE) are shared
   among the threads; for each tile, for each k-tile, the A and B tiles are copied into local
   arrays and the i/j/k loops add their product to the tile's accumulators (one per CUDA
   thread), which are written to C at the end. Times REPS runs, checks a sample of entries
   against a double-precision product and prints the median milliseconds per run.
   Usage: matmul_omp [reps] [n]   (n a multiple of TILE) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TILE 16

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void matmul(const float *restrict A, const float *restrict B, float *restrict C, int n) {
    int tiles = n / TILE;
#pragma omp parallel for collapse(2) schedule(static)
    for (int bi = 0; bi < tiles; bi++)
        for (int bj = 0; bj < tiles; bj++) {
            float As[TILE][TILE], Bs[TILE][TILE], acc[TILE][TILE];
            for (int i = 0; i < TILE; i++)
                for (int j = 0; j < TILE; j++)
                    acc[i][j] = 0.0f;
            for (int t = 0; t < tiles; t++) {
                for (int i = 0; i < TILE; i++)
                    for (int j = 0; j < TILE; j++) {
                        As[i][j] = A[(size_t)(bi * TILE + i) * n + t * TILE + j];
                        Bs[i][j] = B[(size_t)(t * TILE + i) * n + bj * TILE + j];
                    }
                for (int i = 0; i < TILE; i++)
                    for (int j = 0; j < TILE; j++) {
                        float s = acc[i][j];
                        for (int k = 0; k < TILE; k++)
                            s += As[i][k] * Bs[k][j];
                        acc[i][j] = s;
                    }
            }
            for (int i = 0; i < TILE; i++)
                for (int j = 0; j < TILE; j++)
                    C[(size_t)(bi * TILE + i) * n + bj * TILE + j] = acc[i][j];
        }
}

static int cmp_double(const void *x, const void *y) {
    double d = *(const double *)x - *(const double *)y;
    return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const int n = argc > 2 ? atoi(argv[2]) : 1024;
    if (reps < 1 || n < TILE || n % TILE) {
        fprintf(stderr, "usage: matmul_omp [reps] [n, a multiple of %d]\n", TILE);
        return 2;
    }
    size_t nn = (size_t)n * n;
    float *a = malloc(nn * sizeof(float)), *b = malloc(nn * sizeof(float));
    float *c = malloc(nn * sizeof(float));
    double *ms = malloc(reps * sizeof(double));
    if (!a || !b || !c || !ms)
        return 1;
    for (size_t i = 0; i < nn; i++) {
        a[i] = (float)((i * 7) % 17) * 0.25f - 2.0f;
        b[i] = (float)((i * 5) % 13) * 0.5f - 3.0f;
    }
    matmul(a, b, c, n); /* warm-up: first touch of c's pages, thread team start */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        matmul(a, b, c, n);
        ms[r] = now_ms() - t0;
    }
    for (int s = 0; s < 64; s++) {
        int i = s < 2 ? s * (n - 1) : (int)((s * 2654435761u) % n);
        int j = s < 2 ? s * (n - 1) : (int)((s * 40503u + 17) % n);
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
    qsort(ms, reps, sizeof(double), cmp_double);
    printf("matmul omp n=%d tile=%d reps=%d median_ms=%.4f\n", n, TILE, reps, ms[reps / 2]);
    free(a);
    free(b);
    free(c);
    free(ms);
    return 0;
}
