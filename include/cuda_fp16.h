/* cuda_fp16.h - CUDA's half precision: __half, __half2, conversions, arithmetic, comparisons,
 * math and atomics, bit-exact with the GPU.
 *
 * A __half holds IEEE binary16 bits. Conversions round in software (exact integer code, every
 * mode, subnormals, infinities, NaN), so results do not depend on the C compiler's _Float16
 * support. Arithmetic computes in float and rounds once to half: for + - * / and sqrt, float's
 * 24 bits are enough (at least 2 x 11 + 2) for that double rounding to equal one correct
 * rounding; fma uses double with a sticky bit. Math functions (hexp, hsin...) are the float
 * function rounded to half.
 *
 * C++ output gets CUDA's classes: constructors from float, double and the integer types,
 * conversion to float, and the operators + - * / (unary and compound too), ++ --, == != < >
 * <= >= on __half and __half2. C output gets plain structs and functions; there, __hadd names
 * both the half addition and device.h's integer halving add __hadd(int, int): a _Generic
 * macro picks by the first argument's type (C++ simply overloads). */
#ifndef CU2C_CUDA_FP16_H
#define CU2C_CUDA_FP16_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __CUDA_FP16_H__     /* the toolkit's guards, which programs test */
#define __CUDA_FP16_HPP__
#define __CUDA_FP16_TYPES_EXIST__

#include "cu2c/device.h"
#include <vector_types.h>

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

/* ---- Bits and conversions ------------------------------------------------------------ */

/* Raw bits, as CUDA declares them: they convert to and from __half in C++. */
typedef struct __half_raw { unsigned short x; } __half_raw;
typedef struct __half2_raw { unsigned short x, y; } __half2_raw;

/* Rounding modes of cu2c_to_half. */
enum { CU2C_H_RN, CU2C_H_RZ, CU2C_H_RU, CU2C_H_RD };

/* binary16 bits of (-1)^sign * m * 2^(e - p), where m's leading one is bit p (m != 0),
 * rounded by mode: the kept bits are m >> shift, where the quantum is 2^(e - 10) for
 * normal results and 2^-24 below 2^-14; the rest decides the rounding. A carry out of the
 * significand steps the exponent, up to infinity. */
static inline unsigned short cu2c_to_half(unsigned sign, int e, uint64_t m, int p, int mode)
{
    unsigned short s = (unsigned short)(sign << 15);
    int up;
    if (e > 15) {   /* beyond 65504 whatever the rounding */
        up = mode == CU2C_H_RN || (mode == CU2C_H_RU && !sign) || (mode == CU2C_H_RD && sign);
        return (unsigned short)(s | (up ? 0x7c00u : 0x7bffu));
    }
    int shift = p - 10 + (e < -14 ? -14 - e : 0);
    uint64_t q, rest, half;
    if (shift <= 0) {
        q = m << -shift;
        rest = 0;
        half = 1;
    } else {
        if (shift > 63) shift = 63;
        q = m >> shift;
        rest = m & (((uint64_t)1 << shift) - 1);
        half = (uint64_t)1 << (shift - 1);
    }
    if (mode == CU2C_H_RN) up = rest > half || (rest == half && (q & 1));
    else if (mode == CU2C_H_RZ) up = 0;
    else up = rest != 0 && ((mode == CU2C_H_RU) != (sign != 0));
    q += (uint64_t)up;
    /* q < 2^11 (2^11 after a carry); a normal result's leading one lands on the exponent */
    unsigned bits = e < -14 ? (unsigned)q : (unsigned)((e + 14) << 10) + (unsigned)q;
    return (unsigned short)(s | bits);
}

static inline unsigned short cu2c_float_to_half(float f, int mode)
{
    unsigned u;
    memcpy(&u, &f, sizeof u);
    unsigned sign = u >> 31, ex = (u >> 23) & 0xffu, man = u & 0x7fffffu;
    if (ex == 0xffu) return man ? 0x7fffu : (unsigned short)((sign << 15) | 0x7c00u);
    if (ex == 0 && man == 0) return (unsigned short)(sign << 15);
    if (ex == 0) return cu2c_to_half(sign, -127, man, 0, mode);   /* far below half's range */
    return cu2c_to_half(sign, (int)ex - 127, man | 0x800000u, 23, mode);
}

static inline unsigned short cu2c_double_to_half(double d, int mode)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    unsigned sign = (unsigned)(u >> 63), ex = (unsigned)(u >> 52) & 0x7ffu;
    uint64_t man = u & 0xfffffffffffffull;
    if (ex == 0x7ffu) return man ? 0x7fffu : (unsigned short)((sign << 15) | 0x7c00u);
    if (ex == 0 && man == 0) return (unsigned short)(sign << 15);
    if (ex == 0) return cu2c_to_half(sign, -1023, man, 0, mode);
    return cu2c_to_half(sign, (int)ex - 1023, man | 0x10000000000000ull, 52, mode);
}

/* Integers: exact below 2048, rounded above; beyond 65504 per mode (infinity or 65504). */
static inline unsigned short cu2c_ull_to_half(unsigned sign, unsigned long long v, int mode)
{
    if (v == 0) return 0;
    int p = 63 - __builtin_clzll(v);
    return cu2c_to_half(sign, p, v, p, mode);
}
static inline unsigned short cu2c_ll_to_half(long long v, int mode)
{
    return v < 0 ? cu2c_ull_to_half(1, 0ull - (unsigned long long)v, mode) : cu2c_ull_to_half(0, (unsigned long long)v, mode);
}

/* Exact: every half is a float. NaN keeps its payload, quieted (as F16C's vcvtph2ps does:
 * the instruction where the CPU has it). */
#if defined(__F16C__) && !defined(CU2C_PARSING)
#include <immintrin.h>
static inline float cu2c_half_to_float(unsigned short h)
{
    return _cvtsh_ss(h);
}
#else
static inline float cu2c_half_to_float(unsigned short h)
{
    unsigned sign = (unsigned)(h >> 15) << 31, ex = (h >> 10) & 0x1fu, man = h & 0x3ffu, u;
    if (ex == 0x1fu) {
        u = sign | 0x7f800000u | (man << 13) | (man ? 0x400000u : 0u);
    } else if (ex == 0) {
        float f = (float)man * 0x1p-24f;
        return sign ? -f : f;
    } else {
        u = sign | ((ex + 112u) << 23) | (man << 13);
    }
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
#endif

#ifdef __cplusplus
/* The assignments from the raw structs are templates taking exactly that type: `h = {}`
 * then means the class's own assignment, as nvcc reads it (a plain overload would make it
 * ambiguous for g++ and clang). */
template <class R, class Want> struct __cu2c_raw_only {};
template <class R> struct __cu2c_raw_only<R, R> { typedef int type; };

/* CUDA's classes: trivially copyable, 2 and 4 bytes, aligned as CUDA aligns them. */
struct __align__(2) __half {
    unsigned short __x;
    __half() = default;
    __half(const __half_raw &r) : __x(r.x) {}
    template <class R, typename __cu2c_raw_only<R, __half_raw>::type = 0>
    __half &operator=(const R &r) { __x = r.x; return *this; }
    operator __half_raw() const { __half_raw r; r.x = __x; return r; }
    __half(float f) : __x(cu2c_float_to_half(f, CU2C_H_RN)) {}
    __half(double d) : __x(cu2c_double_to_half(d, CU2C_H_RN)) {}
    __half(short v) : __x(cu2c_ll_to_half(v, CU2C_H_RN)) {}
    __half(unsigned short v) : __x(cu2c_ull_to_half(0, v, CU2C_H_RN)) {}
    __half(int v) : __x(cu2c_ll_to_half(v, CU2C_H_RN)) {}
    __half(unsigned int v) : __x(cu2c_ull_to_half(0, v, CU2C_H_RN)) {}
    __half(long v) : __x(cu2c_ll_to_half(v, CU2C_H_RN)) {}
    __half(unsigned long v) : __x(cu2c_ull_to_half(0, v, CU2C_H_RN)) {}
    __half(long long v) : __x(cu2c_ll_to_half(v, CU2C_H_RN)) {}
    __half(unsigned long long v) : __x(cu2c_ull_to_half(0, v, CU2C_H_RN)) {}
    operator float() const { return cu2c_half_to_float(__x); }
};
struct __align__(4) __half2 {
    __half x, y;
    __half2() = default;
    __half2(const __half &a, const __half &b) : x(a), y(b) {}
    __half2(const __half2_raw &r) { x.__x = r.x; y.__x = r.y; }
    template <class R, typename __cu2c_raw_only<R, __half2_raw>::type = 0>
    __half2 &operator=(const R &r) { x.__x = r.x; y.__x = r.y; return *this; }
    operator __half2_raw() const { __half2_raw r; r.x = x.__x; r.y = y.__x; return r; }
};
#else
typedef struct __align__(2) __half { unsigned short __x; } __half;
typedef struct __align__(4) __half2 { __half x, y; } __half2;
#endif
typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;

static inline __half cu2c_mk_half(unsigned short bits) { __half h; h.__x = bits; return h; }
static inline __half2 cu2c_mk_half2(__half a, __half b) { __half2 r; r.x = a; r.y = b; return r; }

static inline short __half_as_short(__half h) { return (short)h.__x; }
static inline unsigned short __half_as_ushort(__half h) { return h.__x; }
static inline __half __short_as_half(short i) { return cu2c_mk_half((unsigned short)i); }
static inline __half __ushort_as_half(unsigned short i) { return cu2c_mk_half(i); }

static inline float __half2float(__half h) { return cu2c_half_to_float(h.__x); }
static inline __half __float2half(float f) { return cu2c_mk_half(cu2c_float_to_half(f, CU2C_H_RN)); }
static inline __half __float2half_rn(float f) { return cu2c_mk_half(cu2c_float_to_half(f, CU2C_H_RN)); }
static inline __half __float2half_rz(float f) { return cu2c_mk_half(cu2c_float_to_half(f, CU2C_H_RZ)); }
static inline __half __float2half_ru(float f) { return cu2c_mk_half(cu2c_float_to_half(f, CU2C_H_RU)); }
static inline __half __float2half_rd(float f) { return cu2c_mk_half(cu2c_float_to_half(f, CU2C_H_RD)); }
static inline __half __double2half(double d) { return cu2c_mk_half(cu2c_double_to_half(d, CU2C_H_RN)); }

static inline __half2 __float2half2_rn(float f) { __half h = __float2half_rn(f); return cu2c_mk_half2(h, h); }
static inline __half2 __floats2half2_rn(float a, float b) { return cu2c_mk_half2(__float2half_rn(a), __float2half_rn(b)); }
static inline __half2 __float22half2_rn(float2 f) { return __floats2half2_rn(f.x, f.y); }
static inline float2 __half22float2(__half2 h) { float2 f; f.x = __half2float(h.x); f.y = __half2float(h.y); return f; }
static inline float __low2float(__half2 h) { return __half2float(h.x); }
static inline float __high2float(__half2 h) { return __half2float(h.y); }
static inline __half __low2half(__half2 h) { return h.x; }
static inline __half __high2half(__half2 h) { return h.y; }
static inline __half2 __low2half2(__half2 h) { return cu2c_mk_half2(h.x, h.x); }
static inline __half2 __high2half2(__half2 h) { return cu2c_mk_half2(h.y, h.y); }
static inline __half2 __lows2half2(__half2 a, __half2 b) { return cu2c_mk_half2(a.x, b.x); }
static inline __half2 __highs2half2(__half2 a, __half2 b) { return cu2c_mk_half2(a.y, b.y); }
static inline __half2 __halves2half2(__half a, __half b) { return cu2c_mk_half2(a, b); }
static inline __half2 __half2half2(__half a) { return cu2c_mk_half2(a, a); }
static inline __half2 __lowhigh2highlow(__half2 h) { return cu2c_mk_half2(h.y, h.x); }
static inline __half2 make_half2(__half a, __half b) { return cu2c_mk_half2(a, b); }

/* Half to integer: through the exact float, with the GPU's saturation (NaN gives 0). */
static inline int cu2c_sat_short(int v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : v; }
static inline int cu2c_sat_ushort(unsigned v) { return v > 65535u ? 65535 : (int)v; }
#define CU2C_HALF2INT(mode, fop)                                                                \
    static inline int __half2int_##mode(__half h) { return __float2int_##mode(__half2float(h)); } \
    static inline unsigned int __half2uint_##mode(__half h) { return __float2uint_##mode(__half2float(h)); } \
    static inline short __half2short_##mode(__half h) { return (short)cu2c_sat_short(__float2int_##mode(__half2float(h))); } \
    static inline unsigned short __half2ushort_##mode(__half h) { return (unsigned short)cu2c_sat_ushort(__float2uint_##mode(__half2float(h))); } \
    static inline long long __half2ll_##mode(__half h) { return __float2ll_##mode(__half2float(h)); } \
    static inline unsigned long long __half2ull_##mode(__half h) { return __float2ull_##mode(__half2float(h)); } \
    static inline __half __int2half_##mode(int i) { return cu2c_mk_half(cu2c_ll_to_half(i, fop)); } \
    static inline __half __uint2half_##mode(unsigned int i) { return cu2c_mk_half(cu2c_ull_to_half(0, i, fop)); } \
    static inline __half __short2half_##mode(short i) { return cu2c_mk_half(cu2c_ll_to_half(i, fop)); } \
    static inline __half __ushort2half_##mode(unsigned short i) { return cu2c_mk_half(cu2c_ull_to_half(0, i, fop)); } \
    static inline __half __ll2half_##mode(long long i) { return cu2c_mk_half(cu2c_ll_to_half(i, fop)); } \
    static inline __half __ull2half_##mode(unsigned long long i) { return cu2c_mk_half(cu2c_ull_to_half(0, i, fop)); }
CU2C_HALF2INT(rn, CU2C_H_RN)
CU2C_HALF2INT(rz, CU2C_H_RZ)
CU2C_HALF2INT(ru, CU2C_H_RU)
CU2C_HALF2INT(rd, CU2C_H_RD)
#undef CU2C_HALF2INT

/* ---- Arithmetic ---------------------------------------------------------------------- */

static inline __half cu2c_hf(float f) { return __float2half_rn(f); }
static inline float cu2c_fh(__half h) { return __half2float(h); }
/* Clamp to [0, 1], NaN to +0 (the _sat variants). */
static inline __half cu2c_hsat(__half h)
{
    float f = cu2c_fh(h);
    return f != f ? cu2c_mk_half(0) : f < 0.0f ? cu2c_mk_half(0) : f > 1.0f ? cu2c_mk_half(0x3c00u) : h;
}
static inline __half cu2c_hadd_h(__half a, __half b) { return cu2c_hf(cu2c_fh(a) + cu2c_fh(b)); }
static inline __half __hsub(__half a, __half b) { return cu2c_hf(cu2c_fh(a) - cu2c_fh(b)); }
static inline __half __hmul(__half a, __half b) { return cu2c_hf(cu2c_fh(a) * cu2c_fh(b)); }
static inline __half __hdiv(__half a, __half b) { return cu2c_hf(cu2c_fh(a) / cu2c_fh(b)); }
static inline __half __hadd_rn(__half a, __half b) { return cu2c_hadd_h(a, b); }
static inline __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
static inline __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
/* a * b is exact in double; the sum is rounded to double with a sticky last bit (rounding
 * to odd), after which rounding to half is correct. */
static inline __half __hfma(__half a, __half b, __half c)
{
    double p = (double)cu2c_fh(a) * cu2c_fh(b), cc = cu2c_fh(c), s = p + cc;
    double bb = s - p, err = (p - (s - bb)) + (cc - bb);      /* exact: p + cc = s + err */
    if (err != 0.0 && s == s && s - s == 0.0) {
        uint64_t u;
        memcpy(&u, &s, sizeof u);
        if (!(u & 1)) {     /* even: move one unit toward the exact value */
            s = nextafter(s, err > 0 ? INFINITY : -INFINITY);
        }
    }
    return cu2c_mk_half(cu2c_double_to_half(s, CU2C_H_RN));
}
static inline __half __hneg(__half a) { return cu2c_mk_half((unsigned short)(a.__x ^ 0x8000u)); }
static inline __half __habs(__half a) { return cu2c_mk_half((unsigned short)(a.__x & 0x7fffu)); }
static inline __half __hadd_sat(__half a, __half b) { return cu2c_hsat(cu2c_hadd_h(a, b)); }
static inline __half __hsub_sat(__half a, __half b) { return cu2c_hsat(__hsub(a, b)); }
static inline __half __hmul_sat(__half a, __half b) { return cu2c_hsat(__hmul(a, b)); }
static inline __half __hfma_sat(__half a, __half b, __half c) { return cu2c_hsat(__hfma(a, b, c)); }
static inline __half __hfma_relu(__half a, __half b, __half c)
{
    __half r = __hfma(a, b, c);
    return (r.__x & 0x7fffu) > 0x7c00u ? cu2c_mk_half(0x7fffu) : (r.__x & 0x8000u) ? cu2c_mk_half(0) : r;
}

/* ---- Comparisons --------------------------------------------------------------------- */

static inline bool __hisnan(__half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
/* -1 for -infinity, 1 for +infinity, else 0. */
static inline int __hisinf(__half a) { return a.__x == 0x7c00u ? 1 : a.__x == 0xfc00u ? -1 : 0; }
static inline bool __heq(__half a, __half b) { return cu2c_fh(a) == cu2c_fh(b); }
static inline bool __hne(__half a, __half b) { return cu2c_fh(a) < cu2c_fh(b) || cu2c_fh(a) > cu2c_fh(b); }
static inline bool __hlt(__half a, __half b) { return cu2c_fh(a) < cu2c_fh(b); }
static inline bool __hle(__half a, __half b) { return cu2c_fh(a) <= cu2c_fh(b); }
static inline bool __hgt(__half a, __half b) { return cu2c_fh(a) > cu2c_fh(b); }
static inline bool __hge(__half a, __half b) { return cu2c_fh(a) >= cu2c_fh(b); }
/* Unordered forms: true when either operand is NaN. */
static inline bool __hequ(__half a, __half b) { return !__hne(a, b) || __hisnan(a) || __hisnan(b); }
static inline bool __hneu(__half a, __half b) { return !__heq(a, b); }
static inline bool __hltu(__half a, __half b) { return !__hge(a, b); }
static inline bool __hleu(__half a, __half b) { return !__hgt(a, b); }
static inline bool __hgtu(__half a, __half b) { return !__hle(a, b); }
static inline bool __hgeu(__half a, __half b) { return !__hlt(a, b); }
/* max/min: a NaN operand yields the other one (both NaN: the canonical NaN); +0 > -0. The
 * _nan forms return the canonical NaN if either is NaN. */
static inline __half cu2c_hminmax(__half a, __half b, int want_max, int nan_wins)
{
    int na = __hisnan(a), nb = __hisnan(b);
    if (na || nb) return (nan_wins || (na && nb)) ? cu2c_mk_half(0x7fffu) : na ? b : a;
    float fa = cu2c_fh(a), fb = cu2c_fh(b);
    if (fa == fb) {   /* zeros of both signs */
        int a_neg = a.__x >> 15, b_neg = b.__x >> 15;
        return want_max ? (a_neg ? b : a) : (a_neg ? a : b_neg ? b : a);
    }
    return (fa > fb) == (want_max != 0) ? a : b;
}
static inline __half __hmax(__half a, __half b) { return cu2c_hminmax(a, b, 1, 0); }
static inline __half __hmin(__half a, __half b) { return cu2c_hminmax(a, b, 0, 0); }
static inline __half __hmax_nan(__half a, __half b) { return cu2c_hminmax(a, b, 1, 1); }
static inline __half __hmin_nan(__half a, __half b) { return cu2c_hminmax(a, b, 0, 1); }

/* ---- Math: the float function, rounded to half ---------------------------------------- */

#define CU2C_HMATH(name, name2, expr)                                                           \
    static inline __half name(__half h) { float x = cu2c_fh(h); return cu2c_hf(expr); }        \
    static inline __half2 name2(__half2 h) { return cu2c_mk_half2(name(h.x), name(h.y)); }
CU2C_HMATH(hsqrt, h2sqrt, sqrtf(x))
CU2C_HMATH(hrsqrt, h2rsqrt, (float)(1.0 / sqrt((double)x)))
CU2C_HMATH(hrcp, h2rcp, 1.0f / x)
CU2C_HMATH(hexp, h2exp, expf(x))
CU2C_HMATH(hexp2, h2exp2, exp2f(x))
CU2C_HMATH(hexp10, h2exp10, exp10f(x))
CU2C_HMATH(hlog, h2log, logf(x))
CU2C_HMATH(hlog2, h2log2, log2f(x))
CU2C_HMATH(hlog10, h2log10, log10f(x))
CU2C_HMATH(hsin, h2sin, sinf(x))
CU2C_HMATH(hcos, h2cos, cosf(x))
CU2C_HMATH(htanh, h2tanh, tanhf(x))
CU2C_HMATH(htrunc, h2trunc, truncf(x))
CU2C_HMATH(hceil, h2ceil, ceilf(x))
CU2C_HMATH(hfloor, h2floor, floorf(x))
CU2C_HMATH(hrint, h2rint, rintf(x))
#undef CU2C_HMATH

/* ---- __half2: lane by lane ------------------------------------------------------------- */

#define CU2C_H2BIN(name, op)                                                                    \
    static inline __half2 name(__half2 a, __half2 b) { return cu2c_mk_half2(op(a.x, b.x), op(a.y, b.y)); }
CU2C_H2BIN(__hadd2, cu2c_hadd_h)
CU2C_H2BIN(__hsub2, __hsub)
CU2C_H2BIN(__hmul2, __hmul)
CU2C_H2BIN(__h2div, __hdiv)
CU2C_H2BIN(__hadd2_rn, cu2c_hadd_h)
CU2C_H2BIN(__hsub2_rn, __hsub)
CU2C_H2BIN(__hmul2_rn, __hmul)
CU2C_H2BIN(__hadd2_sat, __hadd_sat)
CU2C_H2BIN(__hsub2_sat, __hsub_sat)
CU2C_H2BIN(__hmul2_sat, __hmul_sat)
CU2C_H2BIN(__hmax2, __hmax)
CU2C_H2BIN(__hmin2, __hmin)
CU2C_H2BIN(__hmax2_nan, __hmax_nan)
CU2C_H2BIN(__hmin2_nan, __hmin_nan)
#undef CU2C_H2BIN
static inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return cu2c_mk_half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
static inline __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) { return cu2c_mk_half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)); }
static inline __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c) { return cu2c_mk_half2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y)); }
static inline __half2 __hneg2(__half2 a) { return cu2c_mk_half2(__hneg(a.x), __hneg(a.y)); }
static inline __half2 __habs2(__half2 a) { return cu2c_mk_half2(__habs(a.x), __habs(a.y)); }
static inline __half2 __hisnan2(__half2 a)
{
    return cu2c_mk_half2(cu2c_mk_half(__hisnan(a.x) ? 0x3c00u : 0), cu2c_mk_half(__hisnan(a.y) ? 0x3c00u : 0));
}
/* Lane-wise comparisons: __heq2 & co. give 1.0 or 0.0 per lane, __hbeq2 & co. whether both
 * lanes hold, the _mask forms 0xffff or 0 per lane. */
#define CU2C_H2CMP(op)                                                                          \
    static inline __half2 __h##op##2(__half2 a, __half2 b)                                      \
    {                                                                                           \
        return cu2c_mk_half2(cu2c_mk_half(__h##op(a.x, b.x) ? 0x3c00u : 0), cu2c_mk_half(__h##op(a.y, b.y) ? 0x3c00u : 0)); \
    }                                                                                           \
    static inline bool __hb##op##2(__half2 a, __half2 b) { return __h##op(a.x, b.x) && __h##op(a.y, b.y); } \
    static inline unsigned __h##op##2_mask(__half2 a, __half2 b)                                \
    {                                                                                           \
        return (__h##op(a.x, b.x) ? 0xffffu : 0u) | (__h##op(a.y, b.y) ? 0xffff0000u : 0u);   \
    }
CU2C_H2CMP(eq)
CU2C_H2CMP(ne)
CU2C_H2CMP(lt)
CU2C_H2CMP(le)
CU2C_H2CMP(gt)
CU2C_H2CMP(ge)
CU2C_H2CMP(equ)
CU2C_H2CMP(neu)
CU2C_H2CMP(ltu)
CU2C_H2CMP(leu)
CU2C_H2CMP(gtu)
CU2C_H2CMP(geu)
#undef CU2C_H2CMP

/* ---- Atomics ----------------------------------------------------------------------------- */
/* A compare-and-swap loop on the bits; __half2 adds both lanes in one 32-bit swap (CUDA only
 * promises each lane atomic, so this is stronger). */
static inline __half cu2c_atomicAdd_h(__half *p, __half v)
{
    unsigned short *u = (unsigned short *)p, old, nv;
    __atomic_load(u, &old, __ATOMIC_RELAXED);
    do {
        nv = cu2c_hadd_h(cu2c_mk_half(old), v).__x;
    } while (!__atomic_compare_exchange_n(u, &old, nv, 1, CU2C_ATOMIC_ORDER, __ATOMIC_RELAXED));
    return cu2c_mk_half(old);
}
static inline __half2 cu2c_atomicAdd_h2(__half2 *p, __half2 v)
{
    unsigned int *u = (unsigned int *)p, old, nv;
    __half2 o;
    __atomic_load(u, &old, __ATOMIC_RELAXED);
    do {
        memcpy(&o, &old, sizeof o);
        __half2 s = __hadd2(o, v);
        memcpy(&nv, &s, sizeof nv);
    } while (!__atomic_compare_exchange_n(u, &old, nv, 1, CU2C_ATOMIC_ORDER, __ATOMIC_RELAXED));
    memcpy(&o, &old, sizeof o);
    return o;
}

#ifdef __cplusplus
static inline __half __hadd(__half a, __half b) { return cu2c_hadd_h(a, b); }
static inline __half atomicAdd(__half *p, __half v) { return cu2c_atomicAdd_h(p, v); }
static inline __half2 atomicAdd(__half2 *p, __half2 v) { return cu2c_atomicAdd_h2(p, v); }

/* CUDA's operators (cuda_fp16.hpp): arithmetic rounds to half after each operation. */
static inline __half operator+(const __half &a, const __half &b) { return cu2c_hadd_h(a, b); }
static inline __half operator-(const __half &a, const __half &b) { return __hsub(a, b); }
static inline __half operator*(const __half &a, const __half &b) { return __hmul(a, b); }
static inline __half operator/(const __half &a, const __half &b) { return __hdiv(a, b); }
static inline __half &operator+=(__half &a, const __half &b) { return a = a + b; }
static inline __half &operator-=(__half &a, const __half &b) { return a = a - b; }
static inline __half &operator*=(__half &a, const __half &b) { return a = a * b; }
static inline __half &operator/=(__half &a, const __half &b) { return a = a / b; }
static inline __half operator+(const __half &a) { return a; }
static inline __half operator-(const __half &a) { return __hneg(a); }
static inline __half &operator++(__half &a) { return a += __half(1.0f); }
static inline __half &operator--(__half &a) { return a -= __half(1.0f); }
static inline __half operator++(__half &a, int) { __half r = a; a += __half(1.0f); return r; }
static inline __half operator--(__half &a, int) { __half r = a; a -= __half(1.0f); return r; }
static inline bool operator==(const __half &a, const __half &b) { return __heq(a, b); }
static inline bool operator!=(const __half &a, const __half &b) { return __hneu(a, b); }
static inline bool operator<(const __half &a, const __half &b) { return __hlt(a, b); }
static inline bool operator<=(const __half &a, const __half &b) { return __hle(a, b); }
static inline bool operator>(const __half &a, const __half &b) { return __hgt(a, b); }
static inline bool operator>=(const __half &a, const __half &b) { return __hge(a, b); }

static inline __half2 operator+(const __half2 &a, const __half2 &b) { return __hadd2(a, b); }
static inline __half2 operator-(const __half2 &a, const __half2 &b) { return __hsub2(a, b); }
static inline __half2 operator*(const __half2 &a, const __half2 &b) { return __hmul2(a, b); }
static inline __half2 operator/(const __half2 &a, const __half2 &b) { return __h2div(a, b); }
static inline __half2 &operator+=(__half2 &a, const __half2 &b) { return a = a + b; }
static inline __half2 &operator-=(__half2 &a, const __half2 &b) { return a = a - b; }
static inline __half2 &operator*=(__half2 &a, const __half2 &b) { return a = a * b; }
static inline __half2 &operator/=(__half2 &a, const __half2 &b) { return a = a / b; }
static inline __half2 operator+(const __half2 &a) { return a; }
static inline __half2 operator-(const __half2 &a) { return __hneg2(a); }
static inline __half2 &operator++(__half2 &a) { return a += __half2(__half(1.0f), __half(1.0f)); }
static inline __half2 &operator--(__half2 &a) { return a -= __half2(__half(1.0f), __half(1.0f)); }
static inline __half2 operator++(__half2 &a, int) { __half2 r = a; ++a; return r; }
static inline __half2 operator--(__half2 &a, int) { __half2 r = a; --a; return r; }
static inline bool operator==(const __half2 &a, const __half2 &b) { return __hbeq2(a, b); }
static inline bool operator!=(const __half2 &a, const __half2 &b) { return __hbneu2(a, b); }
static inline bool operator<(const __half2 &a, const __half2 &b) { return __hblt2(a, b); }
static inline bool operator<=(const __half2 &a, const __half2 &b) { return __hble2(a, b); }
static inline bool operator>(const __half2 &a, const __half2 &b) { return __hbgt2(a, b); }
static inline bool operator>=(const __half2 &a, const __half2 &b) { return __hbge2(a, b); }
#else
/* __hadd is also device.h's __hadd(int, int): the first argument's type chooses. */
#define __hadd(a, b) _Generic((a), __half: cu2c_hadd_h, default: (__hadd))((a), (b))
/* device.h's atomicAdd plus the half types. */
#undef atomicAdd
#define atomicAdd(p, v) _Generic((p), int *: cu2c_atomicAdd_i, unsigned int *: cu2c_atomicAdd_u, \
    unsigned long long *: cu2c_atomicAdd_ull, float *: cu2c_atomicAdd_f, double *: cu2c_atomicAdd_d, \
    __half *: cu2c_atomicAdd_h, __half2 *: cu2c_atomicAdd_h2)((p), (v))
#endif

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#endif
