// PTX's three-input logic (lop3.b32) in device code, as SHA-256 kernels write it (HeCBench
// bitcracker: `asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c))`),
// the table a literal or an "n" operand: each bit of the result is the table's bit at
// (a << 2 | b << 1 | c): 0xb8 is b ? c : a, 0xe8 the majority. Compared over every table
// with the host's bitwise model.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: lop3 ok: xor 0x96 ch 0xb8 maj 0xe8, 256 tables
#include <cstdio>

template <unsigned L> __device__ unsigned lop3(unsigned a, unsigned b, unsigned c) {
    unsigned d;
    asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "n"(L));
    return d;
}

template <unsigned L> __global__ void tables(const unsigned *in, unsigned *out) {
    int t = threadIdx.x;
    out[t] = lop3<L>(in[3 * t], in[3 * t + 1], in[3 * t + 2]);
}

__global__ void sha_logic(const unsigned *in, unsigned *out) {
    int t = threadIdx.x;
    unsigned a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2], x, ch, maj;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(x) : "r"(a), "r"(b), "r"(c));
    asm("lop3.b32 %0, %1, %2, %3, 0xb8;" : "=r"(ch) : "r"(a), "r"(b), "r"(c));
    asm("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(maj) : "r"(a), "r"(b), "r"(c));
    out[3 * t] = x;
    out[3 * t + 1] = ch;
    out[3 * t + 2] = maj;
}

static unsigned model(unsigned lut, unsigned a, unsigned b, unsigned c) {
    unsigned d = 0;
    for (int bit = 0; bit < 32; bit++) {
        unsigned i = (a >> bit & 1) << 2 | (b >> bit & 1) << 1 | (c >> bit & 1);
        d |= (lut >> i & 1) << bit;
    }
    return d;
}

template <unsigned L> static bool check(const unsigned *in, unsigned *out) {
    tables<L><<<1, 32>>>(in, out);
    cudaDeviceSynchronize();
    bool ok = true;
    for (int t = 0; t < 32; t++)
        ok &= out[t] == model(L, in[3 * t], in[3 * t + 1], in[3 * t + 2]);
    return ok;
}

/* the tables Lo .. Hi - 1 that come out right (halved, to keep the instantiations shallow) */
template <unsigned Lo, unsigned Hi> static int check_all(const unsigned *in, unsigned *out) {
    if constexpr (Hi - Lo == 1)
        return check<Lo>(in, out);
    else
        return check_all<Lo, (Lo + Hi) / 2>(in, out) + check_all<(Lo + Hi) / 2, Hi>(in, out);
}

int main() {
    unsigned *in, *out;
    cudaMallocManaged(&in, 96 * sizeof(unsigned));
    cudaMallocManaged(&out, 96 * sizeof(unsigned));
    unsigned s = 12345;
    for (int i = 0; i < 96; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = s;
    }
    sha_logic<<<1, 32>>>(in, out);
    cudaDeviceSynchronize();
    bool sha = true;
    for (int t = 0; t < 32; t++) {
        unsigned a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2];
        sha &= out[3 * t] == (a ^ b ^ c) && out[3 * t + 1] == ((b & c) | (~b & a)) &&
               out[3 * t + 2] == ((a & b) | (a & c) | (b & c));
    }
    int tables_ok = check_all<0, 256>(in, out);
    printf("lop3 %s: xor 0x96 ch 0xb8 maj 0xe8, %d tables\n", sha ? "ok" : "WRONG", tables_ok);
    return !(sha && tables_ok == 256);
}
