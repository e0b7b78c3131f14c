#include <stdio.h>
#include <cuda_runtime.h>
__global__ void k(int *o) { int x{4}; o[threadIdx.x] = x; }
int main(void) { int *d; int h[4]; cudaMalloc((void **)&d, sizeof h); k<<<1, 4>>>(d); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); printf("%d\n", h[3]); return h[3] != 4; }
