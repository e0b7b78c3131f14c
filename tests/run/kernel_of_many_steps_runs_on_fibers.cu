// A kernel of 100 steps between barriers (a fully unrolled exchange, as generated sorting
// kernels are written): more than 96 thread-loop nests, so cu2c builds it for the fiber
// engine, whose text stays the kernel's own size (HeCBench segsort's kernels made 10.7 MB of
// thread loops that g++ -O3 could not compile in 25 minutes). A kernel of 8 steps stays on
// thread loops. Results compared with a host model.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s --check-prefix=ENGINE < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// ENGINE-NOT: {{static void __cu2c_fib}}_rotate_few(
// ENGINE: {{static void __cu2c_fib}}_rotate_many(
// ENGINE-NOT: {{static void __cu2c_fib}}_rotate_few(
// CHECK: many ok, few ok
#include <cstdio>

#define N 64

/* 50 steps, written out (barriers written in macros are not rewritten by the thread loops) */
__global__ void rotate_many(int *out) {
    __shared__ int s[N];
    int t = threadIdx.x, v = t;
    s[t] = t;
    __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    out[t] = v;
}

__global__ void rotate_few(int *out) {
    __shared__ int s[N];
    int t = threadIdx.x, v = t;
    s[t] = t;
    __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    v = s[(t + 1) % N] * 3 + v; __syncthreads();
    s[t] = v & 1023; __syncthreads();
    out[t] = v;
}

static bool model(const int *out, int steps) {
    int s[N], v[N];
    for (int t = 0; t < N; t++)
        s[t] = v[t] = t;
    for (int k = 0; k < steps; k++) {
        for (int t = 0; t < N; t++)
            v[t] = s[(t + 1) % N] * 3 + v[t];
        for (int t = 0; t < N; t++)
            s[t] = v[t] & 1023;
    }
    for (int t = 0; t < N; t++)
        if (out[t] != v[t])
            return false;
    return true;
}

int main() {
    int *out;
    cudaMallocManaged(&out, N * sizeof(int));
    rotate_many<<<1, N>>>(out);
    cudaDeviceSynchronize();
    bool many = model(out, 50);
    rotate_few<<<1, N>>>(out);
    cudaDeviceSynchronize();
    bool few = model(out, 4);
    printf("many %s, few %s\n", many ? "ok" : "WRONG", few ? "ok" : "WRONG");
    return !(many && few);
}
