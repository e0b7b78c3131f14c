// saxpy.cu - a kernel, the device function it calls and a host function with a plain C
// interface (vecops.h). The host code looks like C: cu2c alone would emit C; cu2cc compiles it
// as C++, as nvcc does, so that main.cpp's calls link.
#include <cuda_runtime.h>
#include "vecops.h"

__device__ float axpy(float a, float x, float y) {
    return a * x + y;
}

__global__ void saxpy_kernel(float a, const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = axpy(a, x[i], y[i]);
}

/* reduce.cu has a function of this name too: internal linkage stays internal */
static int check(cudaError_t e) {
    return e == cudaSuccess ? 0 : (int)e;
}

int saxpy(float a, const float *x, float *y, int n) {
    float *dx = NULL, *dy = NULL;
    size_t bytes = n * sizeof(float);
    int err = check(cudaMalloc((void **)&dx, bytes));
    if (!err) err = check(cudaMalloc((void **)&dy, bytes));
    if (!err) err = check(cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice));
    if (!err) err = check(cudaMemcpy(dy, y, bytes, cudaMemcpyHostToDevice));
    if (!err) {
        saxpy_kernel<<<(n + 127) / 128, 128>>>(a, dx, dy, n);
        err = check(cudaGetLastError());
    }
    if (!err) err = check(cudaMemcpy(y, dy, bytes, cudaMemcpyDeviceToHost));
    cudaFree(dx);
    cudaFree(dy);
    return err;
}
