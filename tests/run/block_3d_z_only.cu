// A 3-D block (2 x 3 x 8) where the work varies in z only: each z-slice of the block sums
// a column, then after a barrier every thread reads its slice's sum.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void slices(const int *in, int *out, int len) {
    __shared__ int sums[8];
    int z = threadIdx.z;
    const int *col = in + (blockIdx.x * blockDim.z + z) * len;
    int s = 0;
    for (int i = 0; i < len; i++)
        s += col[i];
    if (threadIdx.x == 0 && threadIdx.y == 0)
        sums[z] = s;
    __syncthreads();
    int linear = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    out[blockIdx.x * blockDim.x * blockDim.y * blockDim.z + linear] = sums[z] + z;
}

int main() {
    const int blocks = 5, len = 33, threads = 2 * 3 * 8;
    static int in[blocks * 8 * len], out[blocks * threads];
    for (int i = 0; i < blocks * 8 * len; i++)
        in[i] = (i * 13) % 17;
    int *din, *dout;
    cudaMalloc(&din, sizeof in);
    cudaMalloc(&dout, sizeof out);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    slices<<<blocks, dim3(2, 3, 8)>>>(din, dout, len);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < threads; t++) {
            int z = t / 6, want = z;
            for (int i = 0; i < len; i++)
                want += in[(b * 8 + z) * len + i];
            if (out[b * threads + t] != want) {
                printf("block %d thread %d: %d, want %d\n", b, t, out[b * threads + t], want);
                return 1;
            }
        }
    printf("z-only ok\n");
    return 0;
}
