#include <stdio.h>
#include <cuda_runtime.h>
__device__ int f(int x) { return x; } __device__ float f(float x) { return x * 2; } __global__ void k(int *o) { o[threadIdx.x] = f(3) + (int)f(1.0f); }
int main(void) { int *d; int h[4]; cudaMalloc((void **)&d, sizeof h); k<<<1, 4>>>(d); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); printf("%d\n", h[3]); return h[3] != 5; }
