// Warp-synchronous steps that store and keep a per-thread value: the samples' reduce6 tail
// `smem[tid] = mySum = mySum + smem[tid + 32];` (a kernel template on the block size, 128 and
// 512 threads, mySum crossing from step to step), other stores through volatile memory (^=,
// <<= and ++ on a volatile shared variable, a store under an if splitting the warp), and the
// threadFenceReduction pattern: each block's sum written to global memory, __threadfence(),
// a ticket from atomicInc, and the last block reading every partial sum back through a volatile
// pointer. Results compared with the host's.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

__device__ unsigned int retired = 0;
__shared__ volatile int hits;

template <unsigned blockSize>
__global__ void reduce6(const float *in, float *partial, float *total, unsigned *bits, int *hit_count) {
    __shared__ float sdata[blockSize];
    __shared__ unsigned sbits[32];
    __shared__ bool amLast;
    unsigned tid = threadIdx.x;
    float mySum = in[blockIdx.x * blockSize * 2 + tid] + in[blockIdx.x * blockSize * 2 + tid + blockSize];
    sdata[tid] = mySum;
    if (tid == 0) hits = 0;
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) { sdata[tid] = mySum = mySum + sdata[tid + 256]; } __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) { sdata[tid] = mySum = mySum + sdata[tid + 128]; } __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) { sdata[tid] = mySum = mySum + sdata[tid + 64]; } __syncthreads(); }
    if (tid < 32) {
        volatile float *smem = sdata;
        if (blockSize >= 64) { smem[tid] = mySum = mySum + smem[tid + 32]; }
        if (blockSize >= 32) { smem[tid] = mySum = mySum + smem[tid + 16]; }
        if (blockSize >= 16) { smem[tid] = mySum = mySum + smem[tid + 8]; }
        if (blockSize >= 8) { smem[tid] = mySum = mySum + smem[tid + 4]; }
        if (blockSize >= 4) { smem[tid] = mySum = mySum + smem[tid + 2]; }
        if (blockSize >= 2) { smem[tid] = mySum = mySum + smem[tid + 1]; }
        // xor of a lane pattern, then shifts: lane l ends with bits of lanes l..31 folded in
        volatile unsigned *vb = sbits;
        vb[tid] = 1u << tid;
        vb[tid] ^= vb[(tid + 16) & 31];
        vb[tid] <<= 1;
        if (tid & 1) vb[tid] = vb[tid - 1] + 1;
        ++hits;
        hits++;
    }
    __syncthreads();
    bits[blockIdx.x * 32 + tid % 32] = sbits[tid % 32];
    if (tid == 0) {
        hit_count[blockIdx.x] = hits;
        partial[blockIdx.x] = sdata[0];
        __threadfence();
        unsigned ticket = atomicInc(&retired, gridDim.x);
        amLast = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (amLast && tid == 0) {
        float sum = 0;
        for (unsigned b = 0; b < gridDim.x; b++) sum += ((volatile float *)partial)[b];
        *total = sum;
        retired = 0;
    }
}

template <unsigned B>
static int run(int grid) {
    float *in, *partial, *total;
    unsigned *bits;
    int *hit_count;
    cudaMallocManaged(&in, sizeof(float) * 2 * B * grid);
    cudaMallocManaged(&partial, sizeof(float) * grid);
    cudaMallocManaged(&total, sizeof(float));
    cudaMallocManaged(&bits, sizeof(unsigned) * 32 * grid);
    cudaMallocManaged(&hit_count, sizeof(int) * grid);
    for (unsigned i = 0; i < 2 * B * grid; i++) in[i] = (float)((i * 11) % 23);
    reduce6<B><<<grid, B>>>(in, partial, total, bits, hit_count);
    int bad = 0;
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("B=%u: failed\n", B); return 1; }
    float all = 0;
    for (int g = 0; g < grid; g++) {
        float want = 0;
        for (unsigned i = 0; i < 2 * B; i++) want += in[g * 2 * B + i];
        all += want;
        if (partial[g] != want && bad++ < 10) printf("B=%u block %d: %g, want %g\n", B, g, partial[g], want);
        // lockstep: every lane's xor reads the value before any lane's store
        unsigned x[32];
        for (int l = 0; l < 32; l++) x[l] = ((1u << l) ^ (1u << ((l + 16) & 31))) << 1;
        for (int l = 0; l < 32; l++) {
            unsigned want_bits = (l & 1) ? x[l - 1] + 1 : x[l];
            if (bits[g * 32 + l] != want_bits && bad++ < 10)
                printf("B=%u block %d lane %d: bits %#x, want %#x\n", B, g, l, bits[g * 32 + l], want_bits);
        }
        // 32 lanes increment hits twice in lockstep: each step's reads before its stores
        if (hit_count[g] != 2 && bad++ < 10) printf("B=%u block %d: hits %d, want 2\n", B, g, hit_count[g]);
    }
    if (*total != all && bad++ < 10) printf("B=%u: total %g, want %g\n", B, *total, all);
    cudaFree(in);
    cudaFree(partial);
    cudaFree(total);
    cudaFree(bits);
    cudaFree(hit_count);
    return bad;
}

int main() {
    int bad = run<128>(7) + run<512>(5);
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
