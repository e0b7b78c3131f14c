// Threads beyond a limit return after the first barrier: they must not run the later
// regions (no stores, no atomics), while the others still meet at the second barrier.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(int *out, int *cnt, int lim) {
    __shared__ int s[128];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    if (threadIdx.x >= lim) return;
    int x = s[threadIdx.x] * 2;
    __syncthreads();
    out[threadIdx.x] = x + 1;
    atomicAdd(cnt, 1);
}
int main() {
    int *d, *c, h[128], hc;
    cudaMalloc(&d, sizeof h); cudaMalloc(&c, 4);
    cudaMemset(d, 0xff, sizeof h); cudaMemset(c, 0, 4);
    k<<<3, 128>>>(d, c, 70);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hc, c, 4, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 128; t++) {
        int want = t < 70 ? 2 * t + 1 : -1;
        if (h[t] != want) { printf("%d: %d want %d\n", t, h[t], want); return 1; }
    }
    if (hc != 210) { printf("count %d\n", hc); return 1; }
    printf("ok\n");
    return 0;
}
