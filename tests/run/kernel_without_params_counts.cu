// Kernels with no parameters (and one with (void)) writing __device__ arrays, launched with
// <<<>>> and with cudaLaunchKernel (NULL args); results read with cudaMemcpyFromSymbol.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define N 512
__device__ int table[N];
__device__ unsigned counter;

__global__ void fill() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    table[i] = i * i;
}

__global__ void count(void) {
    atomicAdd(&counter, 1u);
}

int main() {
    fill<<<N / 64, 64>>>();
    count<<<7, 33>>>();
    cudaLaunchKernel((const void *)count, dim3(2), dim3(5), NULL, 0, 0);
    if (cudaGetLastError() != cudaSuccess) { printf("launch error\n"); return 1; }
    int h[N]; unsigned c;
    cudaMemcpyFromSymbol(h, table, sizeof h);
    cudaMemcpyFromSymbol(&c, counter, sizeof c);
    for (int i = 0; i < N; i++)
        if (h[i] != i * i) { printf("%d: %d\n", i, h[i]); return 1; }
    if (c != 7 * 33 + 10) { printf("count %u\n", c); return 1; }
    printf("no params ok\n");
    return 0;
}
