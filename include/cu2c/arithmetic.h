/* cu2c/arithmetic.h - integer arithmetic in device code as NVIDIA GPUs compute it where C
 * leaves it undefined (the translator's frontend, gpu_arithmetic.c, writes these calls in
 * place of the operators in kernels and device functions):
 *   - a shift by the operand's width or more (or by a negative amount, which the GPU reads as
 *     a large unsigned one) gives 0, and `>>` of a negative signed value all sign bits: PTX's
 *     shl/shr clamp the amount to the width;
 *   - integer division or remainder by zero gives all bits set (-1, UINT_MAX): what NVIDIA's
 *     GPUs return; INT_MIN / -1 wraps to INT_MIN and INT_MIN % -1 is 0 (no trap);
 *   - float to integer conversions saturate to the target's range and NaN gives 0 (PTX's
 *     cvt.rzi.sat), where x86 gives the "integer indefinite" value (INT_MIN).
 * One function per type of the operation (after C's promotions), so that C output needs no
 * generics: i32 int, u32 unsigned, il long, ul unsigned long, i64 long long, u64 unsigned long
 * long. Branch-free selects the C compiler vectorises. constexpr in C++: a shift in a
 * constexpr function stays one. */
#ifndef CU2C_ARITHMETIC_H
#define CU2C_ARITHMETIC_H

#include <limits.h>

#ifdef __cplusplus
#define CU2C_ARITH static inline constexpr __attribute__((always_inline))
#else
#define CU2C_ARITH static inline __attribute__((always_inline))
#endif
/* the conversions' bodies are more than a return: constexpr from C++14 on */
#if defined(__cplusplus) && __cplusplus >= 201402L
#define CU2C_ARITH_F2I CU2C_ARITH
#else
#define CU2C_ARITH_F2I static inline __attribute__((always_inline))
#endif

/* T the operation's type, U its unsigned twin, W its width in bits, S whether it is signed */
#define CU2C_SHIFTS(N, T, U, W, S)                                                                    \
    CU2C_ARITH T __cu2c_shl_##N(T a, unsigned long long s) { return s < W ? (T)((U)a << s) : (T)0; } \
    CU2C_ARITH T __cu2c_shr_##N(T a, unsigned long long s)                                          \
    {                                                                                               \
        return s < W ? (T)(a >> s) : (T)(S ? a >> (W - 1) : 0);                                     \
    }
/* Division and remainder by 0 and by -1 (masks all ones where b is 0, -1); Q(a, b) the
 * quotient otherwise, computed for every b, with 1 in place of 0 and -1. Masks rather than
 * selects: no branch then holds the quotient, which the C compiler would not move out of one
 * (a double division may raise a floating-point exception, see CU2C_QUOTIENT32), and the loop
 * around it vectorises whatever the divisors. */
#define CU2C_DIVISION(N, T, U, S, Q)                                                                \
    CU2C_ARITH U __cu2c_zero_mask_##N(T b) { return (U)0 - (U)(b == 0); }                          \
    CU2C_ARITH U __cu2c_minus_one_mask_##N(T b) { return (U)0 - (U)(S && b == (T)-1); }            \
    CU2C_ARITH T __cu2c_divisor_##N(T b)                                                            \
    {                                                                                               \
        return (T)((U)b + (__cu2c_zero_mask_##N(b) & 1u) + (__cu2c_minus_one_mask_##N(b) & 2u));   \
    }                                                                                               \
    CU2C_ARITH T __cu2c_div_##N(T a, T b)                                                           \
    {                                                                                               \
        return (T)(((U)(Q(a, __cu2c_divisor_##N(b))) & ~(__cu2c_zero_mask_##N(b) | __cu2c_minus_one_mask_##N(b))) | \
                   __cu2c_zero_mask_##N(b) | (__cu2c_minus_one_mask_##N(b) & ((U)0 - (U)a)));       \
    }                                                                                               \
    CU2C_ARITH T __cu2c_rem_##N(T a, T b)                                                           \
    {                                                                                               \
        return (T)((((U)a - (U)(Q(a, __cu2c_divisor_##N(b))) * (U)b) &                              \
                    ~(__cu2c_zero_mask_##N(b) | __cu2c_minus_one_mask_##N(b))) | __cu2c_zero_mask_##N(b)); \
    }
#define CU2C_C_QUOTIENT(a, b) ((a) / (b))

/* 32-bit division by a divisor that is not a constant: x86 has no vector integer division,
 * so the quotient is a * (1.0 / b) in double, which the C compiler vectorises (and, the
 * divisor uniform, computes 1.0 / b once before the loop). That product lies within 2^-51 of
 * a / b relatively, and a quotient that is no integer lies at least 1/|b| from one (more, for
 * every 32-bit a), so truncating it gives C's quotient, except for an exact quotient n the
 * product may give n - 1 toward zero: then a - q * b is b (or -b for a negative n), and q is
 * put right. Exact under -ffast-math too. A constant divisor keeps C's division, which the
 * compiler turns into a multiplication. b is neither 0 nor -1 (INT_MIN / -1). The signed
 * quotient converts through int, which AVX2 vectorises (it has no double to 64-bit
 * conversion); the unsigned one, up to 2^32 - 1, through long long. */
#define CU2C_QUOTIENT32(N, T, U, S)                                                                 \
    CU2C_ARITH T __cu2c_quot_fix_##N(T a, T b, T q)                                                 \
    {                                                                                               \
        return (T)((U)q + (U)((U)a - (U)q * (U)b == (U)b) - (U)(S && (U)a - (U)q * (U)b == (U)0 - (U)b)); \
    }                                                                                               \
    CU2C_ARITH T __cu2c_quot_##N(T a, T b)                                                          \
    {                                                                                               \
        return __builtin_constant_p(b) ? a / b                                                      \
               : __cu2c_quot_fix_##N(a, b, S ? (T)(int)((double)a * (1.0 / (double)b))             \
                                             : (T)(long long)((double)a * (1.0 / (double)b)));      \
    }

CU2C_SHIFTS(i32, int, unsigned int, 32, 1)
CU2C_SHIFTS(u32, unsigned int, unsigned int, 32, 0)
CU2C_SHIFTS(il, long, unsigned long, (int)(sizeof(long) * 8), 1)
CU2C_SHIFTS(ul, unsigned long, unsigned long, (int)(sizeof(long) * 8), 0)
CU2C_SHIFTS(i64, long long, unsigned long long, 64, 1)
CU2C_SHIFTS(u64, unsigned long long, unsigned long long, 64, 0)
CU2C_QUOTIENT32(i32, int, unsigned int, 1)
CU2C_QUOTIENT32(u32, unsigned int, unsigned int, 0)
CU2C_DIVISION(i32, int, unsigned int, 1, __cu2c_quot_i32)
CU2C_DIVISION(u32, unsigned int, unsigned int, 0, __cu2c_quot_u32)
CU2C_DIVISION(il, long, unsigned long, 1, CU2C_C_QUOTIENT)
CU2C_DIVISION(ul, unsigned long, unsigned long, 0, CU2C_C_QUOTIENT)
CU2C_DIVISION(i64, long long, unsigned long long, 1, CU2C_C_QUOTIENT)
CU2C_DIVISION(u64, unsigned long long, unsigned long long, 0, CU2C_C_QUOTIENT)

/* A float's or double's bits and back (constexpr in C++). */
#ifdef __cplusplus
#define CU2C_BITS(T, x) __builtin_bit_cast(T, x)
#else
#define CU2C_BITS(T, x) (((union { __typeof__(x) from; T to; }){x}).to)
#endif

/* float (f) or double (d) to an integer type, saturating, NaN to 0, on the operand's bits:
 * within the range (its magnitude below TOP's, and for an unsigned type not negative) the
 * conversion of the value itself, else of 0 (so the conversion is always defined and needs no
 * branch), and outside it MIN or MAX by the sign, or 0 for NaN. F, D: the bits of the first
 * float and double above the range. */
#define CU2C_F2I(N, T, S, F, D, MIN, MAX)                                                          \
    CU2C_ARITH_F2I T __cu2c_f2i_##N##f(float x)                                                     \
    {                                                                                               \
        unsigned int b = CU2C_BITS(unsigned int, x), m = b & 0x7fffffffu;                          \
        int in = S ? m < (F) : b < (F);                                                             \
        T r = (T)CU2C_BITS(float, b & (in ? ~0u : 0u));                                             \
        T sat = m > 0x7f800000u ? (T)0 : (b >> 31) ? (T)(MIN) : (T)(MAX);                          \
        return in ? r : sat;                                                                        \
    }                                                                                               \
    CU2C_ARITH_F2I T __cu2c_f2i_##N##d(double x)                                                    \
    {                                                                                               \
        unsigned long long b = CU2C_BITS(unsigned long long, x), m = b & 0x7fffffffffffffffull;    \
        int in = S ? m < (D) : b < (D);                                                             \
        T r = (T)CU2C_BITS(double, b & (in ? ~0ull : 0ull));                                        \
        T sat = m > 0x7ff0000000000000ull ? (T)0 : (b >> 63) ? (T)(MIN) : (T)(MAX);                \
        return in ? r : sat;                                                                        \
    }

/* 2^31: 0x4f000000, 0x41e0000000000000; 2^32: 0x4f800000, 0x41f0...; 2^63: 0x5f000000,
 * 0x43e0...; 2^64: 0x5f800000, 0x43f0... (long is 64 bits: LP64, Linux on x86-64 and AArch64) */
CU2C_F2I(i32, int, 1, 0x4f000000u, 0x41e0000000000000ull, INT_MIN, INT_MAX)
CU2C_F2I(u32, unsigned int, 0, 0x4f800000u, 0x41f0000000000000ull, 0u, UINT_MAX)
CU2C_F2I(i64, long long, 1, 0x5f000000u, 0x43e0000000000000ull, LLONG_MIN, LLONG_MAX)
CU2C_F2I(u64, unsigned long long, 0, 0x5f800000u, 0x43f0000000000000ull, 0ull, ULLONG_MAX)
CU2C_F2I(il, long, 1, 0x5f000000u, 0x43e0000000000000ull, LONG_MIN, LONG_MAX)
CU2C_F2I(ul, unsigned long, 0, 0x5f800000u, 0x43f0000000000000ull, 0ul, ULONG_MAX)

#undef CU2C_SHIFTS
#undef CU2C_DIVISION
#undef CU2C_C_QUOTIENT
#undef CU2C_QUOTIENT32
#undef CU2C_F2I
#undef CU2C_BITS
#undef CU2C_ARITH
#undef CU2C_ARITH_F2I

#endif
