// A device function holding barriers called under a block-uniform if inside a loop: the if
// becomes a construct, the call is expanded in place.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__device__ void rotate(int *s, int n) {
    int v = s[(threadIdx.x + 1) % n];
    __syncthreads();
    s[threadIdx.x] = v;
    __syncthreads();
}
__global__ void k(int *out, int times, int bad) {
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    for (int i = 0; i < times; i++)
        if (i % 2 == 0)
            rotate(s, blockDim.x);
    out[threadIdx.x] = s[threadIdx.x];
}
int main() {
    int *d, h[64];
    cudaMalloc(&d, sizeof h);
    k<<<1, 64>>>(d, 5, 0);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 64; t++) if (h[t] != (t + 3) % 64) { printf("%d: %d\n", t, h[t]); return 1; }
    printf("conditional call ok\n");
    return 0;
}
