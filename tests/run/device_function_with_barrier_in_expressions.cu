// Device functions holding barriers called inside expressions (assignments, compound
// assignments, several calls in one statement): each call is expanded just before its
// statement into a result local the statement reads.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__device__ float block_sum(float *s, float v) {
    s[threadIdx.x] = v;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride)
            s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    float t = s[0];
    __syncthreads();
    return t;
}
__device__ float left(float *s, float v) {
    s[threadIdx.x] = v;
    __syncthreads();
    float got = s[(threadIdx.x + blockDim.x - 1) % blockDim.x];
    __syncthreads();
    return got;
}
__global__ void k(const float *in, float *out) {
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    float acc = 0.0f;
    acc = block_sum(s, v);
    acc += 2.0f * left(s, v) + block_sum(s, 1.0f);
    out[i] = acc - left(s, v * 3.0f);
}
int main() {
    const int blocks = 3, bs = 64;
    float h[blocks * bs], o[blocks * bs];
    for (int i = 0; i < blocks * bs; i++) h[i] = (float)(i % 7);
    float *din, *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<blocks, bs>>>(din, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
        float sum = 0; for (int t = 0; t < bs; t++) sum += h[b * bs + t];
        for (int t = 0; t < bs; t++) {
            float l = h[b * bs + (t + bs - 1) % bs];
            float want = sum + 2.0f * l + bs - 3.0f * l;
            if (o[b * bs + t] != want) { printf("%d %d: %f want %f\n", b, t, o[b*bs+t], want); return 1; }
        }
    }
    printf("calls in expressions ok\n");
    return 0;
}
