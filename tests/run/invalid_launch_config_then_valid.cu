// A launch with 2048 threads per block (and one with a zero-sized grid) is refused with
// cudaErrorInvalidConfiguration: the kernel does not run, cudaGetLastError reports and
// clears the error, and a following valid launch works.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mark(int *out, int v) {
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main() {
    int *d, h[256];
    cudaMalloc(&d, 4096 * sizeof(int));
    cudaMemset(d, 0, 4096 * sizeof(int));
    mark<<<1, 2048>>>(d, 7);
    cudaError_t e = cudaGetLastError();
    if (e != cudaErrorInvalidConfiguration) { printf("2048: got %s\n", cudaGetErrorName(e)); return 1; }
    if (cudaGetLastError() != cudaSuccess) { printf("error not cleared\n"); return 1; }
    mark<<<dim3(1), dim3(32, 32, 2)>>>(d, 8);
    e = cudaPeekAtLastError();
    if (e != cudaErrorInvalidConfiguration) { printf("32x32x2: got %s\n", cudaGetErrorName(e)); return 1; }
    cudaGetLastError();
    mark<<<0, 32>>>(d, 9);
    e = cudaGetLastError();
    if (e != cudaErrorInvalidConfiguration) { printf("grid 0: got %s\n", cudaGetErrorName(e)); return 1; }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 256; i++)
        if (h[i] != 0) { printf("refused kernel ran: h[%d] = %d\n", i, h[i]); return 1; }
    mark<<<2, 128>>>(d, 5);
    if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) { printf("valid launch failed\n"); return 1; }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 256; i++)
        if (h[i] != 5) { printf("h[%d] = %d\n", i, h[i]); return 1; }
    printf("invalid launch ok\n");
    return 0;
}
