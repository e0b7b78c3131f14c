/* cuda_fp8.h - CUDA's 8-bit floats: E4M3 (4 exponent bits, bias 7, no infinities, largest
 * 448, NaN S.1111.111) and E5M2 (5 exponent bits, bias 15, IEEE infinities, largest 57344);
 * the conversion functions (__nv_cvt_*) and, in C++, the classes __nv_fp8_e4m3/e5m2 and
 * their x2 and x4 forms, bit-exact with the GPU.
 *
 * To fp8: round to nearest even on the fp8 grid, subnormals included; magnitudes that round
 * past the largest finite value become it under __NV_SATFINITE (the classes' constructors
 * use that) and NaN (E4M3) or infinity (E5M2) under __NV_NOSAT; NaN gives 0x7f (E4M3) or
 * 0x7e/0x7f (E5M2, its mantissa kept), the sign kept. Every float, double, half and bf16
 * converts from its exact value (a float is exact as a double), so there is one rounding.
 * From fp8: exact (every fp8 value is a half); a NaN gives half's canonical 0x7fff. The
 * classes' integer conversions truncate, clamp to the target's range, and give 0 for NaN.
 * Not here: CUDA 12.8's E8M0 and FP6/FP4 types. */
#ifndef CU2C_CUDA_FP8_H
#define CU2C_CUDA_FP8_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __CUDA_FP8_H__      /* the toolkit's guards, which programs test */
#define __CUDA_FP8_HPP__
#define __CUDA_FP8_TYPES_EXIST__

#include "cuda_fp16.h"
#include "cuda_bf16.h"

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

/* x rounded to the fp8 format: the bits of |x|'s double from its exponent and top
 * mantissa bits, the rest deciding the rounding (to nearest even). */
static inline __nv_fp8_storage_t cu2c_double_to_fp8(double x, int saturate, int e5m2)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    const int bias = e5m2 ? 15 : 7, mbits = e5m2 ? 2 : 3;
    /* below half the smallest subnormal: 0; from the largest finite value plus half its
     * quantum (464, 61440), exclusive for E4M3 (ties go to even, 448) and inclusive for E5M2
     * (ties go to even, the infinity): out of range */
    const uint64_t half_min = e5m2 ? 0x3EE0000000000000ull : 0x3F50000000000000ull;
    const uint64_t overflow = e5m2 ? 0x40EE000000000000ull - 1 : 0x407D000000000000ull;
    const uint64_t min_normal = e5m2 ? 0x3F10000000000000ull : 0x3F90000000000000ull;
    const unsigned max_finite = e5m2 ? 0x7Bu : 0x7Eu;
    unsigned sign = (unsigned)(bits >> 63) << 7;
    uint64_t absx = bits & 0x7FFFFFFFFFFFFFFFull;
    unsigned res;
    if (absx > 0x7FF0000000000000ull) {         /* NaN */
        res = e5m2 ? 0x7Eu | (unsigned)((bits >> 51) & 1) : 0x7Fu;
    } else if (absx <= half_min) {
        res = 0;
    } else if (absx > overflow) {
        res = saturate ? max_finite : e5m2 ? 0x7Cu : 0x7Fu;
    } else {
        int e = (int)(absx >> 52) - 1023;
        uint64_t m = (absx & 0x000FFFFFFFFFFFFFull) | 0x0010000000000000ull;     /* 53 bits */
        /* the kept bits: the leading one and mbits more, fewer below the smallest normal */
        int shift = 52 - mbits + (absx < min_normal ? (1 - bias) - e : 0);
        uint64_t q = shift > 63 ? 0 : m >> shift, rest = shift > 63 ? m : m & (((uint64_t)1 << shift) - 1);
        uint64_t halfway = (uint64_t)1 << (shift - 1);
        if (rest > halfway || (rest == halfway && (q & 1)))
            q++;
        if (absx < min_normal)
            res = (unsigned)q;                    /* a subnormal, or the smallest normal by a carry */
        else
            res = (unsigned)(((uint64_t)(e + bias) << mbits) + (q - ((uint64_t)1 << mbits)));
    }
    return (__nv_fp8_storage_t)(res | sign);
}

/* cu2c_double_to_fp8 for a float, in 32-bit arithmetic (the same results; the fast path
 * kernels converting floats take): below the smallest normal, x + 2^(e_min - mbits + 23)
 * rounds x to the subnormal quantum by the FPU's own rounding to nearest even, and the
 * sum's low bits are the code; above, adding half a quantum less one, plus the kept lowest
 * bit, rounds to nearest even, a carry stepping the exponent. */
static inline __nv_fp8_storage_t cu2c_float_to_fp8(float x, int saturate, int e5m2)
{
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    const int bias = e5m2 ? 15 : 7, mbits = e5m2 ? 2 : 3;
    const uint32_t min_normal = (uint32_t)(128 - bias) << 23;
    const uint32_t denorm_magic = (uint32_t)(151 - bias - mbits) << 23;
    /* as cu2c_double_to_fp8: past 464 for E4M3, from 61440 for E5M2 */
    const uint32_t overflow = e5m2 ? 0x476FFFFFu : 0x43E80000u;
    uint32_t sign = (bits >> 24) & 0x80u, a = bits & 0x7FFFFFFFu, res;
    if (a > 0x7F800000u) {
        res = e5m2 ? 0x7Eu | ((bits >> 22) & 1u) : 0x7Fu;
    } else if (a > overflow) {
        res = saturate ? (e5m2 ? 0x7Bu : 0x7Eu) : e5m2 ? 0x7Cu : 0x7Fu;
    } else if (a < min_normal) {
        float f, m;
        memcpy(&f, &a, sizeof f);
        memcpy(&m, &denorm_magic, sizeof m);
        f += m;
        uint32_t sum;
        memcpy(&sum, &f, sizeof sum);
        res = sum - denorm_magic;
    } else {
        uint32_t odd = (a >> (23 - mbits)) & 1u;
        a += ((uint32_t)(bias - 127) << 23) + ((1u << (22 - mbits)) - 1u) + odd;
        res = a >> (23 - mbits);
    }
    return (__nv_fp8_storage_t)(res | sign);
}

/* The exact value of fp8 bits v (a float holds every one). */
static inline float cu2c_fp8_to_float(__nv_fp8_storage_t v, int e5m2)
{
    const int bias = e5m2 ? 15 : 7, mbits = e5m2 ? 2 : 3;
    unsigned a = v & 0x7Fu, e = a >> mbits, m = a & ((1u << mbits) - 1);
    float r;
    if (e5m2 ? a > 0x7Cu : a == 0x7Fu)
        r = __builtin_nanf("");
    else if (e5m2 && a == 0x7Cu)
        r = __builtin_inff();
    else if (e == 0)
        r = __builtin_ldexpf((float)m, 1 - bias - mbits);
    else
        r = __builtin_ldexpf((float)(m | (1u << mbits)), (int)e - bias - mbits);
    return (v & 0x80u) ? -r : r;
}

/* An fp8 value truncated to an unsigned 64-bit integer, negatives 0, infinity the largest;
 * NaN gives 0. */
static inline unsigned long long cu2c_fp8_to_ull(__nv_fp8_storage_t v, int e5m2)
{
    float f = cu2c_fp8_to_float(v, e5m2);
    if (f != f || f <= 0.0f)
        return 0;
    return f == __builtin_inff() ? ~0ull : (unsigned long long)f;
}

/* An fp8 value truncated to an integer clamped to [lo, hi]; NaN gives 0. */
static inline long long cu2c_fp8_to_int(__nv_fp8_storage_t v, int e5m2, long long lo, long long hi)
{
    float f = cu2c_fp8_to_float(v, e5m2);
    if (f != f)
        return 0;
    if (f <= (float)lo)
        return lo;
    if (f >= (float)hi)
        return hi;
    return (long long)f;
}

/* Two values to fp8, the first in the low byte. */
static inline __nv_fp8x2_storage_t cu2c_doubles_to_fp8x2(double lo, double hi, int saturate, int e5m2)
{
    return (__nv_fp8x2_storage_t)(cu2c_double_to_fp8(lo, saturate, e5m2) | (unsigned)cu2c_double_to_fp8(hi, saturate, e5m2) << 8);
}

static inline __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t saturate,
                                                        __nv_fp8_interpretation_t fp8_interpretation)
{
    return cu2c_double_to_fp8(x, saturate == __NV_SATFINITE, fp8_interpretation == __NV_E5M2);
}
static inline __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t saturate,
                                                       __nv_fp8_interpretation_t fp8_interpretation)
{
    return cu2c_float_to_fp8(x, saturate == __NV_SATFINITE, fp8_interpretation == __NV_E5M2);
}
static inline __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(double2 x, __nv_saturation_t saturate,
                                                             __nv_fp8_interpretation_t fp8_interpretation)
{
    return cu2c_doubles_to_fp8x2(x.x, x.y, saturate == __NV_SATFINITE, fp8_interpretation == __NV_E5M2);
}
static inline __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t saturate,
                                                            __nv_fp8_interpretation_t fp8_interpretation)
{
    return cu2c_doubles_to_fp8x2(x.x, x.y, saturate == __NV_SATFINITE, fp8_interpretation == __NV_E5M2);
}
static inline __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t saturate,
                                                         __nv_fp8_interpretation_t fp8_interpretation)
{
    return __nv_cvt_float_to_fp8(cu2c_half_to_float(x.x), saturate, fp8_interpretation);
}
static inline __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(__half2_raw x, __nv_saturation_t saturate,
                                                              __nv_fp8_interpretation_t fp8_interpretation)
{
    return cu2c_doubles_to_fp8x2(cu2c_half_to_float(x.x), cu2c_half_to_float(x.y), saturate == __NV_SATFINITE, fp8_interpretation == __NV_E5M2);
}
static inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t saturate,
                                                             __nv_fp8_interpretation_t fp8_interpretation)
{
    return __nv_cvt_float_to_fp8(cu2c_bf16_to_float(x.x), saturate, fp8_interpretation);
}
static inline __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw x, __nv_saturation_t saturate,
                                                                  __nv_fp8_interpretation_t fp8_interpretation)
{
    return cu2c_doubles_to_fp8x2(cu2c_bf16_to_float(x.x), cu2c_bf16_to_float(x.y), saturate == __NV_SATFINITE, fp8_interpretation == __NV_E5M2);
}
static inline __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t fp8_interpretation)
{
    float f = cu2c_fp8_to_float(x, fp8_interpretation == __NV_E5M2);
    __half_raw r;
    r.x = f != f ? (unsigned short)0x7FFFu : cu2c_float_to_half(f, CU2C_H_RN);
    return r;
}
static inline __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x,
                                                     __nv_fp8_interpretation_t fp8_interpretation)
{
    __half2_raw r;
    r.x = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x & 0xFFu), fp8_interpretation).x;
    r.y = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8), fp8_interpretation).x;
    return r;
}

#ifdef __cplusplus
/* One fp8 class per format (E = 0 for E4M3, 1 for E5M2): CUDA's constructors (explicit,
 * saturating to finite) and conversions (explicit). */
#define CU2C_FP8_CLASS(T, E)                                                                       \
    struct __align__(1) T {                                                                        \
        __nv_fp8_storage_t __x;                                                                    \
        T() = default;                                                                             \
        explicit T(const __half f) : __x(cu2c_double_to_fp8(cu2c_half_to_float(f.__x), 1, E)) {}  \
        explicit T(const __nv_bfloat16 f) : __x(cu2c_double_to_fp8(cu2c_bf16_to_float(f.__x), 1, E)) {} \
        explicit T(const float f) : __x(cu2c_float_to_fp8(f, 1, E)) {}                            \
        explicit T(const double f) : __x(cu2c_double_to_fp8(f, 1, E)) {}                          \
        explicit T(const unsigned short v) : __x(cu2c_double_to_fp8((float)v, 1, E)) {}          \
        explicit T(const unsigned int v) : __x(cu2c_double_to_fp8((float)v, 1, E)) {}            \
        explicit T(const unsigned long v) : __x(cu2c_double_to_fp8((float)v, 1, E)) {}           \
        explicit T(const unsigned long long v) : __x(cu2c_double_to_fp8((float)v, 1, E)) {}      \
        explicit T(const short v) : __x(cu2c_double_to_fp8((float)v, 1, E)) {}                   \
        explicit T(const int v) : __x(cu2c_double_to_fp8((float)v, 1, E)) {}                     \
        explicit T(const long v) : __x(cu2c_double_to_fp8((float)v, 1, E)) {}                    \
        explicit T(const long long v) : __x(cu2c_double_to_fp8((float)v, 1, E)) {}               \
        explicit operator __half() const { return __half(__nv_cvt_fp8_to_halfraw(__x, (__nv_fp8_interpretation_t)E)); } \
        explicit operator float() const { return cu2c_fp8_to_float(__x, E); }                    \
        explicit operator __nv_bfloat16() const { return __nv_bfloat16(cu2c_fp8_to_float(__x, E)); } \
        explicit operator double() const { return cu2c_fp8_to_float(__x, E); }                   \
        explicit operator unsigned char() const { return (unsigned char)cu2c_fp8_to_int(__x, E, 0, 255); } \
        explicit operator unsigned short() const { return (unsigned short)cu2c_fp8_to_int(__x, E, 0, 65535); } \
        explicit operator unsigned int() const { return (unsigned int)cu2c_fp8_to_int(__x, E, 0, 4294967295ll); } \
        explicit operator unsigned long() const { return (unsigned long)cu2c_fp8_to_ull(__x, E); }  \
        explicit operator unsigned long long() const { return cu2c_fp8_to_ull(__x, E); }          \
        explicit operator signed char() const { return (signed char)cu2c_fp8_to_int(__x, E, -128, 127); } \
        explicit operator char() const {                                                           \
            return (char)cu2c_fp8_to_int(__x, E, (char)-1 < 0 ? -128 : 0, (char)-1 < 0 ? 127 : 255); \
        }                                                                                          \
        explicit operator short() const { return (short)cu2c_fp8_to_int(__x, E, -32768, 32767); } \
        explicit operator int() const { return (int)cu2c_fp8_to_int(__x, E, -2147483647ll - 1, 2147483647ll); } \
        explicit operator long() const { return (long)cu2c_fp8_to_int(__x, E, -9223372036854775807ll - 1, 9223372036854775807ll); } \
        explicit operator long long() const { return cu2c_fp8_to_int(__x, E, -9223372036854775807ll - 1, 9223372036854775807ll); } \
        explicit operator bool() const { return (__x & 0x7Fu) != 0; }                           \
    }

/* Two and four values, the first in the lowest byte. */
#define CU2C_FP8X_CLASSES(T2, T4, E)                                                                 \
    struct __align__(2) T2 {                                                                       \
        __nv_fp8x2_storage_t __x;                                                                  \
        T2() = default;                                                                            \
        explicit T2(const __half2 f)                                                               \
            : __x(cu2c_doubles_to_fp8x2(cu2c_half_to_float(f.x.__x), cu2c_half_to_float(f.y.__x), 1, E)) {} \
        explicit T2(const __nv_bfloat162 f)                                                        \
            : __x(cu2c_doubles_to_fp8x2(cu2c_bf16_to_float(f.x.__x), cu2c_bf16_to_float(f.y.__x), 1, E)) {} \
        explicit T2(const float2 f) : __x(cu2c_doubles_to_fp8x2(f.x, f.y, 1, E)) {}               \
        explicit T2(const double2 f) : __x(cu2c_doubles_to_fp8x2(f.x, f.y, 1, E)) {}              \
        explicit operator __half2() const { return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, (__nv_fp8_interpretation_t)E)); } \
        explicit operator float2() const {                                                         \
            float2 r;                                                                              \
            r.x = cu2c_fp8_to_float((__nv_fp8_storage_t)(__x & 0xFFu), E);                         \
            r.y = cu2c_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), E);                            \
            return r;                                                                              \
        }                                                                                          \
    };                                                                                             \
    struct __align__(4) T4 {                                                                       \
        __nv_fp8x4_storage_t __x;                                                                  \
        T4() = default;                                                                            \
        explicit T4(const __half2 flo, const __half2 fhi)                                          \
            : __x((__nv_fp8x4_storage_t)T2(flo).__x | (__nv_fp8x4_storage_t)T2(fhi).__x << 16) {}  \
        explicit T4(const __nv_bfloat162 flo, const __nv_bfloat162 fhi)                            \
            : __x((__nv_fp8x4_storage_t)T2(flo).__x | (__nv_fp8x4_storage_t)T2(fhi).__x << 16) {}  \
        explicit T4(const float4 f)                                                                \
            : __x((__nv_fp8x4_storage_t)T2(make_float2(f.x, f.y)).__x |                            \
                  (__nv_fp8x4_storage_t)T2(make_float2(f.z, f.w)).__x << 16) {}                    \
        explicit T4(const double4 f)                                                               \
            : __x((__nv_fp8x4_storage_t)T2(make_double2(f.x, f.y)).__x |                           \
                  (__nv_fp8x4_storage_t)T2(make_double2(f.z, f.w)).__x << 16) {}                   \
        explicit operator float4() const {                                                         \
            float4 r;                                                                              \
            r.x = cu2c_fp8_to_float((__nv_fp8_storage_t)(__x & 0xFFu), E);                         \
            r.y = cu2c_fp8_to_float((__nv_fp8_storage_t)((__x >> 8) & 0xFFu), E);                  \
            r.z = cu2c_fp8_to_float((__nv_fp8_storage_t)((__x >> 16) & 0xFFu), E);                 \
            r.w = cu2c_fp8_to_float((__nv_fp8_storage_t)(__x >> 24), E);                           \
            return r;                                                                              \
        }                                                                                          \
    }

CU2C_FP8_CLASS(__nv_fp8_e4m3, 0);
CU2C_FP8_CLASS(__nv_fp8_e5m2, 1);
CU2C_FP8X_CLASSES(__nv_fp8x2_e4m3, __nv_fp8x4_e4m3, 0);
CU2C_FP8X_CLASSES(__nv_fp8x2_e5m2, __nv_fp8x4_e5m2, 1);
#undef CU2C_FP8_CLASS
#undef CU2C_FP8X_CLASSES
typedef __nv_fp8_e4m3 nv_fp8_e4m3;
typedef __nv_fp8_e5m2 nv_fp8_e5m2;
typedef __nv_fp8x2_e4m3 nv_fp8x2_e4m3;
typedef __nv_fp8x2_e5m2 nv_fp8x2_e5m2;
typedef __nv_fp8x4_e4m3 nv_fp8x4_e4m3;
typedef __nv_fp8x4_e5m2 nv_fp8x4_e5m2;
#endif

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#endif
