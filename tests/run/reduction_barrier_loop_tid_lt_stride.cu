// Shared-memory tree reduction: `if (tid < stride)` inside a loop holding a barrier, the loop
// counter block-uniform (a plain scalar), tid per thread across the loop's regions; several
// block sizes and a length that is not a multiple of any.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void block_sums(const int *in, int *out, int n) {
    extern __shared__ int s[];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    s[tid] = i < n ? in[i] : 0;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

int main() {
    const int n = 100003;
    int *h = new int[n];
    for (int i = 0; i < n; i++)
        h[i] = (i * 7) % 13 - 6;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
    for (int bs = 32; bs <= 1024; bs *= 2) {
        int blocks = (n + bs - 1) / bs;
        block_sums<<<blocks, bs, bs * sizeof(int)>>>(din, dout, n);
        int *sums = new int[blocks];
        cudaMemcpy(sums, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
        for (int b = 0; b < blocks; b++) {
            int want = 0;
            for (int i = b * bs; i < (b + 1) * bs && i < n; i++)
                want += h[i];
            if (sums[b] != want) {
                printf("block size %d, block %d: %d, want %d\n", bs, b, sums[b], want);
                return 1;
            }
        }
        delete[] sums;
    }
    printf("reduction ok\n");
    return 0;
}
