// The expansion of device functions holding barriers (early returns for some threads,
// per-thread flags, result locals) in a program whose host code is C: the output is C.
// RUN: %cu2c --print-lang %s | FileCheck %s --check-prefix=LANG
// LANG: {{^c$}}
// The C output, built with cc (cu2cc builds every .cu as C++, as nvcc does):
// RUN: %cu2c %s -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <stdio.h>
// threads at or past `live` leave at once with -1; the others exchange values with their
// neighbours (among the live ones) across barriers, some leaving after the first round
__device__ int exchange(int *s, int v, int live) {
    if (threadIdx.x >= live)
        return -1;
    s[threadIdx.x] = v;
    __syncthreads();
    int got = s[(threadIdx.x + 1) % live];
    __syncthreads();
    if (threadIdx.x % 4 == 3)
        return got * 100;
    s[threadIdx.x] = got;
    __syncthreads();
    return s[(threadIdx.x + live - 1) % live] + got;
}
__device__ void touch(int *out, int live) {
    if (threadIdx.x < live)
        return;
    out[blockIdx.x * blockDim.x + threadIdx.x] += 7;
    __syncthreads();
}
__global__ void k(int *out, int live) {
    __shared__ int s[64];
    int r = exchange(s, threadIdx.x * 10 + blockIdx.x, live);
    out[blockIdx.x * blockDim.x + threadIdx.x] = r;
    __syncthreads();
    touch(out, live);
}
int main() {
    enum { bs = 64, blocks = 2 };
    int *d, h[blocks * bs];
    cudaMalloc(&d, sizeof h);
    int lives[] = {64, 40, 13};
    for (int li = 0; li < 3; li++) {
        int live = lives[li];
        k<<<blocks, bs>>>(d, live);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        for (int b = 0; b < blocks; b++)
            for (int t = 0; t < bs; t++) {
                int want;
                if (t >= live) {
                    want = -1 + 7;
                } else {
                    int got = ((t + 1) % live) * 10 + b;
                    if (t % 4 == 3) {
                        want = got * 100;
                    } else {
                        int p = (t + live - 1) % live;
                        // the neighbour's slot holds its `got` unless it left after round one
                        int pg = p % 4 == 3 ? p * 10 + b : ((p + 1) % live) * 10 + b;
                        want = pg + got;
                    }
                }
                if (h[b * bs + t] != want) {
                    printf("live %d block %d thread %d: %d, want %d\n", live, b, t, h[b * bs + t], want);
                    return 1;
                }
            }
    }
    printf("varying early returns ok\n");
    return 0;
}
