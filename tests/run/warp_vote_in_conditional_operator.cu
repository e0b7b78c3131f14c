// A warp function as the condition of ?: (`x = __any_sync(m, p) ? a : b;`) or as the left
// operand of && and ||: evaluated by every thread, like a statement's other warp functions,
// so it is supported (in a branch of ?: or on the right of && or || it is refused: see
// tests/diag/warp_function_in_conditional_expression.cu). Compared with a host computation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define N 128
__global__ void decide(const int *in, int *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[t];
    int x = __any_sync(0xffffffffu, v == 7) ? v + 100 : v - 100;
    x += __all_sync(0xffffffffu, v >= 0) && v > 2 ? 1000 : 0;
    if (__ballot_sync(0xffffffffu, v == 1) || v == 3)
        x += 10000;
    out[t] = x + (__shfl_sync(0xffffffffu, v, 0) > 0 ? 5 : 6);
}

int main() {
    int h[N], o[N], *d, *e;
    for (int i = 0; i < N; i++) h[i] = i < 32 ? i % 5 : i < 64 ? i % 9 + 8 : i < 96 ? -(i % 3) : 7;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&e, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    decide<<<2, N / 2>>>(d, e);
    cudaMemcpy(o, e, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int w = 0; w < N / 32; w++) {
        int any = 0, all = 1, ballot = 0;
        for (int l = 0; l < 32; l++) {
            any |= h[w * 32 + l] == 7;
            all &= h[w * 32 + l] >= 0;
            ballot |= h[w * 32 + l] == 1;
        }
        for (int l = 0; l < 32; l++) {
            int v = h[w * 32 + l];
            int x = any ? v + 100 : v - 100;
            x += all && v > 2 ? 1000 : 0;
            if (ballot || v == 3)
                x += 10000;
            x += h[w * 32] > 0 ? 5 : 6;
            bad += o[w * 32 + l] != x;
        }
    }
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
