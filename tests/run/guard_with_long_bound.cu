// A guard comparing a 32-bit thread index with a 64-bit bound (Rodinia srad's `if (ei <
// d_Ne)`, d_Ne a long, ei = bx * N + tx): the comparison is made in long, and the x loop is
// still narrowed to the threads passing it, the bound clamped to +-2^32 first (every 32-bit
// index compares the same with it, and the bounds' arithmetic cannot wrap). Bounds below,
// inside, and past the block, past 2^32 and below -2^32, as `<`, `<=`, `>` and `>=`, with the
// index a local B + threadIdx.x, threadIdx.x itself and a local holding it.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK-LABEL: __cu2c_body_upto(
// CHECK: __cu2c_fhix = (int)CU2C_MAXLL(0, CU2C_MINLL(__cu2c_bx, (CU2C_MAXLL(-0x100000000ll, CU2C_MINLL(0x100000000ll, (long long)(long)(n))) - (long long)(int)(blockIdx.x * blockDim.x + 0u))));
// CHECK: for (int __cu2c_tx = __cu2c_flox; __cu2c_tx < __cu2c_fhix; __cu2c_tx++) {{.*}} int ei = ((int)(blockIdx.x * blockDim.x + 0u) + __cu2c_tx);
// CHECK-NEXT: if (1) {
// CHECK-LABEL: __cu2c_body_from(
// CHECK: __cu2c_lox = (int)CU2C_MINLL(__cu2c_bx, CU2C_MAXLL(0, CU2C_MAXLL(-0x100000000ll, CU2C_MINLL(0x100000000ll, (long long)(long long)(lo))) + 1)), __cu2c_hix = (int)CU2C_MAXLL(0, CU2C_MINLL(__cu2c_bx, CU2C_MAXLL(-0x100000000ll, CU2C_MINLL(0x100000000ll, (long long)(long)(hi))) + 1));
// CHECK: for (int __cu2c_tx = __cu2c_lox; __cu2c_tx < __cu2c_hix; __cu2c_tx++)
// CHECK: if (1)
#include <climits>
#include <cstdio>

__global__ void upto(long n, int *out) {
    int ei = blockIdx.x * blockDim.x + threadIdx.x;
    if (ei < n) {
        out[ei] += 1;
    }
}

__global__ void upto_incl(long n, int *out) {
    int ei = blockIdx.x * blockDim.x + threadIdx.x;
    if (ei <= n)
        out[ei] += 2;
}

__global__ void from(long long lo, long hi, int *out) {
    int t = threadIdx.x;
    if (t > lo && threadIdx.x <= hi)
        out[blockIdx.x * blockDim.x + t] += 4;
}

__global__ void from_incl(long long lo, int *out) {
    if (threadIdx.x >= lo)
        out[blockIdx.x * blockDim.x + threadIdx.x] += 8;
}

int main() {
    const int blocks = 3, bs = 100, n = blocks * bs;
    const long long bounds[] = {LLONG_MIN, -(1ll << 33), -(1ll << 32) - 5, -1, 0, 1, 57, 99, 100, 101, 150, 299,
                                300, 301, 1ll << 32, (1ll << 32) + 7, 1ll << 40, LLONG_MAX};
    int *out;
    cudaMallocManaged(&out, n * sizeof(int));
    int bad = 0;
    for (long long b : bounds)
        for (long long c : bounds) {
            for (int i = 0; i < n; i++) out[i] = 0;
            upto<<<blocks, bs>>>((long)b, out);
            upto_incl<<<blocks, bs>>>((long)b, out);
            from<<<blocks, bs>>>(b, (long)c, out);
            from_incl<<<blocks, bs>>>(c, out);
            cudaDeviceSynchronize();
            for (int i = 0; i < n; i++) {
                long long t = i % bs;
                int want = (i < b ? 1 : 0) + (i <= b ? 2 : 0) + (t > b && t <= c ? 4 : 0) + (t >= c ? 8 : 0);
                if (out[i] != want && bad++ < 8)
                    printf("bounds %lld %lld, element %d: %d, want %d\n", b, c, i, out[i], want);
            }
        }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
