// What helper headers of CUDA programs test and call: the toolkit's include guards
// (__DRIVER_TYPES_H__, __CUDA_RUNTIME_H__), cuda_profiler_api.h, and
// cudaOccupancyMaxPotentialBlockSize choosing a launch that then runs.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
#include <cuda_profiler_api.h>

#if !defined(__DRIVER_TYPES_H__) || !defined(__CUDA_RUNTIME_H__) || !defined(__VECTOR_TYPES_H__)
#error "the CUDA toolkit's include guards are missing"
#endif

__global__ void iota(int *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = i;
}

int main() {
    int min_grid = 0, block = 0;
    if (cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, iota, 0, 200) != cudaSuccess ||
        block <= 0 || block > 200 || block % 32 != 0 || min_grid <= 0) {
        printf("occupancy: grid %d block %d\n", min_grid, block);
        return 1;
    }
    const int n = 10000;
    int *d, *h = new int[n];
    cudaMalloc(&d, n * sizeof(int));
    cudaProfilerStart();
    iota<<<(n + block - 1) / block, block>>>(d, n);
    cudaProfilerStop();
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        if (h[i] != i) {
            printf("a[%d] = %d\n", i, h[i]);
            return 1;
        }
    delete[] h;
    return 0;
}
