// Locals the thread-loop engine cannot keep across a barrier run on the fiber engine, where
// each thread's locals live on its own stack: an `auto` local of a kernel template whose type
// it cannot spell, lambdas capturing by value a local that changes after them (and a mutable
// one), a pointer to a local (in the kernel and passed to a device function holding a
// barrier), references bound to a local and to what a call returns.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: auto ok
// CHECK-NEXT: lambdas ok
// CHECK-NEXT: pointer ok
// CHECK-NEXT: references ok
#include <cstdio>

#define TWICE(x) ((x) + (x))
template <typename T> __global__ void k_auto(T *a) {
    T t = a[threadIdx.x];
    auto v = TWICE(t);
    __syncthreads();
    a[(threadIdx.x + 1) % blockDim.x] = v;
}

__global__ void k_lambdas(int *a) {
    int v = a[threadIdx.x];
    auto f = [v](int x) { return x + v; };
    int n = 0;
    auto g = [n]() mutable { return ++n; };
    v += 1;
    g();
    __syncthreads();
    a[threadIdx.x] = f(1) + g() * 1000 + v * 100000;
}

__device__ void fin(unsigned tid, float *l, float *s) {
    *l = s[tid];
    __syncthreads();
    s[(tid + 1) % blockDim.x] = *l + 1;
}

__global__ void k_pointer(float *out) {
    __shared__ float s[64];
    s[threadIdx.x] = (float)threadIdx.x;
    __syncthreads();
    float left = s[(threadIdx.x + 5) % 64];
    float *p = &left;
    __syncthreads();
    *p += 1;
    fin(threadIdx.x, &left, s);
    __syncthreads();
    out[threadIdx.x] = left * 1000 + s[threadIdx.x];
}

__device__ float &pick(float *a, float &b) { return b; }
__global__ void k_refs(float *a) {
    float v = a[threadIdx.x];
    float &r = v;
    float &p = pick(a, v);
    __syncthreads();
    r += 1;
    a[threadIdx.x] = r + p;
}

int main() {
    float *f;
    int *n;
    cudaMallocManaged(&f, 64 * sizeof(float));
    cudaMallocManaged(&n, 64 * sizeof(int));
    bool ok = true;
    for (int t = 0; t < 64; t++)
        f[t] = (float)t;
    k_auto<float><<<1, 64>>>(f);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= f[(t + 1) % 64] == 2.0f * t;
    printf("auto %s\n", ok ? "ok" : "BAD");
    ok = true;
    for (int t = 0; t < 64; t++)
        n[t] = t;
    k_lambdas<<<1, 64>>>(n);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= n[t] == 1 + t + 2 * 1000 + (t + 1) * 100000;
    printf("lambdas %s\n", ok ? "ok" : "BAD");
    ok = true;
    k_pointer<<<1, 64>>>(f);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= f[t] == (float)t * 1000 + (float)((t + 63) % 64) + 1;
    printf("pointer %s\n", ok ? "ok" : "BAD");
    ok = true;
    for (int t = 0; t < 64; t++)
        f[t] = (float)t;
    k_refs<<<1, 64>>>(f);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= f[t] == 2.0f * (t + 1);
    printf("references %s\n", ok ? "ok" : "BAD");
    return 0;
}
