// Thrust algorithms given a functor whose operator() is __device__ only, instantiated 60
// times (HeCBench gerbil's shape): clang reports each call from thrust's __host__ __device__
// code as an error, which cu2c drops (every function is host code here). Dropped errors do
// not count toward the limit on errors shown: the program builds (it stopped with "too many
// errors emitted" and no located error) and computes 1 + (1 + 2 + ... + 60).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 OMP_NUM_THREADS=2 timeout 120 %t | FileCheck %s
// CHECK: 1831
#include <thrust/device_vector.h>
#include <thrust/transform.h>
#include <cstdio>

template <int N>
struct add_n {
    __device__ int operator()(int x) const { return x + N; }
};

template <int N>
int run(thrust::device_vector<int> &v) {
    thrust::transform(v.begin(), v.end(), v.begin(), add_n<N>());
    return run<N - 1>(v);
}

template <>
int run<0>(thrust::device_vector<int> &v) {
    return v[3];
}

int main() {
    thrust::device_vector<int> v(4, 1);
    printf("%d\n", run<60>(v));
    return 0;
}
