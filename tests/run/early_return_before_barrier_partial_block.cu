// Out-of-range threads of a partial last block return before the barrier; the remaining
// threads of that block still meet at the barrier and read their neighbours' shared slots.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void rotate(const int *in, int *out, int n) {
    __shared__ int tile[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (i >= n) return;
    tile[t] = in[i] * 3;
    int active = n - blockIdx.x * blockDim.x;
    if (active > blockDim.x) active = blockDim.x;
    __syncthreads();
    out[i] = tile[(t + 1) % active] - tile[t];
}

int main() {
    const int ns[] = {1, 255, 256, 257, 1000, 4097};
    for (int k = 0; k < 6; k++) {
        int n = ns[k];
        int *h = new int[n], *o = new int[n];
        for (int i = 0; i < n; i++) h[i] = (i * 37) % 101;
        int *din, *dout;
        cudaMalloc(&din, n * sizeof(int));
        cudaMalloc(&dout, n * sizeof(int));
        cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
        rotate<<<(n + 255) / 256, 256>>>(din, dout, n);
        cudaMemcpy(o, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i++) {
            int base = i / 256 * 256, active = n - base < 256 ? n - base : 256;
            int t = i - base;
            int want = h[base + (t + 1) % active] * 3 - h[i] * 3;
            if (o[i] != want) { printf("n=%d i=%d got %d want %d\n", n, i, o[i], want); return 1; }
        }
        cudaFree(din); cudaFree(dout);
        delete[] h; delete[] o;
    }
    printf("early return ok\n");
    return 0;
}
