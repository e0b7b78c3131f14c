// After out-of-range threads return, block-uniform locals computed from parameters and
// builtins (half, rounds) may still steer a loop holding barriers; a block whose threads all
// returned must not touch memory afterwards (its uniform read of in[first] would be out of
// bounds: the grid has a spare block past the end).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void fold(const int *in, int *out, int n) {
    __shared__ int s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int half = blockDim.x / 2;
    int rounds = 3;
    int first = in[blockIdx.x * blockDim.x];
    s[threadIdx.x] = in[i] - first;
    for (int r = 0; r < rounds; r++) {
        __syncthreads();
        int mine = s[threadIdx.x];
        int other = threadIdx.x < half ? s[threadIdx.x + half] : 0;
        __syncthreads();
        s[threadIdx.x] = mine + other;
    }
    out[i] = s[threadIdx.x];
}

int main() {
    const int bs = 128, n = bs * 3;   // 3 full blocks, launched with 5 (2 spare)
    int *in = (int *)malloc(n * sizeof(int)), *got = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = (i * 31) % 17;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice);
    fold<<<5, bs>>>(din, dout, n);
    cudaMemcpy(got, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < 3; b++) {
        int s[bs], t2[bs];
        for (int t = 0; t < bs; t++)
            s[t] = in[b * bs + t] - in[b * bs];
        for (int r = 0; r < 3; r++) {
            for (int t = 0; t < bs; t++)
                t2[t] = s[t] + (t < bs / 2 ? s[t + bs / 2] : 0);
            for (int t = 0; t < bs; t++)
                s[t] = t2[t];
        }
        for (int t = 0; t < bs; t++)
            if (got[b * bs + t] != s[t]) {
                printf("block %d thread %d: %d, want %d\n", b, t, got[b * bs + t], s[t]);
                return 1;
            }
    }
    printf("uniform code after return ok\n");
    return 0;
}
