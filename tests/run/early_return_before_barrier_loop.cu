// Out-of-range threads of a partial last block return before a loop holding barriers; the
// others run every trip of the loop, exchanging values through shared memory with the
// threads still running (a thread that returned is skipped by every later loop, as on
// Volta and later GPUs). Also a return inside the loop, after its last barrier.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void accumulate(const int *in, int *out, int n, int rounds) {
    __shared__ int s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int live = min((int)blockDim.x, n - (int)(blockIdx.x * blockDim.x));
    int acc = in[i];
    for (int r = 0; r < rounds; r++) {
        s[threadIdx.x] = acc;
        __syncthreads();
        acc += s[(threadIdx.x + 1) % live];
        __syncthreads();
        if (r == rounds - 1 && threadIdx.x % 3 == 0) {
            out[i] = -acc;
            return;
        }
    }
    out[i] = acc;
}

int main() {
    const int n = 128 * 3 + 50, rounds = 4;
    int h[n], got[n + 128];
    for (int i = 0; i < n; i++)
        h[i] = i % 10;
    int *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof got);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, sizeof got);
    accumulate<<<(n + 127) / 128, 128>>>(din, dout, n, rounds);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    for (int b = 0; b * 128 < n; b++) {
        int live = n - b * 128 < 128 ? n - b * 128 : 128;
        int acc[128], next[128];
        for (int t = 0; t < live; t++)
            acc[t] = h[b * 128 + t];
        for (int r = 0; r < rounds; r++) {
            for (int t = 0; t < live; t++)
                next[t] = acc[t] + acc[(t + 1) % live];
            for (int t = 0; t < live; t++)
                acc[t] = next[t];
        }
        for (int t = 0; t < live; t++) {
            int want = t % 3 == 0 ? -acc[t] : acc[t];
            if (got[b * 128 + t] != want) {
                printf("block %d thread %d: %d, want %d\n", b, t, got[b * 128 + t], want);
                return 1;
            }
        }
    }
    for (int i = n; i < n + 128; i++)
        if (got[i] != 0) {
            printf("thread %d past the end wrote %d\n", i, got[i]);
            return 1;
        }
    printf("early return ok\n");
    return 0;
}
