// Whole blocks return early on a uniform condition (blockIdx), then threads past n return
// through a device function that reads the builtins itself, both before the barrier.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
__device__ int gid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__global__ void k(int *out, int n, int lim_blocks) {
    __shared__ int s[64];
    if (blockIdx.x >= lim_blocks) return;
    if (gid() >= n) return;
    s[threadIdx.x] = gid();
    __syncthreads();
    int first = blockIdx.x * blockDim.x;
    int active = n - first < 64 ? n - first : 64;
    out[gid()] = s[(threadIdx.x + 1) % active] + 1000 * (gid() - first);
}
int main() {
    int h[640], *d;
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0xff, sizeof h);
    k<<<10, 64>>>(d, 300, 8);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 640; i++) {
        int want = -1;
        if (i < 300) { int first = i / 64 * 64, act = 300 - first < 64 ? 300 - first : 64; want = first + (i - first + 1) % act + 1000 * (i - first); }
        if (h[i] != want) { printf("%d: %d want %d\n", i, h[i], want); return 1; }
    }
    printf("ok\n"); return 0;
}
