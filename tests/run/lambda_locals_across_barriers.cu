// Lambda locals used across barriers and warp functions (the shfl_scan sample's
// `auto idxToElem = [&result](unsigned idx) {...};`): a lambda's type has no name, so it is
// not given per-thread copies but declared again in each thread loop calling it, after the
// thread's copies of what it captures; by reference it sees (and updates) them, by value it
// captures locals unchanged since. Compared with a host computation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

struct Quad { int x, y, z, w; };

#define B 64
__global__ void lambdas(const int *in, int *out) {
    int i = threadIdx.x;
    Quad result = {in[i], in[i] * 2, in[i] * 3, in[i] * 4};
    auto idxToElem = [&result](unsigned int idx) -> int {
        switch (idx) {  // as the sample writes it
        case 0: return result.x;
        case 1: return result.y;
        case 2: return result.z;
        }
        return result.w; /* last */
    };
    int scale = i % 3 + 1;
    auto scaled = [=](int v) { return v * scale + i; };    /* by value, never changed */
    auto bump = [&](int d) { result.x += d; };              /* writes through its capture */
    __shared__ int s[B];
    s[i] = idxToElem(i % 4);
    __syncthreads();
    bump(s[B - 1 - i]);
    int v = __shfl_xor_sync(0xffffffffu, idxToElem(0), 1);
    __syncthreads();
    out[i] = scaled(v) + idxToElem(0);
}

int main() {
    int h[B], o[B], *din, *dout;
    for (int i = 0; i < B; i++) h[i] = (i * 5) % 23;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    lambdas<<<1, B>>>(din, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int s[B], x[B], bad = 0;
    for (int i = 0; i < B; i++) s[i] = h[i] * (i % 4 + 1);
    for (int i = 0; i < B; i++) x[i] = h[i] + s[B - 1 - i];
    for (int i = 0; i < B; i++)
        bad += o[i] != x[i ^ 1] * (i % 3 + 1) + i + x[i];
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
