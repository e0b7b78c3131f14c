// The surface references CUDA 12 removed, as older programs use them: a file-scope
// surface<void, cudaSurfaceType2D> bound with cudaBindSurfaceToArray (both C++ forms),
// written with surf2Dwrite and read with surf2Dread (both forms) in kernels, against a host
// reference; binding an array made without cudaArraySurfaceLoadStore is refused. (CUDA 11
// and earlier: nvcc 12 and later reject surface<>, as they do texture<>.)
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static const int W = 9, H = 6;
surface<void, cudaSurfaceType2D> inSurf;
surface<void, cudaSurfaceType2D> outSurf;

__global__ void scale(int k) {
    int x = threadIdx.x, y = blockIdx.x;
    int v;
    surf2Dread(&v, inSurf, x * 4, y);
    surf2Dwrite(v * k + surf2Dread<int>(inSurf, ((x + 1) % W) * 4, y), outSurf, x * 4, y);
}

int main() {
    cudaChannelFormatDesc d = cudaCreateChannelDesc<int>();
    cudaArray_t in, out, plain;
    cudaMallocArray(&in, &d, W, H, cudaArraySurfaceLoadStore);
    cudaMallocArray(&out, &d, W, H, cudaArraySurfaceLoadStore);
    cudaMallocArray(&plain, &d, W, H);
    // CHECK: plain array: cudaErrorInvalidValue
    printf("plain array: %s\n", cudaGetErrorName(cudaBindSurfaceToArray(outSurf, plain)));
    int h[H][W], got[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            h[y][x] = 100 * y + x;
    cudaMemcpy2DToArray(in, 0, 0, h, W * 4, W * 4, H, cudaMemcpyHostToDevice);
    cudaError_t e1 = cudaBindSurfaceToArray(inSurf, in);
    cudaError_t e2 = cudaBindSurfaceToArray(outSurf, out, d);
    scale<<<H, W>>>(3);
    cudaError_t e3 = cudaDeviceSynchronize();
    // CHECK-NEXT: bind: cudaSuccess cudaSuccess, kernel: cudaSuccess
    printf("bind: %s %s, kernel: %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2), cudaGetErrorName(e3));
    cudaMemcpy2DFromArray(got, W * 4, out, 0, 0, W * 4, H, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            bad += got[y][x] != h[y][x] * 3 + h[y][(x + 1) % W];
    // CHECK-NEXT: 0 wrong
    printf("%d wrong\n", bad);
    return 0;
}
