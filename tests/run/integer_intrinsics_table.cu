// CUDA's integer intrinsics (item 13's audit beyond the SIMD ones), each compared with a host
// model written from the Math API's definitions over edge values (0, 1, 0x80000000,
// 0xffffffff, 0x00ffffff, 0x7fffffff) and a pseudo-random sweep: __popc(ll), __clz(ll) (the
// width at 0), __ffs(ll), __brev(ll), __byte_perm (3-bit selectors over y:x), the funnel
// shifts (wrapped and clamped shift counts), __mul24/__umul24 (low 24 bits, sign-extended for
// the signed form), __mulhi/__umulhi/__mul64hi/__umul64hi, __hadd/__rhadd/__uhadd/__urhadd
// (no overflow), __sad/__usad, __fns (PTX's fns: the n-th set bit up or down from a base, and
// its offset-0 form).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: integer intrinsics: 28 results, PASS
#include <cstdint>
#include <cstdio>

#define N 128
#define R 28

__global__ void ints(const unsigned *a, const unsigned *b, const unsigned *c, unsigned long long *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = a[i], y = b[i], s = c[i];
    unsigned long long xl = ((unsigned long long)x << 32) | y, *o = out + i * R;
    int k = 0;
    o[k++] = (unsigned)__popc(x);
    o[k++] = (unsigned)__popcll(xl);
    o[k++] = (unsigned)__clz((int)x);
    o[k++] = (unsigned)__clzll((long long)xl);
    o[k++] = (unsigned)__ffs((int)x);
    o[k++] = (unsigned)__ffsll((long long)xl);
    o[k++] = __brev(x);
    o[k++] = __brevll(xl);
    o[k++] = __byte_perm(x, y, s);
    o[k++] = __funnelshift_l(x, y, s);
    o[k++] = __funnelshift_lc(x, y, s % 70);
    o[k++] = __funnelshift_r(x, y, s);
    o[k++] = __funnelshift_rc(x, y, s % 70);
    o[k++] = (unsigned)__mul24((int)x, (int)y);
    o[k++] = __umul24(x, y);
    o[k++] = (unsigned)__mulhi((int)x, (int)y);
    o[k++] = __umulhi(x, y);
    o[k++] = (unsigned long long)__mul64hi((long long)xl, (long long)(((unsigned long long)s << 32) | x));
    o[k++] = __umul64hi(xl, ((unsigned long long)s << 32) | x);
    o[k++] = (unsigned)__hadd((int)x, (int)y);
    o[k++] = (unsigned)__rhadd((int)x, (int)y);
    o[k++] = __uhadd(x, y);
    o[k++] = __urhadd(x, y);
    o[k++] = __sad((int)x, (int)y, s);
    o[k++] = __usad(x, y, s);
    o[k++] = (unsigned)__mul24((int)s, -1);
    o[k++] = __fns(x, s % 32, (int)(y % 67u) - 33);
    o[k++] = __fns(x, y % 32, 0);
}

static unsigned long long model_bits(unsigned long long v, int width) {   /* bit reversal */
    unsigned long long r = 0;
    for (int b = 0; b < width; b++)
        if (v >> b & 1)
            r |= 1ull << (width - 1 - b);
    return r;
}
static int clz_model(unsigned long long v, int width) {
    int n = 0;
    for (int b = width - 1; b >= 0 && !(v >> b & 1); b--)
        n++;
    return n;
}
static int ffs_model(unsigned long long v, int width) {
    for (int b = 0; b < width; b++)
        if (v >> b & 1)
            return b + 1;
    return 0;
}
static int popc_model(unsigned long long v) {
    int n = 0;
    for (; v; v >>= 1)
        n += (int)(v & 1);
    return n;
}
/* PTX's fns, as its specification writes it */
static unsigned fns_model(unsigned mask, unsigned base, int offset) {
    unsigned d = 0xffffffffu;
    if (offset == 0) {
        if (mask >> base & 1)
            d = base;
    } else {
        int pos = (int)base, count = (offset < 0 ? -offset : offset) - 1, inc = offset > 0 ? 1 : -1;
        while (pos >= 0 && pos < 32) {
            if (mask >> pos & 1) {
                if (count == 0) {
                    d = (unsigned)pos;
                    break;
                }
                count--;
            }
            pos += inc;
        }
    }
    return d;
}
static long long sext24(unsigned v) { return (v & 0x800000u) ? (long long)(v & 0xffffffu) - 0x1000000 : (long long)(v & 0xffffffu); }

static void model(unsigned x, unsigned y, unsigned s, unsigned long long *e) {
    unsigned long long xl = ((unsigned long long)x << 32) | y, yl = ((unsigned long long)s << 32) | x;
    unsigned long long cat = ((unsigned long long)y << 32) | x;   /* hi:lo for the funnel shifts */
    int k = 0;
    e[k++] = popc_model(x);
    e[k++] = popc_model(xl);
    e[k++] = clz_model(x, 32);
    e[k++] = clz_model(xl, 64);
    e[k++] = ffs_model(x, 32);
    e[k++] = ffs_model(xl, 64);
    e[k++] = model_bits(x, 32);
    e[k++] = model_bits(xl, 64);
    unsigned char bytes[8];
    for (int i = 0; i < 4; i++)
        bytes[i] = (unsigned char)(x >> 8 * i), bytes[4 + i] = (unsigned char)(y >> 8 * i);
    unsigned perm = 0;
    for (int i = 0; i < 4; i++)
        perm |= (unsigned)bytes[(s >> 4 * i) & 7] << 8 * i;
    e[k++] = perm;
    e[k++] = (unsigned)((cat << (s % 32)) >> 32);
    unsigned cl = s % 70 < 32 ? s % 70 : 32;
    e[k++] = cl == 32 ? x : (unsigned)((cat << cl) >> 32);
    e[k++] = (unsigned)(cat >> (s % 32));
    e[k++] = cl == 32 ? y : (unsigned)(cat >> cl);
    e[k++] = (unsigned)(sext24(x) * sext24(y));
    e[k++] = (unsigned)((unsigned long long)(x & 0xffffffu) * (y & 0xffffffu));
    e[k++] = (unsigned)(((long long)(int)x * (int)y) >> 32);
    e[k++] = (unsigned)(((unsigned long long)x * y) >> 32);
    e[k++] = (unsigned long long)(long long)(((__int128)(long long)xl * (long long)yl) >> 64);
    e[k++] = (unsigned long long)(((unsigned __int128)xl * yl) >> 64);
    long long sum = (long long)(int)x + (int)y;
    e[k++] = (unsigned)(int)(sum >= 0 ? sum / 2 : -((-sum + 1) / 2));   /* floor((x + y) / 2) */
    long long rs = sum + 1;
    e[k++] = (unsigned)(int)(rs >= 0 ? rs / 2 : -((-rs + 1) / 2));
    e[k++] = (unsigned)(((unsigned long long)x + y) / 2);
    e[k++] = (unsigned)(((unsigned long long)x + y + 1) / 2);
    long long d = (long long)(int)x - (int)y;
    e[k++] = (unsigned)((d < 0 ? -d : d) + s);
    e[k++] = (unsigned)((x > y ? x - y : y - x) + s);
    e[k++] = (unsigned)(sext24(s) * -1);
    e[k++] = fns_model(x, s % 32, (int)(y % 67u) - 33);
    e[k++] = fns_model(x, y % 32, 0);
}

int main() {
    static unsigned a[N], b[N], c[N];
    static unsigned long long out[N * R];
    const unsigned edges[] = {0u, 1u, 0x80000000u, 0xffffffffu, 0x00ffffffu, 0x7fffffffu, 0x00800000u, 0x12345678u};
    unsigned seed = 3u;
    for (int i = 0; i < N; i++) {
        if (i < 64) {
            a[i] = edges[i % 8];
            b[i] = edges[i / 8];
            c[i] = (unsigned)(i * 37u) ^ 0x76543210u;
        } else {
            seed = seed * 1664525u + 1013904223u;
            a[i] = seed;
            seed = seed * 1664525u + 1013904223u;
            b[i] = seed;
            seed = seed * 1664525u + 1013904223u;
            c[i] = seed;
        }
    }
    unsigned *da, *db, *dc;
    unsigned long long *dout;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMalloc(&dc, sizeof c);
    cudaMalloc(&dout, sizeof out);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
    ints<<<N / 32, 32>>>(da, db, dc, dout);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int bad = cudaGetLastError() != cudaSuccess;
    for (int i = 0; i < N; i++) {
        unsigned long long e[R];
        model(a[i], b[i], c[i], e);
        for (int k = 0; k < R; k++)
            if (out[i * R + k] != e[k] && bad++ < 8)
                printf("FAIL: result %d for (%08x, %08x, %08x): %llx, expected %llx\n", k, a[i], b[i], c[i],
                       out[i * R + k], e[k]);
    }
    printf("integer intrinsics: %d results, %s\n", R, bad ? "FAIL" : "PASS");
    return 0;
}
