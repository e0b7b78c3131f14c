// Out-of-range threads of a partial last block return before a barrier; the others keep
// going, meet at the barrier and read their neighbours' shared slots (a thread that ended
// is skipped by every later loop, as on Volta and later GPUs).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void shift(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __shared__ int s[64];
    s[threadIdx.x] = in[i] * 2;
    int partner = threadIdx.x ^ 1;
    __syncthreads();
    int valid = blockIdx.x * blockDim.x + partner < n;
    out[i] = valid ? s[partner] : -7;
}

int main() {
    const int n = 64 * 5 + 33;
    int hin[n], hout[n];
    for (int i = 0; i < n; i++) {
        hin[i] = i + 1;
        hout[i] = 0;
    }
    int *din, *dout;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout + 64 * sizeof(int));
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, sizeof hout + 64 * sizeof(int));
    shift<<<(n + 63) / 64, 64>>>(din, dout, n);
    int tail[64];
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    cudaMemcpy(tail, dout + n, sizeof tail, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        int p = (i & ~63) + ((i & 63) ^ 1);
        int want = p < n ? hin[p] * 2 : -7;
        if (hout[i] != want) {
            printf("out[%d] = %d, want %d\n", i, hout[i], want);
            return 1;
        }
    }
    for (int i = 0; i < 64; i++)
        if (tail[i] != 0) {
            printf("thread %d past the end wrote %d\n", n + i, tail[i]);
            return 1;
        }
    printf("early exit ok\n");
    return 0;
}
