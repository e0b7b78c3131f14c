// A __constant__ struct (scalars, an array member, a nested struct) and a __constant__ array
// of structs set with cudaMemcpyToSymbol, read in a kernel; a __device__ variable written
// by the kernel and read back with cudaMemcpyFromSymbol.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

struct Affine { float scale; float shift; };
struct Params {
    int n;
    float weights[4];
    Affine post;
};
__constant__ Params params;
__constant__ Affine stages[3];
__device__ int touched;

__global__ void apply(const float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= params.n) return;
    float v = in[i] * params.weights[i % 4];
    for (int s = 0; s < 3; s++) v = v * stages[s].scale + stages[s].shift;
    out[i] = v * params.post.scale + params.post.shift;
    if (i == 0) touched = 1234;
}

int main() {
    Params p = {1000, {1.0f, 2.0f, 0.5f, -1.0f}, {3.0f, 0.25f}};
    Affine st[3] = {{2.0f, 1.0f}, {0.5f, -2.0f}, {1.0f, 4.0f}};
    cudaMemcpyToSymbol(params, &p, sizeof p);
    cudaMemcpyToSymbol(stages, st, sizeof st);
    const int n = 1000;
    float *h = new float[n], *o = new float[n], *din, *dout;
    for (int i = 0; i < n; i++) h[i] = (float)(i % 17);
    cudaMalloc(&din, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMemcpy(din, h, n * sizeof(float), cudaMemcpyHostToDevice);
    apply<<<(n + 63) / 64, 64>>>(din, dout);
    cudaMemcpy(o, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        float v = h[i] * p.weights[i % 4];
        for (int s = 0; s < 3; s++) v = v * st[s].scale + st[s].shift;
        v = v * p.post.scale + p.post.shift;
        if (o[i] != v) { printf("%d: %f want %f\n", i, o[i], v); return 1; }
    }
    int t = 0;
    cudaMemcpyFromSymbol(&t, touched, sizeof t);
    Params back;
    cudaMemcpyFromSymbol(&back, params, sizeof back);
    if (t != 1234 || back.post.shift != 0.25f || back.n != 1000) { printf("symbols: %d %f\n", t, back.post.shift); return 1; }
    printf("constant struct ok\n");
    return 0;
}
