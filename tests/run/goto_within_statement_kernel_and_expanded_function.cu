// goto to a label inside the same statement (a nested loop's early exit), in a kernel and in a
// device function holding barriers expanded at two calls: each rendering of the statement
// (an expanded copy; a kernel nest's fast and general copies) has its own local labels, and
// the jump stays inside one thread's iteration.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: goto within statements ok
#include <cstdio>
#include <cuda_runtime.h>

__host__ __device__ int walk(int v, int n) {
    for (int i = 0; i < 10; i++) {
        for (int j = 0; j < 10; j++) {
            if (i * n + j > 40)
                goto next;
            v += 1;
        }
    next:
        v += 100;
    }
    return v;
}

__device__ void step(int *s, int n) {
    int v = s[threadIdx.x];
    for (int i = 0; i < 10; i++) {
        for (int j = 0; j < 10; j++) {
            if (i * n + j > 40)
                goto next;
            v += 1;
        }
    next:
        v += 100;
    }
    __syncthreads();
    s[threadIdx.x] = v;
    __syncthreads();
}

__global__ void k(int *d, int *e, int n) {
    __shared__ int s[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = d[i];
    __syncthreads();
    step(s, 5);
    step(s, 3);
    d[i] = s[threadIdx.x];
    if (i < n) {
        int v = e[i];
        for (int r = 0; r < 3; r++) {
            if (v > 1000)
                goto done;
            v = v * 2 + threadIdx.x;
        }
    done:
        e[i] = v;
    }
}

int main() {
    const int n = 200, blocks = 4;
    int h[blocks * 64], he[blocks * 64], *d, *de;
    for (int i = 0; i < blocks * 64; i++)
        h[i] = he[i] = i * 7;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&de, sizeof he);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(de, he, sizeof he, cudaMemcpyHostToDevice);
    k<<<blocks, 64>>>(d, de, n);
    int r[blocks * 64], re[blocks * 64];
    cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(re, de, sizeof re, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < blocks * 64; i++) {
        bad += r[i] != walk(walk(h[i], 5), 3);
        int v = he[i];
        if (i < n)
            for (int t = 0; t < 3 && v <= 1000; t++)
                v = v * 2 + i % 64;
        bad += re[i] != v;
    }
    printf(bad ? "FAILED: %d\n" : "goto within statements ok\n", bad);
    return bad != 0;
}
