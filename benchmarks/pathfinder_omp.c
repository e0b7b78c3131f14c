/* The twin of pathfinder.cu, written as Rodinia's OpenMP pathfinder is: a `parallel for` over
   the columns of each row, each cell adding the least of its three upper neighbours (clamped
   at the edges), the two row buffers swapped after each row. Same wall, check and output line.
   Usage: pathfinder_omp [reps] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define COLS 65536
#define ROWS 1001
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* rows 1 .. ROWS - 1 over the first, in a: the result row */
static int *sweep(const int *data, int *a, int *b) {
    int *src = b, *dst = a;
    for (int t = 0; t < ROWS - 1; t++) {
        int *tmp = src; src = dst; dst = tmp;
        const int *wall = data + (size_t)(t + 1) * COLS;
#pragma omp parallel for
        for (int n = 0; n < COLS; n++) {
            int min = src[n];
            if (n > 0)
                min = MIN(min, src[n - 1]);
            if (n < COLS - 1)
                min = MIN(min, src[n + 1]);
            dst[n] = wall[n] + min;
        }
    }
    return dst;
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    int *data = malloc(sizeof *data * (size_t)ROWS * COLS), *want = malloc(COLS * sizeof *want);
    int *next = malloc(COLS * sizeof *next), *a = malloc(COLS * sizeof *a), *b = malloc(COLS * sizeof *b);
    double *ms = malloc(reps * sizeof *ms);
    srand(9);
    for (size_t i = 0; i < (size_t)ROWS * COLS; i++)
        data[i] = rand() % 10;
    memcpy(want, data, COLS * sizeof *want);
    for (int t = 1; t < ROWS; t++) {   /* the reference, one thread */
        for (int n = 0; n < COLS; n++) {
            int m = want[n];
            if (n > 0) m = MIN(m, want[n - 1]);
            if (n < COLS - 1) m = MIN(m, want[n + 1]);
            next[n] = data[(size_t)t * COLS + n] + m;
        }
        int *tmp = want; want = next; next = tmp;
    }
    int *got = a;
    for (int r = 0; r < reps; r++) {
        memcpy(a, data, COLS * sizeof *a);
        double t0 = now_ms();
        got = sweep(data, a, b);
        ms[r] = now_ms() - t0;
    }
    for (int j = 0; j < COLS; j++)
        if (got[j] != want[j]) {
            fprintf(stderr, "pathfinder_omp: column %d is %d, want %d\n", j, got[j], want[j]);
            return 1;
        }
    qsort(ms, reps, sizeof *ms, cmp);
    printf("pathfinder omp cols=%d rows=%d reps=%d median_ms=%.4f\n", COLS, ROWS, reps, ms[reps / 2]);
    return 0;
}
