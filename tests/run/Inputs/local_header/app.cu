#include <cstdio>
#include "which.h"
__global__ void k(int *p) { p[threadIdx.x] = WHICH; }
int main() {
    int h[2], *d;
    cudaMalloc(&d, sizeof h);
    k<<<1, 2>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("WHICH=%d\n", h[1]);
    return 0;
}
