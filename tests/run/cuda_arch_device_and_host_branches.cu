// __CUDA_ARCH__ as nvcc's two passes see it: kernels and __device__ functions take the device
// branch (compute capability 8.0), also in file-scope conditionals holding only device code
// (here and in an included header), __host__ __device__ functions called from device code
// only; host functions, __host__ __device__ functions called from host code only and
// conditionals holding #defines keep the host branch.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: arch 800 ok
#include <cstdio>
#include <cuda_runtime.h>
#include "Inputs/cuda_arch/arch_helpers.cuh"

#if __CUDA_ARCH__ >= 800
template <typename T> __device__ T twice(T v) { return v + v; }
#endif

#ifdef __CUDA_ARCH__
#define WHERE 1
#else
#define WHERE 2
#endif

__host__ __device__ int side() {
#ifdef __CUDA_ARCH__
    return 10;
#else
    return 20;
#endif
}

__host__ __device__ int calls_side() { return side() + 1; }

__host__ __device__ int host_called_side() {
#ifdef __CUDA_ARCH__
    return 30;
#else
    return 40;
#endif
}

__device__ int device_side() {
#if !defined(__CUDA_ARCH__)
    return -1;
#elif __CUDA_ARCH__ >= 800
    return 80;
#else
    return 70;
#endif
}

__global__ void k(int *out) {
    int i = threadIdx.x;
#ifdef __CUDA_ARCH__
    out[i * 6] = __CUDA_ARCH__;
#else
    out[i * 6] = 0;
#endif
#if __CUDA_ARCH__ >= 800
    out[i * 6 + 1] = twice(i);
    out[i * 6 + 2] = fast_path(i);
#else
    out[i * 6 + 1] = -1;
    out[i * 6 + 2] = -1;
#endif
    out[i * 6 + 3] = device_side();
    out[i * 6 + 4] = calls_side();
    out[i * 6 + 5] = WHERE;
}

int host_side() {
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 2;
#endif
}

int main() {
    const int n = 64;
    int *d, h[n * 6];
    cudaMalloc(&d, sizeof h);
    k<<<1, n>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = host_side() != 2 || host_called_side() != 40;
    for (int i = 0; i < n; i++) {
        int want[6] = {800, 2 * i, 3 * i, 80, 11, 2};
        for (int j = 0; j < 6; j++)
            if (h[i * 6 + j] != want[j]) {
                if (bad++ < 5)
                    printf("thread %d value %d: %d, want %d\n", i, j, h[i * 6 + j], want[j]);
            }
    }
    if (bad)
        printf("FAILED\n");
    else
        printf("arch %d ok\n", h[0]);
    return bad != 0;
}
