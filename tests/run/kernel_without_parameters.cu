// Kernels with no parameters (one spelled (void)) that write __device__ variables, launched
// with <<<>>> and with cudaLaunchKernel and NULL args; read back with cudaMemcpyFromSymbol.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define N 512
__device__ int table[N];
__device__ unsigned long long id_sum;

__global__ void fill() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    table[i] = i * i;
}

__global__ void sum_ids(void) {
    atomicAdd(&id_sum, (unsigned long long)(blockIdx.x * blockDim.x + threadIdx.x));
}

int main() {
    fill<<<N / 64, 64>>>();
    sum_ids<<<7, 33>>>();
    cudaLaunchKernel((const void *)sum_ids, dim3(2), dim3(5), NULL, 0, 0);
    if (cudaGetLastError() != cudaSuccess) { printf("launch error\n"); return 1; }
    int h[N];
    unsigned long long s;
    cudaMemcpyFromSymbol(h, table, sizeof h);
    cudaMemcpyFromSymbol(&s, id_sum, sizeof s);
    for (int i = 0; i < N; i++)
        if (h[i] != i * i) { printf("%d: %d\n", i, h[i]); return 1; }
    unsigned long long want = 0;
    for (int i = 0; i < 7 * 33; i++) want += i;
    for (int i = 0; i < 2 * 5; i++) want += i;
    if (s != want) { printf("sum %llu want %llu\n", s, want); return 1; }
    printf("no params ok\n");
    return 0;
}
