/* The twin of kmedian.cu, ported by hand: the same points (dimension-major), centres and
   search, `omp parallel for` over the points with a reduction of the costs; each point's
   distances computed as the CUDA thread computes them (so the assignments agree exactly).
   Same check, same output line. Usage: kmedian_omp [reps] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N (1 << 17)
#define D 32
#define K 48

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Point i's nearest centre (the first of equals) in *best_k, and its squared distance. */
static inline float nearest_centre(const float *restrict coord, const float *restrict centres, int i,
                                   int *best_k) {
    float best = 3.4e38f;
    *best_k = 0;
    for (int k = 0; k < K; k++) {
        float dist = 0.0f;
        for (int d = 0; d < D; d++) {
            float diff = coord[(size_t)d * N + i] - centres[k * D + d];
            dist += diff * diff;
        }
        if (dist < best) {
            best = dist;
            *best_k = k;
        }
    }
    return best;
}

static double nearest(const float *restrict coord, const float *restrict centres, int *restrict assign) {
    double total = 0;
#pragma omp parallel for schedule(static) reduction(+ : total)
    for (int i = 0; i < N; i++) {
        int best_k;
        float best = nearest_centre(coord, centres, i, &best_k);
        assign[i] = best_k;
        total += best;
    }
    return total;
}

static int cmp_double(const void *x, const void *y) {
    double d = *(const double *)x - *(const double *)y;
    return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 10;
    float *coord = malloc((size_t)N * D * sizeof(float)), *centres = malloc(K * D * sizeof(float));
    int *assign = malloc(N * sizeof(int));
    double *ms = malloc(reps * sizeof(double));
    srand(11);
    for (size_t j = 0; j < (size_t)N * D; j++)
        coord[j] = (float)(rand() % 1000) * 0.001f;
    for (int j = 0; j < K * D; j++)
        centres[j] = (float)(rand() % 1000) * 0.001f;
    volatile double total = nearest(coord, centres, assign); /* warm-up */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        total = nearest(coord, centres, assign);
        ms[r] = now_ms() - t0;
    }
    double want = 0;
    for (int i = 0; i < N; i++) {
        int best_k;
        float best = nearest_centre(coord, centres, i, &best_k);
        if (assign[i] != best_k) {
            fprintf(stderr, "kmedian_omp: point %d assigned %d, want %d\n", i, assign[i], best_k);
            return 1;
        }
        want += best;
    }
    if (fabs(total - want) > 1e-4 * want) {
        fprintf(stderr, "kmedian_omp: cost %f, want %f\n", total, want);
        return 1;
    }
    qsort(ms, reps, sizeof(double), cmp_double);
    printf("kmedian omp n=%d reps=%d median_ms=%.4f\n", N, reps, ms[reps / 2]);
    return 0;
}
