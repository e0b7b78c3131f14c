// Kernel templates of one name with different parameters (two HeCBench programs overload
// them so), launched with deduced and with explicit template arguments: each specialisation's
// stub and registration take it by the type its parameters spell (`static_cast<void (*)(T *,
// T, int)>(&fill<T>)`), as the non-template overloads are (were refused). Results compared
// with their values on both engines.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 5 5 | 3.5 3.5 | 7 9
#include <cstdio>

template <typename T>
__global__ void fill(T *a, T v) {
    a[threadIdx.x] = v;
}

template <typename T>
__global__ void fill(T *a, T v, int n) {
    if (threadIdx.x < n)
        a[threadIdx.x] = v + 1;
}

template <typename T, int N>
__global__ void fill(T *a) {
    a[threadIdx.x] = N + threadIdx.x;
}

int main() {
    int *a, *c;
    float *b;
    cudaMallocManaged(&a, 4 * sizeof(int));
    cudaMallocManaged(&b, 4 * sizeof(float));
    cudaMallocManaged(&c, 4 * sizeof(int));
    fill<<<1, 4>>>(a, 5);
    fill<float><<<1, 4>>>(b, 2.5f, 2);
    fill<int, 7><<<1, 4>>>(c);
    cudaDeviceSynchronize();
    printf("%d %d | %g %g | %d %d\n", a[0], a[3], b[0], b[1], c[0], c[2]);
    return 0;
}
