// Device functions defined by a macro in a header (as the CUDA samples' cudasharedmem.h
// BUILD_SHAREDMEMORY_TYPE does), each declaring `extern __shared__ t n[]` with the macro's
// parameters, one reading threadIdx too: each block reverses its slice of the input through
// the dynamic shared memory, for three element types.
// RUN: %cu2cc -I%S/Inputs %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
#include "shared_memory_macro.h"

template <typename T> __global__ void reverse_blocks(const T *in, T *out) {
    DynShared<T> sh;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sh[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = sh.ptr()[blockDim.x - 1 - threadIdx.x];
}

template <typename T> static int check(const char *name) {
    const int blocks = 5, threads = 96, n = blocks * threads;
    T *in, *out;
    cudaMallocManaged(&in, n * sizeof(T));
    cudaMallocManaged(&out, n * sizeof(T));
    for (int i = 0; i < n; i++) in[i] = (T)(i * 3 + 1);
    reverse_blocks<T><<<blocks, threads, threads * sizeof(T)>>>(in, out);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("%s: launch failed\n", name); return 1; }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int b = i / threads, t = i % threads;
        if (out[i] != (T)((b * threads + threads - 1 - t) * 3 + 1)) bad++;
    }
    cudaFree(in);
    cudaFree(out);
    printf("%s: %s\n", name, bad ? "FAIL" : "ok");
    return bad != 0;
}

int main() {
    return check<int>("int") | check<float>("float") | check<double>("double");
}
