// __trap() in a kernel: the kernel stops (the trapping block goes no further, no later
// kernel runs), and the sticky cudaErrorLaunchFailure ("unspecified launch failure") is
// reported by the next synchronising call and by every call after it, as on a GPU.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
#include <cstdio>
#include <cuda_runtime.h>

__global__ void work(int *flags) {
    if (blockIdx.x == 3 && threadIdx.x == 0) {
        __trap();
        flags[0] = 1;   // never reached
    }
}

__global__ void later(int *flags) {
    flags[1] = 1;
}

int main() {
    int *flags;
    cudaMallocManaged(&flags, 2 * sizeof(int));
    flags[0] = flags[1] = 0;
    work<<<8, 32>>>(flags);
    later<<<1, 1>>>(flags);
    cudaError_t e = cudaDeviceSynchronize();
    // CHECK: sync: cudaErrorLaunchFailure (unspecified launch failure)
    printf("sync: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
    // CHECK-NEXT: last error: cudaErrorLaunchFailure, again: cudaErrorLaunchFailure
    printf("last error: %s, ", cudaGetErrorName(cudaGetLastError()));
    printf("again: %s\n", cudaGetErrorName(cudaGetLastError()));
    int *more = nullptr;
    // CHECK-NEXT: malloc: cudaErrorLaunchFailure
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&more, 4)));
    // CHECK-NEXT: after trap: 0, later kernel: 0
    printf("after trap: %d, later kernel: %d\n", flags[0], flags[1]);
    return 0;
}
