// Kernels declared in a namespace and defined outside it with a qualified name (`__global__
// void aig::build(...) { ... }`, as HeCBench's logic-rewrite writes them), a kernel template
// too: cu2c's registration, at the file's scope, names them qualified (it named an undeclared
// `build`). Launched qualified, each computes its own values.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 0 3 6 9 | 5 6 7 8 | 2 2 2 2
#include <cstdio>

namespace aig {
namespace inner {
__global__ void build(int *out, int k);
}
template <int N>
__global__ void shift(int *out);
__global__ void fill(int *out);
}

__global__ void aig::inner::build(int *out, int k) { out[threadIdx.x] = k * threadIdx.x; }

template <int N>
__global__ void aig::shift(int *out) {
    out[threadIdx.x] = N + threadIdx.x;
}

namespace aig {
__global__ void fill(int *out) { out[threadIdx.x] = 2; }
}

int main() {
    int *o;
    cudaMallocManaged(&o, 12 * sizeof(int));
    aig::inner::build<<<1, 4>>>(o, 3);
    aig::shift<5><<<1, 4>>>(o + 4);
    aig::fill<<<1, 4>>>(o + 8);
    cudaDeviceSynchronize();
    for (int i = 0; i < 12; i++)
        printf(i % 4 == 3 && i < 11 ? "%d | " : i == 11 ? "%d\n" : "%d ", o[i]);
    return 0;
}
