/* cu2c/texture_hoisted.h - texture objects hoisted out of the thread loops (included by
 * texture.h, C++ only).
 *
 * A kernel's cudaTextureObject_t parameter that the kernel only fetches through is bound by
 * the translator (passes/hoist_textures.c, block_function.c) to a cu2c_tex_hoisted: a copy of
 * the descriptor made once per block. The thread loops store through pointers that, under
 * -fno-strict-aliasing, might alias the descriptor itself, so fetches through the object
 * re-load its fields for every thread; the copy is a local whose address never escapes,
 * which no store can reach: the compiler keeps its fields in registers. The block function
 * also passes the texture's kind (cu2c_tex_kind), a constant in the bodies specialised for
 * the common kinds, float textures that clamp. Fetches there (cu2c_tex_sample_f32) are
 * straight-line code that g++ vectorises under its default -ftrapping-math: no floorf, no
 * branch, texels addressed by a 32-bit float index from the block's precomputed strides (a
 * gather where the loop vectorises). The other kinds take one out-of-line call. Every path
 * returns the same bits as a fetch through the object (texture.h). */
#ifndef CU2C_TEXTURE_HOISTED_H
#define CU2C_TEXTURE_HOISTED_H

enum cu2c_tex_kind {
    CU2C_TEX_ANY,             /* anything: cu2c_tex_fetch_any */
    CU2C_TEX_POINT_F32,       /* 32-bit float texels, every mode clamping, point filtering, and
                                 the float index of every texel fits in an int */
    CU2C_TEX_LINEAR_F32,      /* the same with linear filtering */
    CU2C_TEX_LINEAR_F32_ONE,  /* linear filtering of one-channel textures at least two texels
                                 wide: each row's two texels in one 64-bit read */
};

/* Sizes up to 2^24 texels per dimension are exact in floats (CUDA's limits are far below). */
#define CU2C_TEX_F32_MAX_SIZE 16777216

CU2C_TEX_INLINE int cu2c_tex_kind(cudaTextureObject_t o)
{
    const cu2c_texture *t = cu2c_tex_object(o);
    if (!t || !t->sampler.all_clamp || t->format != CU2C_TEX_F32 || t->levels)
        return CU2C_TEX_ANY;
    /* texels at whole floats, every float index below 2^31 */
    size_t depth = (size_t)(t->size[2] > t->layers ? t->size[2] : t->layers);
    if ((uintptr_t)t->data % 4 || t->pitch % 4 || t->slice % 4 || t->slice / 4 > INT_MAX / depth)
        return CU2C_TEX_ANY;
    for (int d = 0; d < 3; d++)
        if (t->size[d] > CU2C_TEX_F32_MAX_SIZE)
            return CU2C_TEX_ANY;
    if (t->sampler.filter != cudaFilterModeLinear)
        return CU2C_TEX_POINT_F32;
    return t->channels == 1 && t->size[0] >= 2 ? CU2C_TEX_LINEAR_F32_ONE : CU2C_TEX_LINEAR_F32;
}

/* A float texture of the fast kinds as its fetches read it, computed once per block. */
struct cu2c_tex_f32 {
    const float *data;        /* texel (0, 0, 0) of layer 0 */
    int step[3];              /* floats between neighbouring texels along x, y, z */
    int last[3];              /* the last texel's index per dimension: size - 1 */
    float lastf[3];           /* the same as floats (exact: sizes up to 2^24) */
    float scale[3];           /* the sampler's coordinate scale */
    int last_layer;           /* layers - 1 */
    int layer_step;           /* floats between layers */
};

CU2C_TEX_INLINE void cu2c_tex_f32_init(cu2c_tex_f32 *f, const cu2c_texture *t)
{
    f->data = (const float *)(const void *)t->data;
    f->step[0] = t->channels;
    f->step[1] = (int)(t->pitch / 4);
    f->step[2] = f->layer_step = (int)(t->slice / 4);
    CU2C_TEX_UNROLL /* not a memcpy into f: f stays in registers */
    for (int d = 0; d < 3; d++) {
        f->last[d] = t->size[d] - 1;
        f->lastf[d] = (float)f->last[d];
        f->scale[d] = t->sampler.scale[d];
    }
    f->last_layer = t->layers - 1;
}

/* c ? a : b for floats computed before it, in bit operations: written as ?:, g++ moves a
 * computation used by one side only into a branch, then if-converts no branch holding an
 * operation that may trap (-ftrapping-math, the default: conversions, arithmetic), and the
 * loop does not vectorise. */
CU2C_TEX_INLINE float cu2c_tex_select(int c, float a, float b)
{
    uint32_t ia, ib, m = -(uint32_t)(c != 0);
    memcpy(&ia, &a, 4);
    memcpy(&ib, &b, 4);
    ia = (ia & m) | (ib & ~m);
    memcpy(&a, &ia, 4);
    return a;
}

/* floorf(u), but +0 for -0, from comparisons and conversions only: g++ vectorises no floorf
 * under -ftrapping-math. Below 2^23 in magnitude a float may have a fraction: truncate and
 * step down where that rounded up; from 2^23 on (and for infinities and NaN) u is its own
 * floor. The step is a select: written `t > v ? 1.0f : 0.0f`, g++ made it a branch around
 * the subtraction (an operation that may trap), which it if-converts only with AVX-512's
 * masks: on AVX2 the whole thread loop stayed scalar (linear fetches 7x slower). */
CU2C_TEX_INLINE float cu2c_tex_floor_f(float u)
{
    int small = fabsf(u) < 8388608.0f;          /* false for NaN */
    float v = cu2c_tex_select(small, u, 0.0f);
    float t = (float)(int)v;
    t -= cu2c_tex_select(t > v, 1.0f, 0.0f);
    return cu2c_tex_select(small, t, u);
}

/* cu2c_tex_weight without floorf: (u - f) * 256 + 0.5 lies in [0.5, 256.5] or is NaN (an
 * infinite or NaN u), where truncation is floor. */
CU2C_TEX_INLINE float cu2c_tex_weight_f(float u, float f)
{
    float v = (u - f) * 256.0f + 0.5f;
    int num = v == v;
    float w = (float)(int)cu2c_tex_select(num, v, 0.0f) * (1.0f / 256.0f);
    return cu2c_tex_select(num, w, v);
}

/* Linear filtering along one dimension d: the weight of the upper texel and the lower
 * texel's index, floor(u - 0.5) clamped to [-1, size - 1] (a NaN to -1). */
CU2C_TEX_INLINE int cu2c_tex_lower_f32(const cu2c_tex_f32 *t, int d, float c, float *a)
{
    float u = c * t->scale[d] - 0.5f;
    float f = cu2c_tex_floor_f(u);
    *a = cu2c_tex_weight_f(u, f);
    float g = f > -1.0f ? f : -1.0f;
    g = g < t->lastf[d] ? g : t->lastf[d];
    return (int)g;
}

/* Linear filtering of a one-channel texture at least two texels wide (CU2C_TEX_LINEAR_F32_ONE):
 * cu2c_tex_sample_f32's linear path, but each row's two texels along x come from one 64-bit
 * read at the pair [p, p + 1] that stays inside the row, p = lower index clamped to
 * [0, size - 2]; below the row (lower index -1) both texels are the pair's first, past it
 * (lower index size - 1) its second. Half the reads (gathers, once vectorised) for the same
 * texels, weights and additions in the same order, and so the same bits. */
CU2C_TEX_INLINE float cu2c_tex_linear_pairs_f32(const cu2c_tex_f32 *t, int dims, const float *c, int base)
{
    float a[3] = {0, 0, 0};
    int off[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    int i0 = cu2c_tex_lower_f32(t, 0, c[0], &a[0]);
    int p = i0 > 0 ? i0 : 0;
    p = p < t->last[0] - 1 ? p : t->last[0] - 1;
    int below = i0 < 0, past = i0 >= t->last[0];
    CU2C_TEX_UNROLL
    for (int d = 1; d < dims; d++) {
        int j0 = cu2c_tex_lower_f32(t, d, c[d], &a[d]);
        int lo = j0 > 0 ? j0 : 0, hi = j0 + 1 < t->last[d] ? j0 + 1 : t->last[d];
        off[d][0] = lo * t->step[d];
        off[d][1] = hi * t->step[d];
    }
    float out = 0.0f;
    CU2C_TEX_UNROLL
    for (int row = 0; row < 1 << (dims - 1); row++) {
        float wlo = 1.0f - a[0], whi = a[0];   /* the corners' weights, x's factor first */
        int o = base + p;
        CU2C_TEX_UNROLL
        for (int d = 1; d < dims; d++) {
            int hi = (row >> (d - 1)) & 1;
            wlo *= hi ? a[d] : 1.0f - a[d];
            whi *= hi ? a[d] : 1.0f - a[d];
            o += off[d][hi];
        }
        uint64_t pair;
        memcpy(&pair, t->data + o, 8);
        uint32_t bits[2] = {(uint32_t)pair, (uint32_t)(pair >> 32)};
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        uint32_t first_bits = bits[1], second_bits = bits[0];
#else
        uint32_t first_bits = bits[0], second_bits = bits[1];
#endif
        float first, second;
        memcpy(&first, &first_bits, 4);
        memcpy(&second, &second_bits, 4);
        out += wlo * cu2c_tex_select(past, second, first);
        out += whi * cu2c_tex_select(below, first, second);
    }
    return out;
}

/* A fetch from a texture of the fast kinds: point (linear = 0) or linear filtering (1; 2: a
 * CU2C_TEX_LINEAR_F32_ONE texture, nres 1), out[c] for the first nres channels, which the
 * texture has. The arithmetic of texture.h's clamping paths (cu2c_tex_sample_f, cu2c_tex_linear_clamp) in the same order, and so the
 * same bits: point sampling clamps u to [0, size - 1] before truncating, which is clamping
 * floor(u) (a NaN reads texel 0); linear filtering clamps floor(u - 0.5) to [-1, size - 1]
 * (a NaN to -1) and reads the texels at it and one above, each clamped. */
CU2C_TEX_INLINE void cu2c_tex_sample_f32(const cu2c_tex_f32 *t, int linear, int dims, int nres,
                                         float x, float y, float z, int layer, float *out)
{
    const float c[3] = {x, y, z};
    int base = 0;
    if (layer != 0) {
        int l = layer < 0 ? 0 : layer < t->last_layer ? layer : t->last_layer;
        base = l * t->layer_step;
    }
    out[0] = out[1] = out[2] = out[3] = 0.0f;
    if (!linear) {
        int idx = base;
        CU2C_TEX_UNROLL
        for (int d = 0; d < dims; d++) {
            float u = c[d] * t->scale[d];
            u = u > 0.0f ? u : 0.0f;
            u = u < t->lastf[d] ? u : t->lastf[d];
            idx += (int)u * t->step[d];
        }
        CU2C_TEX_UNROLL
        for (int ch = 0; ch < nres; ch++)
            out[ch] = 0.0f + t->data[idx + ch];
        return;
    }
    if (linear == 2) {
        out[0] = cu2c_tex_linear_pairs_f32(t, dims, c, base);
        return;
    }
    float a[3] = {0, 0, 0};
    int off[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    CU2C_TEX_UNROLL
    for (int d = 0; d < dims; d++) {
        int i0 = cu2c_tex_lower_f32(t, d, c[d], &a[d]);
        int lo = i0 > 0 ? i0 : 0, hi = i0 + 1 < t->last[d] ? i0 + 1 : t->last[d];
        off[d][0] = lo * t->step[d];
        off[d][1] = hi * t->step[d];
    }
    CU2C_TEX_UNROLL
    for (int corner = 0; corner < 1 << dims; corner++) {
        float w = 1.0f;
        int o = base;
        CU2C_TEX_UNROLL
        for (int d = 0; d < dims; d++) {
            int hi = (corner >> d) & 1;
            w *= hi ? a[d] : 1.0f - a[d];
            o += off[d][hi];
        }
        CU2C_TEX_UNROLL
        for (int ch = 0; ch < nres; ch++)
            out[ch] += w * t->data[o + ch];
    }
}

struct cu2c_tex_hoisted {
    const cu2c_texture *p;    /* the descriptor (null: every fetch reads zero) */
    int kind;                 /* enum cu2c_tex_kind: cu2c_tex_kind(p) */
    cu2c_texture d;           /* the other kinds: *p, or zeros (else unset) */
    cu2c_tex_f32 f;           /* the fast kinds: their view of *p (else unset) */
    cu2c_tex_hoisted(cudaTextureObject_t o, int k) : p(cu2c_tex_object(o)), kind(k)
    {
        /* one or the other: the fast kinds' bodies copy no descriptor */
        if (k != CU2C_TEX_ANY)
            cu2c_tex_f32_init(&f, p);
        else if (p)
            d = *p;
        else
            memset(&d, 0, sizeof d);
    }
    /* the descriptor, as tex1Dfetch reads it */
    const cu2c_texture *desc() const { return kind == CU2C_TEX_ANY && p ? &d : p; }
    operator cudaTextureObject_t() const { return (cudaTextureObject_t)(uintptr_t)p; }
};

/* Fetches of the other kinds, out of line: the thread loops stay small. */
template <class T> static __attribute__((noinline, pure)) T cu2c_tex_fetch_any(
    const cu2c_texture *t, int dims, float x, float y, float z, int layer)
{
    return cu2c_tex_fetch<T>(t, t ? &t->sampler : 0, dims, x, y, z, layer);
}

template <class T> CU2C_TEX_INLINE T cu2c_tex_fetch_hoisted(const cu2c_tex_hoisted &o, int dims, float x,
                                                          float y, float z, int layer)
{
    const int n = cu2c_tex_type<T>::n;
    if (cu2c_tex_type<T>::is_float && o.kind != CU2C_TEX_ANY && (n == 1 || o.f.step[0] >= n)) {
        float v[4];
        int linear = o.kind == CU2C_TEX_LINEAR_F32 ? 1 : o.kind == CU2C_TEX_LINEAR_F32_ONE ? 2 : 0;
        cu2c_tex_sample_f32(&o.f, linear, dims, n, x, y, z, layer, v);
        return cu2c_tex_result<T>(v);
    }
    return cu2c_tex_fetch_any<T>(o.p, dims, x, y, z, layer);
}
#define CU2C_TEX_HOISTED(o, dims, x, y, z, layer) return cu2c_tex_fetch_hoisted<T>(o, dims, x, y, z, layer)

template <class T> CU2C_TEX_INLINE T tex1Dfetch(const cu2c_tex_hoisted &o, int x)
{
    const cu2c_texture *t = o.desc();
    return cu2c_tex_fetch1<T>(t, t ? t->sampler.normalized_read : 0, x);
}
template <class T> CU2C_TEX_INLINE T tex1D(const cu2c_tex_hoisted &o, float x) { CU2C_TEX_HOISTED(o, 1, x, 0, 0, 0); }
template <class T> CU2C_TEX_INLINE T tex2D(const cu2c_tex_hoisted &o, float x, float y) { CU2C_TEX_HOISTED(o, 2, x, y, 0, 0); }
template <class T> CU2C_TEX_INLINE T tex3D(const cu2c_tex_hoisted &o, float x, float y, float z) { CU2C_TEX_HOISTED(o, 3, x, y, z, 0); }
template <class T> CU2C_TEX_INLINE T tex1DLayered(const cu2c_tex_hoisted &o, float x, int layer) { CU2C_TEX_HOISTED(o, 1, x, 0, 0, layer); }
template <class T> CU2C_TEX_INLINE T tex2DLayered(const cu2c_tex_hoisted &o, float x, float y, int layer) { CU2C_TEX_HOISTED(o, 2, x, y, 0, layer); }
/* mipmapped textures are of kind CU2C_TEX_ANY: their levels are read through the object */
#define CU2C_TEX_HOISTED_LOD(o, dims, x, y, z, level)                                      \
    if (o.p && o.p->levels)                                                               \
        return cu2c_tex_fetch_mip<T>(o.p, dims, x, y, z, level);                          \
    CU2C_TEX_HOISTED(o, dims, x, y, z, 0)
template <class T> CU2C_TEX_INLINE T tex1DLod(const cu2c_tex_hoisted &o, float x, float level) { CU2C_TEX_HOISTED_LOD(o, 1, x, 0, 0, level); }
template <class T> CU2C_TEX_INLINE T tex2DLod(const cu2c_tex_hoisted &o, float x, float y, float level) { CU2C_TEX_HOISTED_LOD(o, 2, x, y, 0, level); }
template <class T> CU2C_TEX_INLINE T tex3DLod(const cu2c_tex_hoisted &o, float x, float y, float z, float level) { CU2C_TEX_HOISTED_LOD(o, 3, x, y, z, level); }
#undef CU2C_TEX_HOISTED_LOD
#undef CU2C_TEX_HOISTED

#endif
