// A pointer into shared memory indexed by an unsigned int that passes below 0: a GPU adds the
// index to the 32-bit shared address modulo 2^32, so p[~i] is p[-(i + 1)] and p[i - 8u] with
// i < 8 reaches before p (HeCBench merge's `BSm1[~Ax]`). cu2c takes such indices as ints;
// indices into other memory, and pointers given other memory, stay as written.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: int a = mid[(int)(~i)];
// CHECK: int b = mid[(int)(i - 8u)];
// CHECK: int c = s[i];
// CHECK: int d = g[i - 8u + 64];
// CHECK: int e = other[i - 8u + 64];
#include <cstdio>

__global__ void k(const int *g, int *out) {
    __shared__ int s[128];
    unsigned i = threadIdx.x;
    s[i] = g[i] * 3;
    s[i + 64] = g[i + 64] * 3;
    __syncthreads();
    int *mid = s + 64;                      // points into shared memory
    const int *other = s;
    if (g[0] < 0) other = g;                // may point elsewhere: stays as written
    int a = mid[~i];                        // mid[-(i + 1)]: s[63 - i]
    int b = mid[i - 8u];                    // s[56 + i]
    int c = s[i];
    int d = g[i - 8u + 64];
    int e = other[i - 8u + 64];
    out[i] = a;
    out[64 + i] = b;
    out[128 + i] = c + d + e;
}

int main() {
    int h[128], o[192];
    for (int i = 0; i < 128; i++) h[i] = i * 7 + 1;
    int *dg, *dout;
    cudaMalloc(&dg, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(dg, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 64>>>(dg, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 64; i++) {
        int want[3] = {3 * h[63 - i], 3 * h[56 + i], 3 * h[i] + h[56 + i] + 3 * h[56 + i]};
        for (int f = 0; f < 3; f++)
            if (o[f * 64 + i] != want[f] && bad++ < 8) printf("thread %d value %d: %d, want %d\n", i, f, o[f * 64 + i], want[f]);
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
