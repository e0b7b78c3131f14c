#include <cstdio>
#include "kern.cuh"
#include "kern.cuh"

int main() {
    int h[64], *d;
    for (int i = 0; i < 64; i++)
        h[i] = i;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    rev<<<1, 64>>>(d, 64);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++)
        if (h[i] != 63 - i) {
            printf("%d: %d\n", i, h[i]);
            return 1;
        }
    printf("kernel in header ok\n");
    return 0;
}
