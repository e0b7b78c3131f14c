#include <cstdio>
#include <cuda_runtime.h>
#include "bins.h"
int main() {
    const int n = 100000;
    static int v[n];
    for (int i = 0; i < n; i++)
        v[i] = (i * 7919) % 1000;
    unsigned bins[BINS];
    histogram_on_device(v, n, bins);
    long total = 0, weighted = 0;
    for (int b = 0; b < BINS; b++) {
        total += bins[b];
        weighted += (long)b * bins[b];
    }
    long host = sum_on_host_threads(v, n);
    printf("bins %d total %ld weighted %ld host %ld\n", BINS, total, weighted, host);
    return total == n && weighted == host ? 0 : 1;
}
