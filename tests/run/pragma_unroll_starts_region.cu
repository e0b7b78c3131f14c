// Regression: `#pragma unroll` as the first statement of a kernel and of the region after a
// barrier (the loop nest's opening text must not share the pragma's line).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

__global__ void k(float *out) {
#pragma unroll
    for (int j = 0; j < 4; j++)
        out[threadIdx.x] += j;
    __syncthreads();
    #pragma unroll 2
    for (int j = 0; j < 4; j++)
        out[threadIdx.x] *= 2;
}

int main() {
    float h[8], *d;
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    k<<<1, 8>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i++)
        if (h[i] != 96.0f) {
            printf("h[%d] = %f\n", i, h[i]);
            return 1;
        }
    return 0;
}
