// Legacy warp-synchronous scans through volatile shared memory, no barrier inside a warp:
// the old scan sample's warpScanInclusive (a loop `for (offset = 1; offset < size; offset <<= 1)
// { t = s[pos] + s[pos - offset]; s[pos] = t; }` over zero-padded per-warp halves) in a
// __device__ function called as `T x = f(...)`, inside another's return expression (the
// return becomes an assignment around the expanded call's result) and under an if that splits
// the first warp (8 of its lanes scan the warps' totals); and a Hillis-Steele
// scan `if (lane >= offset) vs[t] += vs[t - offset];` in a 16 x 4 block, lanes numbered by the
// linear thread index. Each loop runs once per warp step by step: every lane's reads of a step
// before any lane's stores. Results compared with the host's prefix sums.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

#define THREADS 256

__device__ unsigned warpScanInclusive(unsigned idata, volatile unsigned *s_Data, unsigned size) {
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
    s_Data[pos] = 0;
    pos += size;
    s_Data[pos] = idata;
    for (unsigned offset = 1; offset < size; offset <<= 1) {
        unsigned t = s_Data[pos] + s_Data[pos - offset];
        s_Data[pos] = t;
    }
    return s_Data[pos];
}

__device__ unsigned warpScanExclusive(unsigned idata, volatile unsigned *s_Data, unsigned size) {
    return warpScanInclusive(idata, s_Data, size) - idata;
}

// inclusive scan of each block's THREADS values
__global__ void block_scan(unsigned *out, const unsigned *in) {
    __shared__ unsigned s_Data[2 * THREADS];
    unsigned idata = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned warpResult = warpScanInclusive(idata, s_Data, 32);
    __syncthreads();
    if ((threadIdx.x & 31) == 31)
        s_Data[threadIdx.x >> 5] = warpResult;
    __syncthreads();
    if (threadIdx.x < THREADS / 32) {
        unsigned val = s_Data[threadIdx.x];
        unsigned exclusive = warpScanExclusive(val, s_Data, THREADS / 32);
        s_Data[threadIdx.x] = exclusive;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = warpResult + s_Data[threadIdx.x >> 5];
}

// inclusive scan of each warp's 32 values, 2-D blocks of 16 x 4 (two warps)
__global__ void hillis_steele(int *data) {
    __shared__ int s[64];
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int lane = t & 31;
    volatile int *vs = s;
    vs[t] = data[blockIdx.x * 64 + t];
    for (int offset = 1; offset < 32; offset *= 2)
        if (lane >= offset) vs[t] += vs[t - offset];
    data[blockIdx.x * 64 + t] = vs[t];
}

int main() {
    const int blocks = 3;
    unsigned *in, *out;
    cudaMallocManaged(&in, sizeof(unsigned) * THREADS * blocks);
    cudaMallocManaged(&out, sizeof(unsigned) * THREADS * blocks);
    for (int i = 0; i < THREADS * blocks; i++) in[i] = (unsigned)((i * 7 + 3) % 11);
    block_scan<<<blocks, THREADS>>>(out, in);
    int bad = 0;
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("block_scan failed\n"); bad++; }
    for (int b = 0; b < blocks; b++) {
        unsigned acc = 0;
        for (int i = 0; i < THREADS; i++) {
            acc += in[b * THREADS + i];
            if (out[b * THREADS + i] != acc && bad++ < 10)
                printf("block_scan %d.%d: %u, want %u\n", b, i, out[b * THREADS + i], acc);
        }
    }
    int *d, h[2 * 64];
    cudaMallocManaged(&d, sizeof h);
    for (int i = 0; i < 2 * 64; i++) h[i] = d[i] = (i * 5) % 9 - 4;
    hillis_steele<<<2, dim3(16, 4)>>>(d);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("hillis_steele failed\n"); bad++; }
    for (int w = 0; w < 4; w++) {
        int acc = 0;
        for (int l = 0; l < 32; l++) {
            acc += h[w * 32 + l];
            if (d[w * 32 + l] != acc && bad++ < 20)
                printf("hillis_steele warp %d lane %d: %d, want %d\n", w, l, d[w * 32 + l], acc);
        }
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
