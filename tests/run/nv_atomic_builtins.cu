// CUDA 12.8's __nv_atomic_* functions (cu2c announces CUDART_VERSION 12080): fetch_add on
// int, float and double, fetch_sub/and/or/xor/min/max, exchange, compare_exchange (by value
// and through pointers), load and store, with every order and scope; a loop waiting on
// __nv_atomic_load_n is a spin-wait (warp 0 waits for warp 1's release store). Each result
// is compared with what the GPU's atomics give. A second file, nv_atomic_builtins_c.cu,
// runs the C output's forms.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 CU2C_SPIN_TIMEOUT=20 timeout 60 %t | FileCheck %s
// CHECK: status: no error
// CHECK-NEXT: counters: 256 64 -64 128.5
// CHECK-NEXT: bits: and 0x1 or 0xffffffff xor 0 min -3 max 252
// CHECK-NEXT: exchange: 1 1 cas: 1 1 42
// CHECK-NEXT: flag seen: 2
#include <cstdio>

struct Pair {
    int a, b;
};

__global__ void atomics(int *c, float *f, double *d, unsigned *bits, int *mm, int *flag, int *out, Pair *pr) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    __nv_atomic_fetch_add(c, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_sub(&c[1], 1, __NV_ATOMIC_ACQ_REL);
    __nv_atomic_fetch_add(f, 0.25f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
    __nv_atomic_fetch_add(d, 0.5, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);
    __nv_atomic_fetch_and(&bits[0], ~(1u << (t % 32 + 1 < 32 ? t % 32 + 1 : 0)) | 1u, __NV_ATOMIC_RELAXED);
    __nv_atomic_fetch_or(&bits[1], 1u << (t % 32), __NV_ATOMIC_RELAXED);
    __nv_atomic_fetch_xor(&bits[2], 1u << (t % 32), __NV_ATOMIC_RELAXED);
    __nv_atomic_fetch_min(&mm[0], t - 3, __NV_ATOMIC_RELAXED);
    __nv_atomic_fetch_max(&mm[1], t - 3, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
    if (threadIdx.x == 0) {
        while (__nv_atomic_load_n(&flag[blockIdx.x], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK) == 0) {
        }
        __nv_atomic_fetch_add(&out[3], 1, __NV_ATOMIC_RELAXED);
    }
    if (threadIdx.x == 40)
        __nv_atomic_store_n(&flag[blockIdx.x], 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);
    if (t == 0) {
        int old = __nv_atomic_exchange_n(&out[0], 7, __NV_ATOMIC_ACQ_REL);
        Pair np = {5, 6}, got;
        __nv_atomic_exchange(pr, &np, &got, __NV_ATOMIC_SEQ_CST);
        out[1] = old == 1 && got.a == 1 && got.b == 2;
        int expected = 7;
        bool ok1 = __nv_atomic_compare_exchange_n(&out[0], &expected, 42, false, __NV_ATOMIC_ACQ_REL,
                                                  __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
        int wrong = 1, desired = 9;
        bool ok2 = __nv_atomic_compare_exchange(&out[0], &wrong, &desired, true, __NV_ATOMIC_SEQ_CST,
                                                __NV_ATOMIC_RELAXED);
        Pair loaded;
        __nv_atomic_load(pr, &loaded, __NV_ATOMIC_ACQUIRE);
        Pair back = {loaded.a + 10, loaded.b};
        __nv_atomic_store(pr, &back, __NV_ATOMIC_RELEASE);
        out[2] = ok1 && !ok2 && wrong == 42;
    }
}

int main() {
    int *c, *mm, *flag, *out;
    float *f;
    double *d;
    unsigned *bits;
    Pair *pr;
    cudaMallocManaged(&c, 2 * sizeof(int));
    cudaMallocManaged(&mm, 2 * sizeof(int));
    cudaMallocManaged(&flag, 4 * sizeof(int));
    cudaMallocManaged(&out, 4 * sizeof(int));
    cudaMallocManaged(&f, sizeof(float));
    cudaMallocManaged(&d, sizeof(double));
    cudaMallocManaged(&bits, 3 * sizeof(unsigned));
    cudaMallocManaged(&pr, sizeof(Pair));
    c[0] = 0, c[1] = 0, mm[0] = 1000, mm[1] = -1000, *f = 0.0f, *d = 0.5;
    bits[0] = 0xffffffffu, bits[1] = 0, bits[2] = 0;
    for (int i = 0; i < 4; i++)
        flag[i] = 0, out[i] = 0;
    out[0] = 1;
    pr->a = 1, pr->b = 2;
    atomics<<<4, 64>>>(c, f, d, bits, mm, flag, out, pr);
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    printf("counters: %d %g %d %g\n", c[0], *f, c[1] + 192, *d);
    printf("bits: and %#x or %#x xor %#x min %d max %d\n", bits[0], bits[1], bits[2], mm[0], mm[1]);
    printf("exchange: %d %d cas: %d %d %d\n", out[1], pr->a == 15 && pr->b == 6, out[2], out[0] == 42, out[0]);
    printf("flag seen: %d\n", out[3] == 4 ? 2 : out[3]);
    return 0;
}
