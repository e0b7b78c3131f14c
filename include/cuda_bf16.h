/* cuda_bf16.h - CUDA's bfloat16: __nv_bfloat16, __nv_bfloat162, conversions, arithmetic,
 * comparisons, math and atomics, bit-exact with the GPU; built as cuda_fp16.h is (read it
 * first).
 *
 * A __nv_bfloat16 holds the top 16 bits of a float: the same 8-bit exponent, 7 stored
 * significand bits. Conversions round in exact integer code (every mode, subnormals,
 * infinities; a NaN becomes the canonical 0x7fff, as on the GPU); bf16 to float is the bits
 * shifted left, exactly. Arithmetic computes in float and rounds once to bf16: for + - * /
 * and sqrt, float's 24 bits are enough (at least 2 x 8 + 2) for that double rounding to equal
 * one correct rounding, in the subnormal range too (float keeps 16 more bits there); fma uses
 * double with a sticky bit. Math functions are the float function rounded to bf16.
 *
 * Many names are shared with cuda_fp16.h (__hadd, __hmul, __hfma, hsqrt, __heq...), which
 * this header includes. C++ output gets CUDA's classes and overloads of those names for the
 * bf16 types, with exact parameter types so that a call on floats stays what it was. C output
 * gets plain structs; there each shared name is a _Generic macro choosing by the first
 * argument's type (bf16 types here, anything else the half function of that name). */
#ifndef CU2C_CUDA_BF16_H
#define CU2C_CUDA_BF16_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __CUDA_BF16_H__     /* the toolkit's guards, which programs test */
#define __CUDA_BF16_HPP__
#define __CUDA_BF16_TYPES_EXIST__

#include "cuda_fp16.h"

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

/* ---- Bits and conversions ------------------------------------------------------------ */

typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x, y; } __nv_bfloat162_raw;

/* bf16 bits of (-1)^sign * m * 2^(e - p), where m's leading one is bit p (m != 0), rounded
 * by mode (cuda_fp16.h's CU2C_H_*): the kept bits are m >> shift, where the quantum is
 * 2^(e - 7) for normal results and 2^-133 below 2^-126; the rest decides the rounding. A
 * carry out of the significand steps the exponent, up to infinity. */
static inline unsigned short cu2c_to_bf16(unsigned sign, int e, uint64_t m, int p, int mode)
{
    unsigned short s = (unsigned short)(sign << 15);
    int up;
    if (e > 127) {  /* beyond the largest bf16 (and float) whatever the rounding */
        up = mode == CU2C_H_RN || (mode == CU2C_H_RU && !sign) || (mode == CU2C_H_RD && sign);
        return (unsigned short)(s | (up ? 0x7f80u : 0x7f7fu));
    }
    int shift = p - 7 + (e < -126 ? -126 - e : 0);
    uint64_t q, rest, halfway;
    if (shift <= 0) {
        q = m << -shift;
        rest = 0;
        halfway = 1;
    } else {
        if (shift > 63) shift = 63;
        q = m >> shift;
        rest = m & (((uint64_t)1 << shift) - 1);
        halfway = (uint64_t)1 << (shift - 1);
    }
    if (mode == CU2C_H_RN) up = rest > halfway || (rest == halfway && (q & 1));
    else if (mode == CU2C_H_RZ) up = 0;
    else up = rest != 0 && ((mode == CU2C_H_RU) != (sign != 0));
    q += (uint64_t)up;
    /* q < 2^8 (2^8 after a carry); a normal result's leading one lands on the exponent */
    unsigned bits = e < -126 ? (unsigned)q : (unsigned)((e + 126) << 7) + (unsigned)q;
    return (unsigned short)(s | bits);
}

static inline unsigned short cu2c_float_to_bf16(float f, int mode)
{
    unsigned u;
    memcpy(&u, &f, sizeof u);
    unsigned sign = u >> 31, ex = (u >> 23) & 0xffu, man = u & 0x7fffffu;
    if (ex == 0xffu) return man ? 0x7fffu : (unsigned short)((sign << 15) | 0x7f80u);
    if (ex == 0 && man == 0) return (unsigned short)(sign << 15);
    if (ex == 0) {  /* float subnormals: bf16 subnormals or zero */
        int p = 31 - __builtin_clz(man);
        return cu2c_to_bf16(sign, p - 149, man, p, mode);
    }
    return cu2c_to_bf16(sign, (int)ex - 127, man | 0x800000u, 23, mode);
}

static inline unsigned short cu2c_double_to_bf16(double d, int mode)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    unsigned sign = (unsigned)(u >> 63), ex = (unsigned)(u >> 52) & 0x7ffu;
    uint64_t man = u & 0xfffffffffffffull;
    if (ex == 0x7ffu) return man ? 0x7fffu : (unsigned short)((sign << 15) | 0x7f80u);
    if (ex == 0 && man == 0) return (unsigned short)(sign << 15);
    if (ex == 0) {
        int p = 63 - __builtin_clzll(man);
        return cu2c_to_bf16(sign, p - 1074, man, p, mode);
    }
    return cu2c_to_bf16(sign, (int)ex - 1023, man | 0x10000000000000ull, 52, mode);
}

/* Integers: exact below 256, rounded above (every integer type fits bf16's range). */
static inline unsigned short cu2c_ull_to_bf16(unsigned sign, unsigned long long v, int mode)
{
    if (v == 0) return 0;
    int p = 63 - __builtin_clzll(v);
    return cu2c_to_bf16(sign, p, v, p, mode);
}
static inline unsigned short cu2c_ll_to_bf16(long long v, int mode)
{
    return v < 0 ? cu2c_ull_to_bf16(1, 0ull - (unsigned long long)v, mode) : cu2c_ull_to_bf16(0, (unsigned long long)v, mode);
}

/* Exact: the bits are a float's top half. */
static inline float cu2c_bf16_to_float(unsigned short h)
{
    unsigned u = (unsigned)h << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

#ifdef __cplusplus
/* CUDA's classes: trivially copyable, 2 and 4 bytes, aligned as CUDA aligns them. */
struct __align__(2) __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
    template <class R, typename __cu2c_raw_only<R, __nv_bfloat16_raw>::type = 0>
    __nv_bfloat16 &operator=(const R &r) { __x = r.x; return *this; }
    operator __nv_bfloat16_raw() const { __nv_bfloat16_raw r; r.x = __x; return r; }
    __nv_bfloat16(float f) : __x(cu2c_float_to_bf16(f, CU2C_H_RN)) {}
    __nv_bfloat16(double d) : __x(cu2c_double_to_bf16(d, CU2C_H_RN)) {}
    __nv_bfloat16(short v) : __x(cu2c_ll_to_bf16(v, CU2C_H_RN)) {}
    __nv_bfloat16(unsigned short v) : __x(cu2c_ull_to_bf16(0, v, CU2C_H_RN)) {}
    __nv_bfloat16(int v) : __x(cu2c_ll_to_bf16(v, CU2C_H_RN)) {}
    __nv_bfloat16(unsigned int v) : __x(cu2c_ull_to_bf16(0, v, CU2C_H_RN)) {}
    __nv_bfloat16(long v) : __x(cu2c_ll_to_bf16(v, CU2C_H_RN)) {}
    __nv_bfloat16(unsigned long v) : __x(cu2c_ull_to_bf16(0, v, CU2C_H_RN)) {}
    __nv_bfloat16(long long v) : __x(cu2c_ll_to_bf16(v, CU2C_H_RN)) {}
    __nv_bfloat16(unsigned long long v) : __x(cu2c_ull_to_bf16(0, v, CU2C_H_RN)) {}
    operator float() const { return cu2c_bf16_to_float(__x); }
};
struct __align__(4) __nv_bfloat162 {
    __nv_bfloat16 x, y;
    __nv_bfloat162() = default;
    __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
    __nv_bfloat162(const __nv_bfloat162_raw &r) { x.__x = r.x; y.__x = r.y; }
    template <class R, typename __cu2c_raw_only<R, __nv_bfloat162_raw>::type = 0>
    __nv_bfloat162 &operator=(const R &r) { x.__x = r.x; y.__x = r.y; return *this; }
    operator __nv_bfloat162_raw() const { __nv_bfloat162_raw r; r.x = x.__x; r.y = y.__x; return r; }
};
#else
typedef struct __align__(2) __nv_bfloat16 { unsigned short __x; } __nv_bfloat16;
typedef struct __align__(4) __nv_bfloat162 { __nv_bfloat16 x, y; } __nv_bfloat162;
#endif
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

static inline __nv_bfloat16 cu2c_mk_bf16(unsigned short bits) { __nv_bfloat16 h; h.__x = bits; return h; }
static inline __nv_bfloat162 cu2c_mk_bf162(__nv_bfloat16 a, __nv_bfloat16 b) { __nv_bfloat162 r; r.x = a; r.y = b; return r; }

static inline short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
static inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
static inline __nv_bfloat16 __short_as_bfloat16(short i) { return cu2c_mk_bf16((unsigned short)i); }
static inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short i) { return cu2c_mk_bf16(i); }

/* CUDA's named values */
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)

static inline float __bfloat162float(__nv_bfloat16 h) { return cu2c_bf16_to_float(h.__x); }
static inline __nv_bfloat16 __float2bfloat16(float f) { return cu2c_mk_bf16(cu2c_float_to_bf16(f, CU2C_H_RN)); }
static inline __nv_bfloat16 __float2bfloat16_rn(float f) { return cu2c_mk_bf16(cu2c_float_to_bf16(f, CU2C_H_RN)); }
static inline __nv_bfloat16 __float2bfloat16_rz(float f) { return cu2c_mk_bf16(cu2c_float_to_bf16(f, CU2C_H_RZ)); }
static inline __nv_bfloat16 __float2bfloat16_ru(float f) { return cu2c_mk_bf16(cu2c_float_to_bf16(f, CU2C_H_RU)); }
static inline __nv_bfloat16 __float2bfloat16_rd(float f) { return cu2c_mk_bf16(cu2c_float_to_bf16(f, CU2C_H_RD)); }
static inline __nv_bfloat16 __double2bfloat16(double d) { return cu2c_mk_bf16(cu2c_double_to_bf16(d, CU2C_H_RN)); }

static inline __nv_bfloat162 __float2bfloat162_rn(float f) { __nv_bfloat16 h = __float2bfloat16_rn(f); return cu2c_mk_bf162(h, h); }
static inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return cu2c_mk_bf162(__float2bfloat16_rn(a), __float2bfloat16_rn(b)); }
static inline __nv_bfloat162 __float22bfloat162_rn(float2 f) { return __floats2bfloat162_rn(f.x, f.y); }
static inline float2 __bfloat1622float2(__nv_bfloat162 h) { float2 f; f.x = __bfloat162float(h.x); f.y = __bfloat162float(h.y); return f; }
static inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
static inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
static inline __nv_bfloat162 __low2bfloat162(__nv_bfloat162 h) { return cu2c_mk_bf162(h.x, h.x); }
static inline __nv_bfloat162 __high2bfloat162(__nv_bfloat162 h) { return cu2c_mk_bf162(h.y, h.y); }
static inline __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return cu2c_mk_bf162(a.x, b.x); }
static inline __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return cu2c_mk_bf162(a.y, b.y); }
static inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_mk_bf162(a, b); }
static inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return cu2c_mk_bf162(a, a); }
static inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_mk_bf162(a, b); }
/* names shared with cuda_fp16.h (public forms at the end) */
static inline float cu2c_bf___low2float(__nv_bfloat162 h) { return __bfloat162float(h.x); }
static inline float cu2c_bf___high2float(__nv_bfloat162 h) { return __bfloat162float(h.y); }
static inline __nv_bfloat162 cu2c_bf___lowhigh2highlow(__nv_bfloat162 h) { return cu2c_mk_bf162(h.y, h.x); }

/* bf16 to integer: through the exact float, with the GPU's saturation (NaN gives 0). */
#define CU2C_BF162INT(mode, fop)                                                                  \
    static inline int __bfloat162int_##mode(__nv_bfloat16 h) { return __float2int_##mode(__bfloat162float(h)); } \
    static inline unsigned int __bfloat162uint_##mode(__nv_bfloat16 h) { return __float2uint_##mode(__bfloat162float(h)); } \
    static inline short __bfloat162short_##mode(__nv_bfloat16 h) { return (short)cu2c_sat_short(__float2int_##mode(__bfloat162float(h))); } \
    static inline unsigned short __bfloat162ushort_##mode(__nv_bfloat16 h) { return (unsigned short)cu2c_sat_ushort(__float2uint_##mode(__bfloat162float(h))); } \
    static inline long long __bfloat162ll_##mode(__nv_bfloat16 h) { return __float2ll_##mode(__bfloat162float(h)); } \
    static inline unsigned long long __bfloat162ull_##mode(__nv_bfloat16 h) { return __float2ull_##mode(__bfloat162float(h)); } \
    static inline __nv_bfloat16 __int2bfloat16_##mode(int i) { return cu2c_mk_bf16(cu2c_ll_to_bf16(i, fop)); } \
    static inline __nv_bfloat16 __uint2bfloat16_##mode(unsigned int i) { return cu2c_mk_bf16(cu2c_ull_to_bf16(0, i, fop)); } \
    static inline __nv_bfloat16 __short2bfloat16_##mode(short i) { return cu2c_mk_bf16(cu2c_ll_to_bf16(i, fop)); } \
    static inline __nv_bfloat16 __ushort2bfloat16_##mode(unsigned short i) { return cu2c_mk_bf16(cu2c_ull_to_bf16(0, i, fop)); } \
    static inline __nv_bfloat16 __ll2bfloat16_##mode(long long i) { return cu2c_mk_bf16(cu2c_ll_to_bf16(i, fop)); } \
    static inline __nv_bfloat16 __ull2bfloat16_##mode(unsigned long long i) { return cu2c_mk_bf16(cu2c_ull_to_bf16(0, i, fop)); }
CU2C_BF162INT(rn, CU2C_H_RN)
CU2C_BF162INT(rz, CU2C_H_RZ)
CU2C_BF162INT(ru, CU2C_H_RU)
CU2C_BF162INT(rd, CU2C_H_RD)
#undef CU2C_BF162INT

/* ---- Arithmetic (the shared names: cu2c_bf_ + the public name) -------------------------- */

static inline __nv_bfloat16 cu2c_bf(float f) { return __float2bfloat16_rn(f); }
static inline float cu2c_fb(__nv_bfloat16 h) { return __bfloat162float(h); }
/* Clamp to [0, 1], NaN to +0 (the _sat variants). */
static inline __nv_bfloat16 cu2c_bfsat(__nv_bfloat16 h)
{
    float f = cu2c_fb(h);
    return f != f ? cu2c_mk_bf16(0) : f < 0.0f ? cu2c_mk_bf16(0) : f > 1.0f ? cu2c_mk_bf16(0x3f80u) : h;
}
static inline __nv_bfloat16 cu2c_bf___hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf(cu2c_fb(a) + cu2c_fb(b)); }
static inline __nv_bfloat16 cu2c_bf___hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf(cu2c_fb(a) - cu2c_fb(b)); }
static inline __nv_bfloat16 cu2c_bf___hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf(cu2c_fb(a) * cu2c_fb(b)); }
static inline __nv_bfloat16 cu2c_bf___hdiv(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf(cu2c_fb(a) / cu2c_fb(b)); }
static inline __nv_bfloat16 cu2c_bf___hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf___hadd(a, b); }
static inline __nv_bfloat16 cu2c_bf___hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf___hsub(a, b); }
static inline __nv_bfloat16 cu2c_bf___hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf___hmul(a, b); }
/* a * b is exact in double (16 significant bits, exponents within double's range); the sum
 * is rounded to double with a sticky last bit (rounding to odd), after which rounding to
 * bf16 is correct. */
static inline __nv_bfloat16 cu2c_bf___hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c)
{
    double p = (double)cu2c_fb(a) * cu2c_fb(b), cc = cu2c_fb(c), s = p + cc;
    double bb = s - p, err = (p - (s - bb)) + (cc - bb);      /* exact: p + cc = s + err */
    if (err != 0.0 && s == s && s - s == 0.0) {
        uint64_t u;
        memcpy(&u, &s, sizeof u);
        if (!(u & 1))       /* even: move one unit toward the exact value */
            s = nextafter(s, err > 0 ? INFINITY : -INFINITY);
    }
    return cu2c_mk_bf16(cu2c_double_to_bf16(s, CU2C_H_RN));
}
static inline __nv_bfloat16 cu2c_bf___hneg(__nv_bfloat16 a) { return cu2c_mk_bf16((unsigned short)(a.__x ^ 0x8000u)); }
static inline __nv_bfloat16 cu2c_bf___habs(__nv_bfloat16 a) { return cu2c_mk_bf16((unsigned short)(a.__x & 0x7fffu)); }
static inline __nv_bfloat16 cu2c_bf___hadd_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bfsat(cu2c_bf___hadd(a, b)); }
static inline __nv_bfloat16 cu2c_bf___hsub_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bfsat(cu2c_bf___hsub(a, b)); }
static inline __nv_bfloat16 cu2c_bf___hmul_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bfsat(cu2c_bf___hmul(a, b)); }
static inline __nv_bfloat16 cu2c_bf___hfma_sat(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return cu2c_bfsat(cu2c_bf___hfma(a, b, c)); }
static inline __nv_bfloat16 cu2c_bf___hfma_relu(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c)
{
    __nv_bfloat16 r = cu2c_bf___hfma(a, b, c);
    return (r.__x & 0x7fffu) > 0x7f80u ? cu2c_mk_bf16(0x7fffu) : (r.__x & 0x8000u) ? cu2c_mk_bf16(0) : r;
}

/* ---- Comparisons --------------------------------------------------------------------- */

static inline bool cu2c_bf___hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
/* -1 for -infinity, 1 for +infinity, else 0. */
static inline int cu2c_bf___hisinf(__nv_bfloat16 a) { return a.__x == 0x7f80u ? 1 : a.__x == 0xff80u ? -1 : 0; }
static inline bool cu2c_bf___heq(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_fb(a) == cu2c_fb(b); }
static inline bool cu2c_bf___hne(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_fb(a) < cu2c_fb(b) || cu2c_fb(a) > cu2c_fb(b); }
static inline bool cu2c_bf___hlt(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_fb(a) < cu2c_fb(b); }
static inline bool cu2c_bf___hle(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_fb(a) <= cu2c_fb(b); }
static inline bool cu2c_bf___hgt(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_fb(a) > cu2c_fb(b); }
static inline bool cu2c_bf___hge(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_fb(a) >= cu2c_fb(b); }
/* Unordered forms: true when either operand is NaN. */
static inline bool cu2c_bf___hequ(__nv_bfloat16 a, __nv_bfloat16 b) { return !cu2c_bf___hne(a, b) || cu2c_bf___hisnan(a) || cu2c_bf___hisnan(b); }
static inline bool cu2c_bf___hneu(__nv_bfloat16 a, __nv_bfloat16 b) { return !cu2c_bf___heq(a, b); }
static inline bool cu2c_bf___hltu(__nv_bfloat16 a, __nv_bfloat16 b) { return !cu2c_bf___hge(a, b); }
static inline bool cu2c_bf___hleu(__nv_bfloat16 a, __nv_bfloat16 b) { return !cu2c_bf___hgt(a, b); }
static inline bool cu2c_bf___hgtu(__nv_bfloat16 a, __nv_bfloat16 b) { return !cu2c_bf___hle(a, b); }
static inline bool cu2c_bf___hgeu(__nv_bfloat16 a, __nv_bfloat16 b) { return !cu2c_bf___hlt(a, b); }
/* max/min: a NaN operand yields the other one (both NaN: the canonical NaN); +0 > -0. The
 * _nan forms return the canonical NaN if either is NaN. */
static inline __nv_bfloat16 cu2c_bfminmax(__nv_bfloat16 a, __nv_bfloat16 b, int want_max, int nan_wins)
{
    int na = cu2c_bf___hisnan(a), nb = cu2c_bf___hisnan(b);
    if (na || nb) return (nan_wins || (na && nb)) ? cu2c_mk_bf16(0x7fffu) : na ? b : a;
    float fa = cu2c_fb(a), fb = cu2c_fb(b);
    if (fa == fb) {   /* zeros of both signs */
        int a_neg = a.__x >> 15, b_neg = b.__x >> 15;
        return want_max ? (a_neg ? b : a) : (a_neg ? a : b_neg ? b : a);
    }
    return (fa > fb) == (want_max != 0) ? a : b;
}
static inline __nv_bfloat16 cu2c_bf___hmax(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bfminmax(a, b, 1, 0); }
static inline __nv_bfloat16 cu2c_bf___hmin(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bfminmax(a, b, 0, 0); }
static inline __nv_bfloat16 cu2c_bf___hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bfminmax(a, b, 1, 1); }
static inline __nv_bfloat16 cu2c_bf___hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bfminmax(a, b, 0, 1); }

/* ---- Math: the float function, rounded to bf16 ----------------------------------------- */

#define CU2C_BFMATH(name, name2, expr)                                                          \
    static inline __nv_bfloat16 cu2c_bf_##name(__nv_bfloat16 h) { float x = cu2c_fb(h); return cu2c_bf(expr); } \
    static inline __nv_bfloat162 cu2c_bf_##name2(__nv_bfloat162 h) { return cu2c_mk_bf162(cu2c_bf_##name(h.x), cu2c_bf_##name(h.y)); }
CU2C_BFMATH(hsqrt, h2sqrt, sqrtf(x))
CU2C_BFMATH(hrsqrt, h2rsqrt, (float)(1.0 / sqrt((double)x)))
CU2C_BFMATH(hrcp, h2rcp, 1.0f / x)
CU2C_BFMATH(hexp, h2exp, expf(x))
CU2C_BFMATH(hexp2, h2exp2, exp2f(x))
CU2C_BFMATH(hexp10, h2exp10, exp10f(x))
CU2C_BFMATH(hlog, h2log, logf(x))
CU2C_BFMATH(hlog2, h2log2, log2f(x))
CU2C_BFMATH(hlog10, h2log10, log10f(x))
CU2C_BFMATH(hsin, h2sin, sinf(x))
CU2C_BFMATH(hcos, h2cos, cosf(x))
CU2C_BFMATH(htanh, h2tanh, tanhf(x))
CU2C_BFMATH(htrunc, h2trunc, truncf(x))
CU2C_BFMATH(hceil, h2ceil, ceilf(x))
CU2C_BFMATH(hfloor, h2floor, floorf(x))
CU2C_BFMATH(hrint, h2rint, rintf(x))
#undef CU2C_BFMATH

/* ---- __nv_bfloat162: lane by lane ------------------------------------------------------- */

#define CU2C_BF2BIN(name, op)                                                                   \
    static inline __nv_bfloat162 cu2c_bf_##name(__nv_bfloat162 a, __nv_bfloat162 b) { return cu2c_mk_bf162(op(a.x, b.x), op(a.y, b.y)); }
CU2C_BF2BIN(__hadd2, cu2c_bf___hadd)
CU2C_BF2BIN(__hsub2, cu2c_bf___hsub)
CU2C_BF2BIN(__hmul2, cu2c_bf___hmul)
CU2C_BF2BIN(__h2div, cu2c_bf___hdiv)
CU2C_BF2BIN(__hadd2_rn, cu2c_bf___hadd)
CU2C_BF2BIN(__hsub2_rn, cu2c_bf___hsub)
CU2C_BF2BIN(__hmul2_rn, cu2c_bf___hmul)
CU2C_BF2BIN(__hadd2_sat, cu2c_bf___hadd_sat)
CU2C_BF2BIN(__hsub2_sat, cu2c_bf___hsub_sat)
CU2C_BF2BIN(__hmul2_sat, cu2c_bf___hmul_sat)
CU2C_BF2BIN(__hmax2, cu2c_bf___hmax)
CU2C_BF2BIN(__hmin2, cu2c_bf___hmin)
CU2C_BF2BIN(__hmax2_nan, cu2c_bf___hmax_nan)
CU2C_BF2BIN(__hmin2_nan, cu2c_bf___hmin_nan)
#undef CU2C_BF2BIN
#define CU2C_BF2FMA(name, op)                                                                   \
    static inline __nv_bfloat162 cu2c_bf_##name(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) \
    { return cu2c_mk_bf162(op(a.x, b.x, c.x), op(a.y, b.y, c.y)); }
CU2C_BF2FMA(__hfma2, cu2c_bf___hfma)
CU2C_BF2FMA(__hfma2_sat, cu2c_bf___hfma_sat)
CU2C_BF2FMA(__hfma2_relu, cu2c_bf___hfma_relu)
#undef CU2C_BF2FMA
static inline __nv_bfloat162 cu2c_bf___hneg2(__nv_bfloat162 a) { return cu2c_mk_bf162(cu2c_bf___hneg(a.x), cu2c_bf___hneg(a.y)); }
static inline __nv_bfloat162 cu2c_bf___habs2(__nv_bfloat162 a) { return cu2c_mk_bf162(cu2c_bf___habs(a.x), cu2c_bf___habs(a.y)); }
static inline __nv_bfloat162 cu2c_bf___hisnan2(__nv_bfloat162 a)
{
    return cu2c_mk_bf162(cu2c_mk_bf16(cu2c_bf___hisnan(a.x) ? 0x3f80u : 0), cu2c_mk_bf16(cu2c_bf___hisnan(a.y) ? 0x3f80u : 0));
}
/* Lane-wise comparisons: __heq2 & co. give 1.0 or 0.0 per lane, __hbeq2 & co. whether both
 * lanes hold, the _mask forms 0xffff or 0 per lane. */
#define CU2C_BF2CMP(op)                                                                         \
    static inline __nv_bfloat162 cu2c_bf___h##op##2(__nv_bfloat162 a, __nv_bfloat162 b)        \
    {                                                                                           \
        return cu2c_mk_bf162(cu2c_mk_bf16(cu2c_bf___h##op(a.x, b.x) ? 0x3f80u : 0),            \
                             cu2c_mk_bf16(cu2c_bf___h##op(a.y, b.y) ? 0x3f80u : 0));           \
    }                                                                                           \
    static inline bool cu2c_bf___hb##op##2(__nv_bfloat162 a, __nv_bfloat162 b)                 \
    { return cu2c_bf___h##op(a.x, b.x) && cu2c_bf___h##op(a.y, b.y); }                          \
    static inline unsigned cu2c_bf___h##op##2_mask(__nv_bfloat162 a, __nv_bfloat162 b)         \
    { return (cu2c_bf___h##op(a.x, b.x) ? 0xffffu : 0u) | (cu2c_bf___h##op(a.y, b.y) ? 0xffff0000u : 0u); }
CU2C_BF2CMP(eq)
CU2C_BF2CMP(ne)
CU2C_BF2CMP(lt)
CU2C_BF2CMP(le)
CU2C_BF2CMP(gt)
CU2C_BF2CMP(ge)
CU2C_BF2CMP(equ)
CU2C_BF2CMP(neu)
CU2C_BF2CMP(ltu)
CU2C_BF2CMP(leu)
CU2C_BF2CMP(gtu)
CU2C_BF2CMP(geu)
#undef CU2C_BF2CMP

/* ---- Atomics ----------------------------------------------------------------------------- */
/* A compare-and-swap loop on the bits; __nv_bfloat162 adds both lanes in one 32-bit swap
 * (CUDA only promises each lane atomic, so this is stronger). */
static inline __nv_bfloat16 cu2c_atomicAdd_bf(__nv_bfloat16 *p, __nv_bfloat16 v)
{
    unsigned short *u = (unsigned short *)p, old, nv;
    __atomic_load(u, &old, __ATOMIC_RELAXED);
    do {
        nv = cu2c_bf___hadd(cu2c_mk_bf16(old), v).__x;
    } while (!__atomic_compare_exchange_n(u, &old, nv, 1, CU2C_ATOMIC_ORDER, __ATOMIC_RELAXED));
    return cu2c_mk_bf16(old);
}
static inline __nv_bfloat162 cu2c_atomicAdd_bf2(__nv_bfloat162 *p, __nv_bfloat162 v)
{
    unsigned int *u = (unsigned int *)p, old, nv;
    __nv_bfloat162 o;
    __atomic_load(u, &old, __ATOMIC_RELAXED);
    do {
        memcpy(&o, &old, sizeof o);
        __nv_bfloat162 s = cu2c_bf___hadd2(o, v);
        memcpy(&nv, &s, sizeof nv);
    } while (!__atomic_compare_exchange_n(u, &old, nv, 1, CU2C_ATOMIC_ORDER, __ATOMIC_RELAXED));
    memcpy(&o, &old, sizeof o);
    return o;
}

/* ---- The shared names -------------------------------------------------------------------- */

/* Each list names the functions of one signature: X(name) for cu2c_bf_##name. */
#define CU2C_BF_UNARY(X) X(__hneg) X(__habs) X(hsqrt) X(hrsqrt) X(hrcp) X(hexp) X(hexp2) X(hexp10) \
    X(hlog) X(hlog2) X(hlog10) X(hsin) X(hcos) X(htanh) X(htrunc) X(hceil) X(hfloor) X(hrint)
#define CU2C_BF_BINARY(X) X(__hadd) X(__hsub) X(__hmul) X(__hdiv) X(__hadd_rn) X(__hsub_rn) X(__hmul_rn) \
    X(__hadd_sat) X(__hsub_sat) X(__hmul_sat) X(__hmax) X(__hmin) X(__hmax_nan) X(__hmin_nan)
#define CU2C_BF_TERNARY(X) X(__hfma) X(__hfma_sat) X(__hfma_relu)
#define CU2C_BF_COMPARE(X) X(__heq) X(__hne) X(__hlt) X(__hle) X(__hgt) X(__hge) X(__hequ) X(__hneu) \
    X(__hltu) X(__hleu) X(__hgtu) X(__hgeu)
#define CU2C_BF2_UNARY(X) X(__hneg2) X(__habs2) X(__hisnan2) X(h2sqrt) X(h2rsqrt) X(h2rcp) X(h2exp) \
    X(h2exp2) X(h2exp10) X(h2log) X(h2log2) X(h2log10) X(h2sin) X(h2cos) X(h2tanh) X(h2trunc)    \
    X(h2ceil) X(h2floor) X(h2rint) X(__lowhigh2highlow)
#define CU2C_BF2_BINARY(X) X(__hadd2) X(__hsub2) X(__hmul2) X(__h2div) X(__hadd2_rn) X(__hsub2_rn) \
    X(__hmul2_rn) X(__hadd2_sat) X(__hsub2_sat) X(__hmul2_sat) X(__hmax2) X(__hmin2) X(__hmax2_nan) \
    X(__hmin2_nan) X(__heq2) X(__hne2) X(__hlt2) X(__hle2) X(__hgt2) X(__hge2) X(__hequ2) X(__hneu2) \
    X(__hltu2) X(__hleu2) X(__hgtu2) X(__hgeu2)
#define CU2C_BF2_TERNARY(X) X(__hfma2) X(__hfma2_sat) X(__hfma2_relu)
#define CU2C_BF2_COMPARE(X) X(__hbeq2) X(__hbne2) X(__hblt2) X(__hble2) X(__hbgt2) X(__hbge2) X(__hbequ2) \
    X(__hbneu2) X(__hbltu2) X(__hbleu2) X(__hbgtu2) X(__hbgeu2)
#define CU2C_BF2_MASK(X) X(__heq2_mask) X(__hne2_mask) X(__hlt2_mask) X(__hle2_mask) X(__hgt2_mask) \
    X(__hge2_mask) X(__hequ2_mask) X(__hneu2_mask) X(__hltu2_mask) X(__hleu2_mask) X(__hgtu2_mask) \
    X(__hgeu2_mask)

#ifdef __cplusplus
/* Overloads with exact parameter types: a call on floats or halves still means the half
 * function (or is ambiguous, as with CUDA's headers), never silently bf16. */
#define CU2C_BF_U(n) static inline __nv_bfloat16 n(__nv_bfloat16 a) { return cu2c_bf_##n(a); }
#define CU2C_BF_B(n) static inline __nv_bfloat16 n(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf_##n(a, b); }
#define CU2C_BF_T(n) static inline __nv_bfloat16 n(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return cu2c_bf_##n(a, b, c); }
#define CU2C_BF_C(n) static inline bool n(__nv_bfloat16 a, __nv_bfloat16 b) { return cu2c_bf_##n(a, b); }
#define CU2C_BF2_U(n) static inline __nv_bfloat162 n(__nv_bfloat162 a) { return cu2c_bf_##n(a); }
#define CU2C_BF2_B(n) static inline __nv_bfloat162 n(__nv_bfloat162 a, __nv_bfloat162 b) { return cu2c_bf_##n(a, b); }
#define CU2C_BF2_T(n) static inline __nv_bfloat162 n(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) { return cu2c_bf_##n(a, b, c); }
#define CU2C_BF2_C(n) static inline bool n(__nv_bfloat162 a, __nv_bfloat162 b) { return cu2c_bf_##n(a, b); }
#define CU2C_BF2_M(n) static inline unsigned n(__nv_bfloat162 a, __nv_bfloat162 b) { return cu2c_bf_##n(a, b); }
CU2C_BF_UNARY(CU2C_BF_U)
CU2C_BF_BINARY(CU2C_BF_B)
CU2C_BF_TERNARY(CU2C_BF_T)
CU2C_BF_COMPARE(CU2C_BF_C)
CU2C_BF2_UNARY(CU2C_BF2_U)
CU2C_BF2_BINARY(CU2C_BF2_B)
CU2C_BF2_TERNARY(CU2C_BF2_T)
CU2C_BF2_COMPARE(CU2C_BF2_C)
CU2C_BF2_MASK(CU2C_BF2_M)
#undef CU2C_BF_U
#undef CU2C_BF_B
#undef CU2C_BF_T
#undef CU2C_BF_C
#undef CU2C_BF2_U
#undef CU2C_BF2_B
#undef CU2C_BF2_T
#undef CU2C_BF2_C
#undef CU2C_BF2_M
static inline bool __hisnan(__nv_bfloat16 a) { return cu2c_bf___hisnan(a); }
static inline int __hisinf(__nv_bfloat16 a) { return cu2c_bf___hisinf(a); }
static inline float __low2float(__nv_bfloat162 h) { return cu2c_bf___low2float(h); }
static inline float __high2float(__nv_bfloat162 h) { return cu2c_bf___high2float(h); }
static inline __nv_bfloat16 atomicAdd(__nv_bfloat16 *p, __nv_bfloat16 v) { return cu2c_atomicAdd_bf(p, v); }
static inline __nv_bfloat162 atomicAdd(__nv_bfloat162 *p, __nv_bfloat162 v) { return cu2c_atomicAdd_bf2(p, v); }

/* CUDA's operators: arithmetic rounds to bf16 after each operation. */
#define CU2C_BF_OPS(T, add, sub, mul, div, neg, one, eq, ne, lt, le, gt, ge)                      \
    static inline T operator+(const T &a, const T &b) { return add(a, b); }                     \
    static inline T operator-(const T &a, const T &b) { return sub(a, b); }                     \
    static inline T operator*(const T &a, const T &b) { return mul(a, b); }                     \
    static inline T operator/(const T &a, const T &b) { return div(a, b); }                     \
    static inline T &operator+=(T &a, const T &b) { return a = a + b; }                         \
    static inline T &operator-=(T &a, const T &b) { return a = a - b; }                         \
    static inline T &operator*=(T &a, const T &b) { return a = a * b; }                         \
    static inline T &operator/=(T &a, const T &b) { return a = a / b; }                         \
    static inline T operator+(const T &a) { return a; }                                         \
    static inline T operator-(const T &a) { return neg(a); }                                    \
    static inline T &operator++(T &a) { return a += one; }                                      \
    static inline T &operator--(T &a) { return a -= one; }                                      \
    static inline T operator++(T &a, int) { T r = a; a += one; return r; }                      \
    static inline T operator--(T &a, int) { T r = a; a -= one; return r; }                      \
    static inline bool operator==(const T &a, const T &b) { return eq(a, b); }                  \
    static inline bool operator!=(const T &a, const T &b) { return ne(a, b); }                  \
    static inline bool operator<(const T &a, const T &b) { return lt(a, b); }                   \
    static inline bool operator<=(const T &a, const T &b) { return le(a, b); }                  \
    static inline bool operator>(const T &a, const T &b) { return gt(a, b); }                   \
    static inline bool operator>=(const T &a, const T &b) { return ge(a, b); }
CU2C_BF_OPS(__nv_bfloat16, cu2c_bf___hadd, cu2c_bf___hsub, cu2c_bf___hmul, cu2c_bf___hdiv, cu2c_bf___hneg,
            cu2c_mk_bf16(0x3f80u), cu2c_bf___heq, cu2c_bf___hneu, cu2c_bf___hlt, cu2c_bf___hle, cu2c_bf___hgt,
            cu2c_bf___hge)
CU2C_BF_OPS(__nv_bfloat162, cu2c_bf___hadd2, cu2c_bf___hsub2, cu2c_bf___hmul2, cu2c_bf___h2div, cu2c_bf___hneg2,
            cu2c_mk_bf162(cu2c_mk_bf16(0x3f80u), cu2c_mk_bf16(0x3f80u)), cu2c_bf___hbeq2, cu2c_bf___hbneu2,
            cu2c_bf___hblt2, cu2c_bf___hble2, cu2c_bf___hbgt2, cu2c_bf___hbge2)
#undef CU2C_BF_OPS
#else
/* C: a shared name picks the bf16 function by its first argument's type, else the half one
 * (its name in parentheses: the function, not this macro). */
#define CU2C_BF_PICK(a, n) _Generic((a), __nv_bfloat16: cu2c_bf_##n, __nv_bfloat162: cu2c_bf_##n, default: (n))
#undef __hadd   /* cuda_fp16.h's: __half, else device.h's integer __hadd */
#define __hadd(a, b) _Generic((a), __nv_bfloat16: cu2c_bf___hadd, __half: cu2c_hadd_h, default: (__hadd))((a), (b))
#define __hneg(a) CU2C_BF_PICK(a, __hneg)(a)
#define __habs(a) CU2C_BF_PICK(a, __habs)(a)
#define hsqrt(a) CU2C_BF_PICK(a, hsqrt)(a)
#define hrsqrt(a) CU2C_BF_PICK(a, hrsqrt)(a)
#define hrcp(a) CU2C_BF_PICK(a, hrcp)(a)
#define hexp(a) CU2C_BF_PICK(a, hexp)(a)
#define hexp2(a) CU2C_BF_PICK(a, hexp2)(a)
#define hexp10(a) CU2C_BF_PICK(a, hexp10)(a)
#define hlog(a) CU2C_BF_PICK(a, hlog)(a)
#define hlog2(a) CU2C_BF_PICK(a, hlog2)(a)
#define hlog10(a) CU2C_BF_PICK(a, hlog10)(a)
#define hsin(a) CU2C_BF_PICK(a, hsin)(a)
#define hcos(a) CU2C_BF_PICK(a, hcos)(a)
#define htanh(a) CU2C_BF_PICK(a, htanh)(a)
#define htrunc(a) CU2C_BF_PICK(a, htrunc)(a)
#define hceil(a) CU2C_BF_PICK(a, hceil)(a)
#define hfloor(a) CU2C_BF_PICK(a, hfloor)(a)
#define hrint(a) CU2C_BF_PICK(a, hrint)(a)
#define __hisnan(a) CU2C_BF_PICK(a, __hisnan)(a)
#define __hisinf(a) CU2C_BF_PICK(a, __hisinf)(a)
#define __hsub(a, b) CU2C_BF_PICK(a, __hsub)(a, b)
#define __hmul(a, b) CU2C_BF_PICK(a, __hmul)(a, b)
#define __hdiv(a, b) CU2C_BF_PICK(a, __hdiv)(a, b)
#define __hadd_rn(a, b) CU2C_BF_PICK(a, __hadd_rn)(a, b)
#define __hsub_rn(a, b) CU2C_BF_PICK(a, __hsub_rn)(a, b)
#define __hmul_rn(a, b) CU2C_BF_PICK(a, __hmul_rn)(a, b)
#define __hadd_sat(a, b) CU2C_BF_PICK(a, __hadd_sat)(a, b)
#define __hsub_sat(a, b) CU2C_BF_PICK(a, __hsub_sat)(a, b)
#define __hmul_sat(a, b) CU2C_BF_PICK(a, __hmul_sat)(a, b)
#define __hmax(a, b) CU2C_BF_PICK(a, __hmax)(a, b)
#define __hmin(a, b) CU2C_BF_PICK(a, __hmin)(a, b)
#define __hmax_nan(a, b) CU2C_BF_PICK(a, __hmax_nan)(a, b)
#define __hmin_nan(a, b) CU2C_BF_PICK(a, __hmin_nan)(a, b)
#define __hfma(a, b, c) CU2C_BF_PICK(a, __hfma)(a, b, c)
#define __hfma_sat(a, b, c) CU2C_BF_PICK(a, __hfma_sat)(a, b, c)
#define __hfma_relu(a, b, c) CU2C_BF_PICK(a, __hfma_relu)(a, b, c)
#define __heq(a, b) CU2C_BF_PICK(a, __heq)(a, b)
#define __hne(a, b) CU2C_BF_PICK(a, __hne)(a, b)
#define __hlt(a, b) CU2C_BF_PICK(a, __hlt)(a, b)
#define __hle(a, b) CU2C_BF_PICK(a, __hle)(a, b)
#define __hgt(a, b) CU2C_BF_PICK(a, __hgt)(a, b)
#define __hge(a, b) CU2C_BF_PICK(a, __hge)(a, b)
#define __hequ(a, b) CU2C_BF_PICK(a, __hequ)(a, b)
#define __hneu(a, b) CU2C_BF_PICK(a, __hneu)(a, b)
#define __hltu(a, b) CU2C_BF_PICK(a, __hltu)(a, b)
#define __hleu(a, b) CU2C_BF_PICK(a, __hleu)(a, b)
#define __hgtu(a, b) CU2C_BF_PICK(a, __hgtu)(a, b)
#define __hgeu(a, b) CU2C_BF_PICK(a, __hgeu)(a, b)
#define __low2float(a) CU2C_BF_PICK(a, __low2float)(a)
#define __high2float(a) CU2C_BF_PICK(a, __high2float)(a)
#define __lowhigh2highlow(a) CU2C_BF_PICK(a, __lowhigh2highlow)(a)
#define __hneg2(a) CU2C_BF_PICK(a, __hneg2)(a)
#define __habs2(a) CU2C_BF_PICK(a, __habs2)(a)
#define __hisnan2(a) CU2C_BF_PICK(a, __hisnan2)(a)
#define h2sqrt(a) CU2C_BF_PICK(a, h2sqrt)(a)
#define h2rsqrt(a) CU2C_BF_PICK(a, h2rsqrt)(a)
#define h2rcp(a) CU2C_BF_PICK(a, h2rcp)(a)
#define h2exp(a) CU2C_BF_PICK(a, h2exp)(a)
#define h2exp2(a) CU2C_BF_PICK(a, h2exp2)(a)
#define h2exp10(a) CU2C_BF_PICK(a, h2exp10)(a)
#define h2log(a) CU2C_BF_PICK(a, h2log)(a)
#define h2log2(a) CU2C_BF_PICK(a, h2log2)(a)
#define h2log10(a) CU2C_BF_PICK(a, h2log10)(a)
#define h2sin(a) CU2C_BF_PICK(a, h2sin)(a)
#define h2cos(a) CU2C_BF_PICK(a, h2cos)(a)
#define h2tanh(a) CU2C_BF_PICK(a, h2tanh)(a)
#define h2trunc(a) CU2C_BF_PICK(a, h2trunc)(a)
#define h2ceil(a) CU2C_BF_PICK(a, h2ceil)(a)
#define h2floor(a) CU2C_BF_PICK(a, h2floor)(a)
#define h2rint(a) CU2C_BF_PICK(a, h2rint)(a)
#define __hadd2(a, b) CU2C_BF_PICK(a, __hadd2)(a, b)
#define __hsub2(a, b) CU2C_BF_PICK(a, __hsub2)(a, b)
#define __hmul2(a, b) CU2C_BF_PICK(a, __hmul2)(a, b)
#define __h2div(a, b) CU2C_BF_PICK(a, __h2div)(a, b)
#define __hadd2_rn(a, b) CU2C_BF_PICK(a, __hadd2_rn)(a, b)
#define __hsub2_rn(a, b) CU2C_BF_PICK(a, __hsub2_rn)(a, b)
#define __hmul2_rn(a, b) CU2C_BF_PICK(a, __hmul2_rn)(a, b)
#define __hadd2_sat(a, b) CU2C_BF_PICK(a, __hadd2_sat)(a, b)
#define __hsub2_sat(a, b) CU2C_BF_PICK(a, __hsub2_sat)(a, b)
#define __hmul2_sat(a, b) CU2C_BF_PICK(a, __hmul2_sat)(a, b)
#define __hmax2(a, b) CU2C_BF_PICK(a, __hmax2)(a, b)
#define __hmin2(a, b) CU2C_BF_PICK(a, __hmin2)(a, b)
#define __hmax2_nan(a, b) CU2C_BF_PICK(a, __hmax2_nan)(a, b)
#define __hmin2_nan(a, b) CU2C_BF_PICK(a, __hmin2_nan)(a, b)
#define __hfma2(a, b, c) CU2C_BF_PICK(a, __hfma2)(a, b, c)
#define __hfma2_sat(a, b, c) CU2C_BF_PICK(a, __hfma2_sat)(a, b, c)
#define __hfma2_relu(a, b, c) CU2C_BF_PICK(a, __hfma2_relu)(a, b, c)
#define __heq2(a, b) CU2C_BF_PICK(a, __heq2)(a, b)
#define __hne2(a, b) CU2C_BF_PICK(a, __hne2)(a, b)
#define __hlt2(a, b) CU2C_BF_PICK(a, __hlt2)(a, b)
#define __hle2(a, b) CU2C_BF_PICK(a, __hle2)(a, b)
#define __hgt2(a, b) CU2C_BF_PICK(a, __hgt2)(a, b)
#define __hge2(a, b) CU2C_BF_PICK(a, __hge2)(a, b)
#define __hequ2(a, b) CU2C_BF_PICK(a, __hequ2)(a, b)
#define __hneu2(a, b) CU2C_BF_PICK(a, __hneu2)(a, b)
#define __hltu2(a, b) CU2C_BF_PICK(a, __hltu2)(a, b)
#define __hleu2(a, b) CU2C_BF_PICK(a, __hleu2)(a, b)
#define __hgtu2(a, b) CU2C_BF_PICK(a, __hgtu2)(a, b)
#define __hgeu2(a, b) CU2C_BF_PICK(a, __hgeu2)(a, b)
#define __hbeq2(a, b) CU2C_BF_PICK(a, __hbeq2)(a, b)
#define __hbne2(a, b) CU2C_BF_PICK(a, __hbne2)(a, b)
#define __hblt2(a, b) CU2C_BF_PICK(a, __hblt2)(a, b)
#define __hble2(a, b) CU2C_BF_PICK(a, __hble2)(a, b)
#define __hbgt2(a, b) CU2C_BF_PICK(a, __hbgt2)(a, b)
#define __hbge2(a, b) CU2C_BF_PICK(a, __hbge2)(a, b)
#define __hbequ2(a, b) CU2C_BF_PICK(a, __hbequ2)(a, b)
#define __hbneu2(a, b) CU2C_BF_PICK(a, __hbneu2)(a, b)
#define __hbltu2(a, b) CU2C_BF_PICK(a, __hbltu2)(a, b)
#define __hbleu2(a, b) CU2C_BF_PICK(a, __hbleu2)(a, b)
#define __hbgtu2(a, b) CU2C_BF_PICK(a, __hbgtu2)(a, b)
#define __hbgeu2(a, b) CU2C_BF_PICK(a, __hbgeu2)(a, b)
#define __heq2_mask(a, b) CU2C_BF_PICK(a, __heq2_mask)(a, b)
#define __hne2_mask(a, b) CU2C_BF_PICK(a, __hne2_mask)(a, b)
#define __hlt2_mask(a, b) CU2C_BF_PICK(a, __hlt2_mask)(a, b)
#define __hle2_mask(a, b) CU2C_BF_PICK(a, __hle2_mask)(a, b)
#define __hgt2_mask(a, b) CU2C_BF_PICK(a, __hgt2_mask)(a, b)
#define __hge2_mask(a, b) CU2C_BF_PICK(a, __hge2_mask)(a, b)
#define __hequ2_mask(a, b) CU2C_BF_PICK(a, __hequ2_mask)(a, b)
#define __hneu2_mask(a, b) CU2C_BF_PICK(a, __hneu2_mask)(a, b)
#define __hltu2_mask(a, b) CU2C_BF_PICK(a, __hltu2_mask)(a, b)
#define __hleu2_mask(a, b) CU2C_BF_PICK(a, __hleu2_mask)(a, b)
#define __hgtu2_mask(a, b) CU2C_BF_PICK(a, __hgtu2_mask)(a, b)
#define __hgeu2_mask(a, b) CU2C_BF_PICK(a, __hgeu2_mask)(a, b)
/* device.h's atomicAdd plus the half and bf16 types. */
#undef atomicAdd
#define atomicAdd(p, v) _Generic((p), int *: cu2c_atomicAdd_i, unsigned int *: cu2c_atomicAdd_u, \
    unsigned long long *: cu2c_atomicAdd_ull, float *: cu2c_atomicAdd_f, double *: cu2c_atomicAdd_d, \
    __half *: cu2c_atomicAdd_h, __half2 *: cu2c_atomicAdd_h2, __nv_bfloat16 *: cu2c_atomicAdd_bf, \
    __nv_bfloat162 *: cu2c_atomicAdd_bf2)((p), (v))
#endif

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#endif
