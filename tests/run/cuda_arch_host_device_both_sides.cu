// A __host__ __device__ function whose body depends on __CUDA_ARCH__ (or calls clock()), called
// from host and device code: nvcc compiles it twice, once per side, and so does cu2c (a device
// copy of its text that device code calls): a function, a declaration before it, a function
// template called with explicit and deduced arguments, a member function defined in its class,
// a function both sides call that calls one (it needs both views too), clock()'s two meanings,
// a kernel template's call whose callee depends on its parameters (it may mean the function,
// so it calls the copy). Each side gets its own view, on both engines.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: __host__ __device__ int side__cu2c_{{device}}();
// CHECK: __host__ __device__ inline int side__cu2c_{{device}}() {
// CHECK-NEXT: #if{{def}} __CU2C_ARCH__
// CHECK: __host__ __device__ int both__cu2c_{{device}}(int x) { return side__cu2c_{{device}}() + scaled__cu2c_{{device}}(x); }
// CHECK: __host__ __device__ long stamp__cu2c_{{device}}() { return (long)__clk(); }
#include <cstdio>
#include <ctime>

__host__ __device__ int side();

__host__ __device__ inline int side() {
#ifdef __CUDA_ARCH__
    return __CUDA_ARCH__;
#else
    return -1;
#endif
}

template <typename T>
__host__ __device__ T scaled(T x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    return x * 2;
#else
    return x * 3;
#endif
}

__host__ __device__ int both(int x) { return side() + scaled(x); }

__host__ __device__ long stamp() { return (long)clock(); }

struct Helper {
    int base;
    __host__ __device__ int where() const {
#ifdef __CUDA_ARCH__
        return base + 1;
#else
        return base - 1;
#endif
    }
};

// a kernel template's call whose callee depends on T: it may mean scaled, so it calls the copy
template <typename T> __global__ void k_dependent(T *out) { out[0] = scaled(out[0]); }

__global__ void k(int *out, long *stamps) {
    Helper h{100};
    out[0] = side();
    out[1] = scaled<int>(5);
    out[2] = both(1);
    out[3] = h.where();
    stamps[0] = stamp();
    stamps[1] = stamp();
}

int main() {
    int *d, o[4];
    long *ds, st[2];
    cudaMalloc(&d, sizeof o);
    cudaMalloc(&ds, sizeof st);
    k<<<1, 1>>>(d, ds);
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpy(st, ds, sizeof st, cudaMemcpyDeviceToHost);
    Helper h{100};
    int bad = 0;
    int five = 5, *dd;
    cudaMalloc(&dd, sizeof five);
    cudaMemcpy(dd, &five, sizeof five, cudaMemcpyHostToDevice);
    k_dependent<<<1, 1>>>(dd);
    cudaMemcpy(&five, dd, sizeof five, cudaMemcpyDeviceToHost);
    if (five != 10 && ++bad) printf("dependent call on the device: %d, want 10\n", five);
    int want_device[4] = {800, 10, 802, 101}, got_host[4] = {side(), scaled(5), both(1), h.where()},
        want_host[4] = {-1, 15, 2, 99};
    for (int i = 0; i < 4; i++) {
        if (o[i] != want_device[i] && ++bad) printf("device %d: %d, want %d\n", i, o[i], want_device[i]);
        if (got_host[i] != want_host[i] && ++bad) printf("host %d: %d, want %d\n", i, got_host[i], want_host[i]);
    }
    if (st[1] < st[0] && ++bad) printf("device clock went back: %ld then %ld\n", st[0], st[1]);
    if (stamp() < 0 && ++bad) printf("host clock: %ld\n", stamp());
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
