// Each thread writes a __shared__ slot, computes its two neighbours' indices, waits at a
// barrier, then averages the neighbours through those indices: the indices cross the
// barrier and differ per thread, so each thread must keep its own copies.
// The host code is C: cu2c emits C.
// RUN: %cu2c --print-lang %s | FileCheck %s --check-prefix=LANG
// LANG: {{^c$}}
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <stdio.h>
#include <cuda_runtime.h>

#define BLOCK 128
#define BLOCKS 37

__global__ void smooth(const float *in, float *out) {
    __shared__ float tile[BLOCK];
    int t = threadIdx.x;
    int left = (t + BLOCK - 1) % BLOCK;
    int right = (t + 1) % BLOCK;
    tile[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
    out[blockIdx.x * BLOCK + t] = 0.5f * (tile[left] + tile[right]);
}

int main(void) {
    const int blocks = BLOCKS, n = BLOCKS * BLOCK;
    static float in[BLOCKS * BLOCK], out[BLOCKS * BLOCK];
    for (int i = 0; i < n; i++)
        in[i] = (float)((i * 7919) % 1000);
    float *din, *dout;
    cudaMalloc((void **)&din, sizeof in);
    cudaMalloc((void **)&dout, sizeof out);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    smooth<<<blocks, BLOCK>>>(din, dout);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < BLOCK; t++) {
            float want = 0.5f * (in[b * BLOCK + (t + BLOCK - 1) % BLOCK] + in[b * BLOCK + (t + 1) % BLOCK]);
            if (out[b * BLOCK + t] != want) {
                printf("block %d thread %d: %f, want %f\n", b, t, out[b * BLOCK + t], want);
                return 1;
            }
        }
    cudaFree(din);
    cudaFree(dout);
    printf("neighbours ok\n");
    return 0;
}
