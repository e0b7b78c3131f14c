/* cuComplex.h - CUDA's complex numbers: cuFloatComplex is float2 and cuDoubleComplex double2
 * (x the real part, y the imaginary), with their arithmetic, callable from host and device
 * code. cuFFT's cufftComplex and cuBLAS's complex routines take these types. */
#ifndef CU2C_CUCOMPLEX_H
#define CU2C_CUCOMPLEX_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define CU_COMPLEX_H_ /* the CUDA toolkit's guard */

#include <math.h>
#include "vector_types.h"

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device begin
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

static inline float cuCrealf(cuFloatComplex z) { return z.x; }
static inline float cuCimagf(cuFloatComplex z) { return z.y; }
static inline cuFloatComplex make_cuFloatComplex(float re, float im)
{
    cuFloatComplex z;
    z.x = re;
    z.y = im;
    return z;
}
static inline cuFloatComplex cuConjf(cuFloatComplex z) { return make_cuFloatComplex(z.x, -z.y); }
static inline cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b)
{
    return make_cuFloatComplex(a.x + b.x, a.y + b.y);
}
static inline cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b)
{
    return make_cuFloatComplex(a.x - b.x, a.y - b.y);
}
static inline cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b)
{
    return make_cuFloatComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
/* a / b with both scaled by |b.x| + |b.y| first, so that squaring b neither overflows nor
 * underflows where the quotient itself is representable */
static inline cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b)
{
    float scale = 1.0f / (fabsf(b.x) + fabsf(b.y));
    float ar = a.x * scale, ai = a.y * scale, br = b.x * scale, bi = b.y * scale;
    float inv = 1.0f / (br * br + bi * bi);
    return make_cuFloatComplex((ar * br + ai * bi) * inv, (ai * br - ar * bi) * inv);
}
static inline float cuCabsf(cuFloatComplex z) { return hypotf(z.x, z.y); }

static inline double cuCreal(cuDoubleComplex z) { return z.x; }
static inline double cuCimag(cuDoubleComplex z) { return z.y; }
static inline cuDoubleComplex make_cuDoubleComplex(double re, double im)
{
    cuDoubleComplex z;
    z.x = re;
    z.y = im;
    return z;
}
static inline cuDoubleComplex cuConj(cuDoubleComplex z) { return make_cuDoubleComplex(z.x, -z.y); }
static inline cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b)
{
    return make_cuDoubleComplex(a.x + b.x, a.y + b.y);
}
static inline cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b)
{
    return make_cuDoubleComplex(a.x - b.x, a.y - b.y);
}
static inline cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b)
{
    return make_cuDoubleComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
static inline cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b)
{
    double scale = 1.0 / (fabs(b.x) + fabs(b.y));
    double ar = a.x * scale, ai = a.y * scale, br = b.x * scale, bi = b.y * scale;
    double inv = 1.0 / (br * br + bi * bi);
    return make_cuDoubleComplex((ar * br + ai * bi) * inv, (ai * br - ar * bi) * inv);
}
static inline double cuCabs(cuDoubleComplex z) { return hypot(z.x, z.y); }

static inline cuComplex make_cuComplex(float re, float im) { return make_cuFloatComplex(re, im); }
static inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z)
{
    return make_cuDoubleComplex((double)z.x, (double)z.y);
}
static inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z)
{
    return make_cuFloatComplex((float)z.x, (float)z.y);
}
/* a * b + d, each part accumulated in the order CUDA's header does */
static inline cuComplex cuCfmaf(cuComplex a, cuComplex b, cuComplex d)
{
    float re = a.x * b.x + d.x, im = a.x * b.y + d.y;
    re = -a.y * b.y + re;
    im = a.y * b.x + im;
    return make_cuComplex(re, im);
}
static inline cuDoubleComplex cuCfma(cuDoubleComplex a, cuDoubleComplex b, cuDoubleComplex d)
{
    double re = a.x * b.x + d.x, im = a.x * b.y + d.y;
    re = -a.y * b.y + re;
    im = a.y * b.x + im;
    return make_cuDoubleComplex(re, im);
}

#ifdef __cplusplus
}
#endif

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device end
#endif

#endif
