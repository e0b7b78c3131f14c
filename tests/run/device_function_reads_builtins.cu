// Device functions that read threadIdx/blockIdx/blockDim/gridDim themselves (not through
// parameters), called from kernels before and after a barrier and from a 2-D block.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__device__ int global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ int grid_threads() { return gridDim.x * blockDim.x; }
__device__ int row2d() { return blockIdx.y * blockDim.y + threadIdx.y; }
__device__ __host__ int twice(int v) { return 2 * v; }
__device__ int lane_plus(int base) { return base + global_id() % 32; }

__global__ void fill(int *out, int n) {
    __shared__ int s[128];
    int i = global_id();
    s[threadIdx.x] = (i < n) ? twice(i) : -1;
    __syncthreads();
    int j = global_id();
    if (j < n) out[j] = s[blockDim.x - 1 - threadIdx.x] + grid_threads() * 0 + lane_plus(0) - j % 32;
}

__global__ void fill2d(int *out, int w) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    out[row2d() * w + col] = row2d() * 1000 + col;
}

int main() {
    const int n = 128 * 5;
    int *d, h[n];
    cudaMalloc(&d, sizeof h);
    fill<<<5, 128>>>(d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        int b = i / 128, t = i % 128;
        int want = 2 * (b * 128 + 127 - t);
        if (h[i] != want) { printf("fill %d: %d want %d\n", i, h[i], want); return 1; }
    }
    const int w = 16, hh = 12;
    int *d2, h2[w * hh];
    cudaMalloc(&d2, sizeof h2);
    fill2d<<<dim3(2, 3), dim3(8, 4)>>>(d2, w);
    cudaMemcpy(h2, d2, sizeof h2, cudaMemcpyDeviceToHost);
    for (int y = 0; y < hh; y++)
        for (int x = 0; x < w; x++)
            if (h2[y * w + x] != y * 1000 + x) { printf("fill2d (%d,%d): %d\n", x, y, h2[y * w + x]); return 1; }
    printf("device functions ok\n");
    return 0;
}
