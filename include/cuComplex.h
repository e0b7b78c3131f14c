/* cuComplex.h - CUDA's single and double complex numbers: cuFloatComplex (float2, also named
 * cuComplex) and cuDoubleComplex (double2), with their constructors, parts, conjugate,
 * + - * /, fused multiply-add, modulus and conversions, under CUDA's names.
 *
 * static inline so that calls in translated thread loops inline away; members are filled one
 * by one so the same text is valid C and C++. Division and modulus scale by the larger part
 * first, as CUDA's do, so that intermediate squares neither overflow nor underflow. */
#ifndef CU2C_CUCOMPLEX_H
#define CU2C_CUCOMPLEX_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define CU_COMPLEX_H_ /* the toolkit's guard */

#include <math.h>
#include "vector_types.h"

/* At parse time kernels call these, so they are __host__ __device__. */
#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device begin
#endif

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

/* ---- single precision ---------------------------------------------------------------- */

static inline float cuCrealf(cuFloatComplex x) { return x.x; }
static inline float cuCimagf(cuFloatComplex x) { return x.y; }
static inline cuFloatComplex make_cuFloatComplex(float r, float i)
{
    cuFloatComplex z;
    z.x = r;
    z.y = i;
    return z;
}
static inline cuComplex make_cuComplex(float r, float i) { return make_cuFloatComplex(r, i); }
static inline cuFloatComplex cuConjf(cuFloatComplex x) { return make_cuFloatComplex(x.x, -x.y); }
static inline cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y)
{
    return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}
static inline cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y)
{
    return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}
static inline cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y)
{
    return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
static inline cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y)
{
    float s = fabsf(y.x) + fabsf(y.y);
    float inv = 1.0f / s;
    float xr = x.x * inv, xi = x.y * inv, yr = y.x * inv, yi = y.y * inv;
    float d = 1.0f / (yr * yr + yi * yi);
    return make_cuFloatComplex((xr * yr + xi * yi) * d, (xi * yr - xr * yi) * d);
}
static inline float cuCabsf(cuFloatComplex x)
{
    float a = fabsf(x.x), b = fabsf(x.y);
    float hi = a > b ? a : b, lo = a > b ? b : a;
    if (hi == 0.0f || hi > 3.402823466e38f || lo > 3.402823466e38f)
        return a + b;   /* zero, infinity or NaN */
    lo = lo / hi;
    return hi * sqrtf(1.0f + lo * lo);
}
/* x * y + d */
static inline cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d)
{
    float r = fmaf(-x.y, y.y, fmaf(x.x, y.x, d.x));
    float i = fmaf(x.y, y.x, fmaf(x.x, y.y, d.y));
    return make_cuComplex(r, i);
}

/* ---- double precision ---------------------------------------------------------------- */

static inline double cuCreal(cuDoubleComplex x) { return x.x; }
static inline double cuCimag(cuDoubleComplex x) { return x.y; }
static inline cuDoubleComplex make_cuDoubleComplex(double r, double i)
{
    cuDoubleComplex z;
    z.x = r;
    z.y = i;
    return z;
}
static inline cuDoubleComplex cuConj(cuDoubleComplex x) { return make_cuDoubleComplex(x.x, -x.y); }
static inline cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}
static inline cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}
static inline cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y)
{
    return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
static inline cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y)
{
    double s = fabs(y.x) + fabs(y.y);
    double inv = 1.0 / s;
    double xr = x.x * inv, xi = x.y * inv, yr = y.x * inv, yi = y.y * inv;
    double d = 1.0 / (yr * yr + yi * yi);
    return make_cuDoubleComplex((xr * yr + xi * yi) * d, (xi * yr - xr * yi) * d);
}
static inline double cuCabs(cuDoubleComplex x)
{
    double a = fabs(x.x), b = fabs(x.y);
    double hi = a > b ? a : b, lo = a > b ? b : a;
    if (hi == 0.0 || hi > 1.79769313486231570e308 || lo > 1.79769313486231570e308)
        return a + b;   /* zero, infinity or NaN */
    lo = lo / hi;
    return hi * sqrt(1.0 + lo * lo);
}
static inline cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d)
{
    double r = fma(-x.y, y.y, fma(x.x, y.x, d.x));
    double i = fma(x.y, y.x, fma(x.x, y.y, d.y));
    return make_cuDoubleComplex(r, i);
}

/* ---- conversions --------------------------------------------------------------------- */

static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c)
{
    return make_cuDoubleComplex((double)c.x, (double)c.y);
}
static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c)
{
    return make_cuFloatComplex((float)c.x, (float)c.y);
}

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device end
#endif

#endif
