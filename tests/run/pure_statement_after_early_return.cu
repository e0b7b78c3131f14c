// Regression: after an early return, a pure statement varying in x and y only (not forced
// per thread) still gets a loop over all three dimensions, where ended threads are skipped.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__global__ void k(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __syncthreads();
    int j = threadIdx.x * 2 + threadIdx.y;
    __syncthreads();
    out[i] = j;
}
int main() { int *d, h[100]; cudaMalloc(&d, sizeof h); k<<<2, 64>>>(d, 100); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 100; i++) if (h[i] != (i % 64) * 2) { printf("%d %d\n", i, h[i]); return 1; } printf("ok\n"); }
