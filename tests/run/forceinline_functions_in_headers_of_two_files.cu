// __forceinline__ functions defined in a header that two .cu files of one program include
// (HeCBench logic-rewrite's common.h): CUDA's __forceinline__ is `__inline__
// __attribute__((always_inline))`, so each file may define them. cu2c writes them inline
// (they were external definitions: "multiple definition" at the link); those that are
// static, templates, or members defined in their class stay as written. Both kernels'
// results are compared with their values.
// RUN: env -u CU2C_ENGINE %cu2c %S/Inputs/forceinline/second_file.cu -o %t.cpp && FileCheck %s --check-prefix=OUT < %t.cpp
// RUN: %cu2cc %s %S/Inputs/forceinline/second_file.cu -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// OUT: __cu2c_forceinline_linkage __host__ __device__ __forceinline__ int twice(int x)
// OUT: __cu2c_forceinline_linkage __device__ __forceinline__ int plus1(int x)
// OUT: static __device__ __forceinline__ int plus2(int x)
// OUT: template <int N> __device__ __forceinline__ int plusn(int x)
// OUT: __cu2c_forceinline_linkage __device__ __forceinline__ int S::get() const
// CHECK: 12 18 1 7
#include <cstdio>
#include "Inputs/forceinline/functions.cuh"

__global__ void ka(int *o) {
    S s{4};
    o[threadIdx.x] = du::twice(plus1(threadIdx.x)) + plus2(0) + plusn<4>(0) + s.get();
}

int runb(int *o);

int main() {
    int *o;
    cudaMallocManaged(&o, 8 * sizeof(int));
    ka<<<1, 4>>>(o);
    cudaDeviceSynchronize();
    runb(o + 4);
    printf("%d %d %d %d\n", o[0], o[3], o[4], o[7]);
    return 0;
}
