// A class whose #ifdef __CUDA_ARCH__ declares a __device__ function in the device's branch
// and a host function of the same name in the host's: nvcc's two passes each see one.
// cu2c compiles one text, and such a conditional (it declares host functions) keeps the
// host's branch for both sides, so the kernel would call the host's version and compute
// what the host computes. Refused where the kernel calls it, never run with the wrong body.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
#include <cstdio>

template <class T>
struct Lift {
#ifdef __CUDA_ARCH__
    __device__ static T get(T x) { return x * 2; }
#else
    static T get(T x) { return x * 3; }
#endif
};

__global__ void twice(int *o) {
    o[threadIdx.x] = Lift<int>::get((int)threadIdx.x);
}

int main() {
    int *o;
    cudaMalloc(&o, 4 * sizeof(int));
    twice<<<1, 4>>>(o);
    printf("%d\n", Lift<int>::get(5));
    return 0;
}
// CHECK: [[FILE]]:20:22: error: device code calls 'get', declared for the host in the #if on __CUDA_ARCH__ at line 12: cu2c compiles one text for both sides, and that conditional keeps the host's branch there (it declares host functions): not supported (give the device's version another name, or mark one function __host__ __device__)
