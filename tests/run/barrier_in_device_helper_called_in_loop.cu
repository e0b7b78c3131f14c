// Barriers inside __device__ helpers, one calling another, called from a loop in the kernel:
// each call is expanded in place with its own per-thread copies; parameters take their
// arguments per thread (tid) or once per block (scale), even when a parameter has the name
// of the caller's variable it is bound to (s).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__device__ void block_reduce(float *s, int tid) {
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
}
__device__ void stage(float *s, int tid, float scale) {
    s[tid] *= scale;
    __syncthreads();
    block_reduce(s, tid);
}
__global__ void sums(const float *in, float *out) {
    __shared__ float s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (int rep = 0; rep < 2; rep++) {
        stage(s, t, 0.5f);
        if (t == 0)
            out[blockIdx.x * 2 + rep] = s[0];
        __syncthreads();
        s[t] = in[blockIdx.x * blockDim.x + t] * (rep + 2);
        __syncthreads();
    }
}
int main() {
    const int blocks = 3, bs = 128;
    float h[blocks * bs], o[blocks * 2];
    for (int i = 0; i < blocks * bs; i++) h[i] = (float)(i % 17);
    float *din, *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    sums<<<blocks, bs>>>(din, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
        float sum = 0; for (int t = 0; t < bs; t++) sum += h[b * bs + t];
        if (o[b * 2] != sum * 0.5f || o[b * 2 + 1] != sum * 2 * 0.5f) { printf("block %d: %f %f want %f %f\n", b, o[b*2], o[b*2+1], sum*0.5f, sum); return 1; }
    }
    printf("inline ok\n");
}
