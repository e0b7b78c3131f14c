/* cu2c/device.h - the device-side CUDA API for kernels that run on CPU threads.
 *
 * Math (all of <math.h> plus CUDA's extras and fast intrinsics), integer min/max, bit and
 * conversion intrinsics, memory fences and atomics. Everything is a static inline function
 * so that calls made inside the generated thread loops inline into them: no per-thread call
 * into libcu2c. The same text serves three uses:
 * - parsing (clang -x cuda, CU2C_PARSING): it is wrapped in force_cuda_host_device so that
 *   kernels may call it (and libc's printf, malloc, memcpy, assert) as on the GPU;
 * - C++ output (g++): overloads, as CUDA declares them;
 * - C output (gcc -std=gnu11): one function per type, and _Generic macros under CUDA's names
 *   (plus <tgmath.h>, so that sqrt(float) stays in float as CUDA's C++ overloads do).
 * Barriers and warp operations are not here: the translator turns them into loop structure;
 * at parse time only their declarations exist (below), so a missed one fails to compile. */
#ifndef CU2C_DEVICE_H
#define CU2C_DEVICE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "defs.h"
#include <vector_types.h>
#include <driver_types.h>

#include <limits.h>
#include <stdint.h>

#ifdef CU2C_PARSING
/* Kernels may call libc's math, memory and string functions, as on the GPU: declare them
 * __host__ __device__ by including the C library headers under force_cuda_host_device.
 * That must happen before anything else includes them (cuda_runtime.h comes first), and
 * must bypass libstdc++'s wrappers, which pull in C++ headers with variadic functions
 * that device code may not declare. The C++ overloads of <cmath> (constexpr, hence usable
 * on both sides) come afterwards. stdio.h stays host-only: only printf is a device function. */
/* libstdc++'s configuration first, as host code: its <fenv.h> wrapper (taken even under
 * _GLIBCXX_INCLUDE_NEXT_C_HEADERS) would bring it inside the region, where its declaration
 * of std::terminate becomes __host__ __device__ and <exception> (<iostream>...) then fails. */
#include <cstddef>
#define _GLIBCXX_INCLUDE_NEXT_C_HEADERS 1
#pragma clang force_cuda_host_device begin
#include <assert.h>
#include <fenv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#pragma clang force_cuda_host_device end
#include <stdio.h>
/* Headers that declare some of <stdlib.h>'s allocators again (malloc.h: valloc, reallocarray...;
 * mm_malloc.h, from immintrin.h and x86intrin.h: posix_memalign) are read inside the region
 * too: a later host-only declaration of a __host__ __device__ function is an error in CUDA
 * ("cannot overload"), while inside the region it is the same function again. (malloc.h
 * includes stdio.h, read just above as host code.) */
#pragma clang force_cuda_host_device begin
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
#if __has_include(<mm_malloc.h>)
#include <mm_malloc.h>
#endif
#pragma clang force_cuda_host_device end
#undef _GLIBCXX_INCLUDE_NEXT_C_HEADERS
extern "C" __device__ int printf(const char *format, ...);
/* Now libstdc++'s own <math.h> and <stdlib.h>: the float overloads, in the global namespace. */
#include <math.h>
#include <stdlib.h>
/* Placement new inside kernels: <new>'s forms are host functions; these are the device ones
 * of clang's cuda_wrappers/new, which is not on the path with -nocudainc. */
#include <new>
/* What nvcc's cuda_runtime.h brings a C++ program without its asking: <utility> (std::move,
 * std::swap, std::pair; <initializer_list> with it, for `for (int v : {1, 2})`) and <limits>. */
#include <utility>
#include <limits>
__device__ inline void *operator new(size_t, void *__p) noexcept { return __p; }
__device__ inline void *operator new[](size_t, void *__p) noexcept { return __p; }
__device__ inline void operator delete(void *, void *) noexcept {}
__device__ inline void operator delete[](void *, void *) noexcept {}
#else
#include <assert.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __cplusplus
#include <new>          /* placement new in kernels, as nvcc's headers provide it */
#include <utility>      /* and what nvcc's cuda_runtime.h brings a C++ program (see above) */
#include <limits>
#else
#include <stdbool.h>
#include <tgmath.h>
/* <tgmath.h> brings <complex.h>, whose lower-case macros would capture user identifiers. */
#undef complex
#undef I
#endif
#endif

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

/* Threads per warp: a constant expression in C and C++ (array sizes, shifts), and not a
 * macro, so that members named warpSize (cudaDeviceProp::warpSize) keep working. */
#ifdef __cplusplus
static constexpr int warpSize = 32;
#else
enum { warpSize = 32 };
#endif

/* Order of atomics: CUDA's are relaxed, but programs publish data with an atomic plus
 * __threadfence() on one side only (e.g. "last block done" reductions); sequentially
 * consistent operations make that work on every CPU and cost nothing extra on x86. */
#define CU2C_ATOMIC_ORDER __ATOMIC_SEQ_CST

/* ---- Barriers and fences ------------------------------------------------------------ */

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
/* Device-only, as in CUDA: a call from host code is an error at parse time. */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
/* Warp functions: warp-scoped barriers the translator lowers (cu2c/warp.h). */
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
template <class T> __device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ unsigned int __activemask(void);
template <class T> __device__ unsigned int __match_any_sync(unsigned int mask, T value);
template <class T> __device__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred);
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_add_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_min_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__device__ int __reduce_max_sync(unsigned int mask, int value);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);
#pragma clang force_cuda_host_device begin
#endif

#ifndef CU2C_PARSING
#include "fiber.h"   /* the barriers and warp functions of the fiber engine's kernels */
#endif

/* Blocks run on different CPU threads: a fence must order memory for all of them. */
static inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* ---- Integer min / max --------------------------------------------------------------- */

static inline int cu2c_min_i(int a, int b) { return a < b ? a : b; }
static inline int cu2c_max_i(int a, int b) { return a > b ? a : b; }
static inline unsigned int cu2c_min_u(unsigned int a, unsigned int b) { return a < b ? a : b; }
static inline unsigned int cu2c_max_u(unsigned int a, unsigned int b) { return a > b ? a : b; }
static inline long cu2c_min_l(long a, long b) { return a < b ? a : b; }
static inline long cu2c_max_l(long a, long b) { return a > b ? a : b; }
static inline unsigned long cu2c_min_ul(unsigned long a, unsigned long b) { return a < b ? a : b; }
static inline unsigned long cu2c_max_ul(unsigned long a, unsigned long b) { return a > b ? a : b; }
static inline long long cu2c_min_ll(long long a, long long b) { return a < b ? a : b; }
static inline long long cu2c_max_ll(long long a, long long b) { return a > b ? a : b; }
static inline unsigned long long cu2c_min_ull(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
static inline unsigned long long cu2c_max_ull(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
/* fminf/fmaxf semantics (a NaN operand yields the other one) without a libm call. */
static inline float cu2c_min_f(float a, float b) { return (b != b || a < b) ? a : b; }
static inline float cu2c_max_f(float a, float b) { return (b != b || a > b) ? a : b; }
static inline double cu2c_min_d(double a, double b) { return (b != b || a < b) ? a : b; }
static inline double cu2c_max_d(double a, double b) { return (b != b || a > b) ? a : b; }

static inline unsigned int umin(unsigned int a, unsigned int b) { return cu2c_min_u(a, b); }
static inline unsigned int umax(unsigned int a, unsigned int b) { return cu2c_max_u(a, b); }
static inline long long llmin(long long a, long long b) { return cu2c_min_ll(a, b); }
static inline long long llmax(long long a, long long b) { return cu2c_max_ll(a, b); }
static inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return cu2c_min_ull(a, b); }
static inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return cu2c_max_ull(a, b); }

#ifdef __cplusplus
/* CUDA's overload set: mixed signed/unsigned pairs compare as unsigned. */
static inline int min(int a, int b) { return cu2c_min_i(a, b); }
static inline unsigned int min(unsigned int a, unsigned int b) { return cu2c_min_u(a, b); }
static inline unsigned int min(int a, unsigned int b) { return cu2c_min_u((unsigned int)a, b); }
static inline unsigned int min(unsigned int a, int b) { return cu2c_min_u(a, (unsigned int)b); }
static inline long min(long a, long b) { return cu2c_min_l(a, b); }
static inline unsigned long min(unsigned long a, unsigned long b) { return cu2c_min_ul(a, b); }
static inline unsigned long min(long a, unsigned long b) { return cu2c_min_ul((unsigned long)a, b); }
static inline unsigned long min(unsigned long a, long b) { return cu2c_min_ul(a, (unsigned long)b); }
static inline long long min(long long a, long long b) { return cu2c_min_ll(a, b); }
static inline unsigned long long min(unsigned long long a, unsigned long long b) { return cu2c_min_ull(a, b); }
static inline unsigned long long min(long long a, unsigned long long b) { return cu2c_min_ull((unsigned long long)a, b); }
static inline unsigned long long min(unsigned long long a, long long b) { return cu2c_min_ull(a, (unsigned long long)b); }
static inline float min(float a, float b) { return cu2c_min_f(a, b); }
static inline double min(double a, double b) { return cu2c_min_d(a, b); }
static inline double min(float a, double b) { return cu2c_min_d(a, b); }
static inline double min(double a, float b) { return cu2c_min_d(a, b); }
static inline int max(int a, int b) { return cu2c_max_i(a, b); }
static inline unsigned int max(unsigned int a, unsigned int b) { return cu2c_max_u(a, b); }
static inline unsigned int max(int a, unsigned int b) { return cu2c_max_u((unsigned int)a, b); }
static inline unsigned int max(unsigned int a, int b) { return cu2c_max_u(a, (unsigned int)b); }
static inline long max(long a, long b) { return cu2c_max_l(a, b); }
static inline unsigned long max(unsigned long a, unsigned long b) { return cu2c_max_ul(a, b); }
static inline unsigned long max(long a, unsigned long b) { return cu2c_max_ul((unsigned long)a, b); }
static inline unsigned long max(unsigned long a, long b) { return cu2c_max_ul(a, (unsigned long)b); }
static inline long long max(long long a, long long b) { return cu2c_max_ll(a, b); }
static inline unsigned long long max(unsigned long long a, unsigned long long b) { return cu2c_max_ull(a, b); }
static inline unsigned long long max(long long a, unsigned long long b) { return cu2c_max_ull((unsigned long long)a, b); }
static inline unsigned long long max(unsigned long long a, long long b) { return cu2c_max_ull(a, (unsigned long long)b); }
static inline float max(float a, float b) { return cu2c_max_f(a, b); }
static inline double max(double a, double b) { return cu2c_max_d(a, b); }
static inline double max(float a, double b) { return cu2c_max_d(a, b); }
static inline double max(double a, float b) { return cu2c_max_d(a, b); }
#else
/* The type of a + b is the usual arithmetic conversion, which is what CUDA's overloads
 * pick for mixed operands; each argument is evaluated exactly once. */
#ifndef min
#define min(a, b) _Generic((a) + (b),                                                      \
    int: cu2c_min_i, unsigned int: cu2c_min_u, long: cu2c_min_l, unsigned long: cu2c_min_ul, \
    long long: cu2c_min_ll, unsigned long long: cu2c_min_ull, float: cu2c_min_f,             \
    default: cu2c_min_d)((a), (b))
#endif
#ifndef max
#define max(a, b) _Generic((a) + (b),                                                      \
    int: cu2c_max_i, unsigned int: cu2c_max_u, long: cu2c_max_l, unsigned long: cu2c_max_ul, \
    long long: cu2c_max_ll, unsigned long long: cu2c_max_ull, float: cu2c_max_f,             \
    default: cu2c_max_d)((a), (b))
#endif
/* CUDA's C++ abs(float) is fabsf; C's abs would truncate to int. <stdlib.h> is already
 * included, so its own declaration of abs is not caught by this macro. */
#define abs(x) _Generic((x), float: fabsf, double: fabs, long double: fabsl, long: labs, \
    long long: llabs, default: abs)(x)
#endif

/* ---- Math: CUDA's functions beyond <math.h> ------------------------------------------ */

#ifndef __cplusplus
/* GNU extensions CUDA provides; glibc's libm has them but declares them only for
 * _GNU_SOURCE (g++ always defines it; C translations may not). Same prototypes as glibc. */
/* The parentheses keep <tgmath.h>'s exp10 macro (defined under _GNU_SOURCE) out. */
extern void (sincosf)(float x, float *s, float *c);
extern void (sincos)(double x, double *s, double *c);
extern float (exp10f)(float x);
extern double (exp10)(double x);
#endif

static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
/* In long double: 1.0 / sqrt(x) rounds twice, up to 1.2 ulp, over CUDA's bound of 1. */
static inline double rsqrt(double x) { return (double)(1.0L / sqrtl(x)); }
static inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
static inline double rcbrt(double x) { return 1.0 / cbrt(x); }
static inline float rhypotf(float x, float y) { return 1.0f / hypotf(x, y); }
static inline double rhypot(double x, double y) { return 1.0 / hypot(x, y); }
static inline float norm3df(float a, float b, float c) { return (float)sqrt((double)a * a + (double)b * b + (double)c * c); }
static inline double norm3d(double a, double b, double c) { return hypot(hypot(a, b), c); }
static inline float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
static inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
static inline float norm4df(float a, float b, float c, float d) { return (float)sqrt((double)a * a + (double)b * b + (double)c * c + (double)d * d); }
static inline double norm4d(double a, double b, double c, double d) { return hypot(hypot(a, b), hypot(c, d)); }
static inline float rnorm4df(float a, float b, float c, float d) { return 1.0f / norm4df(a, b, c, d); }
static inline double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
static inline double norm(int dim, const double *p) { double s = 0; for (int i = 0; i < dim; i++) s = hypot(s, p[i]); return s; }
static inline float normf(int dim, const float *p) { double s = 0; for (int i = 0; i < dim; i++) s += (double)p[i] * p[i]; return (float)sqrt(s); }
static inline double rnorm(int dim, const double *p) { return 1.0 / norm(dim, p); }
static inline float rnormf(int dim, const float *p) { return 1.0f / normf(dim, p); }

/* sin(pi x) and cos(pi x) exact at integers and half-integers: reduce x into [-1/2, 1/2]
 * first (remainder and the subtraction from +-1 are exact). */
static inline double sinpi(double x)
{
    double r = remainder(x, 2.0);
    if (fabs(r) > 0.5) r = copysign(1.0, r) - r;
    /* pi r rounded to double would cost up to 1.4 ulp; CUDA's bound is 1 */
    return (double)sinl(3.14159265358979323846264338327950288L * r);
}
static inline double cospi(double x) { return sinpi(0.5 - fabs(remainder(x, 2.0))); }
static inline float sinpif(float x) { return (float)sinpi(x); }
static inline float cospif(float x) { return (float)cospi(x); }
static inline void sincospi(double x, double *s, double *c) { *s = sinpi(x); *c = cospi(x); }
static inline void sincospif(float x, float *s, float *c) { *s = sinpif(x); *c = cospif(x); }

/* Standard normal distribution. */
static inline double normcdf(double x) { return 0.5 * erfc(-x * 0.70710678118654752440); }
static inline float normcdff(float x) { return (float)normcdf(x); }

/* Inverse error functions: a rational first guess (after M. Giles, "Approximating the erfinv
 * function", 2010), then Newton steps on erf, or on log(erfc) in the tails where erf has
 * no digits left. w = -log((1 - x)(1 + x)). */
static inline double cu2c_erfinv_guess(double x, double w)
{
    double p;
    if (w < 5.0) {
        w -= 2.5;
        p = 2.81022636e-08;
        p = 3.43273939e-07 + p * w;  p = -3.5233877e-06 + p * w;
        p = -4.39150654e-06 + p * w; p = 0.00021858087 + p * w;
        p = -0.00125372503 + p * w;  p = -0.00417768164 + p * w;
        p = 0.246640727 + p * w;     p = 1.50140941 + p * w;
    } else {
        w = sqrt(w) - 3.0;
        p = -0.000200214257;
        p = 0.000100950558 + p * w;  p = 0.00134934322 + p * w;
        p = -0.00367342844 + p * w;  p = 0.00573950773 + p * w;
        p = -0.0076224613 + p * w;   p = 0.00943887047 + p * w;
        p = 1.00167406 + p * w;      p = 2.83297682 + p * w;
    }
    return p * x;
}
/* erfcinv(y) for 0 < y < 1/2 (a result above 0.47): Newton on log(erfc(x)) = log(y).
 * The rational guess covers float arguments only (w < 17); further out erfc(x) ~
 * exp(-x^2) / (x sqrt(pi)) gives x^2 ~ t - log(t) / 2 with t = -log(y sqrt(pi)). */
static inline double cu2c_erfcinv_tail(double y)
{
    double w = -log(y * (2.0 - y)), x;
    if (w < 16.0) {
        x = cu2c_erfinv_guess(1.0 - y, w);
    } else {
        double t = -log(y * 1.7724538509055160);
        x = sqrt(t - 0.5 * log(t));
    }
    for (int i = 0; i < 6; i++) {
        double e = erfc(x), d = 1.1283791670955126 * exp(-x * x);
        if (!(e > 0.0 && d > 0.0)) break;
        /* d/dx log(erfc(x)) = -d / erfc(x) */
        x += (log(e) - log(y)) * e / d;
    }
    return x;
}
static inline double erfcinv(double y)
{
    if (!(y > 0.0 && y < 2.0)) return y == 0.0 ? HUGE_VAL : y == 2.0 ? -HUGE_VAL : NAN;
    if (y < 0.5) return cu2c_erfcinv_tail(y);
    if (y > 1.5) return -cu2c_erfcinv_tail(2.0 - y);
    double t = 1.0 - y, x = cu2c_erfinv_guess(t, -log(y * (2.0 - y)));
    for (int i = 0; i < 2; i++)
        x -= (erf(x) - t) / (1.1283791670955126 * exp(-x * x));
    return x;
}
static inline double erfinv(double x)
{
    if (!(x > -1.0 && x < 1.0)) return x == 1.0 ? HUGE_VAL : x == -1.0 ? -HUGE_VAL : NAN;
    if (fabs(x) > 0.5) return x > 0 ? cu2c_erfcinv_tail(1.0 - x) : -cu2c_erfcinv_tail(1.0 + x);
    double r = cu2c_erfinv_guess(x, -log((1.0 - x) * (1.0 + x)));
    for (int i = 0; i < 2; i++)
        r -= (erf(r) - x) / (1.1283791670955126 * exp(-r * r));
    return r;
}
static inline float erfinvf(float x) { return (float)erfinv(x); }
static inline float erfcinvf(float y) { return (float)erfcinv(y); }
static inline double normcdfinv(double p) { return -1.41421356237309504880 * erfcinv(2.0 * p); }
static inline float normcdfinvf(float p) { return (float)normcdfinv(p); }

static inline float fdividef(float x, float y) { return x / y; }

/* Fast intrinsics: the GPU trades accuracy for speed; the CPU just computes them exactly.
 * glibc already declares most of these names (its internal aliases, extern), so they are
 * spelled as macros onto the standard functions rather than redefined. */
static inline float __fdividef(float x, float y) { return x / y; }
#define __expf expf
#define __exp10f exp10f
#define __logf logf
#define __log2f log2f
#define __log10f log10f
#define __sinf sinf
#define __cosf cosf
#define __tanf tanf
#define __sincosf sincosf
#define __powf powf
/* Clamp to [0, 1]; NaN gives 0. */
static inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }

#include "rounding.h"      /* __fadd_rd & co.: CUDA's explicitly rounded operations */
#include "arithmetic.h"    /* shifts, division and conversions as the GPU computes them */
/* A[i][j] of a two-dimensional array as one subscript of its first element, i * (its rows'
 * length) + j: what the translator writes for A[X / C][X % C] (translator/frontend/
 * flat_subscripts.c), which the C compiler folds to A's X-th element, contiguous in X. */
#define CU2C_FLAT2(a, i, j) \
    (((__typeof__(&(a)[0][0]))(a))[(i) * (int)(sizeof((a)[0]) / sizeof((a)[0][0])) + (j)])

/* ---- Math: special functions beyond glibc -------------------------------------------- */

/* exp(x * x) without the rounding error of x * x, which exp would magnify by 2 x^2: x is
 * split into a 26-bit head (whose square is exact) and a tail. */
static inline double cu2c_exp_sq(double x)
{
    double h = (double)(float)x, t = x - h;   /* 24-bit head: h * h is exact */
    return exp(h * h) * exp(t * (2.0 * h + t));
}
/* Scaled complementary error function exp(x^2) erfc(x): glibc's erfc (1 ulp) times the
 * exact-argument exp while erfc(x) is a normal number; the asymptotic series
 * 1 / (x sqrt(pi)) sum (-1)^k (2k-1)!! / (2x^2)^k beyond, where it converges to double
 * precision within a dozen terms. */
static inline double erfcx(double x)
{
    if (x != x) return x;
    if (x < 26.0) {
        if (x < -26.7) return HUGE_VAL;
        return cu2c_exp_sq(x) * erfc(x);
    }
    double q = 1.0 / (2.0 * x * x), term = 1.0, sum = 1.0;
    for (int k = 1; k < 16; k++) {
        term *= -(2 * k - 1) * q;
        sum += term;
    }
    return sum / (x * 1.7724538509055160273);
}
static inline float erfcxf(float x) { return (float)erfcx(x); }

/* Modified Bessel functions of the first kind, orders 0 and 1: the power series
 * sum (x/2)^(2k+n) / (k! (k+n)!) up to |x| = 30 (positive terms, so it sums accurately),
 * then the asymptotic expansion e^x / sqrt(2 pi x) sum_k (-1)^k a_k(n) / x^k with
 * a_k(n) = prod_{j<=k} (4n^2 - (2j-1)^2) / (8j). */
static inline double cu2c_bessel_i(int n, double x)
{
    /* long double (x86's 64-bit significand) keeps the dozens of rounded steps below
     * CUDA's 6 ulp; where long double is only double, the error grows to about 8 ulp */
    long double ax = fabs(x), r;
    if (x != x) return x;
    if (ax <= 30.0L) {
        long double q = 0.25L * ax * ax, term = n ? 0.5L * ax : 1.0L, sum = term;
        for (int k = 1; k < 200 && term > sum * 1e-21L; k++) {
            term *= q / ((long double)k * (long double)(k + n));
            sum += term;
        }
        r = sum;
    } else {
        long double mu = 4.0L * n * n, term = 1.0L, sum = 1.0L;
        for (int j = 1; j < 60; j++) {
            long double f = -(mu - (long double)(2 * j - 1) * (2 * j - 1)) / (8.0L * j * ax);
            if (fabsl(f) >= 1.0L) break;
            term *= f;
            sum += term;
            if (fabsl(term) < 1e-21L * fabsl(sum)) break;
        }
        /* e^x in two halves: results up to DBL_MAX must not overflow early */
        long double e = expl(0.5L * ax);
        r = e * (e * sum / sqrtl(2.0L * 3.14159265358979323846264338327950288L * ax));
    }
    return (double)((n && x < 0) ? -r : r);
}
static inline double cyl_bessel_i0(double x) { return cu2c_bessel_i(0, x); }
static inline double cyl_bessel_i1(double x) { return cu2c_bessel_i(1, x); }
static inline float cyl_bessel_i0f(float x) { return (float)cu2c_bessel_i(0, x); }
static inline float cyl_bessel_i1f(float x) { return (float)cu2c_bessel_i(1, x); }

#ifdef __cplusplus
/* CUDA's float overloads of its own extras (<cmath> covers the standard ones). */
static inline float rsqrt(float x) { return rsqrtf(x); }
static inline float rcbrt(float x) { return rcbrtf(x); }
static inline float rhypot(float x, float y) { return rhypotf(x, y); }
static inline float sinpi(float x) { return sinpif(x); }
static inline float cospi(float x) { return cospif(x); }
static inline void sincospi(float x, float *s, float *c) { sincospif(x, s, c); }
static inline void sincos(float x, float *s, float *c) { sincosf(x, s, c); }
static inline float exp10(float x) { return exp10f(x); }
static inline float normcdf(float x) { return normcdff(x); }
static inline float normcdfinv(float x) { return normcdfinvf(x); }
static inline float erfinv(float x) { return erfinvf(x); }
static inline float erfcinv(float x) { return erfcinvf(x); }
static inline float saturate(float x) { return __saturatef(x); }
#else
static inline float saturate(float x) { return __saturatef(x); }
/* Like <tgmath.h>: a float argument keeps the computation in float. (A newer <tgmath.h> may
 * already define some of these.) */
#ifndef rsqrt
#define rsqrt(x) _Generic((x), float: rsqrtf, default: rsqrt)(x)
#endif
#ifndef rcbrt
#define rcbrt(x) _Generic((x), float: rcbrtf, default: rcbrt)(x)
#endif
#ifndef sinpi
#define sinpi(x) _Generic((x), float: sinpif, default: sinpi)(x)
#endif
#ifndef cospi
#define cospi(x) _Generic((x), float: cospif, default: cospi)(x)
#endif
#ifndef exp10
#define exp10(x) _Generic((x), float: exp10f, default: exp10)(x)
#endif
#ifndef normcdf
#define normcdf(x) _Generic((x), float: normcdff, default: normcdf)(x)
#endif
#ifndef normcdfinv
#define normcdfinv(x) _Generic((x), float: normcdfinvf, default: normcdfinv)(x)
#endif
#ifndef erfinv
#define erfinv(x) _Generic((x), float: erfinvf, default: erfinv)(x)
#endif
#ifndef erfcinv
#define erfcinv(x) _Generic((x), float: erfcinvf, default: erfcinv)(x)
#endif
#endif

/* ---- Type conversions and reinterpretation ------------------------------------------- */

/* The GPU's conversions saturate (NaN gives 0) where a C cast is undefined. */
static inline int cu2c_sat_i(double r) { return r != r ? 0 : r >= 2147483647.0 ? INT_MAX : r <= -2147483648.0 ? INT_MIN : (int)r; }
static inline unsigned int cu2c_sat_u(double r) { return !(r > 0.0) ? 0u : r >= 4294967295.0 ? UINT_MAX : (unsigned int)r; }
static inline long long cu2c_sat_ll(double r) { return r != r ? 0 : r >= 9223372036854775808.0 ? LLONG_MAX : r < -9223372036854775808.0 ? LLONG_MIN : (long long)r; }
static inline unsigned long long cu2c_sat_ull(double r) { return !(r > 0.0) ? 0ull : r >= 18446744073709551616.0 ? ULLONG_MAX : (unsigned long long)r; }

static inline int __float2int_rn(float x) { return cu2c_sat_i(rintf(x)); }
static inline int __float2int_rz(float x) { return cu2c_sat_i(truncf(x)); }
static inline int __float2int_ru(float x) { return cu2c_sat_i(ceilf(x)); }
static inline int __float2int_rd(float x) { return cu2c_sat_i(floorf(x)); }
static inline unsigned int __float2uint_rn(float x) { return cu2c_sat_u(rintf(x)); }
static inline unsigned int __float2uint_rz(float x) { return cu2c_sat_u(truncf(x)); }
static inline unsigned int __float2uint_ru(float x) { return cu2c_sat_u(ceilf(x)); }
static inline unsigned int __float2uint_rd(float x) { return cu2c_sat_u(floorf(x)); }
static inline long long __float2ll_rn(float x) { return cu2c_sat_ll(rintf(x)); }
static inline long long __float2ll_rz(float x) { return cu2c_sat_ll(truncf(x)); }
static inline long long __float2ll_ru(float x) { return cu2c_sat_ll(ceilf(x)); }
static inline long long __float2ll_rd(float x) { return cu2c_sat_ll(floorf(x)); }
static inline unsigned long long __float2ull_rn(float x) { return cu2c_sat_ull(rintf(x)); }
static inline unsigned long long __float2ull_rz(float x) { return cu2c_sat_ull(truncf(x)); }
static inline unsigned long long __float2ull_ru(float x) { return cu2c_sat_ull(ceilf(x)); }
static inline unsigned long long __float2ull_rd(float x) { return cu2c_sat_ull(floorf(x)); }
static inline int __double2int_rn(double x) { return cu2c_sat_i(rint(x)); }
static inline int __double2int_rz(double x) { return cu2c_sat_i(trunc(x)); }
static inline int __double2int_ru(double x) { return cu2c_sat_i(ceil(x)); }
static inline int __double2int_rd(double x) { return cu2c_sat_i(floor(x)); }
static inline unsigned int __double2uint_rn(double x) { return cu2c_sat_u(rint(x)); }
static inline unsigned int __double2uint_rz(double x) { return cu2c_sat_u(trunc(x)); }
static inline unsigned int __double2uint_ru(double x) { return cu2c_sat_u(ceil(x)); }
static inline unsigned int __double2uint_rd(double x) { return cu2c_sat_u(floor(x)); }
static inline long long __double2ll_rn(double x) { return cu2c_sat_ll(rint(x)); }
static inline long long __double2ll_rz(double x) { return cu2c_sat_ll(trunc(x)); }
static inline long long __double2ll_ru(double x) { return cu2c_sat_ll(ceil(x)); }
static inline long long __double2ll_rd(double x) { return cu2c_sat_ll(floor(x)); }
static inline unsigned long long __double2ull_rn(double x) { return cu2c_sat_ull(rint(x)); }
static inline unsigned long long __double2ull_rz(double x) { return cu2c_sat_ull(trunc(x)); }
static inline unsigned long long __double2ull_ru(double x) { return cu2c_sat_ull(ceil(x)); }
static inline unsigned long long __double2ull_rd(double x) { return cu2c_sat_ull(floor(x)); }
static inline double __int2double_rn(int x) { return (double)x; }
static inline double __uint2double_rn(unsigned int x) { return (double)x; }

/* Bit reinterpretation through memcpy: no aliasing questions, compiles to a register move. */
static inline float __int_as_float(int x) { float f; memcpy(&f, &x, sizeof f); return f; }
static inline int __float_as_int(float x) { int i; memcpy(&i, &x, sizeof i); return i; }
static inline float __uint_as_float(unsigned int x) { float f; memcpy(&f, &x, sizeof f); return f; }
static inline unsigned int __float_as_uint(float x) { unsigned int i; memcpy(&i, &x, sizeof i); return i; }
static inline double __longlong_as_double(long long x) { double d; memcpy(&d, &x, sizeof d); return d; }
static inline long long __double_as_longlong(double x) { long long i; memcpy(&i, &x, sizeof i); return i; }
static inline int __double2hiint(double x) { return (int)((unsigned long long)__double_as_longlong(x) >> 32); }
static inline int __double2loint(double x) { return (int)(unsigned int)__double_as_longlong(x); }
static inline double __hiloint2double(int hi, int lo)
{
    return __longlong_as_double((long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo));
}

/* ---- Integer intrinsics -------------------------------------------------------------- */

static inline int __popc(unsigned int x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
/* The GPU defines clz(0) as the width; the GCC builtin leaves it undefined. */
static inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
static inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned int __brev(unsigned int x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
static inline unsigned long long __brevll(unsigned long long x)
{
    return ((unsigned long long)__brev((unsigned int)x) << 32) | __brev((unsigned int)(x >> 32));
}
/* Selects four bytes out of the eight of (y:x) by the low three bits of each nibble of s. */
static inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s)
{
    unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; i++)
        r |= (unsigned int)((v >> (((s >> (4 * i)) & 7u) * 8)) & 0xffu) << (8 * i);
    return r;
}
static inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift)
{
    return (unsigned int)(((((unsigned long long)hi << 32) | lo) << (shift & 31u)) >> 32);
}
static inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift)
{
    return shift >= 32u ? lo : __funnelshift_l(lo, hi, shift);   /* hi:lo << 32 leaves lo on top */
}
static inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift)
{
    return (unsigned int)((((unsigned long long)hi << 32) | lo) >> (shift & 31u));
}
static inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift)
{
    return shift >= 32u ? hi : __funnelshift_r(lo, hi, shift);
}
/* 24-bit multiplies: operands are the low 24 bits (sign-extended for the signed form). */
static inline int __mul24(int x, int y)
{
    long long a = (long long)(((int)((unsigned int)x << 8)) >> 8);
    long long b = (long long)(((int)((unsigned int)y << 8)) >> 8);
    return (int)(unsigned int)(unsigned long long)(a * b);
}
static inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
static inline int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
static inline unsigned int __umulhi(unsigned int x, unsigned int y) { return (unsigned int)(((unsigned long long)x * y) >> 32); }
static inline long long __mul64hi(long long x, long long y) { return (long long)((__extension__(__int128)x * y) >> 64); }
static inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) { return (unsigned long long)((__extension__(unsigned __int128)x * y) >> 64); }
static inline int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
static inline int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
static inline unsigned int __uhadd(unsigned int x, unsigned int y) { return (unsigned int)(((unsigned long long)x + y) >> 1); }
static inline unsigned int __urhadd(unsigned int x, unsigned int y) { return (unsigned int)(((unsigned long long)x + y + 1) >> 1); }
static inline unsigned int __sad(int x, int y, unsigned int z) { return (x > y ? (unsigned int)x - (unsigned int)y : (unsigned int)y - (unsigned int)x) + z; }
static inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
/* Dot products of bytes (__dp4a: four byte pairs) and of halfwords with bytes (__dp2a_lo:
 * the two 16-bit halves of a with bytes 0 and 1 of b, __dp2a_hi: with bytes 2 and 3), added
 * to c with 32-bit wrap-around (PTX dp4a, dp2a). The signed forms sign-extend each part, the
 * unsigned ones (unsigned int, uchar4/ushort2 operands) zero-extend: __dp4a(0xFFu, 0xFFu,
 * 0u) is 65025. */
static inline unsigned int __cu2c_dp4a_u(unsigned int a, unsigned int b, unsigned int c)
{
    for (int i = 0; i < 32; i += 8)
        c += ((a >> i) & 0xffu) * ((b >> i) & 0xffu);
    return c;
}
static inline int __cu2c_dp4a_s(int a, int b, int c)
{
    unsigned int r = (unsigned int)c;
    for (int i = 0; i < 32; i += 8)
        r += (unsigned int)((int)(signed char)((unsigned int)a >> i) * (int)(signed char)((unsigned int)b >> i));
    return (int)r;
}
static inline unsigned int __cu2c_dp2a_u(unsigned int a, unsigned int b, unsigned int c, int hi)
{
    b >>= hi ? 16 : 0;
    return c + (a & 0xffffu) * (b & 0xffu) + (a >> 16) * ((b >> 8) & 0xffu);
}
static inline int __cu2c_dp2a_s(int a, int b, int c, int hi)
{
    unsigned int ua = (unsigned int)a, ub = (unsigned int)b >> (hi ? 16 : 0);
    return (int)((unsigned int)c + (unsigned int)((int)(short)ua * (int)(signed char)ub) +
                 (unsigned int)((int)(short)(ua >> 16) * (int)(signed char)(ub >> 8)));
}
#define CU2C_BYTES4(v) ((unsigned int)(unsigned char)(v).x | (unsigned int)(unsigned char)(v).y << 8 | \
                        (unsigned int)(unsigned char)(v).z << 16 | (unsigned int)(unsigned char)(v).w << 24)
#define CU2C_HALVES2(v) ((unsigned int)(unsigned short)(v).x | (unsigned int)(unsigned short)(v).y << 16)
#ifdef __cplusplus
static inline int __dp4a(int a, int b, int c) { return __cu2c_dp4a_s(a, b, c); }
static inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) { return __cu2c_dp4a_u(a, b, c); }
static inline int __dp4a(char4 a, char4 b, int c) { return __cu2c_dp4a_s((int)CU2C_BYTES4(a), (int)CU2C_BYTES4(b), c); }
static inline unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) { return __cu2c_dp4a_u(CU2C_BYTES4(a), CU2C_BYTES4(b), c); }
static inline int __dp2a_lo(int a, int b, int c) { return __cu2c_dp2a_s(a, b, c, 0); }
static inline unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) { return __cu2c_dp2a_u(a, b, c, 0); }
static inline int __dp2a_lo(short2 a, char4 b, int c) { return __cu2c_dp2a_s((int)CU2C_HALVES2(a), (int)CU2C_BYTES4(b), c, 0); }
static inline unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c) { return __cu2c_dp2a_u(CU2C_HALVES2(a), CU2C_BYTES4(b), c, 0); }
static inline int __dp2a_hi(int a, int b, int c) { return __cu2c_dp2a_s(a, b, c, 1); }
static inline unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) { return __cu2c_dp2a_u(a, b, c, 1); }
static inline int __dp2a_hi(short2 a, char4 b, int c) { return __cu2c_dp2a_s((int)CU2C_HALVES2(a), (int)CU2C_BYTES4(b), c, 1); }
static inline unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c) { return __cu2c_dp2a_u(CU2C_HALVES2(a), CU2C_BYTES4(b), c, 1); }
#else
static inline int __cu2c_dp4a_c4(char4 a, char4 b, int c) { return __cu2c_dp4a_s((int)CU2C_BYTES4(a), (int)CU2C_BYTES4(b), c); }
static inline unsigned int __cu2c_dp4a_uc4(uchar4 a, uchar4 b, unsigned int c) { return __cu2c_dp4a_u(CU2C_BYTES4(a), CU2C_BYTES4(b), c); }
static inline int __cu2c_dp2a_s2(short2 a, char4 b, int c, int hi) { return __cu2c_dp2a_s((int)CU2C_HALVES2(a), (int)CU2C_BYTES4(b), c, hi); }
static inline unsigned int __cu2c_dp2a_us2(ushort2 a, uchar4 b, unsigned int c, int hi) { return __cu2c_dp2a_u(CU2C_HALVES2(a), CU2C_BYTES4(b), c, hi); }
/* the first operand's type picks the form, as C++ overloading does for calls nvcc accepts */
#define __dp4a(a, b, c) _Generic((a), unsigned int: __cu2c_dp4a_u, char4: __cu2c_dp4a_c4, \
                                 uchar4: __cu2c_dp4a_uc4, default: __cu2c_dp4a_s)(a, b, c)
#define CU2C_DP2A(a, b, c, hi) _Generic((a), unsigned int: __cu2c_dp2a_u, short2: __cu2c_dp2a_s2, \
                                        ushort2: __cu2c_dp2a_us2, default: __cu2c_dp2a_s)(a, b, c, hi)
#define __dp2a_lo(a, b, c) CU2C_DP2A(a, b, c, 0)
#define __dp2a_hi(a, b, c) CU2C_DP2A(a, b, c, 1)
#endif

#include "simd.h"   /* __vadd2, __vcmpeq4 & co. */

/* ---- Atomics ------------------------------------------------------------------------- */
/* Blocks of one launch run concurrently on several CPU threads, so global and shared
 * memory alike are updated with the compiler's atomic builtins. Each returns the old value. */

#define CU2C_ATOMIC_RMW(name, T, op)                                                        \
    static inline T cu2c_##name(T *p, T v) { return op(p, v, CU2C_ATOMIC_ORDER); }
CU2C_ATOMIC_RMW(atomicAdd_i, int, __atomic_fetch_add)
CU2C_ATOMIC_RMW(atomicAdd_u, unsigned int, __atomic_fetch_add)
CU2C_ATOMIC_RMW(atomicAdd_ull, unsigned long long, __atomic_fetch_add)
CU2C_ATOMIC_RMW(atomicSub_i, int, __atomic_fetch_sub)
CU2C_ATOMIC_RMW(atomicSub_u, unsigned int, __atomic_fetch_sub)
CU2C_ATOMIC_RMW(atomicExch_i, int, __atomic_exchange_n)
CU2C_ATOMIC_RMW(atomicExch_u, unsigned int, __atomic_exchange_n)
CU2C_ATOMIC_RMW(atomicExch_ull, unsigned long long, __atomic_exchange_n)
CU2C_ATOMIC_RMW(atomicAnd_i, int, __atomic_fetch_and)
CU2C_ATOMIC_RMW(atomicAnd_u, unsigned int, __atomic_fetch_and)
CU2C_ATOMIC_RMW(atomicAnd_ull, unsigned long long, __atomic_fetch_and)
CU2C_ATOMIC_RMW(atomicOr_i, int, __atomic_fetch_or)
CU2C_ATOMIC_RMW(atomicOr_u, unsigned int, __atomic_fetch_or)
CU2C_ATOMIC_RMW(atomicOr_ull, unsigned long long, __atomic_fetch_or)
CU2C_ATOMIC_RMW(atomicXor_i, int, __atomic_fetch_xor)
CU2C_ATOMIC_RMW(atomicXor_u, unsigned int, __atomic_fetch_xor)
CU2C_ATOMIC_RMW(atomicXor_ull, unsigned long long, __atomic_fetch_xor)
#undef CU2C_ATOMIC_RMW

/* Operations without a builtin: a compare-and-swap loop computing new = f(old). The
 * generic (non-_n) builtins compare bit patterns, so float and double work too. */
#define CU2C_ATOMIC_CAS_LOOP(name, T, U, newval)                                            \
    static inline T cu2c_##name(T *p, U v)                                                  \
    {                                                                                       \
        T old, nv;                                                                          \
        __atomic_load(p, &old, __ATOMIC_RELAXED);                                           \
        do {                                                                                \
            nv = (newval);                                                                  \
        } while (!__atomic_compare_exchange(p, &old, &nv, 1, CU2C_ATOMIC_ORDER,             \
                                            __ATOMIC_RELAXED));                             \
        return old;                                                                         \
    }
CU2C_ATOMIC_CAS_LOOP(atomicAdd_f, float, float, old + v)
CU2C_ATOMIC_CAS_LOOP(atomicAdd_d, double, double, old + v)
CU2C_ATOMIC_CAS_LOOP(atomicMin_i, int, int, v < old ? v : old)
CU2C_ATOMIC_CAS_LOOP(atomicMin_u, unsigned int, unsigned int, v < old ? v : old)
CU2C_ATOMIC_CAS_LOOP(atomicMin_ll, long long, long long, v < old ? v : old)
CU2C_ATOMIC_CAS_LOOP(atomicMin_ull, unsigned long long, unsigned long long, v < old ? v : old)
CU2C_ATOMIC_CAS_LOOP(atomicMax_i, int, int, v > old ? v : old)
CU2C_ATOMIC_CAS_LOOP(atomicMax_u, unsigned int, unsigned int, v > old ? v : old)
CU2C_ATOMIC_CAS_LOOP(atomicMax_ll, long long, long long, v > old ? v : old)
CU2C_ATOMIC_CAS_LOOP(atomicMax_ull, unsigned long long, unsigned long long, v > old ? v : old)
/* CUDA's wrap-around counters: Inc wraps to 0 past v, Dec wraps to v at 0 or above v. */
CU2C_ATOMIC_CAS_LOOP(atomicInc_u, unsigned int, unsigned int, old >= v ? 0u : old + 1u)
CU2C_ATOMIC_CAS_LOOP(atomicDec_u, unsigned int, unsigned int, (old == 0u || old > v) ? v : old - 1u)
#undef CU2C_ATOMIC_CAS_LOOP

static inline float cu2c_atomicExch_f(float *p, float v)
{
    float old;
    __atomic_exchange(p, &v, &old, CU2C_ATOMIC_ORDER);
    return old;
}

#define CU2C_ATOMIC_CAS(name, T)                                                            \
    static inline T cu2c_##name(T *p, T expected, T desired)                                \
    {                                                                                       \
        __atomic_compare_exchange_n(p, &expected, desired, 0, CU2C_ATOMIC_ORDER,            \
                                    CU2C_ATOMIC_ORDER);                                     \
        return expected; /* the old value, whether or not the swap happened */              \
    }
CU2C_ATOMIC_CAS(atomicCAS_i, int)
CU2C_ATOMIC_CAS(atomicCAS_u, unsigned int)
CU2C_ATOMIC_CAS(atomicCAS_ull, unsigned long long)
CU2C_ATOMIC_CAS(atomicCAS_us, unsigned short)
#undef CU2C_ATOMIC_CAS

#ifdef __cplusplus
static inline int atomicAdd(int *p, int v) { return cu2c_atomicAdd_i(p, v); }
static inline unsigned int atomicAdd(unsigned int *p, unsigned int v) { return cu2c_atomicAdd_u(p, v); }
static inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v) { return cu2c_atomicAdd_ull(p, v); }
static inline float atomicAdd(float *p, float v) { return cu2c_atomicAdd_f(p, v); }
static inline double atomicAdd(double *p, double v) { return cu2c_atomicAdd_d(p, v); }
static inline int atomicSub(int *p, int v) { return cu2c_atomicSub_i(p, v); }
static inline unsigned int atomicSub(unsigned int *p, unsigned int v) { return cu2c_atomicSub_u(p, v); }
static inline int atomicExch(int *p, int v) { return cu2c_atomicExch_i(p, v); }
static inline unsigned int atomicExch(unsigned int *p, unsigned int v) { return cu2c_atomicExch_u(p, v); }
static inline unsigned long long atomicExch(unsigned long long *p, unsigned long long v) { return cu2c_atomicExch_ull(p, v); }
static inline float atomicExch(float *p, float v) { return cu2c_atomicExch_f(p, v); }
static inline int atomicMin(int *p, int v) { return cu2c_atomicMin_i(p, v); }
static inline unsigned int atomicMin(unsigned int *p, unsigned int v) { return cu2c_atomicMin_u(p, v); }
static inline long long atomicMin(long long *p, long long v) { return cu2c_atomicMin_ll(p, v); }
static inline unsigned long long atomicMin(unsigned long long *p, unsigned long long v) { return cu2c_atomicMin_ull(p, v); }
static inline int atomicMax(int *p, int v) { return cu2c_atomicMax_i(p, v); }
static inline unsigned int atomicMax(unsigned int *p, unsigned int v) { return cu2c_atomicMax_u(p, v); }
static inline long long atomicMax(long long *p, long long v) { return cu2c_atomicMax_ll(p, v); }
static inline unsigned long long atomicMax(unsigned long long *p, unsigned long long v) { return cu2c_atomicMax_ull(p, v); }
static inline unsigned int atomicInc(unsigned int *p, unsigned int v) { return cu2c_atomicInc_u(p, v); }
static inline unsigned int atomicDec(unsigned int *p, unsigned int v) { return cu2c_atomicDec_u(p, v); }
static inline int atomicCAS(int *p, int e, int d) { return cu2c_atomicCAS_i(p, e, d); }
static inline unsigned int atomicCAS(unsigned int *p, unsigned int e, unsigned int d) { return cu2c_atomicCAS_u(p, e, d); }
static inline unsigned long long atomicCAS(unsigned long long *p, unsigned long long e, unsigned long long d) { return cu2c_atomicCAS_ull(p, e, d); }
static inline unsigned short atomicCAS(unsigned short *p, unsigned short e, unsigned short d) { return cu2c_atomicCAS_us(p, e, d); }
static inline int atomicAnd(int *p, int v) { return cu2c_atomicAnd_i(p, v); }
static inline unsigned int atomicAnd(unsigned int *p, unsigned int v) { return cu2c_atomicAnd_u(p, v); }
static inline unsigned long long atomicAnd(unsigned long long *p, unsigned long long v) { return cu2c_atomicAnd_ull(p, v); }
static inline int atomicOr(int *p, int v) { return cu2c_atomicOr_i(p, v); }
static inline unsigned int atomicOr(unsigned int *p, unsigned int v) { return cu2c_atomicOr_u(p, v); }
static inline unsigned long long atomicOr(unsigned long long *p, unsigned long long v) { return cu2c_atomicOr_ull(p, v); }
static inline int atomicXor(int *p, int v) { return cu2c_atomicXor_i(p, v); }
static inline unsigned int atomicXor(unsigned int *p, unsigned int v) { return cu2c_atomicXor_u(p, v); }
static inline unsigned long long atomicXor(unsigned long long *p, unsigned long long v) { return cu2c_atomicXor_ull(p, v); }
#else
/* A pointer of a type CUDA has no overload for is a compile error (no default branch). */
#define atomicAdd(p, v) _Generic((p), int *: cu2c_atomicAdd_i, unsigned int *: cu2c_atomicAdd_u, \
    unsigned long long *: cu2c_atomicAdd_ull, float *: cu2c_atomicAdd_f, double *: cu2c_atomicAdd_d)((p), (v))
#define atomicSub(p, v) _Generic((p), int *: cu2c_atomicSub_i, unsigned int *: cu2c_atomicSub_u)((p), (v))
#define atomicExch(p, v) _Generic((p), int *: cu2c_atomicExch_i, unsigned int *: cu2c_atomicExch_u, \
    unsigned long long *: cu2c_atomicExch_ull, float *: cu2c_atomicExch_f)((p), (v))
#define atomicMin(p, v) _Generic((p), int *: cu2c_atomicMin_i, unsigned int *: cu2c_atomicMin_u, \
    long long *: cu2c_atomicMin_ll, unsigned long long *: cu2c_atomicMin_ull)((p), (v))
#define atomicMax(p, v) _Generic((p), int *: cu2c_atomicMax_i, unsigned int *: cu2c_atomicMax_u, \
    long long *: cu2c_atomicMax_ll, unsigned long long *: cu2c_atomicMax_ull)((p), (v))
#define atomicInc(p, v) _Generic((p), unsigned int *: cu2c_atomicInc_u)((p), (v))
#define atomicDec(p, v) _Generic((p), unsigned int *: cu2c_atomicDec_u)((p), (v))
#define atomicCAS(p, e, d) _Generic((p), int *: cu2c_atomicCAS_i, unsigned int *: cu2c_atomicCAS_u, \
    unsigned long long *: cu2c_atomicCAS_ull, unsigned short *: cu2c_atomicCAS_us)((p), (e), (d))
#define atomicAnd(p, v) _Generic((p), int *: cu2c_atomicAnd_i, unsigned int *: cu2c_atomicAnd_u, \
    unsigned long long *: cu2c_atomicAnd_ull)((p), (v))
#define atomicOr(p, v) _Generic((p), int *: cu2c_atomicOr_i, unsigned int *: cu2c_atomicOr_u, \
    unsigned long long *: cu2c_atomicOr_ull)((p), (v))
#define atomicXor(p, v) _Generic((p), int *: cu2c_atomicXor_i, unsigned int *: cu2c_atomicXor_u, \
    unsigned long long *: cu2c_atomicXor_ull)((p), (v))
#endif

#include "nv_atomic.h"   /* CUDA 12.8's __nv_atomic_* */

/* Scoped variants: on one CPU every scope is the whole machine. */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor

/* Atomics on the block's own __shared__ memory (`atomicAdd(&hit, 1)`, hit a __shared__
 * variable): a block's threads run one after another on one worker and no other block sees
 * its shared memory, so the translator (frontend/shared_atomics.c) calls these instead: a
 * relaxed load and a relaxed store, no lock prefix and no fence. Still atomic accesses, so
 * that the compiler keeps them in order in a thread loop it may vectorise (the loops are
 * CU2C_THREADS_INDEPENDENT: threads updating one counter are not). Same results as the
 * atomic forms for every type CUDA has them for. */
#define CU2C_LD(p, out) __atomic_load((p), (out), __ATOMIC_RELAXED)
#define CU2C_ST(p, in) __atomic_store((p), (in), __ATOMIC_RELAXED)
#ifdef __cplusplus
template <class T> struct cu2c_same_type { typedef T type; };
#define CU2C_SHARED_RMW(name, expr)                                                         \
    template <class T> static inline T name##_cu2c_shared(T *p, typename cu2c_same_type<T>::type v) \
    {                                                                                       \
        T old, nv;                                                                          \
        CU2C_LD(p, &old);                                                                   \
        nv = (expr);                                                                        \
        CU2C_ST(p, &nv);                                                                    \
        return old;                                                                         \
    }
CU2C_SHARED_RMW(atomicAdd, old + v)
CU2C_SHARED_RMW(atomicSub, old - v)
CU2C_SHARED_RMW(atomicExch, v)
CU2C_SHARED_RMW(atomicMin, v < old ? v : old)
CU2C_SHARED_RMW(atomicMax, v > old ? v : old)
CU2C_SHARED_RMW(atomicInc, old >= v ? 0u : old + 1u)
CU2C_SHARED_RMW(atomicDec, (old == 0u || old > v) ? v : old - 1u)
CU2C_SHARED_RMW(atomicAnd, old & v)
CU2C_SHARED_RMW(atomicOr, old | v)
CU2C_SHARED_RMW(atomicXor, old ^ v)
#undef CU2C_SHARED_RMW
template <class T>
static inline T atomicCAS_cu2c_shared(T *p, typename cu2c_same_type<T>::type e, typename cu2c_same_type<T>::type d)
{
    T old;
    CU2C_LD(p, &old);
    if (old == e)
        CU2C_ST(p, &d);
    return old;
}
#else
/* the names inside are reserved-looking, so that a caller's own `old` in p or v stays its */
#define CU2C_SHARED_RMW(p, v, expr)                                                         \
    __extension__({                                                                         \
        __typeof__(&(p)[0]) cu2c_p_ = (p);                                                  \
        __typeof__(*cu2c_p_) cu2c_v_ = (v), cu2c_old_, cu2c_new_;                           \
        CU2C_LD(cu2c_p_, &cu2c_old_);                                                       \
        cu2c_new_ = (expr);                                                                 \
        CU2C_ST(cu2c_p_, &cu2c_new_);                                                       \
        cu2c_old_;                                                                          \
    })
#define atomicAdd_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_old_ + cu2c_v_)
#define atomicSub_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_old_ - cu2c_v_)
#define atomicExch_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_v_)
#define atomicMin_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_v_ < cu2c_old_ ? cu2c_v_ : cu2c_old_)
#define atomicMax_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_v_ > cu2c_old_ ? cu2c_v_ : cu2c_old_)
#define atomicInc_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_old_ >= cu2c_v_ ? 0u : cu2c_old_ + 1u)
#define atomicDec_cu2c_shared(p, v)                                                         \
    CU2C_SHARED_RMW(p, v, (cu2c_old_ == 0u || cu2c_old_ > cu2c_v_) ? cu2c_v_ : cu2c_old_ - 1u)
#define atomicAnd_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_old_ & cu2c_v_)
#define atomicOr_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_old_ | cu2c_v_)
#define atomicXor_cu2c_shared(p, v) CU2C_SHARED_RMW(p, v, cu2c_old_ ^ cu2c_v_)
#define atomicCAS_cu2c_shared(p, e, d)                                                      \
    __extension__({                                                                         \
        __typeof__(&(p)[0]) cu2c_p_ = (p);                                                  \
        __typeof__(*cu2c_p_) cu2c_e_ = (e), cu2c_d_ = (d), cu2c_old_;                       \
        CU2C_LD(cu2c_p_, &cu2c_old_);                                                       \
        if (cu2c_old_ == cu2c_e_)                                                           \
            CU2C_ST(cu2c_p_, &cu2c_d_);                                                     \
        cu2c_old_;                                                                          \
    })
#endif

/* ---- Loads, clocks, traps ------------------------------------------------------------ */

/* Read-only / cache-hinted loads are plain loads on a CPU. */
#ifdef __cplusplus
template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T __ldcg(const T *p) { return *p; }
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
template <class T> static inline T __ldlu(const T *p) { return *p; }
template <class T> static inline T __ldcv(const T *p) { return *p; }
template <class T> static inline void __stwb(T *p, T v) { *p = v; }
template <class T> static inline void __stcg(T *p, T v) { *p = v; }
template <class T> static inline void __stcs(T *p, T v) { *p = v; }
template <class T> static inline void __stwt(T *p, T v) { *p = v; }
#else
#define __ldg(p) (*(p))
#define __ldcg(p) (*(p))
#define __ldca(p) (*(p))
#define __ldcs(p) (*(p))
#define __ldlu(p) (*(p))
#define __ldcv(p) (*(p))
#define __stwb(p, v) ((void)(*(p) = (v)))
#define __stcg(p, v) ((void)(*(p) = (v)))
#define __stcs(p, v) ((void)(*(p) = (v)))
#define __stwt(p, v) ((void)(*(p) = (v)))
#endif

/* The SM's cycle counter: cycles of one clock running at the rate cudaDevAttrClockRate and
 * cudaDeviceProp::clockRate report (kHz), so that spinning clockRate * ms cycles waits ms
 * milliseconds (runtime/device.c). clock64() has no host meaning and is this everywhere. */
#ifdef __cplusplus
extern "C"
#endif
long long cu2c_clock64(void);
static inline long long clock64(void) { return cu2c_clock64(); }
/* clock() in device code: the translator renames it __clk (a name as long as "clock", so
 * nothing moves; translator/frontend/cuda_arch.c), host code keeps libc's. As on a GPU it is
 * the counter's low 32 bits, a signed int widened to clock_t: differences of two reads taken
 * as 32 bits ((int)(b - a)) survive the wrap, every 2^32 cycles. */
static inline clock_t __clk(void) { return (clock_t)(int)(unsigned)cu2c_clock64(); }
#ifdef __cplusplus
namespace std { using ::__clk; }   /* std::clock() written in device code */
#endif
/* CUDA only promises "approximately up to ns", zero included; a spinning block would not
 * be helped by sleeping its worker anyway. On the fiber engine the thread lets the others
 * of its block run (a no-op elsewhere). */
#ifdef __cplusplus
extern "C"
#endif
void cu2c_fiber_yield(void);
static inline void __nanosleep(unsigned int ns) { (void)ns; cu2c_fiber_yield(); }
/* Called in each round of a spin-wait loop of device code (translator/frontend/spin_loops.c,
 * where: "FILE:LINE"): after CU2C_SPIN_TIMEOUT seconds (10 by default) of one spin, the kernel
 * ends with cudaErrorLaunchTimeout and a message, where the spin would never end (it waits
 * for a thread of its block that runs after it, or for a block not yet running). */
#ifdef __cplusplus
extern "C"
#endif
void cu2c_spin_wait(const char *where);

#include "ptx.h"   /* what the inline PTX cu2c translates becomes */

/* A device-side trap aborts the kernel with the sticky cudaErrorLaunchFailure, as on a GPU
 * (cu2c/kernel.h); a block function run outside the runtime's workers aborts the process. */
#ifdef __cplusplus
extern "C"
#endif
void cu2c_device_fault(cudaError_t e);
static inline void __trap(void) { cu2c_device_fault(cudaErrorLaunchFailure); abort(); }
static inline void __brkpt(void) { __builtin_trap(); }

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#endif
