// __shared__ and extern __shared__ arrays declared at file scope, used by kernels with many
// blocks run by several workers at once: each block must get its own copy.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__shared__ int stile[64];
extern __shared__ float dyn[];

__global__ void sum_pairs(const int *in, int *out) {
    int t = threadIdx.x;
    stile[t] = in[blockIdx.x * 64 + t];
    __syncthreads();
    int acc = 0;
    for (int k = 0; k < 64; k++) acc += stile[k];
    out[blockIdx.x * 64 + t] = acc + stile[63 - t];
}

__global__ void scale_dyn(const float *in, float *out, float f) {
    int t = threadIdx.x;
    dyn[t] = in[blockIdx.x * blockDim.x + t] * f;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = dyn[blockDim.x - 1 - t];
}

int main() {
    const int blocks = 200, n = blocks * 64;
    int *hi = new int[n], *ho = new int[n];
    for (int i = 0; i < n; i++) hi[i] = (i * 13) % 97;
    int *di, *dout;
    cudaMalloc(&di, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(di, hi, n * sizeof(int), cudaMemcpyHostToDevice);
    sum_pairs<<<blocks, 64>>>(di, dout);
    cudaMemcpy(ho, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
        int s = 0;
        for (int k = 0; k < 64; k++) s += hi[b * 64 + k];
        for (int t = 0; t < 64; t++)
            if (ho[b * 64 + t] != s + hi[b * 64 + 63 - t]) { printf("static b%d t%d: %d\n", b, t, ho[b * 64 + t]); return 1; }
    }
    const int bs = 96, fn = blocks * bs;
    float *hf = new float[fn], *hg = new float[fn], *df, *dg;
    for (int i = 0; i < fn; i++) hf[i] = (float)(i % 1000);
    cudaMalloc(&df, fn * sizeof(float));
    cudaMalloc(&dg, fn * sizeof(float));
    cudaMemcpy(df, hf, fn * sizeof(float), cudaMemcpyHostToDevice);
    scale_dyn<<<blocks, bs, bs * sizeof(float)>>>(df, dg, 0.5f);
    cudaMemcpy(hg, dg, fn * sizeof(float), cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < bs; t++)
            if (hg[b * bs + t] != hf[b * bs + bs - 1 - t] * 0.5f) { printf("dyn b%d t%d: %f\n", b, t, hg[b * bs + t]); return 1; }
    printf("file-scope shared ok\n");
    return 0;
}
