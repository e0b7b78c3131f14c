// A thread's own work between two clock reads counts at the real rate, not blockDim times
// as fast as a spin's short gaps do (clock_spin_in_every_thread_of_large_blocks.cu): on a
// GPU the block's other threads would not have made that work take longer. Here 256 threads
// each run about 4 ms of arithmetic between two reads; scaled by 256 each would see a second
// pass, and clock()'s 32 bits, later by less than half their range across such a stretch on
// a GPU, would wrap (the same happened when the system preempted a spinning thread for a few
// milliseconds: a flaky failure of the spin test under load).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <ctime>

__host__ __device__ unsigned work(unsigned x, int iters) {
    for (int i = 0; i < iters; i++)
        x = x * 1664525u + 1013904223u + (x >> 13);
    return x;
}

__global__ void timed(int iters, long long *elapsed, unsigned *wrapped, unsigned *sink) {
    unsigned t = threadIdx.x;
    long long a = clock64();
    clock_t c0 = clock();
    unsigned x = work(t, iters);
    clock_t c1 = clock();
    long long b = clock64();
    elapsed[t] = b - a;
    wrapped[t] = (unsigned)c1 - (unsigned)c0 >= 0x80000000u;
    sink[t] = x;
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main() {
    const int threads = 256;
    int khz = 0;
    cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0);
    /* iterations taking about 4 ms on the host (the shortest of three tries) */
    int iters = 1 << 16;
    double ms = 1e9;
    volatile unsigned keep = 0;
    for (;;) {
        ms = 1e9;
        for (int k = 0; k < 3; k++) {
            double t0 = now_ms();
            keep = keep + work(k, iters);
            double d = now_ms() - t0;
            if (d < ms) ms = d;
        }
        if (ms >= 4.0) break;
        iters *= 2;
    }
    long long *elapsed;
    unsigned *wrapped, *sink;
    cudaMallocManaged(&elapsed, threads * sizeof(long long));
    cudaMallocManaged(&wrapped, threads * sizeof(unsigned));
    cudaMallocManaged(&sink, threads * sizeof(unsigned));
    timed<<<1, threads>>>(iters, elapsed, wrapped, sink);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    /* at least the work's cycles (the work takes ms of real time at best), and far fewer
     * than 256 times them */
    long long work_cycles = (long long)(ms * khz);
    int bad = 0;
    for (int t = 0; t < threads; t++) {
        int ok = elapsed[t] >= work_cycles / 2 && elapsed[t] < work_cycles * threads / 8 &&
                 !wrapped[t] && sink[t] == work(t, iters);
        if (!ok && bad++ < 5)
            printf("FAIL thread %d: %lld cycles for work of about %lld, clock() wrapped %u\n", t,
                   elapsed[t], work_cycles, wrapped[t]);
    }
    printf("%s (work %.1f ms, thread 0 saw %.1f ms)\n", bad ? "FAIL" : "PASS", ms, elapsed[0] / (double)khz);
    return bad != 0;
}
