/* bigcopy.cu's work in C with OpenMP: malloc N MiB, copy a host array into it, the kernel's
 * a[i] = 3 a[i] + 1, copy the result into a freshly malloc'd array, free both; each loop an
 * `omp parallel for schedule(static)`, so the pages are first touched by every thread, as an
 * OpenMP programmer writes it. Same phases, same output line. Usage: bigcopy_omp [MiB] [reps] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? strtoul(argv[1], 0, 10) : 256;
    int reps = argc > 2 ? atoi(argv[2]) : 3;
    const int n = (int)(mib << 20 >> 2);
    const size_t bytes = (size_t)n * sizeof(int);
    int *src = malloc(bytes);
    double *total = malloc(5 * sizeof(double) * (size_t)reps), *h2d = total + reps,
           *kern = h2d + reps, *d2h = kern + reps, *rel = d2h + reps;
    for (int i = 0; i < n; i++)
        src[i] = i ^ 0x5a5a;
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        int *d = malloc(bytes);
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++)
            d[i] = src[i];
        double t1 = now_ms();
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++)
            d[i] = 3 * d[i] + 1;
        double t2 = now_ms();
        int *out = malloc(bytes);
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++)
            out[i] = d[i];
        double t3 = now_ms();
        for (int i = 0; i < n; i += 4093)
            if (out[i] != 3 * src[i] + 1) {
                fprintf(stderr, "out[%d] = %d, want %d\n", i, out[i], 3 * src[i] + 1);
                return 1;
            }
        double t4 = now_ms();
        free(d);
        free(out);
        double t5 = now_ms();
        h2d[r] = t1 - t0;
        kern[r] = t2 - t1;
        d2h[r] = t3 - t2;
        rel[r] = t5 - t4;
        total[r] = (t3 - t0) + (t5 - t4);
    }
    printf("bigcopy omp mib=%zu reps=%d median_ms=%.2f alloc+in=%.2f kernel=%.2f out=%.2f "
           "free=%.2f\n", mib, reps, median(total, reps), median(h2d, reps), median(kern, reps),
           median(d2h, reps), median(rel, reps));
    free(total);
    free(src);
    return 0;
}
