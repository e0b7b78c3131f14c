// A for-loop's counter declared in its header, in a thread loop after another statement,
// inside a loop holding barriers (NVIDIA's conjugateGradientMultiBlockCG: gpuDotProduct's
// `for (int i = grid.thread_rank(); i < size; i += grid.size())` after `double temp_sum = 0.0;`
// in a while loop with grid syncs): the counter's value from the last trip never enters the
// thread loop (its declaration gives it a new one), so it needs no per-thread copy. It was
// given one, stored after the loop where the counter is out of scope: the host compiler
// rejected the output ("'i' was not declared in this scope").
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: grid: 24 21
// CHECK: block: 12 9
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__device__ void grid_sum(const float *a, double *result, int size, const cg::grid_group &grid) {
    double temp_sum = 0.0;
    for (int i = grid.thread_rank(); i < size; i += grid.size()) {
        temp_sum += a[i];
    }
    grid.sync();
    result[grid.thread_rank()] += temp_sum;
}

__global__ void by_grid(const float *a, double *r, int n) {
    cg::grid_group grid = cg::this_grid();
    int k = 1;
    while (k <= 3) {
        grid.sync();
        grid_sum(a, r, n, grid);
        k++;
    }
}

__device__ void block_sum(const float *a, double *out, int size) {
    double s = 0.0;
    for (int i = threadIdx.x * 2; i < size; i += 2 * blockDim.x) {
        s += a[i];
    }
    __syncthreads();
    out[threadIdx.x] += s;
}

__global__ void by_block(const float *a, double *out, int n) {
    for (int k = 0; k < 3; k++) {
        __syncthreads();
        block_sum(a, out, n);
    }
}

int main() {
    int n = 1000;
    float *a;
    double *r;
    cudaMallocManaged(&a, n * sizeof(float));
    cudaMallocManaged(&r, 128 * sizeof(double));
    for (int i = 0; i < n; i++)
        a[i] = 1.0f;
    for (int i = 0; i < 128; i++)
        r[i] = 0;
    void *args[] = {&a, &r, &n};
    if (cudaLaunchCooperativeKernel((void *)by_grid, 1, 128, args, 0, 0) != cudaSuccess ||
        cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    /* thread t sums the elements t, t + 128, ... below 1000, three times */
    printf("grid: %g %g\n", r[0], r[127]);
    for (int i = 0; i < 128; i++)
        r[i] = 0;
    by_block<<<1, 128>>>(a, r, n);
    cudaDeviceSynchronize();
    /* thread t: the elements 2t, 2t + 256, ... */
    printf("block: %g %g\n", r[0], r[127]);
    return 0;
}
