// Parameters declared as arrays (one- and two-dimensional) of a device function holding barriers,
// given shared arrays (dxtc's loadColorBlock(image, colors, sums, ...)): they are pointers, bound
// once, not arrays copied.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: ok
#include <cstdio>
__device__ void load(const int *in, int colors[16], int grid[4][4]) {
    if (threadIdx.x < 16) {
        colors[threadIdx.x] = in[threadIdx.x];
        grid[threadIdx.x / 4][threadIdx.x % 4] = in[threadIdx.x] * 2;
    }
    __syncthreads();
    int c = 0, g = 0;
    if (threadIdx.x < 16) {
        c = colors[15 - threadIdx.x];
        g = grid[3 - threadIdx.x / 4][3 - threadIdx.x % 4];
    }
    __syncthreads();
    if (threadIdx.x < 16) {
        colors[threadIdx.x] += c;
        grid[threadIdx.x / 4][threadIdx.x % 4] += g;
    }
    __syncthreads();
}
__global__ void k(const int *in, int *out) {
    __shared__ int colors[16];
    __shared__ int grid[4][4];
    load(in, colors, grid);
    if (threadIdx.x < 16)
        out[threadIdx.x] = colors[threadIdx.x] * 1000 + grid[threadIdx.x / 4][threadIdx.x % 4];
}
int main() {
    int h[16], o[16], *d, *dout;
    for (int i = 0; i < 16; i++) h[i] = i * 3 + 1;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 32>>>(d, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < 16; t++) bad += o[t] != (h[t] + h[15 - t]) * 1000 + (h[t] + h[15 - t]) * 2;
    printf(bad ? "FAILED %d\n" : "ok\n", bad); return bad;
}
