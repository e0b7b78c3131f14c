// cudaLaunchKernel with a void* argument array (by the kernel's name and through a function
// pointer), a dim3 grid and dynamic shared memory, next to the <<<>>> form with a stream.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void axpy_shared(float a, const float *x, float *y, int n) {
    extern __shared__ float buf[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    buf[threadIdx.x] = (i < n) ? x[i] : 0.0f;
    __syncthreads();
    if (i < n) y[i] = a * buf[threadIdx.x] + y[i];
}

int main() {
    const int n = 3000;
    float *hx = new float[n], *hy = new float[n], *out = new float[n];
    for (int i = 0; i < n; i++) { hx[i] = i * 0.25f; hy[i] = 1.0f + i; }
    float *dx, *dy;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dy, n * sizeof(float));
    cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, hy, n * sizeof(float), cudaMemcpyHostToDevice);
    float a = 2.0f;
    int nn = n;
    void *args[] = {&a, &dx, &dy, &nn};
    dim3 grid((n + 127) / 128), block(128);
    cudaError_t e = cudaLaunchKernel((const void *)axpy_shared, grid, block, args, 128 * sizeof(float), 0);
    if (e != cudaSuccess) { printf("launch: %s\n", cudaGetErrorString(e)); return 1; }
    void (*fp)(float, const float *, float *, int) = axpy_shared;
    a = -1.0f;
    e = cudaLaunchKernel((const void *)fp, grid, block, args, 128 * sizeof(float), 0);
    if (e != cudaSuccess) { printf("launch 2: %s\n", cudaGetErrorString(e)); return 1; }
    cudaStream_t s;
    cudaStreamCreate(&s);
    axpy_shared<<<grid, block, 128 * sizeof(float), s>>>(3.0f, dx, dy, n);
    cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
    if (cudaDeviceSynchronize() != cudaSuccess || cudaGetLastError() != cudaSuccess) { printf("errors\n"); return 1; }
    cudaMemcpy(out, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        float want = hy[i] + 2.0f * hx[i];
        want = want - hx[i];
        want = want + 3.0f * hx[i];
        if (out[i] != want) { printf("%d: %f want %f\n", i, out[i], want); return 1; }
    }
    printf("cudaLaunchKernel ok\n");
    return 0;
}
