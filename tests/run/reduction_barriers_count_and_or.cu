// __syncthreads_count/_and/_or: in declarations, in a while condition (an iterate-until-no-
// thread-changed loop), with predicates reading per-thread locals from the region before,
// and after some threads have returned (only threads still running are counted).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void votes(const int *in, int *out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int positive = __syncthreads_count(v > 0);
    int all_small = __syncthreads_and(v < 100);
    int any_zero = __syncthreads_or(v == 0);
    out[blockIdx.x * blockDim.x + threadIdx.x] = positive * 100 + all_small * 10 + any_zero;
}

// each thread counts down its value by one per round until every thread reaches zero
__global__ void rounds(const int *in, int *out) {
    __shared__ int total;
    int left = in[blockIdx.x * blockDim.x + threadIdx.x];
    int r = 0;
    if (threadIdx.x == 0)
        total = 0;
    while (__syncthreads_or(left > 0)) {
        if (left > 0)
            left--;
        r++;
    }
    atomicAdd(&total, r);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = total;
}

// threads past n return; the count covers the others only
__global__ void live(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int c = __syncthreads_count(1);
    out[i] = c;
}

int main() {
    const int blocks = 4, bs = 64, n = blocks * bs;
    int h[n], got[n];
    for (int i = 0; i < n; i++)
        h[i] = (i / bs == 2) ? (i % 7) + 1 : (i * 37) % 120 - 10;
    int *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof got);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    votes<<<blocks, bs>>>(din, dout);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
        int pos = 0, small = 1, zero = 0;
        for (int t = 0; t < bs; t++) {
            int v = h[b * bs + t];
            pos += v > 0;
            small &= v < 100;
            zero |= v == 0;
        }
        for (int t = 0; t < bs; t++)
            if (got[b * bs + t] != pos * 100 + small * 10 + zero) {
                printf("votes block %d: %d, want %d\n", b, got[b * bs + t], pos * 100 + small * 10 + zero);
                return 1;
            }
    }
    rounds<<<blocks, bs>>>(din, dout);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
        int most = 0;
        for (int t = 0; t < bs; t++)
            most = h[b * bs + t] > most ? h[b * bs + t] : most;
        if (got[b * bs] != most * bs) {
            printf("rounds block %d: %d, want %d\n", b, got[b * bs], most * bs);
            return 1;
        }
    }
    live<<<blocks, bs>>>(dout, n - 10);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n - 10; i++)
        if (got[i] != (i / bs == blocks - 1 ? bs - 10 : bs)) {
            printf("live %d: %d\n", i, got[i]);
            return 1;
        }
    printf("reduction barriers ok\n");
    return 0;
}
