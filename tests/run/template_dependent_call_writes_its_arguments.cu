// In a kernel template, a call resolved per instantiation (its callee depends on the
// template's parameters) may write the locals it is given by reference, and a member call
// its object: they are written where the call runs, per thread. They were taken as unchanged
// (a local given a thread's value by `set(x, threadIdx.x)` stayed the block's, and every
// thread read the last thread's value after the barrier: silently wrong). So may an
// assignment operator found per instantiation (cuda_fp16.h's operators are candidates for
// `x = v`, `y += v` on a T). A local passed by value to a candidate taking values stays
// unwritten: a loop bound passed so keeps the loop uniform (NVIDIA's mergeSort:
// binarySearchExclusive<sortDir>(key, base, stride, stride) in a loop holding barriers).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: free function: 1 63
// CHECK: member: 2 126
// CHECK: operators: 4 190
// CHECK: by value: 63 1
#include <cstdio>
#include <cuda_fp16.h>

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

template <class T> __global__ void by_operators(T *o) {
    T x = 0, y = 0, z = 1;
    x = (T)threadIdx.x;
    y += (T)threadIdx.x;
    z *= (T)(threadIdx.x + 1);
    __syncthreads();
    o[threadIdx.x] = x + y + z;
}

template <int D> __device__ unsigned pick(unsigned v, unsigned stride) { return D ? v + stride : v; }

/* stride passed by value: the loop's trips stay the block's */
template <int D> __global__ void by_value(int *o, unsigned n) {
    __shared__ int s[64];
    s[threadIdx.x] = 0;
    for (unsigned stride = 1; stride < n; stride <<= 1) {
        unsigned p = pick<D>(threadIdx.x, stride) % 64;
        __syncthreads();
        s[p] += 1;
        __syncthreads();
    }
    o[threadIdx.x] = s[threadIdx.x];
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
    by_operators<int><<<1, 64>>>(o);
    cudaDeviceSynchronize();
    printf("operators: %d %d\n", o[1], o[63]);
    /* D = 0: each thread adds 1 to its own element on each of 6 trips (n = 64) */
    by_value<0><<<1, 64>>>(o, 64);
    cudaDeviceSynchronize();
    int first = o[5];
    by_value<1><<<1, 64>>>(o, 2);
    cudaDeviceSynchronize();
    /* D = 1, n = 2: one trip, thread t adds 1 to element (t + 1) % 64 */
    printf("by value: %d %d\n", first * 10 + o[5] * 3, o[0]);
    return 0;
}
