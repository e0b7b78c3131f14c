// Calls in templates whose callee the template's parameters decide, of __host__ __device__
// functions using __CUDA_ARCH__ that both sides call: a member call on an object of the
// template's type (`x.get()`, `p->get()`, `this->t.get()`, in a lambda), an unqualified call
// found by argument-dependent lookup only (`side(x)`, side in the argument's namespace), a
// name meaning overloads of which only one uses __CUDA_ARCH__ (`twice(y)`: int, float and a
// __device__ double), and a __host__ __device__ template calling one. Device code takes the
// device's branch through a dispatch function cu2c writes for the call; a type whose get
// has no device copy (Q) calls its own. Each side gets its own view, on both engines.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: __host__ __device__ float twice__cu2c_{{device}}(float x) { return x * 2; }
// CHECK: template <class {{[^>]*}}> __device__ auto [[D1:__cu2c_dispatch[0-9]+]](int, {{.*}}.get__cu2c_{{device}}({{.*}} template <class {{[^>]*}}> __device__ auto [[D1]](long, {{.*}}.get(
// CHECK: __device__ int both_gets() const { return [[D1]](0, this->t) + {{__cu2c_dispatch[0-9]+}}(0, t); }
// CHECK: int plain_tag__cu2c_{{device}}() const { return {{__cu2c_dispatch[0-9]+}}(0, *(this)); }
// CHECK: out[1] = {{__cu2c_dispatch[0-9]+}}(0, x);
// CHECK-NEXT: out[2] = {{__cu2c_dispatch[0-9]+}}(0, *(p));
#include <cstdio>

__host__ __device__ int twice(int x) {
#ifdef __CUDA_ARCH__
    return x * 2;
#else
    return x * 3;
#endif
}
__host__ __device__ float twice(float x) { return x * 2; }
__device__ double twice(double x) { return x * 4; }

namespace geo {
struct P {
    int v;
    __host__ __device__ int get() const {
#ifdef __CUDA_ARCH__
        return 100 + v;
#else
        return 200 + v;
#endif
    }
    __host__ __device__ int get(int a) const { return v + a; }
};
__host__ __device__ int side(P p) {
#ifdef __CUDA_ARCH__
    return 10 + p.v;
#else
    return 20 + p.v;
#endif
}
}   // namespace geo

struct Q { int v; __host__ __device__ int get() const { return -v; } };

template <typename T> struct Box {
    T t;
    __device__ int both_gets() const { return this->t.get() + t.get(); }
    // overloads called on the implicit this of a class template: read as this->tag()
    __host__ __device__ int tag() const {
#ifdef __CUDA_ARCH__
        return 1;
#else
        return 2;
#endif
    }
    __host__ __device__ int tag(int a) const { return a; }
    template <typename U> __host__ __device__ int tags(U u) const { return tag() * 10 + tag(u); }
    __host__ __device__ int plain_tag() const { return tag(); }
};

template <typename T> __host__ __device__ int thousand(const T &x) { return x.get() * 1000; }

template <typename T, typename U> __global__ void k(T x, U y, int *out) {
    T *p = &x;
    Box<T> b{x};
    auto f = [](const T &v) { return v.get(); };
    out[0] = (int)twice(y);
    out[1] = x.get();
    out[2] = p->get();
    out[3] = x.get(5);
    out[4] = side(x);
    out[5] = thousand(x);
    out[6] = f(x);
    out[7] = b.both_gets();
}

template <typename T> __global__ void k_any(T x, int *out) { out[0] = x.get(); out[1] = thousand(x); }

__global__ void k_box(Box<int> b, int *out) { out[0] = b.tags(3); out[1] = b.plain_tag(); }

int main() {
    int *d, o[8], bad = 0;
    Box<int> bx{0};
    cudaMalloc(&d, sizeof o);
    geo::P p{1};
    k<<<1, 1>>>(p, 3, d);
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    int want[8] = {6, 101, 101, 6, 11, 101000, 101, 202};
    for (int i = 0; i < 8; i++)
        if (o[i] != want[i] && ++bad) printf("device %d: %d, want %d\n", i, o[i], want[i]);
    k<<<1, 1>>>(p, 3.0f, d);
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    if (o[0] != 6 && ++bad) printf("twice(3.0f) on the device: %d, want 6\n", o[0]);
    k<<<1, 1>>>(p, 3.0, d);
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    if (o[0] != 12 && ++bad) printf("twice(3.0) on the device: %d, want 12\n", o[0]);
    k_any<<<1, 1>>>(Q{7}, d);
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    if ((o[0] != -7 || o[1] != -7000) && ++bad) printf("Q on the device: %d %d, want -7 -7000\n", o[0], o[1]);
    k_box<<<1, 1>>>(bx, d);
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    if ((o[0] != 13 || o[1] != 1) && ++bad) printf("implicit this on the device: %d %d, want 13 1\n", o[0], o[1]);
    int got_host[6] = {twice(3), p.get(), geo::side(p), thousand(p), bx.tags(3), bx.plain_tag()},
        want_host[6] = {9, 201, 21, 201000, 23, 2};
    for (int i = 0; i < 6; i++)
        if (got_host[i] != want_host[i] && ++bad) printf("host %d: %d, want %d\n", i, got_host[i], want_host[i]);
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
