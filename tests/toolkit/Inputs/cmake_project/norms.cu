#include "demo.h"
__global__ void norm1(int n, const float *x, float *out) {
    __shared__ float part[256];
    float s = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        s += x[i] < 0 ? -x[i] : x[i];
    part[threadIdx.x] = s;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w /= 2) {
        if (threadIdx.x < w)
            part[threadIdx.x] += part[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *out = part[0];
}
float norm1_on_device(int n, const float *x) {
    float *dx, *dout, r;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dout, sizeof(float));
    cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
    norm1<<<1, 256>>>(n, dx, dout);
    cudaMemcpy(&r, dout, sizeof r, cudaMemcpyDeviceToHost);
    cudaFree(dx);
    cudaFree(dout);
    return r;
}
