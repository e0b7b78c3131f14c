#include "demo.h"
__device__ float scaled(float v);   // in scale.cu (separable compilation)
__global__ void saxpy(int n, float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = scaled(a * x[i]) + y[i];
}
void saxpy_on_device(int n, float a, const float *x, float *y) {
    float *dx, *dy;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dy, n * sizeof(float));
    cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
    saxpy<<<(n + 127) / 128, 128>>>(n, a, dx, dy);
    cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(dx);
    cudaFree(dy);
}
