// c_api.cu - a .cu exporting a function with C linkage (extern "C"), for main_c.c.
#include <cuda_runtime.h>

__global__ void scale_kernel(int *v, int n, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= k;
}

extern "C" int scale_ints(int *v, int n, int k) {
    int *d = NULL;
    size_t bytes = n * sizeof(int);
    cudaError_t e = cudaMalloc((void **)&d, bytes);
    if (e == cudaSuccess) e = cudaMemcpy(d, v, bytes, cudaMemcpyHostToDevice);
    if (e == cudaSuccess) {
        scale_kernel<<<(n + 63) / 64, 64>>>(d, n, k);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess) e = cudaMemcpy(v, d, bytes, cudaMemcpyDeviceToHost);
    cudaFree(d);
    return (int)e;
}
