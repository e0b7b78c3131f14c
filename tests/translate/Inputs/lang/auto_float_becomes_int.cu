#include <stdio.h>
#include <cuda_runtime.h>
__global__ void k(int *o) { auto f = 2.5f; o[threadIdx.x] = (int)(f * 2.0f); }
int main(void) { int *d; int h[4]; cudaMalloc((void **)&d, sizeof h); k<<<1, 4>>>(d); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); printf("%d (want 5)\n", h[3]); return h[3] != 5; }
