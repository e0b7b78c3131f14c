// A vote as an if's condition (`if (__any_sync(...)) ... else ...`): the if is a statement
// holding a warp function, run per thread after the vote; warps decide differently.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define N 128
__global__ void decide(const int *in, int *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    if (__any_sync(0xffffffffu, v == 7)) out[t] = 1; else out[t] = 0;
    if (__all_sync(0xffffffffu, v >= 0)) out[t] += 10;
}

int main() {
    int h[N], o[N], *d, *e;
    for (int i = 0; i < N; i++) h[i] = i < 32 ? i % 5 : i < 64 ? i % 9 : i < 96 ? -(i % 3) : 7;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&e, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    decide<<<2, N / 2>>>(d, e);
    cudaMemcpy(o, e, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int w = 0; w < N / 32; w++) {
        int any = 0, all = 1;
        for (int l = 0; l < 32; l++) {
            any |= h[w * 32 + l] == 7;
            all &= h[w * 32 + l] >= 0;
        }
        for (int l = 0; l < 32; l++)
            if (o[w * 32 + l] != any + 10 * all && bad++ < 10)
                printf("thread %d: %d, want %d\n", w * 32 + l, o[w * 32 + l], any + 10 * all);
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
