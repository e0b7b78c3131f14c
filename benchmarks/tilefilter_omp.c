/* The twin of tilefilter.cu, ported by hand: the same image and tiles, `omp parallel for
   collapse(2)` over the 16x16 tiles; per tile, copy it with its clamped one-pixel halo into a
   local buffer, sum the pixels and their squares, then write each pixel's 3x3-smoothed value
   normalised by the tile's mean and variance. Same check, same output line.
   Usage: tilefilter_omp [reps] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define W 2048
#define T 16

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void filter(const float *restrict in, float *restrict out) {
#pragma omp parallel for collapse(2) schedule(static)
    for (int by = 0; by < W / T; by++)
        for (int bx = 0; bx < W / T; bx++) {
            float tile[T + 2][T + 2];
            for (int j = 0; j < T + 2; j++)
                for (int i = 0; i < T + 2; i++) {
                    int hy = by * T + j - 1, hx = bx * T + i - 1;
                    hy = hy < 0 ? 0 : hy >= W ? W - 1 : hy;
                    hx = hx < 0 ? 0 : hx >= W ? W - 1 : hx;
                    tile[j][i] = in[hy * W + hx];
                }
            float sum = 0.0f, sq = 0.0f;
            for (int j = 1; j <= T; j++)
                for (int i = 1; i <= T; i++) {
                    sum += tile[j][i];
                    sq += tile[j][i] * tile[j][i];
                }
            float mean = sum / (T * T), var = sq / (T * T) - mean * mean, scale = 1.0f / sqrtf(var + 1e-3f);
            for (int j = 0; j < T; j++)
                for (int i = 0; i < T; i++) {
                    float smooth = 0.0f;
                    for (int dy = 0; dy < 3; dy++)
                        for (int dx = 0; dx < 3; dx++)
                            smooth += tile[j + dy][i + dx];
                    out[(by * T + j) * W + bx * T + i] = (smooth / 9.0f - mean) * scale;
                }
        }
}

static int cmp_double(const void *x, const void *y) {
    double d = *(const double *)x - *(const double *)y;
    return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 10;
    const size_t n = (size_t)W * W;
    float *in = malloc(n * sizeof(float)), *out = malloc(n * sizeof(float));
    double *ms = malloc(reps * sizeof(double));
    srand(5);
    for (size_t j = 0; j < n; j++)
        in[j] = (float)(rand() % 256);
    filter(in, out); /* warm-up */
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        filter(in, out);
        ms[r] = now_ms() - t0;
    }
    for (int by = 0; by < W / T; by++)
        for (int bx = 0; bx < W / T; bx++) {
            double s = 0, q = 0;
            for (int y = by * T; y < by * T + T; y++)
                for (int x = bx * T; x < bx * T + T; x++) {
                    s += in[y * W + x];
                    q += (double)in[y * W + x] * in[y * W + x];
                }
            double mean = s / (T * T), var = q / (T * T) - mean * mean;
            for (int y = by * T; y < by * T + T; y++)
                for (int x = bx * T; x < bx * T + T; x++) {
                    double sm = 0;
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++) {
                            int yy = y + dy < 0 ? 0 : y + dy >= W ? W - 1 : y + dy;
                            int xx = x + dx < 0 ? 0 : x + dx >= W ? W - 1 : x + dx;
                            sm += in[yy * W + xx];
                        }
                    double want = (sm / 9.0 - mean) / sqrt(var + 1e-3);
                    if (fabs(out[y * W + x] - want) > 1e-3 * (1 + fabs(want))) {
                        fprintf(stderr, "tilefilter_omp: pixel (%d,%d) %f, want %f\n", x, y, out[y * W + x], want);
                        return 1;
                    }
                }
        }
    qsort(ms, reps, sizeof(double), cmp_double);
    printf("tilefilter omp n=%d reps=%d median_ms=%.4f\n", W, reps, ms[reps / 2]);
    return 0;
}
