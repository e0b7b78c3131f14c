// cuda_bf16.h in device code, bit for bit against host references written independently
// (scaling by powers of two in double rather than cu2c's integer shifts):
// - every one of the 65536 bf16 values to float (exact), back to bf16, and to the integer
//   types in the four rounding modes (saturating, NaN -> 0);
// - floats to bf16 in the four modes: each bf16 value with its lower 16 bits set to 0, 1,
//   just below, at and above the tie, all ones (ties, denormals, overflow at the top), NaN,
//   infinities and a million random floats; doubles (including ties a float would round
//   twice), integers of every type;
// - + - * / fma sqrt, max/min, comparisons, saturating and relu forms on every pair (triple)
//   of special values and on random operands, the bf162 lane forms, C++ operators, atomics.
// Run as C++ (cu2cc) and as C output (the shared half/bf16 names as _Generic macros).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 120 %t | FileCheck %s
// RUN: %cu2c --lang=c %s -o %t.c
// RUN: cc -std=gnu11 -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t.cbin
// RUN: env CU2C_NUM_THREADS=1 timeout 120 %t.cbin | FileCheck %s
// CHECK: bf16 ok
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

static int failures;
#define CHECK(c) do { if (!(c) && failures++ < 20) printf("FAIL line %d: %s\n", __LINE__, #c); } while (0)
#define CHECKX(c, ...) do { if (!(c) && failures++ < 20) { printf("FAIL line %d: %s: ", __LINE__, #c); printf(__VA_ARGS__); printf("\n"); } } while (0)

enum { RN, RZ, RU, RD };
#define MAXBF 3.3895313892515355e38    /* 0x7f7f */

/* ---- host references ---------------------------------------------------------------------- */

static double bits2d(unsigned short b) { unsigned u = (unsigned)b << 16; float f; memcpy(&f, &u, 4); return f; }
static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static unsigned short f2bits(float f) { return (unsigned short)(fbits(f) >> 16); }

/* x rounded to bf16 by mode; dir: the sign of (the exact value - x) when x is itself rounded */
static unsigned short ref_round_dir(double x, int dir, int mode) {
    if (x != x) return 0x7fff;
    unsigned short sign = signbit(x) ? 0x8000 : 0;
    if (isinf(x)) return sign | 0x7f80;
    if (x == 0 && dir == 0) return sign;
    double ax = fabs(x);
    int adir = sign ? -dir : dir;      /* direction of the exact magnitude from ax */
    int e;
    double quantum, q, lo, frac;
    for (int again = 1; again >= 0; again--) {
        frexp(ax, &e);                 /* ax in [2^(e-1), 2^e) */
        quantum = ldexp(1.0, (e - 1 < -126 ? -126 : e - 1) - 7);
        if (ax == 0) quantum = ldexp(1.0, -133);
        q = ax / quantum;
        lo = floor(q);
        frac = q - lo;
        /* just below a bf16 value (maybe the bottom of a binade): round the double below it,
         * which nothing of bf16's grid separates from the exact value */
        if (frac == 0 && adir < 0 && again) {
            ax = nextafter(ax, 0);
            adir = 1;
        } else {
            break;
        }
    }
    int up;
    if (mode == RN) {
        if (frac > 0.5 || (frac == 0.5 && adir > 0)) up = 1;
        else if (frac < 0.5 || adir < 0) up = 0;
        else up = fmod(lo, 2.0) != 0;               /* an exact tie: to even */
    } else if (mode == RZ) {
        up = 0;
    } else {
        int away = (mode == RU) == !sign;            /* rounding away from zero */
        up = away && (frac > 0 || adir > 0);
    }
    double v = (lo + up) * quantum;
    if (v > MAXBF) {
        int away = mode == RN || (mode == RU && !sign) || (mode == RD && sign);
        return sign | (away ? 0x7f80 : 0x7f7f);
    }
    return sign | f2bits((float)v);
}
static unsigned short ref_round(double x, int mode) { return ref_round_dir(x, 0, mode); }

/* exact results as a double plus the direction of the rest (error-free transformations) */
static int sgn(double v) { return (v > 0) - (v < 0); }
static unsigned short ref_add(double a, double b) {
    double s = a + b;
    if (!isfinite(s)) return ref_round(s, RN);
    double bb = s - a, err = (a - (s - bb)) + (b - bb);
    return ref_round_dir(s, sgn(err), RN);
}
static unsigned short ref_mul(double a, double b) { return ref_round(a * b, RN); }   /* exact */
static unsigned short ref_div(double a, double b) {
    double q = a / b;
    if (!isfinite(q) || q == 0) return ref_round(q, RN);
    double r = fma(-q, b, a);          /* a - q*b, exact */
    return ref_round_dir(q, sgn(r) * sgn(b), RN);
}
static unsigned short ref_fma(double a, double b, double c) {
    double p = a * b;                  /* exact */
    return ref_add(p, c);
}
static unsigned short ref_sqrt(double a) {
    double q = sqrt(a);
    if (!isfinite(q) || q == 0) return ref_round(q, RN);
    return ref_round_dir(q, sgn(fma(-q, q, a)), RN);
}
static int is_nan_bits(unsigned short b) { return (b & 0x7fff) > 0x7f80; }
static unsigned short ref_maxmin(unsigned short a, unsigned short b, int want_max, int nan_wins) {
    int na = is_nan_bits(a), nb = is_nan_bits(b);
    if (na || nb) return (nan_wins || (na && nb)) ? 0x7fff : na ? b : a;
    double x = bits2d(a), y = bits2d(b);
    if (x == y) {   /* +0 > -0 */
        if (want_max) return (a & 0x8000) ? b : a;
        return (a & 0x8000) ? a : b;
    }
    return (x > y) == want_max ? a : b;
}
static unsigned short ref_sat(unsigned short r) {
    if (is_nan_bits(r)) return 0;
    double v = bits2d(r);
    return v < 0 ? 0 : v > 1 ? 0x3f80 : r;
}

static double ref_int_round(double v, int mode) {
    return mode == RN ? nearbyint(v) : mode == RZ ? trunc(v) : mode == RU ? ceil(v) : floor(v);
}
static long long ref_sat_ll(double v, double lo, double hi) {
    if (v != v) return 0;
    return v <= lo ? (long long)lo : v >= hi ? (long long)hi : (long long)v;
}

/* ---- device side --------------------------------------------------------------------------- */

#define NMODES 4
__global__ void from_bf16(float *f, unsigned short *back, int *i32, unsigned *u32, short *i16,
                          unsigned short *u16, long long *i64, unsigned long long *u64) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __nv_bfloat16 h = __ushort_as_bfloat16((unsigned short)i);
    f[i] = __bfloat162float(h);
    back[i] = __bfloat16_as_ushort(__float2bfloat16(f[i]));
    i32[i * 4 + 0] = __bfloat162int_rn(h); i32[i * 4 + 1] = __bfloat162int_rz(h);
    i32[i * 4 + 2] = __bfloat162int_ru(h); i32[i * 4 + 3] = __bfloat162int_rd(h);
    u32[i * 4 + 0] = __bfloat162uint_rn(h); u32[i * 4 + 1] = __bfloat162uint_rz(h);
    u32[i * 4 + 2] = __bfloat162uint_ru(h); u32[i * 4 + 3] = __bfloat162uint_rd(h);
    i16[i * 4 + 0] = __bfloat162short_rn(h); i16[i * 4 + 1] = __bfloat162short_rz(h);
    i16[i * 4 + 2] = __bfloat162short_ru(h); i16[i * 4 + 3] = __bfloat162short_rd(h);
    u16[i * 4 + 0] = __bfloat162ushort_rn(h); u16[i * 4 + 1] = __bfloat162ushort_rz(h);
    u16[i * 4 + 2] = __bfloat162ushort_ru(h); u16[i * 4 + 3] = __bfloat162ushort_rd(h);
    i64[i * 4 + 0] = __bfloat162ll_rn(h); i64[i * 4 + 1] = __bfloat162ll_rz(h);
    i64[i * 4 + 2] = __bfloat162ll_ru(h); i64[i * 4 + 3] = __bfloat162ll_rd(h);
    u64[i * 4 + 0] = __bfloat162ull_rn(h); u64[i * 4 + 1] = __bfloat162ull_rz(h);
    u64[i * 4 + 2] = __bfloat162ull_ru(h); u64[i * 4 + 3] = __bfloat162ull_rd(h);
}

/* out[i * 6 + k]: rn, rz, ru, rd, __float2bfloat16, and the bf162 forms' lanes checked in place */
__global__ void from_float(const float *x, unsigned short *out, int *pairs_ok, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        out[i * 5 + 0] = __bfloat16_as_ushort(__float2bfloat16_rn(v));
        out[i * 5 + 1] = __bfloat16_as_ushort(__float2bfloat16_rz(v));
        out[i * 5 + 2] = __bfloat16_as_ushort(__float2bfloat16_ru(v));
        out[i * 5 + 3] = __bfloat16_as_ushort(__float2bfloat16_rd(v));
        out[i * 5 + 4] = __bfloat16_as_ushort(__float2bfloat16(v));
        float w = x[n - 1 - i];
        __nv_bfloat162 p = __floats2bfloat162_rn(v, w), d = __float2bfloat162_rn(v);
        float2 f2; f2.x = v; f2.y = w;
        __nv_bfloat162 q = __float22bfloat162_rn(f2);
        float2 back = __bfloat1622float2(p);
        unsigned short rv = out[i * 5 + 0], rw = __bfloat16_as_ushort(__float2bfloat16_rn(w));
        pairs_ok[i] = __bfloat16_as_ushort(__low2bfloat16(p)) == rv && __bfloat16_as_ushort(__high2bfloat16(p)) == rw &&
                      __bfloat16_as_ushort(d.x) == rv && __bfloat16_as_ushort(d.y) == rv &&
                      __bfloat16_as_ushort(q.x) == rv && __bfloat16_as_ushort(q.y) == rw &&
                      __float_as_uint(back.x) == ((unsigned)rv << 16) && __float_as_uint(back.y) == ((unsigned)rw << 16) &&
                      __float_as_uint(__low2float(p)) == ((unsigned)rv << 16) &&
                      __float_as_uint(__high2float(p)) == ((unsigned)rw << 16);
    }
}

__global__ void from_double(const double *x, unsigned short *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = __bfloat16_as_ushort(__double2bfloat16(x[i]));
}

/* out[i * 24 + type * 4 + mode] for int, unsigned, short, unsigned short, long long, unsigned long long */
__global__ void from_int(const long long *x, unsigned short *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        long long v = x[i];
        unsigned short *o = out + i * 24;
        o[0] = __bfloat16_as_ushort(__int2bfloat16_rn((int)v)); o[1] = __bfloat16_as_ushort(__int2bfloat16_rz((int)v));
        o[2] = __bfloat16_as_ushort(__int2bfloat16_ru((int)v)); o[3] = __bfloat16_as_ushort(__int2bfloat16_rd((int)v));
        o[4] = __bfloat16_as_ushort(__uint2bfloat16_rn((unsigned)v)); o[5] = __bfloat16_as_ushort(__uint2bfloat16_rz((unsigned)v));
        o[6] = __bfloat16_as_ushort(__uint2bfloat16_ru((unsigned)v)); o[7] = __bfloat16_as_ushort(__uint2bfloat16_rd((unsigned)v));
        o[8] = __bfloat16_as_ushort(__short2bfloat16_rn((short)v)); o[9] = __bfloat16_as_ushort(__short2bfloat16_rz((short)v));
        o[10] = __bfloat16_as_ushort(__short2bfloat16_ru((short)v)); o[11] = __bfloat16_as_ushort(__short2bfloat16_rd((short)v));
        o[12] = __bfloat16_as_ushort(__ushort2bfloat16_rn((unsigned short)v)); o[13] = __bfloat16_as_ushort(__ushort2bfloat16_rz((unsigned short)v));
        o[14] = __bfloat16_as_ushort(__ushort2bfloat16_ru((unsigned short)v)); o[15] = __bfloat16_as_ushort(__ushort2bfloat16_rd((unsigned short)v));
        o[16] = __bfloat16_as_ushort(__ll2bfloat16_rn(v)); o[17] = __bfloat16_as_ushort(__ll2bfloat16_rz(v));
        o[18] = __bfloat16_as_ushort(__ll2bfloat16_ru(v)); o[19] = __bfloat16_as_ushort(__ll2bfloat16_rd(v));
        o[20] = __bfloat16_as_ushort(__ull2bfloat16_rn((unsigned long long)v)); o[21] = __bfloat16_as_ushort(__ull2bfloat16_rz((unsigned long long)v));
        o[22] = __bfloat16_as_ushort(__ull2bfloat16_ru((unsigned long long)v)); o[23] = __bfloat16_as_ushort(__ull2bfloat16_rd((unsigned long long)v));
    }
}

enum { ADD, SUB, MUL, DIV, FMA, SQRT, MAX, MIN, MAXNAN, MINNAN, ADDSAT, FMARELU, NEG, ABS, NOPS };
enum { EQ, NE, LT, LE, GT, GE, EQU, NEU, LTU, LEU, GTU, GEU, ISNAN, ISINF, NCMP };

/* out[i * NOPS + op]; cmp[i * NCMP + c]; lanes_ok[i]: the bf162 forms agree with the scalar ones */
__global__ void arith(const unsigned short *abc, unsigned short *out, int *cmp, int *lanes_ok, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __nv_bfloat16 a = __ushort_as_bfloat16(abc[i * 3]), b = __ushort_as_bfloat16(abc[i * 3 + 1]),
                  c = __ushort_as_bfloat16(abc[i * 3 + 2]);
    unsigned short *o = out + i * NOPS;
    o[ADD] = __bfloat16_as_ushort(__hadd(a, b));
    o[SUB] = __bfloat16_as_ushort(__hsub(a, b));
    o[MUL] = __bfloat16_as_ushort(__hmul(a, b));
    o[DIV] = __bfloat16_as_ushort(__hdiv(a, b));
    o[FMA] = __bfloat16_as_ushort(__hfma(a, b, c));
    o[SQRT] = __bfloat16_as_ushort(hsqrt(a));
    o[MAX] = __bfloat16_as_ushort(__hmax(a, b));
    o[MIN] = __bfloat16_as_ushort(__hmin(a, b));
    o[MAXNAN] = __bfloat16_as_ushort(__hmax_nan(a, b));
    o[MINNAN] = __bfloat16_as_ushort(__hmin_nan(a, b));
    o[ADDSAT] = __bfloat16_as_ushort(__hadd_sat(a, b));
    o[FMARELU] = __bfloat16_as_ushort(__hfma_relu(a, b, c));
    o[NEG] = __bfloat16_as_ushort(__hneg(a));
    o[ABS] = __bfloat16_as_ushort(__habs(a));
    int *k = cmp + i * NCMP;
    k[EQ] = __heq(a, b); k[NE] = __hne(a, b); k[LT] = __hlt(a, b); k[LE] = __hle(a, b);
    k[GT] = __hgt(a, b); k[GE] = __hge(a, b); k[EQU] = __hequ(a, b); k[NEU] = __hneu(a, b);
    k[LTU] = __hltu(a, b); k[LEU] = __hleu(a, b); k[GTU] = __hgtu(a, b); k[GEU] = __hgeu(a, b);
    k[ISNAN] = __hisnan(a); k[ISINF] = __hisinf(a);
    /* bf162: lane x the operands, lane y the same operands swapped */
    __nv_bfloat162 a2 = __halves2bfloat162(a, b), b2 = __halves2bfloat162(b, a), c2 = __bfloat162bfloat162(c);
    __nv_bfloat162 s2 = __hadd2(a2, b2), m2 = __hmul2(a2, b2), f2 = __hfma2(a2, b2, c2), d2 = __h2div(a2, b2);
    __nv_bfloat162 x2 = __hmax2(a2, b2), e2 = __heq2(a2, b2), l2 = __lowhigh2highlow(a2);
    __nv_bfloat16 ba = __hdiv(b, a), fb = __hfma(b, a, c);
    int ok = __bfloat16_as_ushort(s2.x) == o[ADD] && __bfloat16_as_ushort(m2.x) == o[MUL] &&
             __bfloat16_as_ushort(f2.x) == o[FMA] && __bfloat16_as_ushort(f2.y) == __bfloat16_as_ushort(fb) &&
             __bfloat16_as_ushort(d2.x) == o[DIV] && __bfloat16_as_ushort(d2.y) == __bfloat16_as_ushort(ba) &&
             __bfloat16_as_ushort(x2.x) == o[MAX] &&
             __bfloat16_as_ushort(e2.x) == (k[EQ] ? 0x3f80 : 0) &&
             __hbeq2(a2, b2) == (k[EQ] && __heq(b, a)) &&
             __heq2_mask(a2, b2) == ((k[EQ] ? 0xffffu : 0u) | (__heq(b, a) ? 0xffff0000u : 0u)) &&
             __hblt2(a2, b2) == (k[LT] && __hlt(b, a)) &&
             __bfloat16_as_ushort(l2.x) == __bfloat16_as_ushort(b) && __bfloat16_as_ushort(l2.y) == __bfloat16_as_ushort(a) &&
             __bfloat16_as_ushort(__hneg2(a2).y) == __bfloat16_as_ushort(__hneg(b)) &&
             __bfloat16_as_ushort(__lows2bfloat162(a2, b2).y) == __bfloat16_as_ushort(b) &&
             __bfloat16_as_ushort(__highs2bfloat162(a2, b2).x) == __bfloat16_as_ushort(b);
#ifdef __cplusplus
    /* CUDA's operators: the same results as the intrinsics */
    __nv_bfloat16 t = a;
    t += b;
    ok = ok && __bfloat16_as_ushort(a + b) == o[ADD] && __bfloat16_as_ushort(a - b) == o[SUB] &&
         __bfloat16_as_ushort(a * b) == o[MUL] && __bfloat16_as_ushort(a / b) == o[DIV] &&
         __bfloat16_as_ushort(-a) == o[NEG] && __bfloat16_as_ushort(t) == o[ADD] &&
         (a == b) == (k[EQ] != 0) && (a != b) == (k[NEU] != 0) && (a < b) == (k[LT] != 0) &&
         (a >= b) == (k[GE] != 0) && __bfloat16_as_ushort((a2 + b2).y) == __bfloat16_as_ushort(__hadd(b, a)) &&
         (a2 == b2) == (__hbeq2(a2, b2) != 0);
#endif
    lanes_ok[i] = ok;
}

/* the half functions of the shared names still take halves */
__global__ void halves(float *out) {
    out[0] = __half2float(__hadd(__float2half(1.5f), __float2half(2.0f)));
    out[1] = __half2float(__hfma(__float2half(2.0f), __float2half(3.0f), __float2half(1.0f)));
    out[2] = __half2float(hsqrt(__float2half(4.0f)));
}

__global__ void accumulate(__nv_bfloat16 *sum, __nv_bfloat162 *sum2) {
    atomicAdd(sum, __float2bfloat16(1.0f));
    atomicAdd(sum2, __floats2bfloat162_rn(1.0f, 2.0f));
}

/* ---- host ------------------------------------------------------------------------------ */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

#define ALLOC(p, n) CHECK(cudaMallocManaged((void **)&(p), (size_t)(n) * sizeof *(p), cudaMemAttachGlobal) == cudaSuccess)

static void check_from_bf16(void) {
    enum { N = 65536 };
    float *f; unsigned short *back, *u16; int *i32; unsigned *u32; short *i16; long long *i64; unsigned long long *u64;
    ALLOC(f, N); ALLOC(back, N); ALLOC(i32, N * 4); ALLOC(u32, N * 4); ALLOC(i16, N * 4); ALLOC(u16, N * 4);
    ALLOC(i64, N * 4); ALLOC(u64, N * 4);
    from_bf16<<<N / 256, 256>>>(f, back, i32, u32, i16, u16, i64, u64);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < N; i++) {
        unsigned u;
        memcpy(&u, &f[i], 4);
        CHECKX(u == (unsigned)i << 16, "bf16 %04x -> float %08x", i, u);
        unsigned short want = is_nan_bits((unsigned short)i) ? 0x7fff : (unsigned short)i;
        CHECKX(back[i] == want, "bf16 %04x -> float -> bf16 %04x", i, back[i]);
        double v = bits2d((unsigned short)i);
        for (int m = 0; m < NMODES; m++) {
            double r = v != v ? v : ref_int_round(v, m);
            CHECKX(i32[i * 4 + m] == ref_sat_ll(r, -2147483648.0, 2147483647.0), "bf16 %04x int mode %d: %d", i, m, i32[i * 4 + m]);
            CHECKX(u32[i * 4 + m] == (unsigned)ref_sat_ll(r, 0, 4294967295.0), "bf16 %04x uint mode %d: %u", i, m, u32[i * 4 + m]);
            CHECKX(i16[i * 4 + m] == ref_sat_ll(r, -32768, 32767), "bf16 %04x short mode %d: %d", i, m, i16[i * 4 + m]);
            CHECKX(u16[i * 4 + m] == ref_sat_ll(r, 0, 65535), "bf16 %04x ushort mode %d: %u", i, m, u16[i * 4 + m]);
            long long ll = r != r ? 0 : r >= 9223372036854775807.0 ? LLONG_MAX : r <= -9223372036854775808.0 ? LLONG_MIN : (long long)r;
            unsigned long long ull = !(r > 0) ? 0 : r >= 18446744073709551615.0 ? ULLONG_MAX : (unsigned long long)r;
            CHECKX(i64[i * 4 + m] == ll, "bf16 %04x ll mode %d: %lld", i, m, i64[i * 4 + m]);
            CHECKX(u64[i * 4 + m] == ull, "bf16 %04x ull mode %d: %llu", i, m, u64[i * 4 + m]);
        }
    }
    cudaFree(f); cudaFree(back); cudaFree(i32); cudaFree(u32); cudaFree(i16); cudaFree(u16); cudaFree(i64); cudaFree(u64);
}

static void check_from_float(void) {
    static const unsigned lows[] = {0, 1, 0x7fff, 0x8000, 0x8001, 0xffff, 0x4000, 0xc000};
    int nlow = (int)(sizeof lows / sizeof *lows), nrand = 1 << 20;
    int n = 65536 * nlow + nrand + 6;
    float *x; unsigned short *out; int *pairs_ok;
    ALLOC(x, n); ALLOC(out, n * 5); ALLOC(pairs_ok, n);
    int k = 0;
    for (unsigned hi = 0; hi < 65536; hi++)
        for (int l = 0; l < nlow; l++) {
            unsigned u = hi << 16 | lows[l];
            memcpy(&x[k++], &u, 4);
        }
    for (int r = 0; r < nrand; r++) {
        unsigned u = (unsigned)next();
        memcpy(&x[k++], &u, 4);
    }
    x[k++] = INFINITY; x[k++] = -INFINITY; x[k++] = NAN; x[k++] = -NAN; x[k++] = 3.4028235e38f; x[k++] = 1e-45f;
    from_float<<<(n + 255) / 256, 256>>>(x, out, pairs_ok, n);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < n; i++) {
        for (int m = 0; m < NMODES; m++) {
            unsigned short want = ref_round(x[i], m);
            CHECKX(out[i * 5 + m] == want, "float %a (%08x) mode %d: %04x, want %04x", x[i], fbits(x[i]), m, out[i * 5 + m], want);
        }
        CHECKX(out[i * 5 + 4] == out[i * 5], "float %a: __float2bfloat16 %04x != _rn", x[i], out[i * 5 + 4]);
        CHECKX(pairs_ok[i], "float %a: bf162 conversions", x[i]);
    }
    cudaFree(x); cudaFree(out); cudaFree(pairs_ok);
}

static void check_from_double(void) {
    int n = 1 << 18;
    double *x; unsigned short *out;
    ALLOC(x, n); ALLOC(out, n);
    for (int i = 0; i < n; i++) {
        unsigned short b = (unsigned short)next();
        double v = bits2d(b), up = bits2d((unsigned short)(b + 1));
        if (!isfinite(v) || !isfinite(up) || (b & 0x7fff) == 0x7f7f) { uint64_t u = next(); memcpy(&x[i], &u, 8); continue; }
        double mid = v + (up - v) / 2;   /* a tie between b and b + 1 */
        switch (i % 4) {
        case 0: x[i] = mid; break;
        /* ties ± a double ulp: rounded to float first they would become ties */
        case 1: x[i] = nextafter(mid, INFINITY); break;
        case 2: x[i] = nextafter(mid, -INFINITY); break;
        default: { uint64_t u = next(); memcpy(&x[i], &u, 8); }
        }
    }
    x[0] = 1e-300; x[1] = -1e-300; x[2] = 1e300; x[3] = -1e300; x[4] = 4.9e-324; x[5] = 0.0; x[6] = -0.0; x[7] = NAN;
    from_double<<<(n + 255) / 256, 256>>>(x, out, n);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < n; i++)
        CHECKX(out[i] == ref_round(x[i], RN), "double %a: %04x, want %04x", x[i], out[i], ref_round(x[i], RN));
    cudaFree(x); cudaFree(out);
}

static void check_from_int(void) {
    int n = 1 << 16;
    long long *x; unsigned short *out;
    ALLOC(x, n); ALLOC(out, n * 24);
    for (int i = 0; i < n; i++) {
        int shift = (int)(next() % 64);
        long long v = (long long)(next() >> shift);
        if (i % 3 == 0) v = (v | 0x7f) & ~(long long)0x3f;   /* ties and near ties at small widths */
        x[i] = i % 2 ? -v : v;
    }
    x[0] = LLONG_MIN; x[1] = LLONG_MAX; x[2] = INT_MIN; x[3] = INT_MAX; x[4] = 0; x[5] = 257; x[6] = 259; x[7] = -32768;
    from_int<<<(n + 255) / 256, 256>>>(x, out, n);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < n; i++) {
        long long v = x[i];
        /* the exact integer: a long double holds 64 bits; rounded to bf16 through its own exact
         * double split (hi + lo, lo's sign the direction) */
        long double vals[6] = {(long double)(int)v, (long double)(unsigned)v, (long double)(short)v,
                               (long double)(unsigned short)v, (long double)v, (long double)(unsigned long long)v};
        for (int t = 0; t < 6; t++) {
            double hi = (double)vals[t];
            long double lo = vals[t] - (long double)hi;
            for (int m = 0; m < NMODES; m++) {
                unsigned short want = ref_round_dir(hi, lo > 0 ? 1 : lo < 0 ? -1 : 0, m);
                CHECKX(out[i * 24 + t * 4 + m] == want, "int %lld type %d mode %d: %04x, want %04x", v, t, m, out[i * 24 + t * 4 + m], want);
            }
        }
    }
    cudaFree(x); cudaFree(out);
}

static void check_arith(void) {
    static const unsigned short specials[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80,
                                              0x3f81, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fff, 0xffc1, 0x7f81,
                                              0x4000, 0x3f00};
    int ns = (int)(sizeof specials / sizeof *specials);
    int nrand = 1 << 19, n = ns * ns * ns + nrand + 3;
    unsigned short *abc, *out; int *cmp, *lanes_ok;
    ALLOC(abc, n * 3); ALLOC(out, n * NOPS); ALLOC(cmp, n * NCMP); ALLOC(lanes_ok, n);
    int k = 0;
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < ns; j++)
            for (int l = 0; l < ns; l++, k++) {
                abc[k * 3] = specials[i]; abc[k * 3 + 1] = specials[j]; abc[k * 3 + 2] = specials[l];
            }
    for (int r = 0; r < nrand; r++, k++) {
        uint64_t u = next();
        abc[k * 3] = (unsigned short)u; abc[k * 3 + 1] = (unsigned short)(u >> 16); abc[k * 3 + 2] = (unsigned short)(u >> 32);
        if (r % 2) {   /* operands of nearby magnitudes: fma's and the sum's low bits matter */
            abc[k * 3 + 1] = (unsigned short)((abc[k * 3] & 0xff80) ^ (u >> 48 & 0x807f));
            abc[k * 3 + 2] = (unsigned short)((abc[k * 3] & 0x7f80) + 0x0380 * (r % 3) + (u >> 56 & 0x7f));
        }
    }
    /* ties of the fused multiply-add: 1 + 2^-8 exactly, and a hair to either side */
    abc[k * 3] = 0x3f81; abc[k * 3 + 1] = 0x3f7f; abc[k * 3 + 2] = 0x3800; k++;   /* (1+2^-7)(1-2^-8) + 2^-15 */
    abc[k * 3] = 0x3f81; abc[k * 3 + 1] = 0x3f7f; abc[k * 3 + 2] = 0x3780; k++;   /* + 2^-16: below the tie */
    abc[k * 3] = 0x3f81; abc[k * 3 + 1] = 0x3f7f; abc[k * 3 + 2] = 0x3880; k++;   /* + 2^-14: above */
    arith<<<(n + 255) / 256, 256>>>(abc, out, cmp, lanes_ok, n);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    for (int i = 0; i < n; i++) {
        unsigned short ba = abc[i * 3], bb = abc[i * 3 + 1], bc = abc[i * 3 + 2];
        double a = bits2d(ba), b = bits2d(bb), c = bits2d(bc);
        unsigned short want[NOPS];
        want[ADD] = ref_add(a, b); want[SUB] = ref_add(a, -b); want[MUL] = ref_mul(a, b);
        want[DIV] = ref_div(a, b); want[FMA] = ref_fma(a, b, c); want[SQRT] = ref_sqrt(a);
        want[MAX] = ref_maxmin(ba, bb, 1, 0); want[MIN] = ref_maxmin(ba, bb, 0, 0);
        want[MAXNAN] = ref_maxmin(ba, bb, 1, 1); want[MINNAN] = ref_maxmin(ba, bb, 0, 1);
        want[ADDSAT] = ref_sat(want[ADD]);
        want[FMARELU] = is_nan_bits(want[FMA]) ? 0x7fff : (want[FMA] & 0x8000) ? 0 : want[FMA];
        want[NEG] = ba ^ 0x8000; want[ABS] = ba & 0x7fff;
        for (int op = 0; op < NOPS; op++)
            CHECKX(out[i * NOPS + op] == want[op], "op %d on %04x %04x %04x: %04x, want %04x", op, ba, bb, bc, out[i * NOPS + op], want[op]);
        int un = a != a || b != b;
        int wc[NCMP] = {a == b, !un && a != b, a < b, a <= b, a > b, a >= b, un || a == b, un || a != b,
                        un || a < b, un || a <= b, un || a > b, un || a >= b, a != a, isinf(a) ? (a > 0 ? 1 : -1) : 0};
        for (int cc = 0; cc < NCMP; cc++)
            CHECKX(cmp[i * NCMP + cc] == wc[cc], "compare %d on %04x %04x: %d", cc, ba, bb, cmp[i * NCMP + cc]);
        CHECKX(lanes_ok[i], "bf162 lanes or operators on %04x %04x %04x", ba, bb, bc);
    }
    cudaFree(abc); cudaFree(out); cudaFree(cmp); cudaFree(lanes_ok);
}

int main(void) {
    check_from_bf16();
    check_from_float();
    check_from_double();
    check_from_int();
    check_arith();

    __nv_bfloat16 *sum; __nv_bfloat162 *sum2;
    ALLOC(sum, 1); ALLOC(sum2, 1);
    *sum = __float2bfloat16(0.0f);
    *sum2 = __float2bfloat162_rn(0.0f);
    accumulate<<<4, 64>>>(sum, sum2);   /* 256 ones: exact in bf16 */
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECKX(__bfloat162float(*sum) == 256.0f, "atomicAdd: %g", __bfloat162float(*sum));
    CHECKX(__low2float(*sum2) == 256.0f && __high2float(*sum2) == 512.0f, "atomicAdd bf162: %g %g",
           __low2float(*sum2), __high2float(*sum2));
    float *h;
    ALLOC(h, 3);
    halves<<<1, 1>>>(h);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(h[0] == 3.5f && h[1] == 7.0f && h[2] == 2.0f);
    cudaFree(h);
    CHECK(__bfloat16_as_ushort(CUDART_INF_BF16) == 0x7f80 && __bfloat16_as_ushort(CUDART_ONE_BF16) == 0x3f80);
    CHECK(__bfloat16_as_ushort(CUDART_MAX_NORMAL_BF16) == 0x7f7f && __bfloat16_as_ushort(CUDART_MIN_DENORM_BF16) == 1);
    cudaFree(sum); cudaFree(sum2);
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("bf16 ok\n");
    return 0;
}
