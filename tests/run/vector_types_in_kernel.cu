// Vector types in kernels: float4 loads and stores, int2 and float2 built with make_*,
// a uint3 local copied from threadIdx, a __shared__ float4 array crossing a barrier.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void vec(const float4 *in, float4 *out, int2 *idx, float2 *pairs, int n) {
    __shared__ float4 tile[32];
    uint3 me = threadIdx;
    int i = blockIdx.x * blockDim.x + me.x;
    float4 v = in[i];
    tile[me.x] = make_float4(v.w, v.z, v.y, v.x);
    __syncthreads();
    float4 r = tile[(me.x + 1) % 32];
    r.x += 1.0f;
    out[i] = r;
    idx[i] = make_int2(i, blockIdx.x);
    float2 p;
    p.x = v.x + v.y;
    p.y = v.z * v.w;
    pairs[i] = p;
}

int main() {
    const int n = 32 * 8;
    float4 *h = new float4[n], *o = new float4[n];
    int2 *hi = new int2[n];
    float2 *hp = new float2[n];
    for (int i = 0; i < n; i++) h[i] = make_float4(i, i + 0.5f, 2.0f * i, -1.0f * i);
    float4 *din, *dout; int2 *di; float2 *dp;
    cudaMalloc(&din, n * sizeof(float4));
    cudaMalloc(&dout, n * sizeof(float4));
    cudaMalloc(&di, n * sizeof(int2));
    cudaMalloc(&dp, n * sizeof(float2));
    cudaMemcpy(din, h, n * sizeof(float4), cudaMemcpyHostToDevice);
    vec<<<n / 32, 32>>>(din, dout, di, dp, n);
    cudaMemcpy(o, dout, n * sizeof(float4), cudaMemcpyDeviceToHost);
    cudaMemcpy(hi, di, n * sizeof(int2), cudaMemcpyDeviceToHost);
    cudaMemcpy(hp, dp, n * sizeof(float2), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        int j = i / 32 * 32 + (i % 32 + 1) % 32;
        float4 w = make_float4(h[j].w + 1.0f, h[j].z, h[j].y, h[j].x);
        if (o[i].x != w.x || o[i].y != w.y || o[i].z != w.z || o[i].w != w.w) { printf("f4 %d\n", i); return 1; }
        if (hi[i].x != i || hi[i].y != i / 32) { printf("i2 %d\n", i); return 1; }
        if (hp[i].x != h[i].x + h[i].y || hp[i].y != h[i].z * h[i].w) { printf("f2 %d\n", i); return 1; }
    }
    printf("vector types ok\n");
    return 0;
}
