// Locals of several kinds crossing a barrier in a 2-D block: two declarators in one
// declaration, a local array filled in a loop, a pointer into a shared row, a C++ object
// updated by a member function, a dim3, an auto, and a variable in a nested block.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
struct Acc { float v; __device__ Acc(float x) : v(x) {} __device__ void add(float x) { v += x; } };
__global__ void k(const float *in, float *out) {
    __shared__ float tile[4][32];
    int a = threadIdx.x, b = threadIdx.y * 10;
    float arr[2];
    for (int q = 0; q < 2; q++) arr[q] = in[a] + q;
    float *rp = &tile[threadIdx.y][threadIdx.x];
    float *row = &tile[threadIdx.y][0];
    *rp = in[threadIdx.y * 32 + a];
    Acc acc(1.0f);
    acc.add((float)a);
    dim3 me(threadIdx.x, threadIdx.y);
    auto w = b + 1;
    {
        int a2 = a * 2;
        out[256 + threadIdx.y * 32 + a] = a2;
    }
    __syncthreads();
    out[threadIdx.y * 32 + a] = row[(a + 1) % 32] + *rp + arr[1] + acc.v + me.y * 1000 + w * 100000;
}
int main() {
    float h[128], o[512], *din, *dout;
    for (int i = 0; i < 128; i++) h[i] = (float)(i % 13);
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, dim3(32, 4)>>>(din, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int y = 0; y < 4; y++) for (int x = 0; x < 32; x++) {
        float want = h[y * 32 + (x + 1) % 32] + h[y * 32 + x] + (h[x] + 1) + (1.0f + x) + y * 1000 + (y * 10 + 1) * 100000;
        if (o[y * 32 + x] != want) { printf("(%d,%d): %f want %f\n", x, y, o[y * 32 + x], want); return 1; }
        if (o[256 + y * 32 + x] != 2 * x) { printf("a2 (%d,%d)\n", x, y); return 1; }
    }
    printf("ok\n"); return 0;
}
