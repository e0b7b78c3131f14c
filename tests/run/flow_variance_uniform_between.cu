// One local, three values: per thread (crossing two barriers), then block-uniform (the
// condition of a loop holding a barrier), then per thread again, computed from the uniform
// value in the same thread loop that reads it and crossing a barrier after. Each value must
// survive where it crosses: the per-thread ones in per-thread storage, the uniform one as
// the block's scalar, untouched by the threads' own copies.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=3 timeout 60 %t
#include <cstdio>

#define BS 32

__global__ void mixed(const int *in, int *out, int n) {
    __shared__ int sh[BS];
    int t = threadIdx.x;
    int x = in[blockIdx.x * blockDim.x + t] * 2;
    __syncthreads();
    sh[t] = x;
    __syncthreads();
    int first = x + sh[(t + 1) % blockDim.x];
    __syncthreads();   /* before the loop's stores (a race the race checker found) */
    x = n;
    while (x > 0) {
        sh[t] += x;
        __syncthreads();
        x -= 3;
    }
    int o = 3 * (blockIdx.x * blockDim.x + t);
    out[o] = sh[t] + x;
    x = x + t * 5;
    sh[t] = first;
    __syncthreads();
    out[o + 1] = x + sh[(t + 2) % blockDim.x];
    out[o + 2] = first;
}

int main() {
    const int blocks = 4, total = blocks * BS, n = 20;
    int h_in[total], got[3 * total];
    int *d_in, *d_out;
    for (int i = 0; i < total; i++)
        h_in[i] = (i * 5) % 11 - 3;
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out, sizeof got);
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    mixed<<<blocks, BS>>>(d_in, d_out, n);
    cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; b++) {
        int sh[BS], first[BS];
        for (int t = 0; t < BS; t++)
            sh[t] = h_in[b * BS + t] * 2;
        for (int t = 0; t < BS; t++)
            first[t] = h_in[b * BS + t] * 2 + sh[(t + 1) % BS];
        int x = n, add = 0;
        while (x > 0) {
            add += x;
            x -= 3;
        }
        for (int t = 0; t < BS; t++) {
            int o = 3 * (b * BS + t);
            int want[3] = {sh[t] + add + x, x + t * 5 + first[(t + 2) % BS], first[t]};
            for (int j = 0; j < 3; j++)
                if (got[o + j] != want[j]) {
                    printf("block %d thread %d value %d: %d, want %d\n", b, t, j, got[o + j], want[j]);
                    bad = 1;
                }
        }
    }
    cudaFree(d_in);
    cudaFree(d_out);
    if (!bad)
        printf("uniform between varying: ok\n");
    return bad;
}
