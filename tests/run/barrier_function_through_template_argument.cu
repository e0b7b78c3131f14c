// A kernel template whose template argument is a pointer to a __device__ function (llm.c's
// trimat_forward: trimul_global<matmul_tri4>), and a kernel calling through a __device__
// function pointer: where one of the functions so named holds __syncthreads() (its address is
// taken), the thread loops cannot expand the call (they do not know which function it is),
// so the kernel runs on the fiber engine, whose threads call the function as written. The
// same kernel with a function without barriers gives its own results too.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: static void __cu2c_fib_apply(
// CHECK: static void __cu2c_fib_through_pointer(
#include <cstdio>

typedef void (*step_fn)(float *, int);

__device__ void add_one(float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += 1;
}

// each thread takes its right neighbour's value within the block (through shared memory)
__device__ void rotate_in_block(float *p, int n) {
    __shared__ float s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? p[i] : 0;
    __syncthreads();
    if (i < n)
        p[i] = s[(threadIdx.x + 1) % blockDim.x];
}

template <step_fn F> __global__ void apply(float *p, int n) { F(p, n); }

__device__ step_fn chosen = rotate_in_block;

__global__ void through_pointer(float *p, int n) {
    step_fn f = chosen;
    f(p, n);
}

int main() {
    const int n = 256, block = 128;
    float *p;
    cudaMallocManaged(&p, n * sizeof(float));
    for (int i = 0; i < n; i++)
        p[i] = (float)i;
    apply<rotate_in_block><<<n / block, block>>>(p, n);
    apply<add_one><<<n / block, block>>>(p, n);
    through_pointer<<<n / block, block>>>(p, n);
    cudaError_t e = cudaDeviceSynchronize();
    int bad = e != cudaSuccess;
    for (int i = 0; i < n; i++) {
        int b = i / block * block;
        float want = (float)(b + (i - b + 2) % block) + 1;   // rotated twice, plus one
        if (p[i] != want && bad++ < 4)
            printf("p[%d] = %g, want %g\n", i, p[i], want);
    }
    printf(bad ? "FAILED %d (%s)\n" : "ok\n", bad, cudaGetErrorString(e));
    return bad != 0;
}
