// The inline PTX cu2c translates (translator/frontend/ptx.c), each result checked against what
// CUDA defines: %laneid and %warpid are the linear thread index in the block mod and div 32
// (a 3-D block of 8x4x3 threads, its last warp partial), varying per thread also where the
// value crosses a __syncthreads() and in a __device__ function; %globaltimer counts
// nanoseconds on clock64()'s clock (a spin of clockRate * 5 cycles lasts 5 ms of it), its
// _lo/_hi halves agree with it; %smid is below %nsmid, the multiprocessor count, and the same
// for all of a block's threads; %clock64 and %clock advance with clock64(); nanosleep and the fences
// (membar, fence.sc/acq_rel) publish a last-block-done reduction. Spellings: %% or %,
// asm/__asm__, volatile/__volatile__, joined literals, a statement over two lines.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// The C output too:
// RUN: %cu2c --lang=c %s -o %t.c
// RUN: cc -std=gnu11 -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t.cbin
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t.cbin
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); exit(1); } } while (0)

#define BX 8
#define BY 4
#define BZ 3
#define NT (BX * BY * BZ)

__device__ unsigned lane_of_caller(void) {
    unsigned r;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
    return r;
}

/* out[4 * t ...]: lane, warp, the lane a __device__ function reads, and the next thread's
 * lane read from shared memory after a barrier plus 100 times this thread's own lane (which
 * crosses the barrier). */
__global__ void lanes(unsigned *out) {
    __shared__ unsigned seen[NT];
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned lane, warp;
    asm volatile("mov.u32 %0, %laneid;" : "=r"(lane));
    __asm__ __volatile__("mov.u32 %0,%%warpid;"
                         : "=r"(warp));
    seen[t] = lane;
    __syncthreads();
    out[4 * t] = lane;
    out[4 * t + 1] = warp;
    out[4 * t + 2] = lane_of_caller();
    out[4 * t + 3] = seen[(t + 1) % NT] + 100 * lane;
}

/* Block b: its threads' %smid (each thread's own slot), then %nsmid. */
__global__ void sms(unsigned *smid, unsigned *nsmid) {
    unsigned s, n;
    asm("mov.u32 %0, %%smid;" : "=r"(s));
    asm("mov.u32 %0, %%nsmid;" : "=r"(n));
    smid[blockIdx.x * blockDim.x + threadIdx.x] = s;
    if (threadIdx.x == 0)
        nsmid[blockIdx.x] = n;
}

/* The timers around a spin of `cycles` of clock64(). */
__global__ void timers(unsigned long long *o, long long cycles) {
    unsigned long long g0, g1, c0, c1;
    unsigned hi0, lo, hi1, k0, k1;
    asm volatile("mov.u64 %0, " "%globaltimer;" : "=l"(g0));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
    asm volatile("mov.u32 %0, %%clock;" : "=r"(k0));
    long long start = clock64();
    while (clock64() - start < cycles)
        ;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
    asm volatile("mov.u32 %0, %%clock;" : "=r"(k1));
    asm volatile("mov.u32 %0, %%globaltimer_hi;" : "=r"(hi0));
    asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(lo));
    asm volatile("mov.u32 %0, %%globaltimer_hi;" : "=r"(hi1));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
    o[0] = g0;
    o[1] = g1;
    o[2] = c0;
    o[3] = c1;
    o[4] = (unsigned)(k1 - k0);
    o[5] = hi0 == hi1 ? ((unsigned long long)hi0 << 32 | lo) : 0;
    o[6] = (unsigned long long)start;
}

/* A sum over blocks: the last block to finish adds the partial sums the others published
 * with a fence before counting themselves done (the threadFenceReduction pattern). */
__device__ unsigned done_count;
__global__ void sum_blocks(const int *in, int *partial, int *total) {
    __shared__ int s;
    __shared__ bool last;
    if (threadIdx.x == 0)
        s = 0;
    __syncthreads();
    atomicAdd(&s, in[blockIdx.x * blockDim.x + threadIdx.x]);
    asm volatile("membar.cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = s;
        asm volatile("membar.gl;");
        asm volatile("fence.sc.gpu;" ::: "memory");
        asm volatile("fence.acq_rel.sys;");
        asm volatile("membar.sys;");
        asm volatile("nanosleep.u32 %0;" :: "r"(blockIdx.x * 100));
        asm volatile("nanosleep.u32 1000;");
        unsigned ticket = atomicInc(&done_count, gridDim.x);
        last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        int t = 0;
        for (unsigned b = 0; b < gridDim.x; b++)
            t += ((volatile int *)partial)[b];
        *total = t;
    }
}

int main(void) {
    unsigned *out;
    CHECK(cudaMallocManaged((void **)&out, 4 * NT * sizeof *out, cudaMemAttachGlobal) == cudaSuccess);
    dim3 block;
    block.x = BX;
    block.y = BY;
    block.z = BZ;
    lanes<<<2, block>>>(out);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (unsigned t = 0; t < NT; t++) {
        CHECK(out[4 * t] == t % 32);
        CHECK(out[4 * t + 1] == t / 32);
        CHECK(out[4 * t + 2] == t % 32);
        CHECK(out[4 * t + 3] == (t + 1) % NT % 32 + 100 * (t % 32));
    }

    int count = 0;
    CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, 0) == cudaSuccess);
    enum { NB = 64, TPB = 64 };
    unsigned *smid, *nsmid;
    CHECK(cudaMallocManaged((void **)&smid, NB * TPB * sizeof *smid, cudaMemAttachGlobal) == cudaSuccess);
    CHECK(cudaMallocManaged((void **)&nsmid, NB * sizeof *nsmid, cudaMemAttachGlobal) == cudaSuccess);
    sms<<<NB, TPB>>>(smid, nsmid);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int b = 0; b < NB; b++) {
        CHECK(nsmid[b] == (unsigned)count);
        for (int t = 0; t < TPB; t++) {
            CHECK(smid[b * TPB + t] < (unsigned)count);
            CHECK(smid[b * TPB + t] == smid[b * TPB]);
        }
    }

    int khz = 0;
    CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0) == cudaSuccess);
    unsigned long long *o;
    CHECK(cudaMallocManaged((void **)&o, 7 * sizeof *o, cudaMemAttachGlobal) == cudaSuccess);
    long long cycles = (long long)khz * 5;      /* 5 ms */
    timers<<<1, 1>>>(o, cycles);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    unsigned long long ns = o[1] - o[0];
    CHECK(o[1] >= o[0] && ns >= 4000000ull && ns < 2000000000ull);
    CHECK(o[3] - o[2] >= (unsigned long long)cycles);
    CHECK(o[4] >= (unsigned long long)cycles);
    CHECK(o[2] <= (unsigned long long)o[6]);
    /* the halves, read between the two 64-bit reads: between them (unless hi changed) */
    CHECK(o[5] == 0 || (o[5] >= o[0] && o[5] <= o[1]));
    /* one clock: the cycles between the timer's two reads last no longer than they did, and
     * the clock64() read between them, taken as nanoseconds, lies between them */
    double cyc_ns = (double)(o[3] - o[2]) / khz * 1e6;
    CHECK(cyc_ns <= ns + 1000.0);
    double start_ns = (double)o[6] / khz * 1e6;
    CHECK(start_ns >= o[0] - 1000.0 && start_ns <= o[1] + 1000.0);

    enum { RB = 40, RT = 32 };
    int *in, *partial, *total;
    CHECK(cudaMallocManaged((void **)&in, RB * RT * sizeof *in, cudaMemAttachGlobal) == cudaSuccess);
    CHECK(cudaMallocManaged((void **)&partial, RB * sizeof *partial, cudaMemAttachGlobal) == cudaSuccess);
    CHECK(cudaMallocManaged((void **)&total, sizeof *total, cudaMemAttachGlobal) == cudaSuccess);
    int want = 0;
    for (int i = 0; i < RB * RT; i++)
        want += in[i] = i % 7 - 2;
    *total = 0;
    sum_blocks<<<RB, RT>>>(in, partial, total);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(*total == want);
    puts("PASSED");
    return 0;
}
