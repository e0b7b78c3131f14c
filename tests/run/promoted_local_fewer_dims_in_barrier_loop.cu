// A local given a value by a call with effects (per thread in x, y and z), re-assigned a value
// varying in x and y only inside a barrier loop and read after the barrier (stereoDisparity's
// cost): its per-thread storage is indexed in all three dimensions, so every thread loop
// touching it loops over all three.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: ok
#include <cstdio>
__global__ void k(int *out, int *zero, int steps) {
    __shared__ int s[4][8][8];
    unsigned cost;
    cost = atomicAdd(zero, 0) + threadIdx.z * 1000;
    s[threadIdx.z][threadIdx.y][threadIdx.x] = cost;
    for (int j = 0; j < steps; j++) {
        cost = 0;
        for (int i = 0; i < 3; i++)
            cost += threadIdx.x + threadIdx.y + i + j;
        __syncthreads();
        s[threadIdx.z][threadIdx.y][threadIdx.x] += cost;
        __syncthreads();
    }
    cost = atomicAdd(zero, 0) + threadIdx.z;
    out[(threadIdx.z * 8 + threadIdx.y) * 8 + threadIdx.x] = s[threadIdx.z][threadIdx.y][threadIdx.x] + (int)cost;
}
int main() {
    int *d, *zero, h[256];
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&zero, sizeof(int));
    cudaMemset(zero, 0, sizeof(int));
    k<<<1, dim3(8, 8, 4)>>>(d, zero, 3);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int z = 0; z < 4; z++) for (int y = 0; y < 8; y++) for (int x = 0; x < 8; x++) {
        int c = z * 1000, sv = c;
        for (int j = 0; j < 3; j++) { c = 0; for (int i = 0; i < 3; i++) c += x + y + i + j; sv += c; }
        bad += h[(z * 8 + y) * 8 + x] != sv + z;
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad); return bad;
}
