// __dp4a, __dp2a_lo and __dp2a_hi in every form CUDA declares (sm_61_intrinsics.h): int and
// unsigned int operands, char4/uchar4 and short2/ushort2 vectors. Signed forms sign-extend
// each byte or halfword, unsigned ones zero-extend (__dp4a(0xFFu, 0xFFu, 0u) is 65025 on a
// GPU, not 1), and the sum wraps at 32 bits. Each result is compared with a host model
// written from PTX's dp4a/dp2a definitions, over edge values (0x7f, 0x80, 0xff bytes) and a
// pseudo-random sweep. Built as C++ and as C (the _Generic forms).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// RUN: %cu2c %s -o %t.c && cc -std=gnu11 -O2 -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t.cbin
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t.cbin | FileCheck %s
// CHECK: dp4a(0xFFu, 0xFFu, 0u) = 65025
// CHECK: dp4a(-1, -1, 0) = 4
// CHECK-NOT: FAIL
// CHECK: byte dot products: PASS
#include <stdio.h>

#define N 256
#define FORMS 12

__global__ void dots(const unsigned int *a, const unsigned int *b, const unsigned int *c, unsigned int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int ua = a[i], ub = b[i], uc = c[i];
    int sa = (int)ua, sb = (int)ub, sc = (int)uc;
    char4 ca = make_char4((signed char)ua, (signed char)(ua >> 8), (signed char)(ua >> 16), (signed char)(ua >> 24));
    char4 cb = make_char4((signed char)ub, (signed char)(ub >> 8), (signed char)(ub >> 16), (signed char)(ub >> 24));
    uchar4 uca = make_uchar4(ua & 255, (ua >> 8) & 255, (ua >> 16) & 255, ua >> 24);
    uchar4 ucb = make_uchar4(ub & 255, (ub >> 8) & 255, (ub >> 16) & 255, ub >> 24);
    short2 sh = make_short2((short)ua, (short)(ua >> 16));
    ushort2 ush = make_ushort2(ua & 0xffff, ua >> 16);
    unsigned int *o = out + i * FORMS;
    o[0] = (unsigned int)__dp4a(sa, sb, sc);
    o[1] = __dp4a(ua, ub, uc);
    o[2] = (unsigned int)__dp4a(ca, cb, sc);
    o[3] = __dp4a(uca, ucb, uc);
    o[4] = (unsigned int)__dp2a_lo(sa, sb, sc);
    o[5] = __dp2a_lo(ua, ub, uc);
    o[6] = (unsigned int)__dp2a_lo(sh, cb, sc);
    o[7] = __dp2a_lo(ush, ucb, uc);
    o[8] = (unsigned int)__dp2a_hi(sa, sb, sc);
    o[9] = __dp2a_hi(ua, ub, uc);
    o[10] = (unsigned int)__dp2a_hi(sh, cb, sc);
    o[11] = __dp2a_hi(ush, ucb, uc);
}

__global__ void edge(unsigned int *out) {
    out[0] = __dp4a(0xFFu, 0xFFu, 0u);
    out[1] = (unsigned int)__dp4a(-1, -1, 0);
}

/* the host model: byte k of x, sign- or zero-extended; halfword k likewise */
static long long byte_of(unsigned int x, int k, int sgn) {
    unsigned int v = (x >> (8 * k)) & 0xffu;
    return sgn && v >= 0x80u ? (long long)v - 256 : (long long)v;
}
static long long half_of(unsigned int x, int k, int sgn) {
    unsigned int v = (x >> (16 * k)) & 0xffffu;
    return sgn && v >= 0x8000u ? (long long)v - 65536 : (long long)v;
}
static unsigned int model(int form, unsigned int a, unsigned int b, unsigned int c) {
    int sgn = form % 2 == 0;
    long long sum = sgn ? (long long)(int)c : (long long)c;
    if (form < 4) {
        for (int k = 0; k < 4; k++)
            sum += byte_of(a, k, sgn) * byte_of(b, k, sgn);
    } else {
        int first = form < 8 ? 0 : 2;   /* lo: bytes 0, 1 of b; hi: bytes 2, 3 */
        for (int k = 0; k < 2; k++)
            sum += half_of(a, k, sgn) * byte_of(b, first + k, sgn);
    }
    return (unsigned int)sum;
}

int main(void) {
    static unsigned int a[N], b[N], c[N], out[N * FORMS];
    const unsigned int edges[] = {0u, 0xffffffffu, 0x7f7f7f7fu, 0x80808080u, 0x7fff8000u, 0x807fff01u, 0x00ff00ffu, 0x12345678u};
    unsigned int seed = 12345u;
    for (int i = 0; i < N; i++) {
        if (i < 64) {
            a[i] = edges[i % 8];
            b[i] = edges[i / 8];
            c[i] = i % 3 == 0 ? 0x7fffffffu : i % 3 == 1 ? 0x80000000u : 7u;
        } else {
            seed = seed * 1664525u + 1013904223u;
            a[i] = seed;
            seed = seed * 1664525u + 1013904223u;
            b[i] = seed;
            seed = seed * 1664525u + 1013904223u;
            c[i] = seed;
        }
    }
    unsigned int *da, *db, *dc, *dout;
    cudaMalloc((void **)&da, sizeof a);
    cudaMalloc((void **)&db, sizeof b);
    cudaMalloc((void **)&dc, sizeof c);
    cudaMalloc((void **)&dout, sizeof out);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
    edge<<<1, 1>>>(dout);
    unsigned int e[2];
    cudaMemcpy(e, dout, sizeof e, cudaMemcpyDeviceToHost);
    printf("dp4a(0xFFu, 0xFFu, 0u) = %u\n", e[0]);
    printf("dp4a(-1, -1, 0) = %d\n", (int)e[1]);
    dots<<<N / 64, 64>>>(da, db, dc, dout);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < N; i++)
        for (int f = 0; f < FORMS; f++)
            if (out[i * FORMS + f] != model(f, a[i], b[i], c[i]) && bad++ < 5)
                printf("FAIL: form %d a=%08x b=%08x c=%08x: %08x, expected %08x\n", f, a[i], b[i], c[i],
                       out[i * FORMS + f], model(f, a[i], b[i], c[i]));
    printf("byte dot products: %s\n", bad || cudaGetLastError() != cudaSuccess ? "FAIL" : "PASS");
    return 0;
}
