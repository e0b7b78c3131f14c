// Device functions holding barriers that return a value: `T x = f(...)` expands f in place,
// its final return giving x: a block-uniform total (block_sum, also a local named like the
// caller's variable) and a per-thread value read after a barrier (neighbour).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__device__ float block_sum(float *s, float v) {
    int t = threadIdx.x;
    s[t] = v;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    float total = s[0];
    __syncthreads();
    return total;
}
// each thread gets its right neighbour's value, after a barrier: a per-thread result
__device__ float neighbour(float *s, float v) {
    s[threadIdx.x] = v;
    __syncthreads();
    float got = s[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
    return got;
}
__global__ void normalise(const float *in, float *out) {
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    float total = block_sum(s, v);
    out[i] = v / total;
    float again = block_sum(s, 1.0f);
    out[i] *= again;
    float next = neighbour(s, v);
    __syncthreads();
    out[i] += next * 1000.0f;
}
int main() {
    const int blocks = 4, bs = 128;
    float h[blocks * bs], o[blocks * bs];
    for (int i = 0; i < blocks * bs; i++) h[i] = (float)(i % 13 + 1);
    float *din, *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    normalise<<<blocks, bs>>>(din, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
        float sum = 0.0f;
        for (int t = 0; t < bs; t++) sum += h[b * bs + t];
        for (int t = 0; t < bs; t++) {
            float want = h[b * bs + t] / sum * bs + h[b * bs + (t + 1) % bs] * 1000.0f;
            if (o[b * bs + t] < want * 0.99999f || o[b * bs + t] > want * 1.00001f) { printf("%d %d: %f want %f\n", b, t, o[b*bs+t], want); return 1; }
        }
    }
    printf("returned values ok\n");
    return 0;
}
