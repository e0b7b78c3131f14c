// Forms real kernels are written in (issue 28's list), each run and its result compared with
// what a GPU gives:
// - a guard and an index whose bound is spelled through nested function-like macros
//   (`#define LIM BOUND(N, n)`): the thread loops' bound is taken from the expansion;
// - a kernel template whose __shared__ array is sized by a kernel-local constant
//   (`const unsigned n = 256 / sizeof(T); __shared__ T buf[n];`), its static shared size as
//   cudaFuncGetAttributes reports it;
// - unnamed tag parameters (`std::bool_constant<A>`, `std::integral_constant<int, N>`) and a
//   parameter named like a CUDA type (`int dim3`);
// - cudaGetLastError, cudaPeekAtLastError, cudaGetErrorString, cudaGetErrorName and
//   cudaGetDevice called from device code (CUDA's device runtime; nvcc needs -rdc=true).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: nested macro bounds: PASS
// CHECK: shared sized by a local constant: PASS (256 256 bytes)
// CHECK: unnamed and CUDA-named parameters: PASS
// CHECK: device runtime calls: PASS
#include <cstdio>
#include <cstring>
#include <type_traits>

#define BOUND(a, b) b
#define LIM BOUND(N, n)
#define WIDTH 64

/* the first LIM elements reversed in place through shared memory */
__global__ void reverse_prefix(int *x, int n) {
    __shared__ int s[WIDTH];
    int i = threadIdx.x;
    if (i < LIM)
        s[i] = x[i];
    __syncthreads();
    if (i < LIM)
        x[i] = s[LIM - 1 - i];
}

template <class T>
__global__ void reverse_by_bytes(T *x) {
    const unsigned n = 256 / sizeof(T);
    __shared__ T buf[n];
    if (threadIdx.x < n)
        buf[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    if (threadIdx.x < n)
        x[threadIdx.x] = buf[n - 1 - threadIdx.x];
}

template <bool Twice, int Add>
__global__ void tagged(int *x, std::bool_constant<Twice>, std::integral_constant<int, Add>) {
    x[threadIdx.x] = (Twice ? 2 : 1) * (int)threadIdx.x + Add;
}

__global__ void cuda_named(int *x, int dim3, float uint3) {
    x[threadIdx.x] = dim3 + (int)uint3 * (int)threadIdx.x;
}

__global__ void device_runtime(int *x) {
    cudaError_t e = cudaGetLastError();
    cudaError_t p = cudaPeekAtLastError();
    const char *s = cudaGetErrorString(e), *n = cudaGetErrorName(p);
    int dev = -1;
    cudaGetDevice(&dev);
    x[threadIdx.x] = (int)e * 1000 + (int)p * 100 + (s[0] == 'n' && s[1] == 'o') * 10 +
                     (n[4] == 'S' && n[5] == 'u') + dev * 10000;
}

int main() {
    int h[WIDTH], *x;
    cudaMalloc(&x, sizeof h);
    for (int i = 0; i < WIDTH; i++)
        h[i] = i * 3;
    cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
    reverse_prefix<<<1, WIDTH>>>(x, 40);
    cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < WIDTH; i++)
        bad += h[i] != (i < 40 ? (39 - i) * 3 : i * 3);
    printf("nested macro bounds: %s\n", bad ? "FAIL" : "PASS");

    int hi[64];
    double hd[32], *xd;
    int *xi;
    for (int i = 0; i < 64; i++)
        hi[i] = i;
    for (int i = 0; i < 32; i++)
        hd[i] = i * 0.5;
    cudaMalloc(&xi, sizeof hi);
    cudaMalloc(&xd, sizeof hd);
    cudaMemcpy(xi, hi, sizeof hi, cudaMemcpyHostToDevice);
    cudaMemcpy(xd, hd, sizeof hd, cudaMemcpyHostToDevice);
    reverse_by_bytes<int><<<1, 64>>>(xi);
    reverse_by_bytes<double><<<1, 64>>>(xd);
    cudaMemcpy(hi, xi, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, xd, sizeof hd, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int i = 0; i < 64; i++)
        bad += hi[i] != 63 - i;
    for (int i = 0; i < 32; i++)
        bad += hd[i] != (31 - i) * 0.5;
    cudaFuncAttributes ai, ad;
    cudaFuncGetAttributes(&ai, reverse_by_bytes<int>);
    cudaFuncGetAttributes(&ad, reverse_by_bytes<double>);
    bad += ai.sharedSizeBytes != 256 || ad.sharedSizeBytes != 256;
    printf("shared sized by a local constant: %s (%zu %zu bytes)\n", bad ? "FAIL" : "PASS", ai.sharedSizeBytes,
           ad.sharedSizeBytes);

    bad = 0;
    tagged<<<1, 8>>>(x, std::bool_constant<true>{}, std::integral_constant<int, 5>{});
    cudaMemcpy(h, x, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i++)
        bad += h[i] != 2 * i + 5;
    tagged<<<1, 8>>>(x, std::false_type{}, std::integral_constant<int, -1>{});
    cudaMemcpy(h, x, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i++)
        bad += h[i] != i - 1;
    cuda_named<<<1, 8>>>(x, 7, 3.0f);
    cudaMemcpy(h, x, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i++)
        bad += h[i] != 7 + 3 * i;
    printf("unnamed and CUDA-named parameters: %s\n", bad ? "FAIL" : "PASS");

    device_runtime<<<1, 4>>>(x);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, x, 4 * sizeof(int), cudaMemcpyDeviceToHost);
    bad = e != cudaSuccess;
    for (int i = 0; i < 4; i++)
        bad += h[i] != 11;
    printf("device runtime calls: %s\n", bad ? "FAIL" : "PASS");
    return 0;
}
