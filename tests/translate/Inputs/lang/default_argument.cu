#include <stdio.h>
#include <cuda_runtime.h>
__device__ int g(int x, int y = 1) { return x + y; } __global__ void k(int *o) { o[threadIdx.x] = g(3); }
int main(void) { int *d; int h[4]; cudaMalloc((void **)&d, sizeof h); k<<<1, 4>>>(d); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); printf("%d\n", h[3]); return h[3] != 4; }
