/* cu2c/curand_distributions.h - cuRAND's device distributions (curand_kernel.h) over the
 * generators of cu2c/curand_engines.h: uniform (float and double), normal (Box-Muller, the
 * second value of each pair cached in the state as cuRAND does), log-normal, Poisson.
 *
 * Each takes the generator's outputs in cuRAND's order and maps them with cuRAND's
 * formulas: uniform floats are x * 2^-32 + 2^-33 (so in (0, 1]), doubles from XORWOW's and
 * Philox's pairs are 53 bits (x ^ y << 21) * 2^-53 + 2^-54... Uniforms are therefore bit for
 * bit NVIDIA's. Normals and what is built on them go through the host's logf/sinf/cosf/expf
 * where the GPU uses its own (__sincosf is an approximation there): the same pairs of
 * outputs, values equal to a few units in the last place, not bit for bit. */
#ifndef CU2C_CURAND_DISTRIBUTIONS_H
#define CU2C_CURAND_DISTRIBUTIONS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include <math.h>
#include "cu2c/curand_engines.h"

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

/* cuRAND's constants, as float and double expressions rounded as its header rounds them. */
#define CURAND_2POW32 (4294967296.f)
#define CURAND_2POW32_DOUBLE (4294967296.)
#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define CURAND_2PI (6.2831855f)
#define CURAND_2POW53_INV_2PI_DOUBLE (1.1102230246251565e-16 * 6.2831853071795860)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI_DOUBLE (6.2831853071795860)
#define CURAND_SQRT2 (-1.4142135f)
#define CURAND_SQRT2_DOUBLE (-1.4142135623730951)

/* ---- Mapping outputs ------------------------------------------------------------------ */

/* A 32-bit output to a float in (0, 1]. */
static inline float cu2c_uniform_of(unsigned int x)
{
    return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}

/* A 32-bit output to a double in (0, 1]. */
static inline double cu2c_uniform_double_of(unsigned int x)
{
    return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}

/* Two outputs to a double with 53 random bits. */
static inline double cu2c_uniform_double_of2(unsigned int x, unsigned int y)
{
    unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));
    return z * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}

/* Box-Muller on two outputs: radius from the first, angle from the second. */
static inline float2 cu2c_box_muller(unsigned int x, unsigned int y)
{
    float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
    float v = fmaf((float)y, CURAND_2POW32_INV_2PI, CURAND_2POW32_INV_2PI / 2);
    float s = sqrtf(-2.0f * logf(u));
    float2 r;
    r.x = sinf(v) * s;
    r.y = cosf(v) * s;
    return r;
}

/* Box-Muller in double on four outputs (two 53-bit uniforms). */
static inline double2 cu2c_box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0,
                                             unsigned int y1)
{
    unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << (53 - 32));
    double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
    unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << (53 - 32));
    double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
    double s = sqrt(-2.0 * log(u));
    double2 r;
    r.x = sin(v * CURAND_PI_DOUBLE) * s;
    r.y = cos(v * CURAND_PI_DOUBLE) * s;
    return r;
}

/* ---- Each generator's uniforms and normal pairs --------------------------------------- */

static inline float cu2c_curand_uniform_xorwow(curandStateXORWOW_t *s)
{
    return cu2c_uniform_of(cu2c_curand_xorwow(s));
}
static inline double cu2c_curand_uniform_double_xorwow(curandStateXORWOW_t *s)
{
    unsigned int x = cu2c_curand_xorwow(s);
    unsigned int y = cu2c_curand_xorwow(s);
    return cu2c_uniform_double_of2(x, y);
}
static inline float2 cu2c_normal_pair_xorwow(curandStateXORWOW_t *s)
{
    unsigned int x = cu2c_curand_xorwow(s);
    unsigned int y = cu2c_curand_xorwow(s);
    return cu2c_box_muller(x, y);
}
static inline double2 cu2c_normal_pair_double_xorwow(curandStateXORWOW_t *s)
{
    unsigned int x0 = cu2c_curand_xorwow(s);
    unsigned int x1 = cu2c_curand_xorwow(s);
    unsigned int y0 = cu2c_curand_xorwow(s);
    unsigned int y1 = cu2c_curand_xorwow(s);
    return cu2c_box_muller_double(x0, x1, y0, y1);
}

static inline float cu2c_curand_uniform_philox(curandStatePhilox4_32_10_t *s)
{
    return cu2c_uniform_of(cu2c_curand_philox(s));
}
/* one output only, as cuRAND's Philox does (curand_uniform2_double has 53 bits) */
static inline double cu2c_curand_uniform_double_philox(curandStatePhilox4_32_10_t *s)
{
    return cu2c_uniform_double_of(cu2c_curand_philox(s));
}
static inline float2 cu2c_normal_pair_philox(curandStatePhilox4_32_10_t *s)
{
    unsigned int x = cu2c_curand_philox(s);
    unsigned int y = cu2c_curand_philox(s);
    return cu2c_box_muller(x, y);
}
static inline double2 cu2c_normal_pair_double_philox(curandStatePhilox4_32_10_t *s)
{
    uint4 x = cu2c_curand4_philox(s);
    return cu2c_box_muller_double(x.x, x.y, x.z, x.w);
}

static inline float cu2c_curand_uniform_mrg(curandStateMRG32k3a_t *s)
{
    return (float)(curand_MRG32k3a(s) * MRG32K3A_NORM);
}
static inline double cu2c_curand_uniform_double_mrg(curandStateMRG32k3a_t *s)
{
    return curand_MRG32k3a(s) * MRG32K3A_NORM;
}
static inline float2 cu2c_normal_pair_mrg(curandStateMRG32k3a_t *s)
{
    float x = cu2c_curand_uniform_mrg(s);
    float y = cu2c_curand_uniform_mrg(s) * CURAND_2PI;
    float r = sqrtf(-2.0f * logf(x));
    float2 v;
    v.x = sinf(y) * r;
    v.y = cosf(y) * r;
    return v;
}
static inline double2 cu2c_normal_pair_double_mrg(curandStateMRG32k3a_t *s)
{
    double x = cu2c_curand_uniform_double_mrg(s);
    double y = cu2c_curand_uniform_double_mrg(s) * 2.0;
    double r = sqrt(-2.0 * log(x));
    double2 v;
    v.x = sin(y * CURAND_PI_DOUBLE) * r;
    v.y = cos(y * CURAND_PI_DOUBLE) * r;
    return v;
}

/* ---- Poisson (cuRAND's three regimes) ------------------------------------------------- */

/* ln((n-1)!) = lgamma(n) for integer n >= 1: a table to 9, Stirling's series beyond (Hart
 * et al., Computer Approximations, 5404), as cuRAND computes it. */
static inline double cu2c_lgamma_integer(int a)
{
    static const double small[9] = {
        0.0, 0.0, 6.931471805599453094e-1, 1.791759469228055001e0, 3.178053830347945620e0,
        4.787491742782045994e0, 6.579251212010100995e0, 8.525161361065414300e0,
        1.060460290274525023e1};
    double fa = fabs((float)a);
    if (a <= 8)
        return small[(a >= 1 ? a : 9) - 1];
    double s = 1.0 / fa, t = s * s;
    double sum = -0.1633436431e-2;
    sum = fma(sum, t, 0.83645878922e-3);
    sum = fma(sum, t, -0.5951896861197e-3);
    sum = fma(sum, t, 0.793650576493454e-3);
    sum = fma(sum, t, -0.277777777735865004e-2);
    sum = fma(sum, t, 0.833333333333331018375e-1);
    sum = fma(sum, s, 0.918938533204672);
    double h = 0.5 * log(fa) * (fa - 0.5);
    return (h - fa) + (h + sum);
}

/* cuRAND's closed-form approximation of the regularised incomplete gamma function P(a, x)
 * (and its inverse in x), the envelope of its rejection sampler for 64 <= lambda <= 4000. */
static inline float cu2c_pgammainc_alpha(float a)
{
    return fmaf(1.43248035075540910f, 1.0f / sqrtf(a - 0.12400979329415655f), 0.00025361074907033f);
}
static inline float cu2c_pgammainc_beta(float a)
{
    return fmaf(0.21096734870196546f, 1.0f / sqrtf(a - 1.97381164089999420f), 0.94201734077887530f);
}
static inline float cu2c_pgammainc(float a, float x)
{
    float t = fmaf(cu2c_pgammainc_alpha(a), a - x, -cu2c_pgammainc_beta(a));
    t = 1.0f + expf(t);
    return 1.0f / (t * t);
}
static inline float cu2c_pgammaincinv(float a, float y)
{
    float t = logf(1.0f / sqrtf(y) - 1.0f);
    t = cu2c_pgammainc_beta(a) + t;
    return fmaf(-t, 1.0f / cu2c_pgammainc_alpha(a), a);
}

/* One Poisson value from a generator's uniforms (u: its curand_uniform) and normal doubles
 * (nd: its curand_normal_double, for lambda > 4000). */
#define CU2C_CURAND_POISSON(s, lambda, u, nd)                                                     \
    do {                                                                                          \
        if ((lambda) < 64) { /* Knuth: multiply uniforms until below e^-lambda */                \
            unsigned int k = 0;                                                                   \
            float p = expf((float)(lambda));                                                      \
            do {                                                                                  \
                k++;                                                                              \
                p *= u(s);                                                                        \
            } while (p > 1.0);                                                                    \
            return k - 1;                                                                         \
        }                                                                                         \
        if ((lambda) > 4000) /* normal approximation, rounded to nearest */                      \
            return (unsigned int)(fma(sqrt(lambda), nd(s), (lambda)) + 0.5);                      \
        float lf = (float)(lambda), logl = logf(lf), x;                                           \
        for (;;) { /* rejection from the incomplete-gamma envelope */                            \
            float y = u(s);                                                                       \
            x = floorf(cu2c_pgammaincinv(lf, y));                                                 \
            float z = u(s);                                                                       \
            float v = (cu2c_pgammainc(lf, x + 1.0f) - cu2c_pgammainc(lf, x)) * 1.3f;              \
            z = z * v;                                                                            \
            float t = expf(fmaf(x, logl, -lf) - (float)cu2c_lgamma_integer((int)(1.0f + x)));     \
            if ((z < t) && (v >= 1e-20))                                                          \
                break;                                                                            \
        }                                                                                         \
        return (unsigned int)x;                                                                   \
    } while (0)

/* ---- The distributions every generator has -------------------------------------------- */

/* curand_normal & co. for generator E with state type T: the Box-Muller pair's second value
 * is kept in the state for the next call (boxmuller_flag says which distribution it is). */
#define CU2C_CURAND_DISTRIBUTIONS(E, T)                                                           \
    static inline float cu2c_curand_normal_##E(T *s)                                              \
    {                                                                                             \
        if (s->boxmuller_flag != EXTRA_FLAG_NORMAL) {                                             \
            float2 v = cu2c_normal_pair_##E(s);                                                   \
            s->boxmuller_extra = v.y;                                                             \
            s->boxmuller_flag = EXTRA_FLAG_NORMAL;                                                \
            return v.x;                                                                           \
        }                                                                                         \
        s->boxmuller_flag = 0;                                                                    \
        return s->boxmuller_extra;                                                                \
    }                                                                                             \
    static inline float2 cu2c_curand_normal2_##E(T *s) { return cu2c_normal_pair_##E(s); }        \
    static inline double cu2c_curand_normal_double_##E(T *s)                                      \
    {                                                                                             \
        if (s->boxmuller_flag_double != EXTRA_FLAG_NORMAL) {                                      \
            double2 v = cu2c_normal_pair_double_##E(s);                                           \
            s->boxmuller_extra_double = v.y;                                                      \
            s->boxmuller_flag_double = EXTRA_FLAG_NORMAL;                                         \
            return v.x;                                                                           \
        }                                                                                         \
        s->boxmuller_flag_double = 0;                                                             \
        return s->boxmuller_extra_double;                                                         \
    }                                                                                             \
    static inline double2 cu2c_curand_normal2_double_##E(T *s)                                    \
    {                                                                                             \
        return cu2c_normal_pair_double_##E(s);                                                    \
    }                                                                                             \
    static inline float cu2c_curand_log_normal_##E(T *s, float mean, float stddev)               \
    {                                                                                             \
        if (s->boxmuller_flag != EXTRA_FLAG_LOG_NORMAL) {                                         \
            float2 v = cu2c_normal_pair_##E(s);                                                   \
            s->boxmuller_extra = expf(fmaf(stddev, v.y, mean));                                     \
            s->boxmuller_flag = EXTRA_FLAG_LOG_NORMAL;                                            \
            return expf(fmaf(stddev, v.x, mean));                                                   \
        }                                                                                         \
        s->boxmuller_flag = 0;                                                                    \
        return s->boxmuller_extra;                                                                \
    }                                                                                             \
    static inline float2 cu2c_curand_log_normal2_##E(T *s, float mean, float stddev)             \
    {                                                                                             \
        float2 v = cu2c_normal_pair_##E(s);                                                       \
        v.x = expf(fmaf(stddev, v.x, mean));                                                        \
        v.y = expf(fmaf(stddev, v.y, mean));                                                        \
        return v;                                                                                 \
    }                                                                                             \
    static inline double cu2c_curand_log_normal_double_##E(T *s, double mean, double stddev)     \
    {                                                                                             \
        if (s->boxmuller_flag_double != EXTRA_FLAG_LOG_NORMAL) {                                  \
            double2 v = cu2c_normal_pair_double_##E(s);                                           \
            s->boxmuller_extra_double = exp(fma(stddev, v.y, mean));                               \
            s->boxmuller_flag_double = EXTRA_FLAG_LOG_NORMAL;                                     \
            return exp(fma(stddev, v.x, mean));                                                    \
        }                                                                                         \
        s->boxmuller_flag_double = 0;                                                             \
        return s->boxmuller_extra_double;                                                         \
    }                                                                                             \
    static inline double2 cu2c_curand_log_normal2_double_##E(T *s, double mean, double stddev)   \
    {                                                                                             \
        double2 v = cu2c_normal_pair_double_##E(s);                                               \
        v.x = exp(fma(stddev, v.x, mean));                                                         \
        v.y = exp(fma(stddev, v.y, mean));                                                         \
        return v;                                                                                 \
    }                                                                                             \
    static inline unsigned int cu2c_curand_poisson_##E(T *s, double lambda)                       \
    {                                                                                             \
        CU2C_CURAND_POISSON(s, lambda, cu2c_curand_uniform_##E, cu2c_curand_normal_double_##E);   \
    }

CU2C_CURAND_DISTRIBUTIONS(xorwow, curandStateXORWOW_t)
CU2C_CURAND_DISTRIBUTIONS(philox, curandStatePhilox4_32_10_t)
CU2C_CURAND_DISTRIBUTIONS(mrg, curandStateMRG32k3a_t)

/* ---- Philox's four at a time ---------------------------------------------------------- */

static inline float4 cu2c_curand_uniform4_philox(curandStatePhilox4_32_10_t *s)
{
    uint4 x = cu2c_curand4_philox(s);
    float4 r;
    r.x = cu2c_uniform_of(x.x);
    r.y = cu2c_uniform_of(x.y);
    r.z = cu2c_uniform_of(x.z);
    r.w = cu2c_uniform_of(x.w);
    return r;
}
static inline double2 cu2c_curand_uniform2_double_philox(curandStatePhilox4_32_10_t *s)
{
    uint4 x = cu2c_curand4_philox(s);
    double2 r;
    r.x = cu2c_uniform_double_of2(x.x, x.y);
    r.y = cu2c_uniform_double_of2(x.z, x.w);
    return r;
}
static inline float4 cu2c_curand_normal4_philox(curandStatePhilox4_32_10_t *s)
{
    uint4 x = cu2c_curand4_philox(s);
    float2 a = cu2c_box_muller(x.x, x.y), b = cu2c_box_muller(x.z, x.w);
    float4 r;
    r.x = a.x;
    r.y = a.y;
    r.z = b.x;
    r.w = b.y;
    return r;
}
static inline float4 cu2c_curand_log_normal4_philox(curandStatePhilox4_32_10_t *s, float mean,
                                                    float stddev)
{
    float4 v = cu2c_curand_normal4_philox(s);
    v.x = expf(fmaf(stddev, v.x, mean));
    v.y = expf(fmaf(stddev, v.y, mean));
    v.z = expf(fmaf(stddev, v.z, mean));
    v.w = expf(fmaf(stddev, v.w, mean));
    return v;
}

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#endif /* CU2C_CURAND_DISTRIBUTIONS_H */
