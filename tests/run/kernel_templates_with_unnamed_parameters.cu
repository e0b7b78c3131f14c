// Kernel templates with unnamed template parameters (`template <typename T, int = 0>`, and
// enable_if's `typename std::enable_if<...>::type = 0`, as HeCBench ert writes them): cu2c's
// block function and stub name every parameter, so the unnamed ones are given names (the
// output had `k<T, >`, which the host compiler rejects). Launched with the defaults taken and
// with explicit arguments, on both engines.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 1 1 | 7 7 | 2.5 2.5
#include <cstdio>
#include <type_traits>

template <typename T, int = 0>
__global__ void ones(T *a) {
    a[threadIdx.x] = 1;
}

template <typename T, int = 3, typename = void>
__global__ void sevens(T *a) {
    a[threadIdx.x] = 7;
}

template <typename T, typename std::enable_if<std::is_floating_point<T>::value, int>::type = 0>
__global__ void halves(T *a, T v) {
    a[threadIdx.x] = v / 2;
}

int main() {
    int *a, *b;
    float *c;
    cudaMallocManaged(&a, 4 * sizeof(int));
    cudaMallocManaged(&b, 4 * sizeof(int));
    cudaMallocManaged(&c, 4 * sizeof(float));
    ones<int><<<1, 4>>>(a);
    sevens<int, 5><<<1, 4>>>(b);
    halves<<<1, 4>>>(c, 5.0f);
    cudaDeviceSynchronize();
    printf("%d %d | %d %d | %g %g\n", a[0], a[3], b[0], b[3], c[0], c[3]);
    return 0;
}
