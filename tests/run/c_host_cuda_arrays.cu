// CUDA arrays from a C host program (C output): cudaMallocArray and cudaMalloc3DArray with
// CUDA's default arguments left out, the Async copies without a stream, copies to, between
// and from arrays, and a kernel reading what came back.
// RUN: %cu2c --print-lang %s | grep -x c
// The C output, built with cc (cu2cc builds every .cu as C++, as nvcc does):
// RUN: %cu2c %s -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <stdio.h>
#include <cuda_runtime.h>

#define W 16
#define H 3

__global__ void total(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(out, in[i]);
}

int main(void) {
    struct cudaChannelFormatDesc cd = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaArray_t a, b;
    float h[H][W], g[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            h[y][x] = (float)(y * W + x);
            g[y][x] = -1.0f;
        }
    if (cudaMallocArray(&a, &cd, W, H) != cudaSuccess || cudaMalloc3DArray(&b, &cd, make_cudaExtent(W, H, 0)) != cudaSuccess) {
        printf("allocation\n");
        return 1;
    }
    cudaMemcpy2DToArrayAsync(a, 0, 0, h, sizeof h[0], sizeof h[0], H, cudaMemcpyHostToDevice);
    cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, sizeof h[0], H, cudaMemcpyDeviceToDevice);
    cudaMemcpyFromArrayAsync(g, b, 0, 0, sizeof g, cudaMemcpyDeviceToHost);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("copies failed\n");
        return 1;
    }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (g[y][x] != h[y][x]) {
                printf("(%d, %d): %g\n", x, y, g[y][x]);
                return 1;
            }
    float *d, *sum, s = 0;
    cudaMalloc((void **)&d, sizeof g);
    cudaMalloc((void **)&sum, sizeof(float));
    cudaMemset(sum, 0, sizeof(float));
    cudaMemcpyFromArray(d, a, 0, 0, sizeof g, cudaMemcpyDeviceToDevice);
    total<<<1, W * H>>>(d, sum, W * H);
    cudaMemcpy(&s, sum, sizeof s, cudaMemcpyDeviceToHost);
    if (s != (W * H - 1) * W * H / 2) {
        printf("sum %g\n", s);
        return 1;
    }
    cudaFreeArray(a);
    cudaFreeArray(b);
    printf("ok\n");
    return 0;
}
