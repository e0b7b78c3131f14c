/* cu2c/rounding.h - CUDA's explicitly rounded operations (__fadd_rd, __dmul_ru,
 * __int2float_rz, ...) for translated code: exact results in every rounding direction
 * without switching the CPU's rounding mode in the common case. Included by cu2c/device.h,
 * after <math.h> and <fenv.h>. */
#ifndef CU2C_ROUNDING_H
#define CU2C_ROUNDING_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

/* Explicit rounding. _rn is the plain operation: round to nearest, the CPU's default mode,
 * which these functions assume (CUDA's device code has no dynamic mode to change it). The
 * directed modes (rz, ru, rd: toward zero, +infinity, -infinity) are derived without switching
 * modes, from the round-to-nearest result r and e, a value with the sign of the exact result
 * minus r, computed exactly with error-free transformations. The exact result lies on r or
 * strictly between r and one neighbour, so each directed result is r or that neighbour (ru
 * steps up when e > 0, rd down when e < 0, rz toward zero when e points there). An overflow
 * to +-inf from finite operands counts as e pointing back toward zero (the exact result is
 * finite), which turns rz and the opposite direction into the largest finite value, as
 * IEEE 754 asks. How e is found:
 * - add, sub: Fast2Sum with the operand of larger magnitude first, exact for every finite sum
 *   (subnormals included) and free of intermediate overflow.
 * - float mul, fma, double->float: the product of two floats is exact in double; the double
 *   sum h + l = p + z is exact (Fast2Sum); f = RN_float(h) is one of the two floats around
 *   the exact x (floats f1 < x < f2 are doubles, so h lies in [f1, f2]); RN is monotonic, so
 *   h > f implies x > f (and h < f, x < f), and h == f leaves x - f = l.
 * - float div, rcp, sqrt: the remainder x - q y (x - s s) in double: the product of two floats
 *   is exact and the subtraction rounds once, far from underflow, so its sign is right.
 * - double mul, div, rcp, sqrt: fma(x, y, -p), fma(-q, y, x), fma(-s, s, x), rounded once
 *   and nonzero whenever the exact residue is, as long as nothing underflows: thresholds on
 *   |p| and |x| keep the residue's last bit above 2^-1074 (see each function).
 * - double fma: x y = p + pe (TwoProduct) and s - z = d + de (Fast2Sum) are both normalised
 *   pairs (p = RN(x y), d = RN(s - z)), so the sign of x y + z - s = (p + pe) - (d + de) is
 *   that of p - d when they differ (RN is monotonic) and that of pe - de when they do not.
 * - integer conversions: the rounded value compared with the integer exactly.
 * Cases outside these arguments (products or dividends below about 2^-913 in double, an
 * intermediate overflow in a double fma) take the fesetround path below, exact everywhere.
 * A zero from an exact cancellation (x + -x, x y + z = 0) is -0 when rounding down unless
 * both terms are +0 (the terms' signs give it: -fma(-x, y, -z) would not, as gcc turns it into
 * a fused negative multiply-subtract whose exact zero is +0).
 * Products whose rounding matters go through explicit fma calls, and the others are exact, so
 * the C compiler's contraction of a * b + c into an fma (gcc and g++ -march=native do it by
 * default) changes nothing. Excess precision (x87) or -ffast-math would break the error-free
 * transformations: there every directed operation takes the fesetround path. */
#if __FLT_EVAL_METHOD__ == 0 && !defined(__FAST_MATH__)
#define CU2C_EFT_EXACT 1
#else
#define CU2C_EFT_EXACT 0
#endif

/* The directed result from r (not NaN) and e (NaN: r is exact or NaN; no step). The next float
 * up from +-0 is the smallest subnormal; one step toward zero from +-inf is +-max. */
#define CU2C_DIRECTED(T, U, sfx)                                                            \
    static inline T cu2c_nextup##sfx(T r)                                                   \
    {                                                                                       \
        U u;                                                                                \
        memcpy(&u, &r, sizeof u);                                                           \
        u = (U)(u << 1) == 0 ? (U)1 : (u >> (sizeof(U) * 8 - 1)) ? u - 1 : u + 1;           \
        memcpy(&r, &u, sizeof r);                                                           \
        return r;                                                                           \
    }                                                                                       \
    static inline T cu2c_ru##sfx(T r, double e) { return e > 0 ? cu2c_nextup##sfx(r) : r; } \
    static inline T cu2c_rd##sfx(T r, double e) { return e < 0 ? -cu2c_nextup##sfx(-r) : r; } \
    static inline T cu2c_rz##sfx(T r, double e)                                             \
    {                                                                                       \
        U u;                                                                                \
        memcpy(&u, &r, sizeof u);                                                           \
        int neg = (int)(u >> (sizeof(U) * 8 - 1));                                          \
        if ((U)(u << 1) != 0 && (neg ? e > 0 : e < 0)) u -= 1;                              \
        memcpy(&r, &u, sizeof r);                                                           \
        return r;                                                                           \
    }
CU2C_DIRECTED(float, uint32_t, _f)
CU2C_DIRECTED(double, uint64_t, _d)
#undef CU2C_DIRECTED

/* Fast2Sum: a + b - s exactly, for s = RN(a + b) finite. */
static inline float cu2c_sum_err_f(float a, float b, float s)
{
    float hi = fabsf(a) >= fabsf(b) ? a : b, lo = fabsf(a) >= fabsf(b) ? b : a;
    return lo - (s - hi);
}
static inline double cu2c_sum_err_d(double a, double b, double s)
{
    double hi = fabs(a) >= fabs(b) ? a : b, lo = fabs(a) >= fabs(b) ? b : a;
    return lo - (s - hi);
}
/* The float nearest h, with *e the sign of x - f, where x = h + l exactly, h = RN(x) (l = 0
 * when h is not finite). */
static inline float cu2c_float_of_dd(double h, double l, double *e)
{
    float f = (float)h;
    *e = (double)f != h ? h - (double)f : l;
    return f;
}

/* Each cu2c_err_NAME sets *r to the round-to-nearest result (for float fma, possibly the other
 * float next to the exact result: h was rounded twice) and *e, and returns 0 when its argument
 * does not hold (then the fesetround path answers). */
static inline int cu2c_err_fsum(float x, float y, float s, float *r, double *e)
{
    *r = s;
    if (isfinite(s)) *e = cu2c_sum_err_f(x, y, s);
    else *e = isfinite(x) && isfinite(y) ? -s : 0;     /* overflow, or exact inf/NaN */
    return CU2C_EFT_EXACT;
}
static inline int cu2c_err__fadd(float x, float y, float *r, double *e)
{ return cu2c_err_fsum(x, y, x + y, r, e); }
static inline int cu2c_err__fsub(float x, float y, float *r, double *e)
{ return cu2c_err_fsum(x, -y, x - y, r, e); }
static inline int cu2c_err__fmul(float x, float y, float *r, double *e)
{
    *r = cu2c_float_of_dd((double)x * (double)y, 0, e);
    return CU2C_EFT_EXACT;
}
static inline int cu2c_err__fmaf(float x, float y, float z, float *r, double *e)
{
    double p = (double)x * (double)y, c = z, h = p + c;
    *r = cu2c_float_of_dd(h, isfinite(h) ? cu2c_sum_err_d(p, c, h) : 0, e);
    return CU2C_EFT_EXACT;
}
static inline int cu2c_err__fmaf_ieee(float x, float y, float z, float *r, double *e)
{ return cu2c_err__fmaf(x, y, z, r, e); }
static inline int cu2c_err__fdiv(float x, float y, float *r, double *e)
{
    float q = x / y;
    *r = q;
    if (isfinite(q)) {      /* x / y - q = (x - q y) / y */
        double rem = isinf(y) ? 0 : (double)x - (double)q * (double)y;
        *e = y < 0 ? -rem : rem;
    } else {
        *e = isfinite(x) && y != 0 ? -q : 0;    /* overflow, or exact inf/NaN */
    }
    return CU2C_EFT_EXACT;
}
static inline int cu2c_err__frcp(float x, float *r, double *e) { return cu2c_err__fdiv(1.0f, x, r, e); }
static inline int cu2c_err__fsqrt(float x, float *r, double *e)
{
    float s = sqrtf(x);
    *r = s;
    *e = x > 0 && isfinite(x) ? (double)x - (double)s * (double)s : 0;
    return CU2C_EFT_EXACT;
}

static inline int cu2c_err_dsum(double x, double y, double s, double *r, double *e)
{
    *r = s;
    if (isfinite(s)) *e = cu2c_sum_err_d(x, y, s);
    else *e = isfinite(x) && isfinite(y) ? -s : 0;
    return CU2C_EFT_EXACT;
}
static inline int cu2c_err__dadd(double x, double y, double *r, double *e)
{ return cu2c_err_dsum(x, y, x + y, r, e); }
static inline int cu2c_err__dsub(double x, double y, double *r, double *e)
{ return cu2c_err_dsum(x, -y, x - y, r, e); }
/* |p| >= 1e-275 > 2^-916: x y - p is a multiple of ulp(x) ulp(y) >= 2^-1021. */
static inline int cu2c_err__dmul(double x, double y, double *r, double *e)
{
    double p = x * y;
    *r = p;
    *e = 0;
    if (isfinite(p)) {
        if (fabs(p) >= 1e-275) *e = fma(x, y, -p);
        else if (x != 0 && y != 0) return 0;       /* underflow */
    } else if (isfinite(x) && isfinite(y)) {
        *e = -p;                                    /* overflow */
    }
    return CU2C_EFT_EXACT;
}
/* |x| >= 1e-288 > 2^-960: x - q y is a multiple of ulp(x) or ulp(q) ulp(y) >= 2^-1067 (q or y
 * subnormal makes the other above 2^61). */
static inline int cu2c_err__ddiv(double x, double y, double *r, double *e)
{
    double q = x / y;
    *r = q;
    *e = 0;
    if (isfinite(q)) {
        if (x == 0 || isinf(y)) return CU2C_EFT_EXACT;
        if (fabs(x) < 1e-288) return 0;
        double rem = fma(-q, y, x);
        *e = y < 0 ? -rem : rem;
    } else if (isfinite(x) && y != 0) {
        *e = -q;                                    /* overflow */
    }
    return CU2C_EFT_EXACT;
}
static inline int cu2c_err__drcp(double x, double *r, double *e) { return cu2c_err__ddiv(1.0, x, r, e); }
/* x >= 1e-288: x - s s is a multiple of ulp(x) or ulp(s)^2 >= 2^-1065. */
static inline int cu2c_err__dsqrt(double x, double *r, double *e)
{
    double s = sqrt(x);
    *r = s;
    *e = 0;
    if (!(x > 0) || isinf(x)) return CU2C_EFT_EXACT;   /* NaN, +-0, negative, inf: exact */
    if (x < 1e-288) return 0;
    *e = fma(-s, s, x);
    return CU2C_EFT_EXACT;
}
static inline int cu2c_err__fma(double x, double y, double z, double *r, double *e)
{
    double s = fma(x, y, z);
    *r = s;
    *e = 0;
    if (!isfinite(x) || !isfinite(y) || !isfinite(z)) return CU2C_EFT_EXACT;
    if (!isfinite(s)) {
        *e = -s;                                    /* overflow */
        return CU2C_EFT_EXACT;
    }
    double p = x * y, d = s - z;
    if (!isfinite(p) || !isfinite(d) || (fabs(p) < 1e-275 && x != 0 && y != 0)) return 0;
    double pe = fma(x, y, -p), de = cu2c_sum_err_d(s, -z, d);
    *e = p != d ? (p > d ? 1.0 : -1.0) : pe - de;
    return CU2C_EFT_EXACT;
}

/* Conversions: the integer compared with its rounded value exactly. */
static inline int cu2c_err__int2float(int x, float *r, double *e)
{
    *r = (float)x;
    *e = (double)x - (double)*r;
    return CU2C_EFT_EXACT;
}
static inline int cu2c_err__uint2float(unsigned int x, float *r, double *e)
{
    *r = (float)x;
    *e = (double)x - (double)*r;
    return CU2C_EFT_EXACT;
}
/* The rounded value is an integer in [-2^63, 2^63] ([0, 2^64]): 2^63 (2^64) is above every x,
 * the others convert back exactly. */
#define CU2C_ERR_INT(name, T, A, top)                                                       \
    static inline int cu2c_err##name(A x, T *r, double *e)                                  \
    {                                                                                       \
        T f = (T)x;                                                                         \
        *r = f;                                                                             \
        *e = f >= (top) ? -1.0 : x > (A)f ? 1.0 : x < (A)f ? -1.0 : 0.0;                    \
        return CU2C_EFT_EXACT;                                                              \
    }
CU2C_ERR_INT(__ll2float, float, long long, 9223372036854775808.0f)
CU2C_ERR_INT(__ull2float, float, unsigned long long, 18446744073709551616.0f)
CU2C_ERR_INT(__ll2double, double, long long, 9223372036854775808.0)
CU2C_ERR_INT(__ull2double, double, unsigned long long, 18446744073709551616.0)
#undef CU2C_ERR_INT
static inline int cu2c_err__double2float(double x, float *r, double *e)
{
    *r = cu2c_float_of_dd(x, 0, e);
    return CU2C_EFT_EXACT;
}

/* The fesetround path, for the cases above that return 0: it switches the thread's rounding
 * mode around the one operation; the empty asm statements make the operands and the result
 * opaque values pinned between the two mode switches (the "memory" clobber orders them
 * against the calls), so the compiler can neither constant-fold the operation in the default
 * mode nor move it out of the window. Every IEEE operation the CPU provides (+ - * / sqrt,
 * fma, int<->float and double->float conversions) then rounds exactly as the GPU's does,
 * subnormals and overflow included, at about a hundred times the cost of the operation. */
#define CU2C_OPAQUE(v) __asm__ volatile("" : "+m"(v) : : "memory")
#define CU2C_RND2(name, T, mode, expr)                                                      \
    static inline T name(T x, T y)                                                          \
    {                                                                                       \
        int old = fegetround();                                                             \
        fesetround(mode);                                                                   \
        CU2C_OPAQUE(x); CU2C_OPAQUE(y);                                                     \
        T r = (expr);                                                                       \
        CU2C_OPAQUE(r);                                                                     \
        fesetround(old);                                                                    \
        return r;                                                                           \
    }
#define CU2C_RND3(name, T, mode, expr)                                                      \
    static inline T name(T x, T y, T z)                                                     \
    {                                                                                       \
        int old = fegetround();                                                             \
        fesetround(mode);                                                                   \
        CU2C_OPAQUE(x); CU2C_OPAQUE(y); CU2C_OPAQUE(z);                                     \
        T r = (expr);                                                                       \
        CU2C_OPAQUE(r);                                                                     \
        fesetround(old);                                                                    \
        return r;                                                                           \
    }
#define CU2C_RND1(name, T, A, mode, expr)                                                   \
    static inline T name(A x)                                                               \
    {                                                                                       \
        int old = fegetround();                                                             \
        fesetround(mode);                                                                   \
        CU2C_OPAQUE(x);                                                                     \
        T r = (expr);                                                                       \
        CU2C_OPAQUE(r);                                                                     \
        fesetround(old);                                                                    \
        return r;                                                                           \
    }
/* The four modes of one operation: _rn plain; rz, ru, rd from cu2c_err_NAME, or through the
 * fesetround path (cu2c_fenv_NAME_MODE) where it declines. rdzero is the rounded-down result
 * of an exact zero (r == 0, e == 0). */
#define CU2C_RND_ALL2(base, T, sfx, expr, rdzero)                                           \
    CU2C_RND2(cu2c_fenv##base##_rz, T, FE_TOWARDZERO, expr)                                 \
    CU2C_RND2(cu2c_fenv##base##_ru, T, FE_UPWARD, expr)                                     \
    CU2C_RND2(cu2c_fenv##base##_rd, T, FE_DOWNWARD, expr)                                   \
    static inline T base##_rn(T x, T y) { return (expr); }                                  \
    static inline T base##_rz(T x, T y)                                                     \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, y, &r, &e)) return cu2c_fenv##base##_rz(x, y);               \
        return cu2c_rz##sfx(r, e);                                                          \
    }                                                                                       \
    static inline T base##_ru(T x, T y)                                                     \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, y, &r, &e)) return cu2c_fenv##base##_ru(x, y);               \
        return cu2c_ru##sfx(r, e);                                                          \
    }                                                                                       \
    static inline T base##_rd(T x, T y)                                                     \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, y, &r, &e)) return cu2c_fenv##base##_rd(x, y);               \
        return r == 0 && e == 0 ? (rdzero) : cu2c_rd##sfx(r, e);                            \
    }
#define CU2C_RND_ALL3(base, T, sfx, expr, rdzero)                                           \
    CU2C_RND3(cu2c_fenv##base##_rz, T, FE_TOWARDZERO, expr)                                 \
    CU2C_RND3(cu2c_fenv##base##_ru, T, FE_UPWARD, expr)                                     \
    CU2C_RND3(cu2c_fenv##base##_rd, T, FE_DOWNWARD, expr)                                   \
    static inline T base##_rn(T x, T y, T z) { return (expr); }                             \
    static inline T base##_rz(T x, T y, T z)                                                \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, y, z, &r, &e)) return cu2c_fenv##base##_rz(x, y, z);         \
        return cu2c_rz##sfx(r, e);                                                          \
    }                                                                                       \
    static inline T base##_ru(T x, T y, T z)                                                \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, y, z, &r, &e)) return cu2c_fenv##base##_ru(x, y, z);         \
        return cu2c_ru##sfx(r, e);                                                          \
    }                                                                                       \
    static inline T base##_rd(T x, T y, T z)                                                \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, y, z, &r, &e)) return cu2c_fenv##base##_rd(x, y, z);         \
        return r == 0 && e == 0 ? (rdzero) : cu2c_rd##sfx(r, e);                            \
    }
/* One-operand operations: no exact zero whose sign depends on the mode. */
#define CU2C_RND_ALL1(base, T, A, sfx, expr)                                                \
    CU2C_RND1(cu2c_fenv##base##_rz, T, A, FE_TOWARDZERO, expr)                              \
    CU2C_RND1(cu2c_fenv##base##_ru, T, A, FE_UPWARD, expr)                                  \
    CU2C_RND1(cu2c_fenv##base##_rd, T, A, FE_DOWNWARD, expr)                                \
    static inline T base##_rn(A x) { return (expr); }                                       \
    static inline T base##_rz(A x)                                                          \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, &r, &e)) return cu2c_fenv##base##_rz(x);                     \
        return cu2c_rz##sfx(r, e);                                                          \
    }                                                                                       \
    static inline T base##_ru(A x)                                                          \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, &r, &e)) return cu2c_fenv##base##_ru(x);                     \
        return cu2c_ru##sfx(r, e);                                                          \
    }                                                                                       \
    static inline T base##_rd(A x)                                                          \
    {                                                                                       \
        T r = 0; double e = 0;                                                              \
        if (!cu2c_err##base(x, &r, &e)) return cu2c_fenv##base##_rd(x);                     \
        return cu2c_rd##sfx(r, e);                                                          \
    }

CU2C_RND_ALL2(__fadd, float, _f, x + y, signbit(x) || signbit(y) ? -0.0f : 0.0f)
CU2C_RND_ALL2(__fsub, float, _f, x - y, signbit(x) || !signbit(y) ? -0.0f : 0.0f)
CU2C_RND_ALL2(__fmul, float, _f, x * y, r)
CU2C_RND_ALL2(__fdiv, float, _f, x / y, r)
CU2C_RND_ALL3(__fmaf, float, _f, fmaf(x, y, z), signbit(x * y) || signbit(z) ? -0.0f : 0.0f)
CU2C_RND_ALL3(__fmaf_ieee, float, _f, fmaf(x, y, z), signbit(x * y) || signbit(z) ? -0.0f : 0.0f)
CU2C_RND_ALL1(__frcp, float, float, _f, 1.0f / x)
CU2C_RND_ALL1(__fsqrt, float, float, _f, sqrtf(x))
/* 1/sqrt(x) rounded once (CUDA has only _rn). The double 1/sqrt(x) rounded to float can
 * be one ulp off when 1/sqrt(x) lies very near a midpoint between floats, so the candidate is
 * checked against its two midpoints m exactly: 1/sqrt(x) > m <=> m^2 x < 1, and m^2 (at most
 * 50 bits) is exact in double, so fma(m^2, x, -1) has the exact product's sign. */
static inline float __frsqrt_rn(float x)
{
    if (!(x > 0.0f) || x == INFINITY) return 1.0f / sqrtf(x);
    float r = (float)(1.0 / sqrt((double)x));
    double lo = 0.5 * ((double)r + (double)nextafterf(r, 0.0f));
    double hi = 0.5 * ((double)r + (double)nextafterf(r, INFINITY));
    if (fma(lo * lo, (double)x, -1.0) > 0.0) return nextafterf(r, 0.0f);    /* below lo */
    if (fma(hi * hi, (double)x, -1.0) < 0.0) return nextafterf(r, INFINITY); /* above hi */
    return r;
}
CU2C_RND_ALL2(__dadd, double, _d, x + y, signbit(x) || signbit(y) ? -0.0 : 0.0)
CU2C_RND_ALL2(__dsub, double, _d, x - y, signbit(x) || !signbit(y) ? -0.0 : 0.0)
CU2C_RND_ALL2(__dmul, double, _d, x * y, r)
CU2C_RND_ALL2(__ddiv, double, _d, x / y, r)
CU2C_RND_ALL3(__fma, double, _d, fma(x, y, z), signbit(x * y) || signbit(z) ? -0.0 : 0.0)
CU2C_RND_ALL1(__drcp, double, double, _d, 1.0 / x)
CU2C_RND_ALL1(__dsqrt, double, double, _d, sqrt(x))
/* Conversions that can round (the fesetround path: the CPU's conversion instructions follow
 * the rounding mode). */
CU2C_RND_ALL1(__int2float, float, int, _f, (float)x)
CU2C_RND_ALL1(__uint2float, float, unsigned int, _f, (float)x)
CU2C_RND_ALL1(__ll2float, float, long long, _f, (float)x)
CU2C_RND_ALL1(__ull2float, float, unsigned long long, _f, (float)x)
CU2C_RND_ALL1(__ll2double, double, long long, _d, (double)x)
CU2C_RND_ALL1(__ull2double, double, unsigned long long, _d, (double)x)
CU2C_RND_ALL1(__double2float, float, double, _f, (float)x)
#undef CU2C_RND_ALL1
#undef CU2C_RND_ALL2
#undef CU2C_RND_ALL3
#undef CU2C_RND1
#undef CU2C_RND2
#undef CU2C_RND3
#undef CU2C_OPAQUE
#undef CU2C_EFT_EXACT

#endif
