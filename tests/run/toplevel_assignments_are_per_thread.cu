// Regression: top-level assignments and compound assignments are per-thread writes (a
// parameter advanced per thread, an accumulator, a local assigned before a barrier).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
// (a) a parameter advanced per thread, no barrier at all
__global__ void ka(const int *in, int *out) {
    in += threadIdx.x;
    out[threadIdx.x] = *in;
}
// (b) a uniform-initialised local updated with a thread-variant compound assignment
__global__ void kb(int *out) {
    int acc = 0;
    acc += threadIdx.x;
    out[threadIdx.x] = acc;
}
// (c) a local declared without initialiser, assigned a variant value, read after a barrier
__global__ void kc(int *out) {
    int later;
    later = threadIdx.x * 2;
    __syncthreads();
    out[threadIdx.x] = later;
}
int main() {
    int h[32], o[32], *din, *dout, bad = 0;
    for (int i = 0; i < 32; i++) h[i] = 100 + i;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    ka<<<1, 32>>>(din, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 32; t++) if (o[t] != 100 + t) { printf("ka %d: %d want %d\n", t, o[t], 100 + t); bad = 1; break; }
    kb<<<1, 32>>>(dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 32; t++) if (o[t] != t) { printf("kb %d: %d want %d\n", t, o[t], t); bad = 1; break; }
    kc<<<1, 32>>>(dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 32; t++) if (o[t] != 2 * t) { printf("kc %d: %d want %d\n", t, o[t], 2 * t); bad = 1; break; }
    return bad;
}
