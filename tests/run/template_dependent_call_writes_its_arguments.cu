// In a kernel template, a call resolved per instantiation (its callee depends on the
// template's parameters) may write the locals it is given by reference, and a member call
// its object: they are written where the call runs, per thread. They were taken as unchanged
// (a local given a thread's value by `set(x, threadIdx.x)` stayed the block's, and every
// thread read the last thread's value after the barrier: silently wrong).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: free function: 1 63
// CHECK: member: 2 126
#include <cstdio>

template <class T> __device__ void set(T &x, int v) { x = (T)v; }

template <class T> struct Box {
    T v;
    __device__ void put(int x) { v = (T)(2 * x); }
};

template <class T> __global__ void by_function(T *o) {
    T x = 0;
    set(x, threadIdx.x);
    __syncthreads();
    o[threadIdx.x] = x;
}

template <class T> __global__ void by_member(T *o) {
    Box<T> b;
    b.v = 0;
    b.put(threadIdx.x);
    __syncthreads();
    o[threadIdx.x] = b.v;
}

int main() {
    int *o;
    cudaMallocManaged(&o, 64 * sizeof(int));
    by_function<int><<<1, 64>>>(o);
    cudaDeviceSynchronize();
    printf("free function: %d %d\n", o[1], o[63]);
    by_member<int><<<1, 64>>>(o);
    cudaDeviceSynchronize();
    printf("member: %d %d\n", o[1], o[63]);
    return 0;
}
