// A kernel template calling a functor of a template parameter's type whose operator() holds
// __shared__ memory and a barrier (`template <class F, class... A> __global__ void apply(F f,
// A... a) { f(a...); }`): which operator() runs is known per instantiation only, so thread
// loops cannot expand it; the kernel runs on the fiber engine, the operator() kept as a
// function (a functor without barriers through the same template runs there too: the engine is
// chosen per kernel template). Results compared with the host's. (A functor whose operator()
// writes volatile memory, HeCBench axpby's, is still refused: not yet supported.)
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: reversed and doubled: PASS
// CHECK: plain functor: PASS
#include <cstdio>

struct ReverseTwice {
    __device__ void operator()(int *x, int n) const {
        __shared__ int s[64];
        s[threadIdx.x] = x[blockIdx.x * n + threadIdx.x];
        __syncthreads();
        x[blockIdx.x * n + threadIdx.x] = s[n - 1 - threadIdx.x] * 2;
    }
};

struct AddIndex {
    __device__ void operator()(int *x, int n) const { x[blockIdx.x * n + threadIdx.x] += threadIdx.x; }
};

template <class F, class... A>
__global__ void apply(F f, A... a) {
    f(a...);
}

int main() {
    const int n = 64, blocks = 3;
    int *x;
    cudaMallocManaged(&x, n * blocks * sizeof(int));
    for (int i = 0; i < n * blocks; i++)
        x[i] = i;
    apply<<<blocks, n>>>(ReverseTwice{}, x, n);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < n; t++)
            bad += x[b * n + t] != (b * n + n - 1 - t) * 2;
    printf("reversed and doubled: %s\n", bad ? "FAIL" : "PASS");
    apply<<<blocks, n>>>(AddIndex{}, x, n);
    cudaDeviceSynchronize();
    bad = 0;
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < n; t++)
            bad += x[b * n + t] != (b * n + n - 1 - t) * 2 + t;
    printf("plain functor: %s\n", bad ? "FAIL" : "PASS");
    return 0;
}
