// Rodinia dwt2d's forms: a kernel template calling a static member function of a class
// template that holds __shared__ memory and barriers (`Transform<N>::run(in, out)`, a call
// clang resolves per instantiation only: cu2c finds the member in the class template's
// pattern and expands it with the class's template arguments), and an enum of that class
// whose value comes from `#ifdef __CUDA_ARCH__` with __CUDA_ARCH__ inside the branch (the
// device's branch, as nvcc's device pass takes it: 32 banks, not the host's 16). The
// kernel's static shared size names the expansion's class (sharedSizeBytes).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: reversed with padding 32: PASS
// CHECK: shared bytes: 448
#include <cstdio>

template <int N>
struct Transform {
    enum {
#ifdef __CUDA_ARCH__
        BANKS = ((__CUDA_ARCH__ >= 200) ? 32 : 16),
#else
        BANKS = 16,
#endif
        PADDED = N + BANKS
    };
    int data[PADDED];

    __device__ static void run(const int *in, int *out) {
        __shared__ Transform<N> t;
        t.data[threadIdx.x] = in[blockIdx.x * N + threadIdx.x];
        if (threadIdx.x < BANKS)
            t.data[N + threadIdx.x] = BANKS;
        __syncthreads();
        out[blockIdx.x * N + threadIdx.x] = t.data[N - 1 - threadIdx.x] * 1000 + t.data[PADDED - 1];
    }
};

template <int N>
__global__ void reverse(const int *in, int *out) {
    Transform<N>::run(in, out);
}

int main() {
    const int n = 80, blocks = 3;
    int h[n * blocks], *in, *out;
    for (int i = 0; i < n * blocks; i++)
        h[i] = i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    reverse<n><<<blocks, n>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    int bad = cudaGetLastError() != cudaSuccess;
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < n; t++)
            bad += h[b * n + t] != (b * n + n - 1 - t) * 1000 + 32;
    printf("reversed with padding 32: %s\n", bad ? "FAIL" : "PASS");
    cudaFuncAttributes a;
    cudaFuncGetAttributes(&a, reverse<n>);
    printf("shared bytes: %zu\n", a.sharedSizeBytes);
    return 0;
}
