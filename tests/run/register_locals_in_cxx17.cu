// `register` locals in a kernel and in host code under -std=c++17, as older CUDA code writes
// them (HeCBench has three such programs): nvcc accepts them (its host compiler warns), so
// cu2c's parse does too (clang made it an error in C++17).
// RUN: %cu2cc -std=c++17 %s -o %t 2>&1 && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 6 9
#include <cstdio>

__global__ void k(int *o) {
    register int t = threadIdx.x;
    o[t] = t * 2;
}

int main() {
    register int n = 4;
    int *o;
    cudaMallocManaged(&o, n * sizeof(int));
    k<<<1, n>>>(o);
    cudaDeviceSynchronize();
    printf("%d %d\n", o[3], o[3] + n - 1);
    return 0;
}
