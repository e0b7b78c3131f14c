// Regression: a per-thread local updated by a top-level += between two barriers keeps it.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
// a per-thread local updated (top-level +=) in the middle region and read in the last one
__global__ void k(int *out) {
    int i = threadIdx.x;
    __syncthreads();
    i += 5;
    __syncthreads();
    out[threadIdx.x] = i;
}
int main() {
    int *d, h[32]; cudaMalloc(&d, sizeof h);
    k<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 32; t++) if (h[t] != t + 5) { printf("t%d: %d want %d\n", t, h[t], t + 5); return 1; }
    printf("ok\n"); return 0;
}
