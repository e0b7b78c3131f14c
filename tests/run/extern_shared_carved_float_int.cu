// One extern __shared__ buffer carved into a float array and an int array placed after it
// (pointer locals into shared memory that cross the barrier), sized at launch.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
__global__ void carve(const float *in, float *out, int nf) {
    extern __shared__ char smem[];
    float *f = (float *)smem;
    int *cnt = (int *)&f[nf];
    int t = threadIdx.x;
    f[t] = in[blockIdx.x * blockDim.x + t];
    cnt[t] = t;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = f[(t + 1) % blockDim.x] + cnt[(t + 2) % blockDim.x];
}
int main() {
    const int bs = 50, nb = 40, n = bs * nb;
    float h[n], o[n], *din, *dout;
    for (int i = 0; i < n; i++) h[i] = i;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    carve<<<nb, bs, bs * (sizeof(float) + sizeof(int))>>>(din, dout, bs);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        int b = i / bs, t = i % bs;
        float want = h[b * bs + (t + 1) % bs] + (t + 2) % bs;
        if (o[i] != want) { printf("%d: %f want %f\n", i, o[i], want); return 1; }
    }
    printf("ok\n");
    return 0;
}
