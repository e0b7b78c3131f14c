// A for-loop counter declared in a leaf inside a loop holding barriers, with a counter of the
// same name before (FDTD3d's time loop): its values from the previous trip do not enter the
// thread loop (the header declares it), so no copy of an undeclared block-level scalar.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: ok
#include <cstdio>
#define R 4
__global__ void k(const float *in, float *out, int nz) {
    __shared__ float tile[64];
    float behind[R];
    float current = 0;
    for (int i = R - 2; i >= 0; i--)
        behind[i] = in[threadIdx.x];
    for (int iz = 0; iz < nz; iz++) {
        for (int i = R - 1; i > 0; i--)
            behind[i] = behind[i - 1];
        behind[0] = current;
        current = in[iz * 64 + threadIdx.x];
        __syncthreads();
        tile[threadIdx.x] = current;
        __syncthreads();
        out[iz * 64 + threadIdx.x] = tile[63 - threadIdx.x] + behind[R - 1];
    }
}
int main() {
    float h[64 * 8], o[64 * 8], *d, *dout;
    for (int i = 0; i < 64 * 8; i++) h[i] = i;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 64>>>(d, dout, 8);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        float b[R], cur = 0;
        for (int i = R - 2; i >= 0; i--) b[i] = h[t];
        for (int iz = 0; iz < 8; iz++) {
            for (int i = R - 1; i > 0; i--) b[i] = b[i - 1];
            b[0] = cur; cur = h[iz * 64 + t];
            bad += o[iz * 64 + t] != h[iz * 64 + 63 - t] + b[R - 1];
        }
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad); return bad;
}
