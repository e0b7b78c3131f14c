#include "demo.h"
__device__ float scaled(float v) { return v * 0.5f; }
__global__ void scale(int n, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] *= DEMO_SCALE;
}
void scale_on_device(int n, float *y) {
    float *dy;
    cudaMalloc(&dy, n * sizeof(float));
    cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<(n + 63) / 64, 64>>>(n, dy);
    cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(dy);
}
