// A block holding a barrier may hold any number of statements: a `{ ... }` of more than
// eight, and a switch whose body (one block) is longer, were refused with "statement too
// complex for cu2c". Results as on a GPU.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__global__ void k(int *out, int mode) {
    __shared__ int s[64];
    int t = threadIdx.x;
    {
        int a = t;
        a += 1; a += 2; a += 3; a += 4; a += 5; a += 6; a += 7; a += 8;
        s[t] = a;
        __syncthreads();
        out[t] = s[63 - t];
    }
    __syncthreads();
    switch (mode) {
    case 1:
        s[t] = 2 * t;
        s[t] += 1; s[t] += 1; s[t] += 1; s[t] += 1; s[t] += 1; s[t] += 1; s[t] += 1;
        __syncthreads();
        out[64 + t] = s[63 - t];
        break;
    default:
        out[64 + t] = -1;
    }
}
int main() {
    int *d, h[128];
    cudaMalloc(&d, sizeof h);
    k<<<1, 64>>>(d, 1);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        if (h[t] != 63 - t + 36 && bad++ < 3) printf("[%d] %d\n", t, h[t]);
        if (h[64 + t] != 2 * (63 - t) + 7 && bad++ < 3) printf("[64+%d] %d\n", t, h[64 + t]);
    }
    printf(bad ? "FAILED\n" : "ok\n");
    return bad != 0;
}
