/* Host code in plain C (static arrays, printf, int launch shapes, no dim3 variables, no
 * C++ headers): cu2c emits C. A block-wise dot product with a shared-memory tree reduction
 * written as unrolled top-level barrier steps, and a second kernel scaling the input. */
// RUN: %cu2c --print-lang %s | FileCheck %s --check-prefix=LANG
// LANG: {{^c$}}
// The C output, built with cc (cu2cc builds every .cu as C++, as nvcc does):
// RUN: %cu2c %s -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <stdio.h>
#include <cuda_runtime.h>

#define BS 64
__global__ void dot_partial(const float *a, const float *b, float *partial, int n) {
    __shared__ float s[BS];
    int t = threadIdx.x;
    int i = blockIdx.x * BS + t;
    s[t] = (i < n) ? a[i] * b[i] : 0.0f;
    __syncthreads();
    if (t < 32) s[t] += s[t + 32];
    __syncthreads();
    if (t < 16) s[t] += s[t + 16];
    __syncthreads();
    if (t < 8) s[t] += s[t + 8];
    __syncthreads();
    if (t < 4) s[t] += s[t + 4];
    __syncthreads();
    if (t < 2) s[t] += s[t + 2];
    __syncthreads();
    if (t == 0) partial[blockIdx.x] = s[0] + s[1];
}

__global__ void scale(float *a, float f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] *= f;
}

int main(void) {
    int n = 1000, i;
    int blocks = (n + BS - 1) / BS;
    static float a[1000], b[1000], p[(1000 + BS - 1) / BS];
    float *da, *db, *dp;
    for (i = 0; i < n; i++) { a[i] = (float)(i % 10); b[i] = (float)(i % 7) - 3.0f; }
    cudaMalloc((void **)&da, n * sizeof(float));
    cudaMalloc((void **)&db, n * sizeof(float));
    cudaMalloc((void **)&dp, blocks * sizeof(float));
    cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<(n + 127) / 128, 128>>>(da, 2.0f, n);
    dot_partial<<<blocks, BS>>>(da, db, dp, n);
    if (cudaGetLastError() != cudaSuccess) { printf("launch failed\n"); return 1; }
    cudaMemcpy(p, dp, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    {
        int blk;
        for (blk = 0; blk < blocks; blk++) {
            float want = 0.0f;
            for (i = blk * BS; i < n && i < (blk + 1) * BS; i++) want += 2.0f * a[i] * b[i];
            if (p[blk] != want) { printf("block %d: %f want %f\n", blk, p[blk], want); return 1; }
        }
    }
    cudaFree(da); cudaFree(db); cudaFree(dp);
    printf("c host ok\n");
    return 0;
}
