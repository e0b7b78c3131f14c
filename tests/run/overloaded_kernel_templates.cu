// Kernel templates of one name with different parameters (two HeCBench programs overload
// them so), launched with deduced and with explicit template arguments: each specialisation's
// stub and registration take it by the type its parameters spell (`static_cast<void (*)(T *,
// T, int)>(&fill<T>)`), as the non-template overloads are (were refused). Also templates with
// the same parameters told apart by `enable_if` in their template parameters (HeCBench ert):
// the specialisation C++ picks for the template arguments (`&scale<T, __cu2c_tp1>`). Results
// compared with their values on both engines.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 5 5 | 3.5 3.5 | 7 9
// CHECK: scaled 20 30 | 0.5 2.5
#include <cstdio>
#include <type_traits>

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

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
__global__ void scale(T *a, T by) {
    a[threadIdx.x] = (T)(threadIdx.x + 2) * by;
}

template <typename T, typename std::enable_if<!std::is_integral<T>::value, int>::type = 0>
__global__ void scale(T *a, T by) {
    a[threadIdx.x] = (T)(threadIdx.x + 1) * by - (T)0.5;
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
    scale<<<1, 4>>>(a, 10);
    scale<float><<<1, 4>>>(b, 1.0f);
    cudaDeviceSynchronize();
    printf("scaled %d %d | %g %g\n", a[0], a[1], b[0], b[2]);
    return 0;
}
