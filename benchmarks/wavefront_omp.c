/* The twin of wavefront.cu, ported by hand: the same N = 4096 Needleman-Wunsch matrix, the
   same 16x16 tiles along the anti-diagonals of tiles, `omp parallel for` over the tiles of a
   diagonal; each tile copied into a local (B+1)x(B+1) buffer with its substitution scores,
   swept row by row, written back. Same check, same output line. Usage: wavefront_omp [reps] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 4096
#define B 16
#define PENALTY 10

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void tile(int *restrict score, const int *restrict subst, int tile_row, int tile_col) {
    int t[B + 1][B + 1];
    int r0 = tile_row * B, c0 = tile_col * B;
    for (int j = 0; j <= B; j++)
        t[0][j] = score[(size_t)r0 * (N + 1) + c0 + j];
    for (int i = 1; i <= B; i++)
        t[i][0] = score[(size_t)(r0 + i) * (N + 1) + c0];
    for (int i = 1; i <= B; i++) {
        const int *s = subst + (size_t)(r0 + i) * (N + 1) + c0;
        for (int j = 1; j <= B; j++) {
            int m = t[i - 1][j - 1] + s[j], up = t[i - 1][j] - PENALTY, left = t[i][j - 1] - PENALTY;
            m = up > m ? up : m;
            t[i][j] = left > m ? left : m;
        }
    }
    for (int i = 1; i <= B; i++)
        memcpy(score + (size_t)(r0 + i) * (N + 1) + c0 + 1, &t[i][1], B * sizeof(int));
}

static int cmp_double(const void *x, const void *y) {
    double d = *(const double *)x - *(const double *)y;
    return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const size_t cells = (size_t)(N + 1) * (N + 1);
    int *a = malloc((N + 1) * sizeof(int)), *b = malloc((N + 1) * sizeof(int)), table[24 * 24];
    int *subst = calloc(cells, sizeof(int)), *init = calloc(cells, sizeof(int));
    int *want = malloc(cells * sizeof(int)), *score = malloc(cells * sizeof(int));
    double *ms = malloc(reps * sizeof(double));
    srand(7);
    for (int i = 1; i <= N; i++) {
        a[i] = rand() % 24;
        b[i] = rand() % 24;
    }
    for (int i = 0; i < 24 * 24; i++)
        table[i] = rand() % 21 - 10;
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++)
            subst[(size_t)i * (N + 1) + j] = table[a[i] * 24 + b[j]];
    for (int i = 0; i <= N; i++) {
        init[(size_t)i * (N + 1)] = -i * PENALTY;
        init[i] = -i * PENALTY;
    }
    memcpy(want, init, cells * sizeof(int));
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++) {
            size_t c = (size_t)i * (N + 1) + j;
            int m = want[c - N - 2] + subst[c], up = want[c - N - 1] - PENALTY, left = want[c - 1] - PENALTY;
            m = up > m ? up : m;
            want[c] = left > m ? left : m;
        }
    const int tiles = N / B;
    for (int r = 0; r < reps; r++) {
        memcpy(score, init, cells * sizeof(int));
        double t0 = now_ms();
        for (int diag = 0; diag < 2 * tiles - 1; diag++) {
            int first = diag < tiles ? 0 : diag - tiles + 1, last = diag < tiles ? diag : tiles - 1;
#pragma omp parallel for schedule(static)
            for (int tr = first; tr <= last; tr++)
                tile(score, subst, tr, diag - tr);
        }
        ms[r] = now_ms() - t0;
    }
    if (memcmp(score, want, cells * sizeof(int)) != 0) {
        fprintf(stderr, "wavefront_omp: wrong scores\n");
        return 1;
    }
    qsort(ms, reps, sizeof(double), cmp_double);
    printf("wavefront omp n=%d reps=%d median_ms=%.4f\n", N, reps, ms[reps / 2]);
    return 0;
}
