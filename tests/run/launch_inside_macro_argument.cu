// A launch written as a macro's argument (NVIDIA's checkKernelErrors((k<<<g, b, s>>>(...)))),
// its configuration naming macros too: rewritten where the argument is written; the macro
// still sees one expression (and stringifies the rewritten text).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 5 68 9 36 ok
#include <cstdio>

#define THREADS 64
#define SHMEM (THREADS * sizeof(int))
#define CHECK_LAUNCH(expr)                                    \
    do {                                                      \
        expr;                                                 \
        cudaError_t e = cudaGetLastError();                   \
        if (e != cudaSuccess)                                 \
            printf("'%s' failed: %s\n", #expr, cudaGetErrorString(e)); \
    } while (0)

__global__ void k(int *o, int v) {
    extern __shared__ int s[];
    s[threadIdx.x] = v + threadIdx.x;
    __syncthreads();
    o[threadIdx.x] = s[threadIdx.x];
}

template <class T> __global__ void t(T *o, T v) { o[threadIdx.x] = v * (T)(threadIdx.x + 1); }

int main() {
    int *o, *p;
    cudaMallocManaged(&o, THREADS * sizeof(int));
    cudaMallocManaged(&p, 8 * sizeof(int));
    CHECK_LAUNCH((k<<<1, THREADS, SHMEM>>>(o, 5)));
    CHECK_LAUNCH((t<int><<<1, 8>>>(p, 5)));
    cudaDeviceSynchronize();
    int first = p[0];
    CHECK_LAUNCH((t<int><<<dim3(1, 1), dim3(8), 0, 0>>>(p, 5 + 4)));
    cudaDeviceSynchronize();
    printf("%d %d %d %d %s\n", o[0], o[63], p[0], p[3], first == 5 ? "ok" : "FAIL");
    return 0;
}
