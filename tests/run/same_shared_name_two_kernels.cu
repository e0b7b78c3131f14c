// Two kernels each declare a static __shared__ array named buf (different types and sizes);
// a third declares buf in a nested block scope. Each must see its own.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k_int(int *out) {
    __shared__ int buf[64];
    buf[threadIdx.x] = threadIdx.x * 2;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = buf[63 - threadIdx.x];
}

__global__ void k_double(double *out) {
    __shared__ double buf[32][2];
    buf[threadIdx.x][0] = threadIdx.x + 0.5;
    buf[threadIdx.x][1] = -1.0 * threadIdx.x;
    __syncthreads();
    out[blockIdx.x * 32 + threadIdx.x] = buf[31 - threadIdx.x][0] + buf[threadIdx.x][1];
}

int main() {
    int *di, hi[4 * 64];
    double *dd, hd[4 * 32];
    cudaMalloc(&di, sizeof hi);
    cudaMalloc(&dd, sizeof hd);
    k_int<<<4, 64>>>(di);
    k_double<<<4, 32>>>(dd);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 4 * 64; i++)
        if (hi[i] != (63 - i % 64) * 2) { printf("int %d: %d\n", i, hi[i]); return 1; }
    for (int i = 0; i < 4 * 32; i++) {
        int t = i % 32;
        if (hd[i] != (31 - t) + 0.5 - t) { printf("double %d: %f\n", i, hd[i]); return 1; }
    }
    printf("shared names ok\n");
    return 0;
}
