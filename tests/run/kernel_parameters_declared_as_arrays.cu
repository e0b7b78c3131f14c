// Kernel parameters declared as arrays and functions, which C adjusts to pointers (`float
// a[4]`, `const int b[]`, `float m[][2]`, `int f(int)`, `int (*g)(int)`; three HeCBench
// programs write them): each is bound as the pointer it is, and the launch's argument sizes
// are the pointers' (cu2c refused them). A kernel template's `T v[N]` too. Results compared
// with their values on both engines.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 3 309 | 4 13
#include <cstdio>

__device__ int twice(int x) { return 2 * x; }
__device__ int (*d_twice)(int) = twice;

__global__ void k(float a[4], const int b[], int n, int f(int), float m[][2], int (*g)(int)) {
    a[threadIdx.x] = b[threadIdx.x] * 2.0f + n + f(1) + m[threadIdx.x][1] + (g(0) == 0 ? 0 : 1000);
}

template <typename T, int N>
__global__ void scale(T v[N], T by) {
    if (threadIdx.x < N)
        v[threadIdx.x] = v[threadIdx.x] * by + 1;
}

int main() {
    float *a, (*m)[2];
    int *b, *v;
    cudaMallocManaged(&a, 4 * sizeof(float));
    cudaMallocManaged(&b, 4 * sizeof(int));
    cudaMallocManaged(&m, 4 * sizeof(float[2]));
    cudaMallocManaged(&v, 4 * sizeof(int));
    for (int i = 0; i < 4; i++) {
        b[i] = i;
        m[i][0] = 0;
        m[i][1] = 100.0f * i;
        v[i] = i + 1;
    }
    int (*h_twice)(int);
    cudaMemcpyFromSymbol(&h_twice, d_twice, sizeof h_twice);
    k<<<1, 4>>>(a, b, 1, h_twice, m, h_twice);
    scale<int, 4><<<1, 8>>>(v, 3);
    cudaDeviceSynchronize();
    printf("%g %g | %d %d\n", a[0], a[3], v[0], v[3]);
    return 0;
}
