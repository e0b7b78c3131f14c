// Legacy warp-synchronous code (volatile shared memory, no __syncwarp) in a kernel only the
// fiber engine runs (a `goto` out of a loop holding a barrier): its lanes step in lockstep,
// each step's reads before its stores, as on the GPUs such code was written for. The samples'
// reduction tail (`s[tid] = sum = sum + s[tid + 16]`), a store only odd lanes make followed by
// steps of all lanes (they reconverge first: `++hits` by 32 lanes counts one), an inclusive
// warp scan in a loop whose step fewer lanes take each round, and ^=, <<=, ++ on volatile
// memory; and NVIDIA's reduction sample's warpReduce, a device function template of steps, and
// a device function storing a flag. Results compared with host models of lockstep execution.
// RUN: %cu2c %s -o %t.cpp && grep -c "[{] cu2c_fiber_run(" %t.cpp | FileCheck %s --check-prefix=FIBERS
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// FIBERS: 2
#include <cstdio>

#define B 128
#define NB 4

__global__ void steps(const int *in, int *sums, int *scans, unsigned *bits, int *hit_count, int rounds) {
    __shared__ int s[B];
    __shared__ int sc[B];
    __shared__ unsigned sb[32];
    __shared__ volatile int hits;
    unsigned tid = threadIdx.x, lane = tid % 32;
    for (int r = 0;; r++) {     /* thread loops cannot structure this loop: fibers run it */
        if (r == rounds)
            goto go;
        __syncthreads();
    }
go:
    int sum = in[blockIdx.x * B + tid];
    s[tid] = sum;
    sc[tid] = sum;
    if (tid == 0)
        hits = 0;
    __syncthreads();
    if (tid < 64) {
        s[tid] = sum = sum + s[tid + 64];
    }
    __syncthreads();
    if (tid < 32) {
        volatile int *v = s;
        v[tid] = sum = sum + v[tid + 32];
        v[tid] = sum = sum + v[tid + 16];
        v[tid] = sum = sum + v[tid + 8];
        v[tid] = sum = sum + v[tid + 4];
        v[tid] = sum = sum + v[tid + 2];
        v[tid] = sum = sum + v[tid + 1];
        volatile unsigned *vb = sb;
        vb[tid] = 1u << tid;
        vb[tid] ^= vb[(tid + 16) & 31];
        vb[tid] <<= 1;
        if (tid & 1)
            vb[tid] = vb[tid - 1] + 1;
        ++hits;
        hits++;
    }
    /* every warp: an inclusive scan of its 32 values, Hillis-Steele */
    volatile int *vs = sc;
    for (int d = 1; d < 32; d *= 2)
        if (lane >= (unsigned)d)
            vs[tid] += vs[tid - d];
    __syncthreads();
    scans[blockIdx.x * B + tid] = sc[tid];
    if (tid < 32)
        bits[blockIdx.x * 32 + tid] = sb[tid];
    if (tid == 0) {
        sums[blockIdx.x] = s[0];
        hit_count[blockIdx.x] = hits;
    }
}

template <unsigned BS> __device__ void warpReduce(volatile int *s, unsigned tid) {
    if (BS >= 64) s[tid] += s[tid + 32];
    if (BS >= 32) s[tid] += s[tid + 16];
    if (BS >= 16) s[tid] += s[tid + 8];
    if (BS >= 8) s[tid] += s[tid + 4];
    if (BS >= 4) s[tid] += s[tid + 2];
    if (BS >= 2) s[tid] += s[tid + 1];
}

__device__ void set_flag(volatile int *f) { *f = 1; }

template <unsigned BS> __global__ void reduce6(const int *in, int *out, int *flags, int rounds) {
    __shared__ int s[BS];
    unsigned tid = threadIdx.x;
    for (int r = 0;; r++) {     /* fibers only, as above */
        if (r == rounds)
            goto go;
        __syncthreads();
    }
go:
    s[tid] = in[blockIdx.x * BS + tid];
    __syncthreads();
    for (unsigned st = BS / 2; st > 32; st >>= 1) {
        if (tid < st)
            s[tid] += s[tid + st];
        __syncthreads();
    }
    if (tid < 32)
        warpReduce<BS>(s, tid);
    if (tid == 0) {
        out[blockIdx.x] = s[0];
        set_flag(flags + blockIdx.x);
    }
}

int main() {
    int *in, *sums, *scans, *hit_count;
    unsigned *bits;
    cudaMallocManaged(&in, NB * B * sizeof(int));
    cudaMallocManaged(&sums, NB * sizeof(int));
    cudaMallocManaged(&scans, NB * B * sizeof(int));
    cudaMallocManaged(&bits, NB * 32 * sizeof(unsigned));
    cudaMallocManaged(&hit_count, NB * sizeof(int));
    for (int i = 0; i < NB * B; i++)
        in[i] = (i * 37) % 101 - 50;
    steps<<<NB, B>>>(in, sums, scans, bits, hit_count, 2);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: launch\n");
        return 1;
    }
    int bad = 0;
    /* the lockstep model of the bit steps (each step: every lane reads, then every lane stores) */
    unsigned m[32], n[32];
    for (int l = 0; l < 32; l++)
        m[l] = 1u << l;
    for (int l = 0; l < 32; l++)
        n[l] = m[l] ^ m[(l + 16) & 31];
    for (int l = 0; l < 32; l++)
        m[l] = n[l] << 1;
    for (int l = 0; l < 32; l++)
        n[l] = (l & 1) ? m[l - 1] + 1 : m[l];
    for (int b = 0; b < NB; b++) {
        int total = 0;
        for (int t = 0; t < B; t++)
            total += in[b * B + t];
        if (sums[b] != total && bad++ < 10)
            printf("block %d: sum %d, want %d\n", b, sums[b], total);
        if (hit_count[b] != 2 && bad++ < 10)
            printf("block %d: hits %d, want 2\n", b, hit_count[b]);
        for (int t = 0; t < B; t++) {
            int want = 0;
            for (int j = t - t % 32; j <= t; j++)
                want += in[b * B + j];
            if (scans[b * B + t] != want && bad++ < 10)
                printf("block %d thread %d: scan %d, want %d\n", b, t, scans[b * B + t], want);
        }
        for (int l = 0; l < 32; l++)
            if (bits[b * 32 + l] != n[l] && bad++ < 10)
                printf("block %d lane %d: bits %08x, want %08x\n", b, l, bits[b * 32 + l], n[l]);
    }
    int *rsum, *flags;
    cudaMallocManaged(&rsum, NB * sizeof(int));
    cudaMallocManaged(&flags, NB * sizeof(int));
    reduce6<B><<<NB, B>>>(in, rsum, flags, 1);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: reduce6 launch\n");
        return 1;
    }
    for (int b = 0; b < NB; b++) {
        int total = 0;
        for (int t = 0; t < B; t++)
            total += in[b * B + t];
        if ((rsum[b] != total || flags[b] != 1) && bad++ < 10)
            printf("reduce6 block %d: %d (flag %d), want %d\n", b, rsum[b], flags[b], total);
    }
    if (bad) {
        printf("FAIL\n");
        return 1;
    }
    printf("PASS\n");
    return 0;
}
