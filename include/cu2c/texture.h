/* cu2c/texture.h - texture fetches: texture objects (tex1Dfetch<T>(obj, i), tex2D<T>(obj, x, y)
 * ...) and the texture references of programs written before CUDA 12 (texture<T, dim, mode>
 * globals, tex2D(ref, x, y)).
 *
 * A texture object is the address of an immutable struct cu2c_texture that
 * cudaCreateTextureObject fills (runtime/texture.c); a bound texture reference points at one.
 * Fetching follows the CUDA programming guide's appendix "Texture Fetching" to the bit where
 * it is specified: coordinates are scaled by the size when normalised, point filtering reads
 * texel floor(x), linear filtering blends the texels around x - 0.5 with weights rounded to
 * 8 fractional bits (the GPU's 9-bit fixed point), and each address mode maps integer texel
 * indices (so wrap blends the last texel with the first). A fetch is forced inline into the
 * generated thread loop, specialised for its dimensions and result type, and takes no lock;
 * when every address mode clamps (the default) it has no branch on the modes, the other
 * modes take one out-of-line call, declared pure so that the compiler keeps the descriptor's
 * fields it loaded. Texture objects the translator hoists out of the thread loops sample
 * through texture_hoisted.h. benchmarks/README.md has the costs.
 *
 * The descriptor and the sampling core are C (the runtime builds descriptors); the fetch
 * functions are templates, as in CUDA, so programs that fetch are C++. At parse time it is
 * all __host__ __device__, like device.h.
 *
 * Cubemaps (texCubemap) and mipmapped textures (tex2DLod and the others, cu2c_tex_fetch_mip)
 * are sampled by the same 2-D/3-D code: a cubemap's face is a layer, a mipmap's level a
 * descriptor of its own. */
#ifndef CU2C_TEXTURE_H
#define CU2C_TEXTURE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "defs.h"
#include <driver_types.h>
#include <texture_types.h>
#include <channel_descriptor.h>
#include <vector_types.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device begin
#endif

/* How one channel of a texel is stored (cu2c_texture::format). */
enum cu2c_tex_format {
    CU2C_TEX_S8, CU2C_TEX_U8, CU2C_TEX_S16, CU2C_TEX_U16,   /* may read as normalised floats */
    CU2C_TEX_S32, CU2C_TEX_U32, CU2C_TEX_F16, CU2C_TEX_F32,
};

/* How a fetch samples: a texture object's own, or built from a texture reference's fields
 * at each fetch. */
typedef struct cu2c_tex_sampler {
    int normalized_read;      /* cudaReadModeNormalizedFloat, on an 8- or 16-bit format */
    int normalized_coords;    /* coordinates in [0, 1) scale by the size */
    int filter;               /* enum cudaTextureFilterMode */
    int addr[3];              /* enum cudaTextureAddressMode per dimension */
    float border[4];          /* cudaAddressModeBorder's colour */
    int all_clamp;            /* every addr[] is cudaAddressModeClamp: the straight path */
    float scale[3];           /* per dimension: the size when normalized_coords, else 1 */
} cu2c_tex_sampler;

/* Up to four channels, as the out-of-line sampling returns them (in registers). */
typedef struct cu2c_tex_f4 {
    float v[4];
} cu2c_tex_f4;

/* What a texture reads: texel (i, j, k) of layer l lies at
 * data + (k + l) * slice + j * pitch + i * elem (3-D textures have one layer). */
typedef struct cu2c_texture {
    const char *data;
    size_t pitch;             /* bytes between rows */
    size_t slice;             /* bytes between 2-D slices or layers */
    int size[3];              /* width, height, depth in texels; 1 where absent */
    int layers;               /* layered arrays: their layer count; else 1 */
    int format;               /* enum cu2c_tex_format of every channel */
    int channels;             /* 1, 2 or 4 */
    int elem;                 /* bytes per texel */
    cu2c_tex_sampler sampler; /* texture objects' sampling (unused by references) */
    /* What cudaCreateTextureObject was given, for cudaGetTextureObject*Desc. */
    struct cudaResourceDesc res;
    struct cudaTextureDesc tex;
    struct cudaResourceViewDesc view;
    int has_view;
    int cubemap;              /* a cubemap array's: its layers are faces (six per layer) */
    /* A mipmapped array's: the fields above describe level 0, level[] every level (each
     * with its own size and sampler, levels 0 where a texture has no mipmaps). */
    int levels;
    const struct cu2c_texture *level;
    int mip_filter;           /* mipmapFilterMode */
    float mip_min, mip_max;   /* minMipmapLevelClamp, maxMipmapLevelClamp */
} cu2c_texture;

static inline float cu2c_tex_half(unsigned short h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v = e == 0 ? ldexpf((float)m, -24)
            : e == 31 ? (m ? NAN : INFINITY)
            : ldexpf((float)(m | 0x400), e - 25);
    return (h & 0x8000) ? -v : v;
}

/* Channel c of the texel at p as a float: the value, or in [0, 1] / [-1, 1] for a normalised
 * read (the most negative integer reads as -1, as on the GPU). */
static inline float cu2c_tex_chan_f(const char *p, int format, int c, int normalized)
{
    switch (format) {
    case CU2C_TEX_S8: {
        float v = ((const signed char *)p)[c];
        return normalized ? (v < -127.0f ? -1.0f : v / 127.0f) : v;
    }
    case CU2C_TEX_U8: {
        float v = ((const unsigned char *)p)[c];
        return normalized ? v / 255.0f : v;
    }
    case CU2C_TEX_S16: {
        short s;
        memcpy(&s, p + 2 * c, 2);
        float v = s;
        return normalized ? (v < -32767.0f ? -1.0f : v / 32767.0f) : v;
    }
    case CU2C_TEX_U16: {
        unsigned short s;
        memcpy(&s, p + 2 * c, 2);
        return normalized ? s / 65535.0f : (float)s;
    }
    case CU2C_TEX_S32: {
        int v;
        memcpy(&v, p + 4 * c, 4);
        return (float)v;
    }
    case CU2C_TEX_U32: {
        unsigned v;
        memcpy(&v, p + 4 * c, 4);
        return (float)v;
    }
    case CU2C_TEX_F16: {
        unsigned short h;
        memcpy(&h, p + 2 * c, 2);
        return cu2c_tex_half(h);
    }
    default: {
        float v;
        memcpy(&v, p + 4 * c, 4);
        return v;
    }
    }
}

/* Channel c of the texel at p as the integer it holds (element-type reads). */
static inline int cu2c_tex_chan_i(const char *p, int format, int c)
{
    switch (format) {
    case CU2C_TEX_S8: return ((const signed char *)p)[c];
    case CU2C_TEX_U8: return ((const unsigned char *)p)[c];
    case CU2C_TEX_S16: { short v; memcpy(&v, p + 2 * c, 2); return v; }
    case CU2C_TEX_U16: case CU2C_TEX_F16: { unsigned short v; memcpy(&v, p + 2 * c, 2); return v; }
    default: { int v; memcpy(&v, p + 4 * c, 4); return v; }
    }
}

/* The sampling functions below are forced inline: a fetch is then a few instructions in the
 * kernel's thread loop, specialised for its dimensions and result type, and the descriptor's
 * fields (base pointer, pitch, size, modes) are loaded once per fetch site, not passed to an
 * out-of-line call. */
#define CU2C_TEX_INLINE static inline __attribute__((always_inline))
#define CU2C_TEX_UNROLL _Pragma("GCC unroll 8") /* loops over dimensions, corners, channels */

/* floor(u) as an int, saturated (a NaN reads texel 0). */
CU2C_TEX_INLINE int cu2c_tex_floor(float u)
{
    float f = floorf(u);
    if (!(f > -1073741824.0f))
        return f != f ? 0 : -1073741824;
    return f < 1073741824.0f ? (int)f : 1073741824;
}

/* Linear filtering's weight of the upper texel at u (f = floorf(u)), as CUDA's hardware has
 * it: 9-bit fixed point with 8 fractional bits. */
CU2C_TEX_INLINE float cu2c_tex_weight(float u, float f)
{
    return floorf((u - f) * 256.0f + 0.5f) * (1.0f / 256.0f);
}

/* Texel index i of n along one dimension under an address mode; -1: the border colour. */
static inline int cu2c_tex_address(int i, int n, int mode)
{
    if (i >= 0 && i < n)
        return i;
    switch (mode) {
    case cudaAddressModeWrap:
        i %= n;
        return i < 0 ? i + n : i;
    case cudaAddressModeMirror: {
        long long m = i % (2 * (long long)n);
        if (m < 0)
            m += 2 * (long long)n;
        return (int)(m < n ? m : 2 * (long long)n - 1 - m);
    }
    case cudaAddressModeBorder:
        return -1;
    default:
        return i < 0 ? 0 : n - 1;
    }
}

/* cu2c_tex_address with clamping, the common mode, done without branches. */
CU2C_TEX_INLINE int cu2c_tex_index(int i, int n, int mode)
{
    if (mode == cudaAddressModeClamp)
        return i < 0 ? 0 : i < n ? i : n - 1;
    return cu2c_tex_address(i, n, mode);
}

/* The texel index point sampling reads at coordinate u: cu2c_tex_index(cu2c_tex_floor(u)),
 * clamping in float first (NaN reads texel 0, as cu2c_tex_floor has it). */
CU2C_TEX_INLINE int cu2c_tex_point_index(float u, int n, int mode)
{
    if (mode == cudaAddressModeClamp) {
        float f = floorf(u);
        f = f > 0.0f ? f : 0.0f;
        f = f < 1073741824.0f ? f : 1073741824.0f;
        int i = (int)f;
        return i < n - 1 ? i : n - 1;
    }
    return cu2c_tex_address(cu2c_tex_floor(u), n, mode);
}

/* Bytes between neighbouring texels along dimension d. */
CU2C_TEX_INLINE size_t cu2c_tex_stride(const cu2c_texture *t, int d)
{
    return d == 0 ? (size_t)t->elem : d == 1 ? t->pitch : t->slice;
}

static inline int cu2c_tex_layer(const cu2c_texture *t, int layer)
{
    return layer < 0 ? 0 : layer >= t->layers ? t->layers - 1 : layer;
}

/* Where layer `layer` starts (layer 0 needs no look at the layer count: there is one). */
CU2C_TEX_INLINE const char *cu2c_tex_base(const cu2c_texture *t, int layer)
{
    return layer == 0 ? t->data : t->data + (size_t)cu2c_tex_layer(t, layer) * t->slice;
}

/* Channel c of the texel at p as a float, with 32-bit floats first. */
CU2C_TEX_INLINE float cu2c_tex_read_f(const char *p, int format, int c, int normalized)
{
    if (format == CU2C_TEX_F32) {
        float v;
        memcpy(&v, p + 4 * c, 4);
        return v;
    }
    return cu2c_tex_chan_f(p, format, c, normalized);
}

/* Coordinate c along dimension d in texels. */
CU2C_TEX_INLINE float cu2c_tex_coord(const cu2c_texture *t, const cu2c_tex_sampler *s, int d, float c)
{
    (void)t;
    return c * s->scale[d]; /* times 1 (exact) when the coordinates are not normalised */
}

/* Point sampling with the sampler's address modes: the texel's byte offset for coordinates
 * c; *border is set when a coordinate falls on the border (cudaAddressModeBorder: no texel). */
CU2C_TEX_INLINE size_t cu2c_tex_point_offset(const cu2c_texture *t, const cu2c_tex_sampler *s, int dims,
                                             const float *c, int *border)
{
    size_t off = 0;
    int b = 0;
    CU2C_TEX_UNROLL
    for (int d = 0; d < dims; d++) {
        int i = cu2c_tex_point_index(cu2c_tex_coord(t, s, d, c[d]), t->size[d], s->addr[d]);
        b |= i < 0;
        off += (size_t)i * cu2c_tex_stride(t, d);
    }
    *border = b;
    return off;
}

/* A fetch returning floats: dims coordinates (x, y, z), point or linear filtering; out[c] for
 * the first nres channels (those the result type has). Channels the texture lacks read 0.
 * Point filtering reads texel floor(x); linear filtering blends the 2^dims texels around
 * x - 0.5, corner by corner (x varying fastest), each weighted by the product of its
 * dimensions' weights. Any address mode: out of line (cu2c_tex_sample_f inlines clamping). */
static __attribute__((noinline, pure)) cu2c_tex_f4 cu2c_tex_sample_f_any(
    const cu2c_texture *t, const cu2c_tex_sampler *s, int dims, int nres, float x, float y,
    float z, int layer)
{
    cu2c_tex_f4 r;
    float *out = r.v;
    const float c[3] = {x, y, z};
    const char *base = cu2c_tex_base(t, layer);
    int format = t->format, nread = s->normalized_read;
    int nch = t->channels < nres ? t->channels : nres;
    out[0] = out[1] = out[2] = out[3] = 0.0f;
    if (s->filter != cudaFilterModeLinear) {
        int border;
        size_t off = cu2c_tex_point_offset(t, s, dims, c, &border);
        if (border) {
            CU2C_TEX_UNROLL
            for (int ch = 0; ch < nres; ch++)
                out[ch] = 0.0f + s->border[ch];
            return r;
        }
        CU2C_TEX_UNROLL
        for (int ch = 0; ch < nch; ch++)
            out[ch] = 0.0f + cu2c_tex_read_f(base + off, format, ch, nread);
        return r;
    }
    float a[3] = {0, 0, 0};
    int idx[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    CU2C_TEX_UNROLL
    for (int d = 0; d < dims; d++) {
        float u = cu2c_tex_coord(t, s, d, c[d]) - 0.5f;
        float f = floorf(u);
        a[d] = cu2c_tex_weight(u, f);
        int i0 = cu2c_tex_floor(f);
        idx[d][0] = cu2c_tex_index(i0, t->size[d], s->addr[d]);
        idx[d][1] = cu2c_tex_index(i0 + 1, t->size[d], s->addr[d]);
    }
    CU2C_TEX_UNROLL
    for (int corner = 0; corner < 1 << dims; corner++) {
        float w = 1.0f;
        size_t off = 0;
        int border = 0;
        CU2C_TEX_UNROLL
        for (int d = 0; d < dims; d++) {
            int hi = (corner >> d) & 1, i = idx[d][hi];
            w *= hi ? a[d] : 1.0f - a[d];
            border |= i < 0;
            off += (size_t)i * cu2c_tex_stride(t, d);
        }
        if (border) {
            CU2C_TEX_UNROLL
            for (int ch = 0; ch < nres; ch++)
                out[ch] += w * s->border[ch];
            continue;
        }
        CU2C_TEX_UNROLL
        for (int ch = 0; ch < nch; ch++)
            out[ch] += w * cu2c_tex_read_f(base + off, format, ch, nread);
    }
    return r;
}

/* Linear filtering with every address mode clamping: out[ch] (zeroed) += each corner's
 * weight times its texel, for the first nch channels (both clamping paths below). */
CU2C_TEX_INLINE void cu2c_tex_linear_clamp(const cu2c_texture *t, const cu2c_tex_sampler *s, const char *base,
                                           int dims, int nch, int format, int nread, const float *c, float *out)
{
    float a[3] = {0, 0, 0};
    size_t off[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    CU2C_TEX_UNROLL
    for (int d = 0; d < dims; d++) {
        float u = cu2c_tex_coord(t, s, d, c[d]) - 0.5f;
        float f = floorf(u);
        a[d] = cu2c_tex_weight(u, f);
        /* clamped, texels floor(f) and floor(f) + 1 are those of max(f, -1) (a NaN reads
         * some texel: its weight makes the result NaN whichever) */
        float g = f > -1.0f ? f : -1.0f;
        g = g < 1073741824.0f ? g : 1073741824.0f;
        int i0 = (int)g, n = t->size[d];
        int lo = i0 < 0 ? 0 : i0 < n ? i0 : n - 1, hi = i0 + 1 < n ? i0 + 1 : n - 1;
        off[d][0] = (size_t)lo * cu2c_tex_stride(t, d);
        off[d][1] = (size_t)hi * cu2c_tex_stride(t, d);
    }
    CU2C_TEX_UNROLL
    for (int corner = 0; corner < 1 << dims; corner++) {
        float w = 1.0f;
        size_t o = 0;
        CU2C_TEX_UNROLL
        for (int d = 0; d < dims; d++) {
            int hi = (corner >> d) & 1;
            w *= hi ? a[d] : 1.0f - a[d];
            o += off[d][hi];
        }
        CU2C_TEX_UNROLL
        for (int ch = 0; ch < nch; ch++)
            out[ch] += w * cu2c_tex_read_f(base + o, format, ch, nread);
    }
}

/* cu2c_tex_sample_f: inline, and without branches on the address modes when they all clamp
 * (the default, and what most programs use); the same arithmetic, in the same order, as
 * cu2c_tex_sample_f_any, which takes the other modes. */
CU2C_TEX_INLINE void cu2c_tex_sample_f(const cu2c_texture *t, const cu2c_tex_sampler *s, int dims,
                                       int nres, float x, float y, float z, int layer, float *out)
{
    if (!s->all_clamp) {
        /* pure: the compiler knows it writes nothing, and keeps what it loaded */
        cu2c_tex_f4 r = cu2c_tex_sample_f_any(t, s, dims, nres, x, y, z, layer);
        memcpy(out, r.v, sizeof r.v);
        return;
    }
    const float c[3] = {x, y, z};
    const char *base = cu2c_tex_base(t, layer);
    int format = t->format, nread = s->normalized_read;
    int nch = nres == 1 ? 1 : t->channels < nres ? t->channels : nres; /* channels >= 1 */
    out[0] = out[1] = out[2] = out[3] = 0.0f;
    if (s->filter != cudaFilterModeLinear) {
        size_t off = 0;
        CU2C_TEX_UNROLL
        for (int d = 0; d < dims; d++)
            off += (size_t)cu2c_tex_point_index(cu2c_tex_coord(t, s, d, c[d]), t->size[d],
                                                cudaAddressModeClamp) * cu2c_tex_stride(t, d);
        CU2C_TEX_UNROLL
        for (int ch = 0; ch < nch; ch++)
            out[ch] = 0.0f + cu2c_tex_read_f(base + off, format, ch, nread);
        return;
    }
    cu2c_tex_linear_clamp(t, s, base, dims, nch, format, nread, c, out);
}

/* A fetch returning integers: always point sampled (linear filtering applies to floats only);
 * the border colour's float bits are the integers, as in CUDA. */
CU2C_TEX_INLINE void cu2c_tex_sample_i(const cu2c_texture *t, const cu2c_tex_sampler *s, int dims,
                                       int nres, float x, float y, float z, int layer, int *out)
{
    const float c[3] = {x, y, z};
    int border;
    size_t off = cu2c_tex_point_offset(t, s, dims, c, &border);
    out[0] = out[1] = out[2] = out[3] = 0;
    if (border) {
        memcpy(out, s->border, sizeof s->border);
        return;
    }
    const char *p = cu2c_tex_base(t, layer) + off;
    int nch = t->channels < nres ? t->channels : nres;
    CU2C_TEX_UNROLL
    for (int ch = 0; ch < nch; ch++)
        out[ch] = cu2c_tex_chan_i(p, t->format, ch);
}

/* tex1Dfetch: an integer index into linear memory; outside it reads zero. */
CU2C_TEX_INLINE int cu2c_tex_fetch_index(const cu2c_texture *t, int x, const char **p)
{
    if (x < 0 || x >= t->size[0])
        return 0;
    *p = t->data + (size_t)x * (size_t)t->elem;
    return 1;
}

#ifdef __cplusplus

/* ---- Result types --------------------------------------------------------------------- */

/* The types a fetch may return: channel type, channel count, whether the fetch returns
 * floats, and the float type a normalised read of a reference to it returns. */
template <class T> struct cu2c_tex_type;
#define CU2C_TEX_TYPE(T, S, N, F, FT)                                                     \
    template <> struct cu2c_tex_type<T> {                                                 \
        typedef S scalar;                                                                 \
        typedef FT float_type;                                                            \
        static const int n = N;                                                           \
        static const bool is_float = F;                                                   \
    };
CU2C_TEX_TYPE(char, char, 1, false, float)
CU2C_TEX_TYPE(signed char, signed char, 1, false, float)
CU2C_TEX_TYPE(unsigned char, unsigned char, 1, false, float)
CU2C_TEX_TYPE(short, short, 1, false, float)
CU2C_TEX_TYPE(unsigned short, unsigned short, 1, false, float)
CU2C_TEX_TYPE(int, int, 1, false, float)
CU2C_TEX_TYPE(unsigned int, unsigned int, 1, false, float)
CU2C_TEX_TYPE(float, float, 1, true, float)
CU2C_TEX_TYPE(char1, signed char, 1, false, float1)
CU2C_TEX_TYPE(char2, signed char, 2, false, float2)
CU2C_TEX_TYPE(char4, signed char, 4, false, float4)
CU2C_TEX_TYPE(uchar1, unsigned char, 1, false, float1)
CU2C_TEX_TYPE(uchar2, unsigned char, 2, false, float2)
CU2C_TEX_TYPE(uchar4, unsigned char, 4, false, float4)
CU2C_TEX_TYPE(short1, short, 1, false, float1)
CU2C_TEX_TYPE(short2, short, 2, false, float2)
CU2C_TEX_TYPE(short4, short, 4, false, float4)
CU2C_TEX_TYPE(ushort1, unsigned short, 1, false, float1)
CU2C_TEX_TYPE(ushort2, unsigned short, 2, false, float2)
CU2C_TEX_TYPE(ushort4, unsigned short, 4, false, float4)
CU2C_TEX_TYPE(int1, int, 1, false, float1)
CU2C_TEX_TYPE(int2, int, 2, false, float2)
CU2C_TEX_TYPE(int4, int, 4, false, float4)
CU2C_TEX_TYPE(uint1, unsigned int, 1, false, float1)
CU2C_TEX_TYPE(uint2, unsigned int, 2, false, float2)
CU2C_TEX_TYPE(uint4, unsigned int, 4, false, float4)
CU2C_TEX_TYPE(float1, float, 1, true, float1)
CU2C_TEX_TYPE(float2, float, 2, true, float2)
CU2C_TEX_TYPE(float4, float, 4, true, float4)
#undef CU2C_TEX_TYPE

/* The first n channels as a T (a scalar or a struct of n scalars). */
template <class T, class V> CU2C_TEX_INLINE T cu2c_tex_result(const V *v)
{
    typedef typename cu2c_tex_type<T>::scalar S;
    S s[4];
    for (int c = 0; c < cu2c_tex_type<T>::n; c++)
        s[c] = (S)v[c];
    T r;
    memcpy(&r, s, sizeof r);
    return r;
}

/* A fetch from a mipmapped texture at level `level`, clamped to [minMipmapLevelClamp,
 * maxMipmapLevelClamp] and to the levels there are: point mipmap filtering reads the
 * nearest level; linear blends the two levels around it, weighted as texels are (to
 * 1/256), for float results (integer results read the nearest level). Each level samples
 * with its own size: the coordinates are normalised. Out of line: mipmaps are rare. */
template <class T> static __attribute__((noinline)) T cu2c_tex_fetch_mip(const cu2c_texture *t, int dims, float x,
                                                                        float y, float z, float level)
{
    float l = level > t->mip_min ? level : t->mip_min;   /* a NaN level: the lowest */
    l = l < t->mip_max ? l : t->mip_max;
    float top = (float)(t->levels - 1);
    l = l > 0.0f ? l : 0.0f;
    l = l < top ? l : top;
    const int n = cu2c_tex_type<T>::n;
    if (!cu2c_tex_type<T>::is_float) {
        const cu2c_texture *lv = &t->level[(int)floorf(l + 0.5f)];
        int v[4];
        cu2c_tex_sample_i(lv, &lv->sampler, dims, n, x, y, z, 0, v);
        return cu2c_tex_result<T>(v);
    }
    int l0 = t->mip_filter == cudaFilterModeLinear ? (int)floorf(l) : (int)floorf(l + 0.5f);
    float a[4], b[4];
    cu2c_tex_sample_f(&t->level[l0], &t->level[l0].sampler, dims, n, x, y, z, 0, a);
    float w = t->mip_filter == cudaFilterModeLinear ? cu2c_tex_weight(l, (float)l0) : 0.0f;
    if (w > 0.0f && l0 + 1 < t->levels) {
        cu2c_tex_sample_f(&t->level[l0 + 1], &t->level[l0 + 1].sampler, dims, n, x, y, z, 0, b);
        for (int c = 0; c < 4; c++)
            a[c] = (1.0f - w) * a[c] + w * b[c];
    }
    return cu2c_tex_result<T>(a);
}

/* The level of detail of a fetch with gradients (texNDGrad): log2 of the longest gradient in
 * level 0's texels (anisotropic filtering is not there: cudaCreateTextureObject refuses it
 * on mipmaps). */
CU2C_TEX_INLINE float cu2c_tex_grad_lod(const cu2c_texture *t, int dims, const float *dx, const float *dy)
{
    float lx = 0.0f, ly = 0.0f;
    for (int d = 0; d < dims; d++) {
        float n = (float)t->size[d];
        lx += dx[d] * n * dx[d] * n;
        ly += dy[d] * n * dy[d] * n;
    }
    return 0.5f * log2f(lx > ly ? lx : ly);
}

/* A sampled fetch of dims coordinates as a T; a null texture reads zero. */
template <class T> CU2C_TEX_INLINE T cu2c_tex_fetch(const cu2c_texture *t, const cu2c_tex_sampler *s,
                                                  int dims, float x, float y, float z, int layer)
{
    if (!t)
        return T();
    if (t->levels)   /* a fetch without a level reads level 0, clamped as a level is */
        return cu2c_tex_fetch_mip<T>(t, dims, x, y, z, 0.0f);
    if (cu2c_tex_type<T>::is_float) {
        float v[4];
        cu2c_tex_sample_f(t, s, dims, cu2c_tex_type<T>::n, x, y, z, layer, v);
        return cu2c_tex_result<T>(v);
    }
    int v[4];
    cu2c_tex_sample_i(t, s, dims, cu2c_tex_type<T>::n, x, y, z, layer, v);
    return cu2c_tex_result<T>(v);
}

template <class T> CU2C_TEX_INLINE T cu2c_tex_fetch1(const cu2c_texture *t, int normalized_read, int x)
{
    const char *p;
    if (!t || !cu2c_tex_fetch_index(t, x, &p))
        return T();
    if (cu2c_tex_type<T>::is_float) {
        float v[4] = {0, 0, 0, 0};
        for (int c = 0; c < t->channels && c < cu2c_tex_type<T>::n; c++)
            v[c] = cu2c_tex_read_f(p, t->format, c, normalized_read);
        return cu2c_tex_result<T>(v);
    }
    int v[4] = {0, 0, 0, 0};
    for (int c = 0; c < t->channels && c < cu2c_tex_type<T>::n; c++)
        v[c] = cu2c_tex_chan_i(p, t->format, c);
    return cu2c_tex_result<T>(v);
}

/* ---- Texture objects -------------------------------------------------------------------- */

CU2C_TEX_INLINE const cu2c_texture *cu2c_tex_object(cudaTextureObject_t o)
{
    return (const cu2c_texture *)(uintptr_t)o;
}
#define CU2C_TEX_OBJ(o, dims, x, y, z, layer)                                              \
    const cu2c_texture *t = cu2c_tex_object(o);                                           \
    return cu2c_tex_fetch<T>(t, t ? &t->sampler : 0, dims, x, y, z, layer)

template <class T> CU2C_TEX_INLINE T tex1Dfetch(cudaTextureObject_t o, int x)
{
    const cu2c_texture *t = cu2c_tex_object(o);
    return cu2c_tex_fetch1<T>(t, t ? t->sampler.normalized_read : 0, x);
}
template <class T> CU2C_TEX_INLINE T tex1D(cudaTextureObject_t o, float x) { CU2C_TEX_OBJ(o, 1, x, 0, 0, 0); }
template <class T> CU2C_TEX_INLINE T tex2D(cudaTextureObject_t o, float x, float y) { CU2C_TEX_OBJ(o, 2, x, y, 0, 0); }
template <class T> CU2C_TEX_INLINE T tex3D(cudaTextureObject_t o, float x, float y, float z) { CU2C_TEX_OBJ(o, 3, x, y, z, 0); }
template <class T> CU2C_TEX_INLINE T tex1DLayered(cudaTextureObject_t o, float x, int layer) { CU2C_TEX_OBJ(o, 1, x, 0, 0, layer); }
template <class T> CU2C_TEX_INLINE T tex2DLayered(cudaTextureObject_t o, float x, float y, int layer) { CU2C_TEX_OBJ(o, 2, x, y, 0, layer); }
/* Levels of detail: a texture without mipmaps has level 0 only. */
#define CU2C_TEX_LOD(o, dims, x, y, z, level)                                              \
    const cu2c_texture *t = cu2c_tex_object(o);                                           \
    if (t && t->levels)                                                                   \
        return cu2c_tex_fetch_mip<T>(t, dims, x, y, z, level);                            \
    return cu2c_tex_fetch<T>(t, t ? &t->sampler : 0, dims, x, y, z, 0)
template <class T> CU2C_TEX_INLINE T tex1DLod(cudaTextureObject_t o, float x, float level) { CU2C_TEX_LOD(o, 1, x, 0, 0, level); }
template <class T> CU2C_TEX_INLINE T tex2DLod(cudaTextureObject_t o, float x, float y, float level) { CU2C_TEX_LOD(o, 2, x, y, 0, level); }
template <class T> CU2C_TEX_INLINE T tex3DLod(cudaTextureObject_t o, float x, float y, float z, float level) { CU2C_TEX_LOD(o, 3, x, y, z, level); }
#define CU2C_TEX_GRAD(o, dims, x, y, z, dxs, dys)                                          \
    const cu2c_texture *t = cu2c_tex_object(o);                                           \
    if (t && t->levels) {                                                                 \
        const float gx[3] = dxs, gy[3] = dys;                                             \
        return cu2c_tex_fetch_mip<T>(t, dims, x, y, z, cu2c_tex_grad_lod(t, dims, gx, gy)); \
    }                                                                                     \
    return cu2c_tex_fetch<T>(t, t ? &t->sampler : 0, dims, x, y, z, 0)
#define CU2C_TEX_V(...) {__VA_ARGS__}
template <class T> CU2C_TEX_INLINE T tex1DGrad(cudaTextureObject_t o, float x, float dPdx, float dPdy) { CU2C_TEX_GRAD(o, 1, x, 0, 0, CU2C_TEX_V(dPdx, 0, 0), CU2C_TEX_V(dPdy, 0, 0)); }
template <class T> CU2C_TEX_INLINE T tex2DGrad(cudaTextureObject_t o, float x, float y, float2 dPdx, float2 dPdy) { CU2C_TEX_GRAD(o, 2, x, y, 0, CU2C_TEX_V(dPdx.x, dPdx.y, 0), CU2C_TEX_V(dPdy.x, dPdy.y, 0)); }
template <class T> CU2C_TEX_INLINE T tex3DGrad(cudaTextureObject_t o, float x, float y, float z, float4 dPdx, float4 dPdy) { CU2C_TEX_GRAD(o, 3, x, y, z, CU2C_TEX_V(dPdx.x, dPdx.y, dPdx.z), CU2C_TEX_V(dPdy.x, dPdy.y, dPdy.z)); }
#undef CU2C_TEX_LOD
#undef CU2C_TEX_GRAD
#undef CU2C_TEX_V

/* Cubemaps, as the programming guide's cubemap table has it: the coordinate of largest
 * magnitude, m, picks the face (x: 0 or 1, y: 2 or 3, z: 4 or 5, the odd faces for negative
 * values) and the two others, s and t, signed per face, give the face's normalised
 * coordinates ((s / m + 1) / 2, (t / m + 1) / 2). Where magnitudes tie (the guide's table
 * is strict) x wins over y and y over z. Returns the face. */
CU2C_TEX_INLINE int cu2c_tex_cube_face(float x, float y, float z, float *u, float *v)
{
    float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), m, sc, tc;
    int face;
    if (ax >= ay && ax >= az) {
        face = x >= 0.0f ? 0 : 1;
        m = ax;
        sc = x >= 0.0f ? -z : z;
        tc = -y;
    } else if (ay >= az) {
        face = y >= 0.0f ? 2 : 3;
        m = ay;
        sc = x;
        tc = y >= 0.0f ? z : -z;
    } else {
        face = z >= 0.0f ? 4 : 5;
        m = az;
        sc = z >= 0.0f ? x : -x;
        tc = -y;
    }
    *u = (sc / m + 1.0f) * 0.5f;
    *v = (tc / m + 1.0f) * 0.5f;
    return face;
}
/* A cubemap texture's sampler scales the face coordinates by the face's size (runtime/texture.c). */
template <class T> CU2C_TEX_INLINE T texCubemap(cudaTextureObject_t o, float x, float y, float z)
{
    float u, v;
    int face = cu2c_tex_cube_face(x, y, z, &u, &v);
    CU2C_TEX_OBJ(o, 2, u, v, 0, face);
}
/* Layer `layer` of a layered cubemap: its six faces, the layer clamped to those there are. */
template <class T> CU2C_TEX_INLINE T texCubemapLayered(cudaTextureObject_t o, float x, float y, float z, int layer)
{
    float u, v;
    int face = cu2c_tex_cube_face(x, y, z, &u, &v);
    const cu2c_texture *t0 = cu2c_tex_object(o);
    int n = t0 ? t0->layers / 6 : 1;
    layer = layer < 0 ? 0 : layer >= n ? n - 1 : layer;
    CU2C_TEX_OBJ(o, 2, u, v, 0, layer * 6 + face);
}
/* Levels of layered and cubemap textures: mipmapped arrays are never layered here
 * (cudaMallocMipmappedArray refuses them), so these have level 0 only. */
template <class T> CU2C_TEX_INLINE T tex1DLayeredLod(cudaTextureObject_t o, float x, int layer, float level) { (void)level; return tex1DLayered<T>(o, x, layer); }
template <class T> CU2C_TEX_INLINE T tex2DLayeredLod(cudaTextureObject_t o, float x, float y, int layer, float level) { (void)level; return tex2DLayered<T>(o, x, y, layer); }
template <class T> CU2C_TEX_INLINE T texCubemapLod(cudaTextureObject_t o, float x, float y, float z, float level) { (void)level; return texCubemap<T>(o, x, y, z); }
template <class T> CU2C_TEX_INLINE T texCubemapLayeredLod(cudaTextureObject_t o, float x, float y, float z, int layer, float level) { (void)level; return texCubemapLayered<T>(o, x, y, z, layer); }
#undef CU2C_TEX_OBJ

/* CUDA's forms that store through a pointer. */
template <class T> CU2C_TEX_INLINE void texCubemap(T *r, cudaTextureObject_t o, float x, float y, float z) { *r = texCubemap<T>(o, x, y, z); }
template <class T> CU2C_TEX_INLINE void texCubemapLayered(T *r, cudaTextureObject_t o, float x, float y, float z, int layer) { *r = texCubemapLayered<T>(o, x, y, z, layer); }
template <class T> CU2C_TEX_INLINE void tex1Dfetch(T *r, cudaTextureObject_t o, int x) { *r = tex1Dfetch<T>(o, x); }
template <class T> CU2C_TEX_INLINE void tex1D(T *r, cudaTextureObject_t o, float x) { *r = tex1D<T>(o, x); }
template <class T> CU2C_TEX_INLINE void tex2D(T *r, cudaTextureObject_t o, float x, float y) { *r = tex2D<T>(o, x, y); }
template <class T> CU2C_TEX_INLINE void tex3D(T *r, cudaTextureObject_t o, float x, float y, float z) { *r = tex3D<T>(o, x, y, z); }
template <class T> CU2C_TEX_INLINE void tex1DLayered(T *r, cudaTextureObject_t o, float x, int layer) { *r = tex1DLayered<T>(o, x, layer); }
template <class T> CU2C_TEX_INLINE void tex2DLayered(T *r, cudaTextureObject_t o, float x, float y, int layer) { *r = tex2DLayered<T>(o, x, y, layer); }
template <class T> CU2C_TEX_INLINE void tex1DLod(T *r, cudaTextureObject_t o, float x, float level) { *r = tex1DLod<T>(o, x, level); }
template <class T> CU2C_TEX_INLINE void tex2DLod(T *r, cudaTextureObject_t o, float x, float y, float level) { *r = tex2DLod<T>(o, x, y, level); }
template <class T> CU2C_TEX_INLINE void tex3DLod(T *r, cudaTextureObject_t o, float x, float y, float z, float level) { *r = tex3DLod<T>(o, x, y, z, level); }
template <class T> CU2C_TEX_INLINE void tex1DGrad(T *r, cudaTextureObject_t o, float x, float dPdx, float dPdy) { *r = tex1DGrad<T>(o, x, dPdx, dPdy); }
template <class T> CU2C_TEX_INLINE void tex2DGrad(T *r, cudaTextureObject_t o, float x, float y, float2 dPdx, float2 dPdy) { *r = tex2DGrad<T>(o, x, y, dPdx, dPdy); }
template <class T> CU2C_TEX_INLINE void tex3DGrad(T *r, cudaTextureObject_t o, float x, float y, float z, float4 dPdx, float4 dPdy) { *r = tex3DGrad<T>(o, x, y, z, dPdx, dPdy); }

/* ---- Texture objects hoisted out of the thread loops ------------------------------------ */

#include "texture_hoisted.h"

/* ---- Texture references (removed in CUDA 12; older programs use them) ------------------- */

template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture : public textureReference {
    texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
            enum cudaTextureAddressMode aMode = cudaAddressModeClamp)
    {
        cu2c_init(norm, fMode, aMode, cudaCreateChannelDesc<T>());
    }
    texture(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode,
            struct cudaChannelFormatDesc desc)
    {
        cu2c_init(norm, fMode, aMode, desc);
    }

private:
    void cu2c_init(int norm, enum cudaTextureFilterMode fMode, enum cudaTextureAddressMode aMode,
                   struct cudaChannelFormatDesc desc)
    {
        memset((textureReference *)this, 0, sizeof(textureReference));
        normalized = norm;
        filterMode = fMode;
        addressMode[0] = addressMode[1] = addressMode[2] = aMode;
        channelDesc = desc;
    }
};

/* A normalised read of a reference returns floats. */
template <class T, enum cudaTextureReadMode mode> struct cu2c_tex_ret { typedef T type; };
template <class T> struct cu2c_tex_ret<T, cudaReadModeNormalizedFloat> {
    typedef typename cu2c_tex_type<T>::float_type type;
};

/* The sampler of a reference: its fields as they are now (CUDA applies changes made after
 * binding too). Wrap and mirror need normalised coordinates. */
CU2C_TEX_INLINE cu2c_tex_sampler cu2c_tex_ref_sampler(const textureReference &r, int mode)
{
    cu2c_tex_sampler s;
    const cu2c_texture *t = r.cu2c_bound;
    s.normalized_read = mode == cudaReadModeNormalizedFloat && t && t->format <= CU2C_TEX_U16;
    s.normalized_coords = r.normalized;
    s.filter = r.filterMode;
    for (int d = 0; d < 3; d++) {
        int a = r.addressMode[d];
        s.addr[d] = !r.normalized && (a == cudaAddressModeWrap || a == cudaAddressModeMirror)
                        ? cudaAddressModeClamp : a;
    }
    s.border[0] = s.border[1] = s.border[2] = s.border[3] = 0.0f;
    s.all_clamp = s.addr[0] == cudaAddressModeClamp && s.addr[1] == cudaAddressModeClamp &&
                  s.addr[2] == cudaAddressModeClamp;
    for (int d = 0; d < 3; d++)
        s.scale[d] = r.normalized && t ? (float)t->size[d] : 1.0f;
    return s;
}
#define CU2C_TEX_REF(dims, x, y, z, layer)                                                 \
    cu2c_tex_sampler s = cu2c_tex_ref_sampler(r, mode);                                   \
    return cu2c_tex_fetch<typename cu2c_tex_ret<T, mode>::type>(r.cu2c_bound, &s, dims, x, y, z, layer)

template <class T, enum cudaTextureReadMode mode>
CU2C_TEX_INLINE typename cu2c_tex_ret<T, mode>::type
tex1Dfetch(const texture<T, cudaTextureType1D, mode> &r, int x)
{
    return cu2c_tex_fetch1<typename cu2c_tex_ret<T, mode>::type>(
        r.cu2c_bound, mode == cudaReadModeNormalizedFloat && r.cu2c_bound &&
                          r.cu2c_bound->format <= CU2C_TEX_U16, x);
}
template <class T, enum cudaTextureReadMode mode>
CU2C_TEX_INLINE typename cu2c_tex_ret<T, mode>::type
tex1D(const texture<T, cudaTextureType1D, mode> &r, float x) { CU2C_TEX_REF(1, x, 0, 0, 0); }
template <class T, enum cudaTextureReadMode mode>
CU2C_TEX_INLINE typename cu2c_tex_ret<T, mode>::type
tex2D(const texture<T, cudaTextureType2D, mode> &r, float x, float y) { CU2C_TEX_REF(2, x, y, 0, 0); }
template <class T, enum cudaTextureReadMode mode>
CU2C_TEX_INLINE typename cu2c_tex_ret<T, mode>::type
tex3D(const texture<T, cudaTextureType3D, mode> &r, float x, float y, float z) { CU2C_TEX_REF(3, x, y, z, 0); }
template <class T, enum cudaTextureReadMode mode>
CU2C_TEX_INLINE typename cu2c_tex_ret<T, mode>::type
tex1DLayered(const texture<T, cudaTextureType1DLayered, mode> &r, float x, int layer) { CU2C_TEX_REF(1, x, 0, 0, layer); }
template <class T, enum cudaTextureReadMode mode>
CU2C_TEX_INLINE typename cu2c_tex_ret<T, mode>::type
tex2DLayered(const texture<T, cudaTextureType2DLayered, mode> &r, float x, float y, int layer) { CU2C_TEX_REF(2, x, y, 0, layer); }
#undef CU2C_TEX_REF

#endif /* __cplusplus */

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device end
#endif

#endif
