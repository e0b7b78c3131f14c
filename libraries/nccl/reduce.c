/* libraries/nccl/reduce.c - the element loops of every reduction (sum, product, max, min,
 * PreMulSum, integer average) for every NCCL type, and copying their results out.
 *
 * Inputs fold in rank order (srcs[0] op srcs[1] op ...), each element on its own, so results
 * are the same whichever rank reduces which part and however the data was chunked. As NCCL's
 * kernels do: integers wrap; half and bf16 compute in float and round to nearest even after
 * every step; fp8 compute in float rounded to half, then to fp8 saturating to the largest
 * finite value (NCCL reduces fp8 through half arithmetic); a PreMulSum's product is rounded
 * to the type before it is added; integer ncclAvg divides the wrapped sum, truncating.
 *
 * A tile of each destination is folded in a local accumulator first, then copied to every
 * destination (large ones written around the cache), so a destination may be one of the
 * sources (in-place operations) and one pass over the inputs serves all the ranks' outputs
 * (direct mode). */
#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "cuda_fp8.h"
#include "nccl_internal.h"

#define NC_TILE 2048   /* elements folded at a time: 16 KiB of doubles, in L1 */
#define NC_STREAM_MIN 4096   /* smaller copies are never streamed */

/* ---- integers and IEEE types: in the type itself ----------------------------------------------- */

/* Integers: U is T's unsigned twin (sums and products wrap). */
#define NC_INT_FOLD(NAME, T, U)                                                                  \
    static void NAME(T *restrict acc, const T *const *s, int ns, size_t n, nc_red_kind kind,    \
                     const uint64_t *sc, int divisor)                                           \
    {                                                                                            \
        switch (kind) {                                                                          \
        case NC_SUM:                                                                             \
        case NC_SUMDIV:                                                                          \
            memcpy(acc, s[0], n * sizeof(T));                                                    \
            for (int j = 1; j < ns; j++)                                                         \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] = (T)((U)acc[i] + (U)s[j][i]);                                        \
            if (kind == NC_SUMDIV)                                                               \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] = (T)(acc[i] / divisor);                                              \
            break;                                                                               \
        case NC_PROD:                                                                            \
            memcpy(acc, s[0], n * sizeof(T));                                                    \
            for (int j = 1; j < ns; j++)                                                         \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] = (T)((U)acc[i] * (U)s[j][i]);                                        \
            break;                                                                               \
        case NC_MAX:                                                                             \
            memcpy(acc, s[0], n * sizeof(T));                                                    \
            for (int j = 1; j < ns; j++)                                                         \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] = s[j][i] > acc[i] ? s[j][i] : acc[i];                                \
            break;                                                                               \
        case NC_MIN:                                                                             \
            memcpy(acc, s[0], n * sizeof(T));                                                    \
            for (int j = 1; j < ns; j++)                                                         \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] = s[j][i] < acc[i] ? s[j][i] : acc[i];                                \
            break;                                                                               \
        case NC_PREMUL: {                                                                        \
            T f, g; /* the scalars: their bits' low bytes */                                     \
            memcpy(&f, &sc[0], sizeof f);                                                        \
            for (size_t i = 0; i < n; i++)                                                       \
                acc[i] = (T)((U)s[0][i] * (U)f);                                                 \
            for (int j = 1; j < ns; j++) {                                                       \
                memcpy(&g, &sc[j], sizeof g);                                                    \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] = (T)((U)acc[i] + (U)((U)s[j][i] * (U)g));                            \
            }                                                                                    \
            break;                                                                               \
        }                                                                                        \
        }                                                                                        \
    }

NC_INT_FOLD(nc_fold_i8, int8_t, uint8_t)
NC_INT_FOLD(nc_fold_u8, uint8_t, uint8_t)
NC_INT_FOLD(nc_fold_i32, int32_t, uint32_t)
NC_INT_FOLD(nc_fold_u32, uint32_t, uint32_t)
NC_INT_FOLD(nc_fold_i64, int64_t, uint64_t)
NC_INT_FOLD(nc_fold_u64, uint64_t, uint64_t)

/* float and double: max and min as fmax/fmin (a NaN loses to a number), as NCCL's. */
#define NC_FLOAT_FOLD(NAME, T, FMAX, FMIN)                                                       \
    static void NAME(T *restrict acc, const T *const *s, int ns, size_t n, nc_red_kind kind,    \
                     const uint64_t *sc)                                                         \
    {                                                                                            \
        switch (kind) {                                                                          \
        case NC_SUM:                                                                             \
        case NC_SUMDIV:                                                                          \
            memcpy(acc, s[0], n * sizeof(T));                                                    \
            for (int j = 1; j < ns; j++)                                                         \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] += s[j][i];                                                           \
            break;                                                                               \
        case NC_PROD:                                                                            \
            memcpy(acc, s[0], n * sizeof(T));                                                    \
            for (int j = 1; j < ns; j++)                                                         \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] *= s[j][i];                                                           \
            break;                                                                               \
        case NC_MAX:                                                                             \
            memcpy(acc, s[0], n * sizeof(T));                                                    \
            for (int j = 1; j < ns; j++)                                                         \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] = FMAX(acc[i], s[j][i]);                                              \
            break;                                                                               \
        case NC_MIN:                                                                             \
            memcpy(acc, s[0], n * sizeof(T));                                                    \
            for (int j = 1; j < ns; j++)                                                         \
                for (size_t i = 0; i < n; i++)                                                   \
                    acc[i] = FMIN(acc[i], s[j][i]);                                              \
            break;                                                                               \
        case NC_PREMUL: {                                                                        \
            T f, g;                                                                              \
            memcpy(&f, &sc[0], sizeof f);                                                        \
            for (size_t i = 0; i < n; i++)                                                       \
                acc[i] = s[0][i] * f;                                                            \
            for (int j = 1; j < ns; j++) {                                                       \
                memcpy(&g, &sc[j], sizeof g);                                                    \
                for (size_t i = 0; i < n; i++) {                                                 \
                    T p = s[j][i] * g;   /* rounded before the sum (no contraction: C11) */     \
                    acc[i] += p;                                                                 \
                }                                                                                \
            }                                                                                    \
            break;                                                                               \
        }                                                                                        \
        }                                                                                        \
    }

NC_FLOAT_FOLD(nc_fold_f32, float, fmaxf, fminf)
NC_FLOAT_FOLD(nc_fold_f64, double, fmax, fmin)

/* ---- half, bf16, fp8: in float, rounded to the type after every step ------------------------- */

/* A narrow type: to float (exact), and a float rounded to it as the GPU's reduction does. */
typedef struct nc_narrow {
    size_t size;
    float (*get)(const void *p, size_t i);
    void (*put)(void *p, size_t i, float v);
} nc_narrow;

static float nc_half_get(const void *p, size_t i)
{
    return cu2c_half_to_float(((const unsigned short *)p)[i]);
}
static void nc_half_put(void *p, size_t i, float v)
{
    ((unsigned short *)p)[i] = cu2c_float_to_half(v, CU2C_H_RN);
}
static float nc_bf16_get(const void *p, size_t i)
{
    return cu2c_bf16_to_float(((const unsigned short *)p)[i]);
}
static void nc_bf16_put(void *p, size_t i, float v)
{
    ((unsigned short *)p)[i] = cu2c_float_to_bf16(v, CU2C_H_RN);
}
/* fp8 through half: __nv_fp8_e4m3(__hadd(__half(x), __half(y))) */
static float nc_e4m3_get(const void *p, size_t i)
{
    return cu2c_fp8_to_float(((const unsigned char *)p)[i], 0);
}
static void nc_e4m3_put(void *p, size_t i, float v)
{
    float h = cu2c_half_to_float(cu2c_float_to_half(v, CU2C_H_RN));
    ((unsigned char *)p)[i] = cu2c_float_to_fp8(h, 1, 0);
}
static float nc_e5m2_get(const void *p, size_t i)
{
    return cu2c_fp8_to_float(((const unsigned char *)p)[i], 1);
}
static void nc_e5m2_put(void *p, size_t i, float v)
{
    float h = cu2c_half_to_float(cu2c_float_to_half(v, CU2C_H_RN));
    ((unsigned char *)p)[i] = cu2c_float_to_fp8(h, 1, 1);
}

static const nc_narrow nc_half = {2, nc_half_get, nc_half_put};
static const nc_narrow nc_bf16 = {2, nc_bf16_get, nc_bf16_put};
static const nc_narrow nc_e4m3 = {1, nc_e4m3_get, nc_e4m3_put};
static const nc_narrow nc_e5m2 = {1, nc_e5m2_get, nc_e5m2_put};

/* The scalar of a narrow type's PreMulSum, as a float. */
static float nc_narrow_scalar(const nc_narrow *t, uint64_t bits)
{
    return t->get(&bits, 0);   /* the low bytes (little-endian) hold the element */
}

static float nc_narrow_op(nc_red_kind kind, float a, float b)
{
    switch (kind) {
    case NC_PROD: return a * b;
    case NC_MAX: return fmaxf(a, b);
    case NC_MIN: return fminf(a, b);
    default: return a + b;
    }
}

/* acc keeps elements of the type (what a GPU's step leaves in a register). */
static void nc_fold_narrow(const nc_narrow *t, void *acc, const void *const *s, int ns, size_t n,
                           nc_red_kind kind, const uint64_t *sc)
{
    if (kind == NC_PREMUL) {
        float f = nc_narrow_scalar(t, sc[0]);
        for (size_t i = 0; i < n; i++)
            t->put(acc, i, t->get(s[0], i) * f);
    } else {
        memcpy(acc, s[0], n * t->size);
    }
    for (int j = 1; j < ns; j++) {
        if (kind == NC_PREMUL) {
            float g = nc_narrow_scalar(t, sc[j]);
            for (size_t i = 0; i < n; i++) {
                /* the product is an element of the type before it is added */
                unsigned char p[2];
                t->put(p, 0, t->get(s[j], i) * g);
                t->put(acc, i, t->get(acc, i) + t->get(p, 0));
            }
        } else {
            for (size_t i = 0; i < n; i++)
                t->put(acc, i, nc_narrow_op(kind, t->get(acc, i), t->get(s[j], i)));
        }
    }
}

/* ---- the entry point ------------------------------------------------------------------------------ */

/* One tile: n elements from offset `off` of every source into acc. */
static void nc_fold(ncclDataType_t t, void *acc, const void *const *srcs, int ns, size_t off, size_t n,
                    nc_red_kind kind, const uint64_t *sc, int divisor)
{
    size_t es = nc_type_size(t);
    const void *s[ns];
    for (int j = 0; j < ns; j++)
        s[j] = (const char *)srcs[j] + off * es;
    switch (t) {
    case ncclInt8: nc_fold_i8(acc, (const int8_t *const *)s, ns, n, kind, sc, divisor); break;
    case ncclUint8: nc_fold_u8(acc, (const uint8_t *const *)s, ns, n, kind, sc, divisor); break;
    case ncclInt32: nc_fold_i32(acc, (const int32_t *const *)s, ns, n, kind, sc, divisor); break;
    case ncclUint32: nc_fold_u32(acc, (const uint32_t *const *)s, ns, n, kind, sc, divisor); break;
    case ncclInt64: nc_fold_i64(acc, (const int64_t *const *)s, ns, n, kind, sc, divisor); break;
    case ncclUint64: nc_fold_u64(acc, (const uint64_t *const *)s, ns, n, kind, sc, divisor); break;
    case ncclFloat32: nc_fold_f32(acc, (const float *const *)s, ns, n, kind, sc); break;
    case ncclFloat64: nc_fold_f64(acc, (const double *const *)s, ns, n, kind, sc); break;
    case ncclFloat16: nc_fold_narrow(&nc_half, acc, s, ns, n, kind, sc); break;
    case ncclBfloat16: nc_fold_narrow(&nc_bf16, acc, s, ns, n, kind, sc); break;
    case ncclFloat8e4m3: nc_fold_narrow(&nc_e4m3, acc, s, ns, n, kind, sc); break;
    case ncclFloat8e5m2: nc_fold_narrow(&nc_e5m2, acc, s, ns, n, kind, sc); break;
    case ncclNumTypes: break;
    }
}

/* Copies n bytes to dst with stores that bypass the cache where the CPU has them. A cached
 * store first reads the line it writes (a third more memory traffic for an AllReduce out of
 * place), and a line another core reads next must first leave this core's cache (on a
 * 2-core machine, staging through the segment ran 2 to 3 times slower with cached stores). */
static void nc_copy_streaming(char *dst, const char *src, size_t n)
{
#if defined(__SSE2__)
    size_t head = (16 - ((uintptr_t)dst & 15)) & 15;
    if (head > n)
        head = n;
    memcpy(dst, src, head);
    dst += head, src += head, n -= head;
    for (; n >= 64; n -= 64, dst += 64, src += 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)src), b = _mm_loadu_si128((const __m128i *)(src + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(src + 32)), d = _mm_loadu_si128((const __m128i *)(src + 48));
        _mm_stream_si128((__m128i *)dst, a);
        _mm_stream_si128((__m128i *)(dst + 16), b);
        _mm_stream_si128((__m128i *)(dst + 32), c);
        _mm_stream_si128((__m128i *)(dst + 48), d);
    }
#endif
    memcpy(dst, src, n);
}

void nc_copy(void *dst, const void *src, size_t n, size_t stream_from)
{
    if (dst == src || n == 0)
        return;
    if (n < stream_from || n < NC_STREAM_MIN) {
        memcpy(dst, src, n);
        return;
    }
    nc_copy_streaming(dst, src, n);
#if defined(__SSE2__)
    _mm_sfence();
#endif
}

void nc_reduce(ncclDataType_t t, nc_red_kind kind, const uint64_t *scalars, int divisor, void *const *dsts,
               int ndst, const void *const *srcs, int nsrc, size_t count, size_t stream_from)
{
    _Alignas(64) unsigned char acc[NC_TILE * 8];
    size_t es = nc_type_size(t);
    /* streamed: large outputs that are not an input too (in place, the lines are in cache) */
    uint64_t stream_mask = 0;
    for (int k = 0; k < ndst && k < 64 && count * es >= stream_from && count * es >= NC_STREAM_MIN; k++) {
        int in_place = 0;
        for (int j = 0; j < nsrc; j++)
            in_place |= dsts[k] == srcs[j];
        if (!in_place)
            stream_mask |= (uint64_t)1 << k;
    }
    for (size_t off = 0; off < count; off += NC_TILE) {
        size_t n = count - off < NC_TILE ? count - off : NC_TILE;
        nc_fold(t, acc, srcs, nsrc, off, n, kind, scalars, divisor);
        for (int k = 0; k < ndst; k++) {
            char *dst = (char *)dsts[k] + off * es;
            if (k < 64 && (stream_mask >> k & 1))
                nc_copy_streaming(dst, (const char *)acc, n * es);
            else
                memcpy(dst, acc, n * es);
        }
    }
#if defined(__SSE2__)
    if (stream_mask)
        _mm_sfence();   /* the streamed stores are seen before the barrier that follows */
#endif
}
