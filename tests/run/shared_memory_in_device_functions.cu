// __shared__ memory inside device functions (one holding barriers and returning a value,
// called twice; one without a barrier): such functions are expanded into the kernel, their
// shared arrays lasting for the call (once per block). The callee's local m has the name of
// the caller's result variable.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
// a block-wide maximum with its own shared scratch, returning the block's maximum
__device__ int block_max(int v) {
    __shared__ int scratch[256];
    scratch[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s && scratch[threadIdx.x + s] > scratch[threadIdx.x])
            scratch[threadIdx.x] = scratch[threadIdx.x + s];
        __syncthreads();
    }
    int m = scratch[0];
    __syncthreads();
    return m;
}
// a helper with shared memory and no barrier of its own
__device__ void stash(int v) {
    __shared__ int last;
    if (threadIdx.x == 0)
        last = v;
}
__global__ void maxima(const int *in, int *out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int m = block_max(v);
    int m2 = block_max(-v);
    stash(m);
    out[blockIdx.x * blockDim.x + threadIdx.x] = m * 1000 + (-m2);
}
int main() {
    const int blocks = 5, bs = 128;
    int h[blocks * bs], o[blocks * bs];
    for (int i = 0; i < blocks * bs; i++) h[i] = (i * 7919) % 997;
    int *din, *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    maxima<<<blocks, bs>>>(din, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
        int mx = -1, mn = 1 << 30;
        for (int t = 0; t < bs; t++) { int x = h[b * bs + t]; mx = x > mx ? x : mx; mn = x < mn ? x : mn; }
        for (int t = 0; t < bs; t++)
            if (o[b * bs + t] != mx * 1000 + mn) { printf("block %d thread %d: %d want %d\n", b, t, o[b*bs+t], mx * 1000 + mn); return 1; }
    }
    printf("shared in device functions ok\n");
    return 0;
}
