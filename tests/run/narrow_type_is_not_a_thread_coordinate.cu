// Regression: a local holding threadIdx.x in a narrower type (signed char wraps past 127) is
// not a thread coordinate for guard narrowing: `if (c < 10)` holds for threads 128.. too;
// nor is a cast to one.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__global__ void k(int *out) {
    signed char c = threadIdx.x;
    out[threadIdx.x] = 0;
    __syncthreads();
    if (c < 10)
        out[threadIdx.x] = 1;
    __syncthreads();
    if ((signed char)threadIdx.x < 5)
        out[threadIdx.x] += 2;
}
int main() { int *d, h[256]; cudaMalloc(&d, sizeof h); k<<<1, 256>>>(d); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 256; t++) { int want = ((signed char)t < 10) + 2 * ((signed char)t < 5); if (h[t] != want) { printf("%d: %d want %d\n", t, h[t], want); return 1; } } printf("narrow coordinate ok\n"); }
