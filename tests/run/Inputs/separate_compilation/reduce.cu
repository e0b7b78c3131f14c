// reduce.cu - the project's second .cu: a block reduction in shared memory with barriers, and
// host functions launching it and (through a declaration) saxpy.cu's kernel.
#include <stdlib.h>
#include <cuda_runtime.h>
#include "vecops.h"

#define BLOCK 256

__global__ void saxpy_kernel(float a, const float *x, float *y, int n);   /* saxpy.cu */

__global__ void block_sums(const float *x, float *sums, int n) {
    __shared__ float s[BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * BLOCK + t;
    s[t] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        sums[blockIdx.x] = s[0];
}

/* saxpy.cu has a function of this name too: internal linkage stays internal */
static int check(cudaError_t e) {
    return e == cudaSuccess;
}

/* the sum of the device array dx[0..n) */
static double sum_on_device(const float *dx, int n) {
    int blocks = (n + BLOCK - 1) / BLOCK;
    float *dsums = NULL, *sums = (float *)malloc(blocks * sizeof(float));
    double total = -1.0;
    if (sums && check(cudaMalloc((void **)&dsums, blocks * sizeof(float)))) {
        block_sums<<<blocks, BLOCK>>>(dx, dsums, n);
        if (check(cudaMemcpy(sums, dsums, blocks * sizeof(float), cudaMemcpyDeviceToHost))) {
            total = 0.0;
            for (int b = 0; b < blocks; b++)
                total += sums[b];
        }
    }
    cudaFree(dsums);
    free(sums);
    return total;
}

double device_sum(const float *x, int n) {
    float *dx = NULL;
    double total = -1.0;
    if (check(cudaMalloc((void **)&dx, n * sizeof(float))) &&
        check(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice)))
        total = sum_on_device(dx, n);
    cudaFree(dx);
    return total;
}

double saxpy_sum(float a, const float *x, const float *y, int n) {
    float *dx = NULL, *dy = NULL;
    size_t bytes = n * sizeof(float);
    double total = -1.0;
    if (check(cudaMalloc((void **)&dx, bytes)) && check(cudaMalloc((void **)&dy, bytes)) &&
        check(cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice)) &&
        check(cudaMemcpy(dy, y, bytes, cudaMemcpyHostToDevice))) {
        saxpy_kernel<<<(n + 127) / 128, 128>>>(a, dx, dy, n);
        if (check(cudaGetLastError()))
            total = sum_on_device(dy, n);
    }
    cudaFree(dx);
    cudaFree(dy);
    return total;
}
