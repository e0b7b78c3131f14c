// Calls the thread-loop engine cannot expand run on the fiber engine, each thread calling
// the function as written: member functions holding barriers on objects that differ between
// threads (a local set per thread, a pointer to one of several shared objects, a member the
// function writes per thread), a function template holding a barrier whose template argument
// is deduced from an argument of a type the kernel template's pattern does not tell, and a
// function holding a barrier defined after the kernel with a macro defined between.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: halves ok
// CHECK-NEXT: shared objects ok
// CHECK-NEXT: per-thread member ok
// CHECK-NEXT: deduced ok
// CHECK-NEXT: defined after ok
#include <cstdio>

struct Reducer {
    float *buf;
    float last;
    __device__ float sum(float v) {
        buf[threadIdx.x / 2] = v;
        __syncthreads();
        return buf[0] + buf[1];
    }
    __device__ float keep(float v) {
        last = v;
        __syncthreads();
        return last;
    }
};

__global__ void halves(float *out) {
    __shared__ float s[2][32];
    Reducer r = {s[threadIdx.x % 2], 0};
    out[threadIdx.x] = r.sum((float)threadIdx.x);
}

__global__ void shared_objects(float *out) {
    __shared__ float s[2][32];
    __shared__ Reducer rs[2];
    if (threadIdx.x < 2)
        rs[threadIdx.x].buf = s[threadIdx.x];
    __syncthreads();
    Reducer *p = &rs[threadIdx.x % 2];
    out[threadIdx.x] = p->sum((float)threadIdx.x);
}

__global__ void per_thread_member(float *out) {
    __shared__ float s[64];
    Reducer r = {s, 0};
    out[threadIdx.x] = r.keep((float)threadIdx.x);
}

template <typename T>
__device__ void stage(T *s) {
    T v = s[threadIdx.x];
    __syncthreads();
    s[blockDim.x - 1 - threadIdx.x] = v;
}

template <typename T>
__global__ void reverse(T *d) {
    __shared__ T s[65];
    s[threadIdx.x + 1] = d[threadIdx.x];
    __syncthreads();
    stage(s + 1);
    __syncthreads();
    d[threadIdx.x] = s[threadIdx.x + 1];
}

__device__ int later(int *a);
__global__ void calls_later(int *a) {
    int v = later(a);
    a[threadIdx.x] = v;
}
#define PLUS_ONE(x) ((x) + 1)
__device__ int later(int *a) {
    int v = a[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
    return PLUS_ONE(v);
}

int main() {
    float *f;
    unsigned *u;
    int *a;
    cudaMallocManaged(&f, 64 * sizeof(float));
    cudaMallocManaged(&u, 64 * sizeof(unsigned));
    cudaMallocManaged(&a, 64 * sizeof(int));
    bool ok = true;
    /* thread t writes buf[t / 2] of its parity's array: [0] and [1] by threads 0..3 */
    halves<<<1, 64>>>(f);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= f[t] == (t % 2 ? 1.0f + 3.0f : 0.0f + 2.0f);
    printf("halves %s\n", ok ? "ok" : "BAD");
    ok = true;
    shared_objects<<<1, 64>>>(f);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= f[t] == (t % 2 ? 1.0f + 3.0f : 0.0f + 2.0f);
    printf("shared objects %s\n", ok ? "ok" : "BAD");
    ok = true;
    per_thread_member<<<1, 64>>>(f);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= f[t] == (float)t;
    printf("per-thread member %s\n", ok ? "ok" : "BAD");
    ok = true;
    for (int t = 0; t < 64; t++)
        u[t] = 3u * t;
    reverse<unsigned><<<1, 64>>>(u);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= u[t] == 3u * (63 - t);
    printf("deduced %s\n", ok ? "ok" : "BAD");
    ok = true;
    for (int t = 0; t < 64; t++)
        a[t] = t * t;
    calls_later<<<1, 64>>>(a);
    cudaDeviceSynchronize();
    for (int t = 0; t < 64; t++)
        ok &= a[t] == ((t + 1) % 64) * ((t + 1) % 64) + 1;
    printf("defined after %s\n", ok ? "ok" : "BAD");
    return 0;
}
