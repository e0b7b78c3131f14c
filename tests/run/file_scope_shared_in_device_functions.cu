// File-scope __shared__ arrays (static and extern) used from device functions: those are
// expanded into the kernel, which declares the per-block storage they use.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__shared__ int stage[64];
extern __shared__ int dyn[];
__device__ int shift_left(int v) {
    stage[threadIdx.x] = v;
    __syncthreads();
    int r = stage[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
    return r;
}
__device__ void keep(int v) { dyn[threadIdx.x] = v; }
__global__ void k(int *out) {
    int v = shift_left(threadIdx.x * 3);
    keep(v);
    __syncthreads();
    out[threadIdx.x] = dyn[(threadIdx.x + 1) % blockDim.x];
}
int main() { int *d, h[64]; cudaMalloc(&d, sizeof h); k<<<1, 64, 64 * sizeof(int)>>>(d); cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 64; t++) if (h[t] != ((t + 2) % 64) * 3) { printf("%d: %d\n", t, h[t]); return 1; } printf("file-scope shared in device functions ok\n"); }
