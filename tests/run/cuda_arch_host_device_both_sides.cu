// A __host__ __device__ function whose body depends on __CUDA_ARCH__ (or calls clock()), called
// from host and device code: nvcc compiles it twice, once per side, and so does cu2c (a device
// copy of its text that device code calls): a function, a declaration before it, a function
// template called with explicit and deduced arguments, a member function defined in its class,
// members defined outside their class (a class's, a member template, a class template's: the
// declaration in the class is copied too), a function both sides call that calls one (it needs both views too), clock()'s two meanings,
// a kernel template's call whose callee depends on its parameters (it may mean the function,
// so it calls the copy). Each side gets its own view, on both engines.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: __host__ __device__ int side__cu2c_{{device}}();
// CHECK: __host__ __device__ inline int side__cu2c_{{device}}() {
// CHECK-NEXT: #if{{def}} __CU2C_ARCH__
// CHECK: __host__ __device__ int both__cu2c_{{device}}(int x) { return side__cu2c_{{device}}() + scaled__cu2c_{{device}}(x); }
// CHECK: __host__ __device__ long stamp__cu2c_{{device}}() { return (long)__clk(); }
// CHECK: __host__ __device__ int outside() const;
// CHECK-NEXT: #line
// CHECK-NEXT: __host__ __device__ int outside__cu2c_{{device}}() const;
// CHECK: __host__ __device__ int Helper::outside__cu2c_{{device}}() const {
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
    __host__ __device__ int outside() const;
    template <typename T> __host__ __device__ T outside_template(T a) const;
};

// members defined outside their class: the declaration in the class is copied too
__host__ __device__ int Helper::outside() const {
#ifdef __CUDA_ARCH__
    return base + 2;
#else
    return base - 2;
#endif
}

template <typename T> __host__ __device__ T Helper::outside_template(T a) const {
#ifdef __CUDA_ARCH__
    return a * 2;
#else
    return a * 3;
#endif
}

template <typename T> struct Cell {
    T v;
    __host__ __device__ T get() const;
};

template <typename T> __host__ __device__ T Cell<T>::get() const {
#ifdef __CUDA_ARCH__
    return v + 10;
#else
    return v + 20;
#endif
}

// a kernel template's call whose callee depends on T: it may mean scaled, so it calls the copy
template <typename T> __global__ void k_dependent(T *out) { out[0] = scaled(out[0]); }

__global__ void k(int *out, long *stamps) {
    Helper h{100};
    Cell<int> c{1};
    out[0] = side();
    out[1] = scaled<int>(5);
    out[2] = both(1);
    out[3] = h.where();
    out[4] = h.outside();
    out[5] = h.outside_template(4);
    out[6] = c.get();
    stamps[0] = stamp();
    stamps[1] = stamp();
}

int main() {
    int *d, o[7];
    long *ds, st[2];
    cudaMalloc(&d, sizeof o);
    cudaMalloc(&ds, sizeof st);
    k<<<1, 1>>>(d, ds);
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpy(st, ds, sizeof st, cudaMemcpyDeviceToHost);
    Helper h{100};
    Cell<int> c{1};
    int bad = 0;
    int five = 5, *dd;
    cudaMalloc(&dd, sizeof five);
    cudaMemcpy(dd, &five, sizeof five, cudaMemcpyHostToDevice);
    k_dependent<<<1, 1>>>(dd);
    cudaMemcpy(&five, dd, sizeof five, cudaMemcpyDeviceToHost);
    if (five != 10 && ++bad) printf("dependent call on the device: %d, want 10\n", five);
    int want_device[7] = {800, 10, 802, 101, 102, 8, 11},
        got_host[7] = {side(), scaled(5), both(1), h.where(), h.outside(), h.outside_template(4), c.get()},
        want_host[7] = {-1, 15, 2, 99, 98, 12, 21};
    for (int i = 0; i < 7; i++) {
        if (o[i] != want_device[i] && ++bad) printf("device %d: %d, want %d\n", i, o[i], want_device[i]);
        if (got_host[i] != want_host[i] && ++bad) printf("host %d: %d, want %d\n", i, got_host[i], want_host[i]);
    }
    if (st[1] < st[0] && ++bad) printf("device clock went back: %ld then %ld\n", st[0], st[1]);
    if (stamp() < 0 && ++bad) printf("host clock: %ld\n", stamp());
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
