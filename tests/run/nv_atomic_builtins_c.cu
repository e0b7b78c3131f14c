// CUDA 12.8's __nv_atomic_* functions in a program cu2c writes as C (its host code is C):
// the integer forms, by value and through pointers, as macros over the C11/GCC builtins.
// Compared with what the GPU's atomics give.
// RUN: %cu2c %s -o %t.c && cc -std=gnu11 -O2 -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: counts: 128 -128 or 0xffffffff xor 0 and 0x1
// CHECK-NEXT: exchange: 1 load_n: 42 load: 42
#include <stdio.h>

__global__ void atomics(int *c, unsigned *bits, int *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    __nv_atomic_fetch_add(&c[0], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_sub(&c[1], 1, __NV_ATOMIC_SEQ_CST);
    __nv_atomic_fetch_or(&bits[0], 1u << (t % 32), __NV_ATOMIC_RELAXED);
    __nv_atomic_fetch_xor(&bits[1], 1u << (t % 32), __NV_ATOMIC_RELAXED);
    __nv_atomic_fetch_and(&bits[2], 1u, __NV_ATOMIC_RELAXED);
    if (t == 0) {
        int old = __nv_atomic_exchange_n(&out[0], 7, __NV_ATOMIC_ACQ_REL);
        int desired = 42;
        __nv_atomic_store(&out[0], &desired, __NV_ATOMIC_RELEASE);
        int seen;
        __nv_atomic_load(&out[0], &seen, __NV_ATOMIC_ACQUIRE);
        out[1] = old;
        out[2] = __nv_atomic_load_n(&out[0], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK);
        out[3] = seen;
    }
}

int main(void) {
    int *c, *out;
    unsigned *bits;
    cudaMallocManaged((void **)&c, 2 * sizeof(int), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&out, 4 * sizeof(int), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&bits, 3 * sizeof(unsigned), cudaMemAttachGlobal);
    c[0] = c[1] = 0;
    bits[0] = 0, bits[1] = 0, bits[2] = 0xffffffffu;
    out[0] = 1;
    atomics<<<2, 64>>>(c, bits, out);
    cudaDeviceSynchronize();
    printf("counts: %d %d or %#x xor %#x and %#x\n", c[0], c[1], bits[0], bits[1], bits[2]);
    printf("exchange: %d load_n: %d load: %d\n", out[1], out[2], out[3]);
    return 0;
}
