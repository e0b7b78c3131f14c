// clock() and clock64() in device code count the cycles of one clock running at the rate
// cudaDevAttrClockRate reports (kHz), as on a GPU: a kernel spinning clockRate * 20 cycles
// (the samples' clock_block) takes about 20 ms, not the 20 ms of CPU time libc's clock()
// would count in CLOCKS_PER_SEC units; clock64() never goes back in a thread; clock() is the
// low 32 bits of the same count (they advance at the same rate); host code keeps libc's
// clock(), also in a __host__ __device__ function only host code calls.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// The C output too (its own clock()/clock64() names, no C++ overloads):
// RUN: %cu2c --lang=c %s -o %t.c
// RUN: cc -std=gnu11 -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t.cbin
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t.cbin
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <cuda_runtime.h>

#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); exit(1); } } while (0)

/* The samples' clock_block: spins for clock_count cycles of the device's clock. */
__device__ void clock_block(long long *d_o, long long clock_count) {
    long long start = clock64();
    long long clock_offset = 0;
    while (clock_offset < clock_count)
        clock_offset = clock64() - start;
    d_o[0] = clock_offset;
}

__global__ void spin(long long *out, long long cycles) { clock_block(out, cycles); }

/* clock() spinning the same way, with the wrap of its 32 bits taken care of as on a GPU. */
__global__ void spin32(long long *out, int cycles) {
    clock_t start = clock();
    int elapsed = 0;
    while (elapsed < cycles)
        elapsed = (int)(unsigned)(clock() - start);
    out[0] = elapsed;
}

/* Each thread: clock64 never decreases over many reads; both clocks measured over the same
 * stretch of time advance by about the same number of cycles. */
__global__ void monotonic(int *bad, long long *d64, long long *d32, long long window) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    long long prev = clock64();
    long long a64 = prev;
    clock_t a32 = clock();
    int b = 0;
    for (int i = 0; i < 1000; i++) {
        long long now = clock64();
        b |= now < prev;
        prev = now;
    }
    while (clock64() - a64 < window)
        ;
    clock_t b32 = clock();
    long long b64 = clock64();
    bad[t] = b;
    d64[t] = b64 - a64;
    d32[t] = (long long)(unsigned)(b32 - a32);
}

__host__ __device__ long host_side_clock(void) { return (long)clock(); }

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(void) {
    int khz = 0;
    CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0) == cudaSuccess);
    CHECK(khz > 0);
    long long *d_out;
    CHECK(cudaMallocManaged((void **)&d_out, 2 * sizeof(long long), cudaMemAttachGlobal) == cudaSuccess);

    /* 20 ms of cycles; generous bounds, it is no benchmark (libc's clock would take ~37 s) */
    long long cycles = (long long)khz * 20;
    double t0 = now_ms();
    spin<<<1, 1>>>(d_out, cycles);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    double ms = now_ms() - t0;
    printf("clock64: %lld cycles at %d kHz took %.1f ms\n", cycles, khz, ms);
    CHECK(ms >= 19.5 && ms < 2000);   /* never sooner: the cycles are 20 ms of them */
    CHECK(d_out[0] >= cycles && d_out[0] < cycles + (long long)khz * 2000);

    /* clock(): its 32 bits wrap every 2^32 cycles (about a second): 20 ms fits */
    t0 = now_ms();
    spin32<<<1, 1>>>(d_out + 1, (int)cycles);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    ms = now_ms() - t0;
    printf("clock: %lld cycles took %.1f ms\n", cycles, ms);
    CHECK(ms >= 19.5 && ms < 2000);   /* never sooner: the cycles are 20 ms of them */
    CHECK(d_out[1] >= cycles);

    enum { BLOCKS = 4, THREADS = 8 };
    int *bad;
    long long *d64, *d32;
    CHECK(cudaMallocManaged((void **)&bad, BLOCKS * THREADS * sizeof(int), cudaMemAttachGlobal) == cudaSuccess);
    CHECK(cudaMallocManaged((void **)&d64, BLOCKS * THREADS * sizeof(long long), cudaMemAttachGlobal) == cudaSuccess);
    CHECK(cudaMallocManaged((void **)&d32, BLOCKS * THREADS * sizeof(long long), cudaMemAttachGlobal) == cudaSuccess);
    long long window = khz / 2;     /* half a millisecond per thread */
    monotonic<<<BLOCKS, THREADS>>>(bad, d64, d32, window);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int t = 0; t < BLOCKS * THREADS; t++) {
        CHECK(bad[t] == 0);
        CHECK(d64[t] >= window && d64[t] < (long long)khz * 2000);
        /* clock() read just inside clock64()'s reads: no more cycles, and not many fewer */
        CHECK(d32[t] <= d64[t] && d32[t] >= d64[t] / 2);
    }

    /* host code: libc's clock(), process CPU time in CLOCKS_PER_SEC units, not cycles */
    clock_t c0 = clock();
    volatile double x = 0;
    double h0 = now_ms();
    while (now_ms() - h0 < 30)
        x += 1;
    long spent = host_side_clock() - (long)c0;
    printf("host clock(): %ld ticks of CLOCKS_PER_SEC %ld over 30 ms\n", spent, (long)CLOCKS_PER_SEC);
    CHECK(spent >= 0 && spent < CLOCKS_PER_SEC);   /* cycles at khz would be far more */

    CHECK(cudaFree(d_out) == cudaSuccess && cudaFree(bad) == cudaSuccess);
    CHECK(cudaFree(d64) == cudaSuccess && cudaFree(d32) == cudaSuccess);
    printf("PASS\n");
    return 0;
}
