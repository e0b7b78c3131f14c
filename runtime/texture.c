/* runtime/texture.c - texture object management, and the texture reference management CUDA 12
 * removed (older programs still bind texture<> references).
 *
 * Both build a struct cu2c_texture (cu2c/texture.h): where the texels are, their format and,
 * for objects, how to sample them. The fetch functions kernels call read it without locks, so
 * a descriptor never changes once made: rebinding a reference makes a new one, and the old
 * one is freed only after the device has finished the work queued before (as is destroying an
 * object). Descriptors are recorded in the allocation map, so cudaDeviceReset frees them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "cu2c/texture.h"

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f)
{
    struct cudaChannelFormatDesc d = { x, y, z, w, f };
    return d;
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)
{
    if (!desc || !array || !rt_mem_is(array, RT_MEM_ARRAY))
        return rt_error(cudaErrorInvalidValue);
    *desc = array->desc;
    return cudaSuccess;
}

/* ---- Descriptors ---------------------------------------------------------------------- */

/* The texel format of t from a channel descriptor cu2c can read. */
static cudaError_t rt_tex_format(cu2c_texture *t, const struct cudaChannelFormatDesc *d)
{
    size_t elem = rt_channel_bytes(d);
    if (!elem)
        return cudaErrorInvalidChannelDescriptor;
    t->elem = (int)elem;
    t->channels = (int)elem * 8 / d->x;
    if (d->f == cudaChannelFormatKindFloat)
        t->format = d->x == 16 ? CU2C_TEX_F16 : CU2C_TEX_F32;
    else
        t->format = (d->x == 8 ? CU2C_TEX_S8 : d->x == 16 ? CU2C_TEX_S16 : CU2C_TEX_S32) +
                    (d->f == cudaChannelFormatKindUnsigned);
    return cudaSuccess;
}

/* Where t's texels are: an array, a range of linear memory or pitched 2-D memory. */
static cudaError_t rt_tex_resource(cu2c_texture *t, const struct cudaResourceDesc *r)
{
    t->size[0] = t->size[1] = t->size[2] = t->layers = 1;
    switch (r->resType) {
    case cudaResourceTypeArray: {
        const struct cudaArray *a = r->res.array.array;
        if (!a || !rt_mem_is(a, RT_MEM_ARRAY) || a->extent.width > INT_MAX ||
            a->rows > INT_MAX || a->slices > INT_MAX)
            return cudaErrorInvalidValue;
        cudaError_t e = rt_tex_format(t, &a->desc);
        if (e != cudaSuccess)
            return e;
        t->data = a->data;
        t->pitch = a->pitch;
        t->slice = a->pitch * a->rows;
        t->size[0] = (int)a->extent.width;
        t->size[1] = (int)a->rows;
        t->cubemap = (a->flags & cudaArrayCubemap) != 0;
        if (a->flags & (cudaArrayLayered | cudaArrayCubemap))
            t->layers = (int)a->slices;
        else
            t->size[2] = (int)a->slices;
        return cudaSuccess;
    }
    case cudaResourceTypeLinear: {
        if (!r->res.linear.devPtr)
            return cudaErrorInvalidValue;
        cudaError_t e = rt_tex_format(t, &r->res.linear.desc);
        if (e != cudaSuccess)
            return e;
        size_t n = r->res.linear.sizeInBytes / (size_t)t->elem;
        if (n == 0 || n > INT_MAX)
            return cudaErrorInvalidValue;
        t->data = r->res.linear.devPtr;
        t->pitch = t->slice = r->res.linear.sizeInBytes;
        t->size[0] = (int)n;
        return cudaSuccess;
    }
    case cudaResourceTypePitch2D: {
        if (!r->res.pitch2D.devPtr)
            return cudaErrorInvalidValue;
        cudaError_t e = rt_tex_format(t, &r->res.pitch2D.desc);
        if (e != cudaSuccess)
            return e;
        size_t w = r->res.pitch2D.width, h = r->res.pitch2D.height;
        if (w == 0 || h == 0 || w > INT_MAX || h > INT_MAX ||
            r->res.pitch2D.pitchInBytes < w * (size_t)t->elem)
            return cudaErrorInvalidValue;
        t->data = r->res.pitch2D.devPtr;
        t->pitch = r->res.pitch2D.pitchInBytes;
        t->slice = t->pitch * h;
        t->size[0] = (int)w;
        t->size[1] = (int)h;
        return cudaSuccess;
    }
    case cudaResourceTypeMipmappedArray: {
        /* level l's descriptor in t->level[l] (cudaCreateTextureObject made room for them),
         * level 0's in t itself for what reads t's own fields */
        const struct cudaMipmappedArray *m = r->res.mipmap.mipmap;
        if (!m || !rt_mem_is(m, RT_MEM_MIPMAP) || !t->level)
            return cudaErrorInvalidValue;
        cu2c_texture *levels = (cu2c_texture *)t->level;
        for (unsigned l = 0; l < m->levels; l++) {
            struct cudaResourceDesc lr;
            memset(&lr, 0, sizeof lr);
            lr.resType = cudaResourceTypeArray;
            lr.res.array.array = m->level[l];
            cudaError_t e = rt_tex_resource(&levels[l], &lr);
            if (e != cudaSuccess)
                return e;
        }
        const struct cu2c_texture *level = t->level;
        *t = levels[0];
        t->level = level;
        t->levels = (int)m->levels;
        return cudaSuccess;
    }
    default:
        return cudaErrorInvalidValue;
    }
}

/* How a texture object samples. Wrap and mirror need normalised coordinates: without them
 * they clamp, as on the GPU. */
static cudaError_t rt_tex_sampler(cu2c_texture *t, const struct cudaTextureDesc *d)
{
    cu2c_tex_sampler *s = &t->sampler;
    if ((unsigned)d->filterMode > cudaFilterModeLinear ||
        (unsigned)d->readMode > cudaReadModeNormalizedFloat)
        return cudaErrorInvalidValue;
    for (int i = 0; i < 3; i++) {
        unsigned a = (unsigned)d->addressMode[i];
        if (a > cudaAddressModeBorder)
            return cudaErrorInvalidValue;
        s->addr[i] = !d->normalizedCoords && (a == cudaAddressModeWrap || a == cudaAddressModeMirror)
                         ? cudaAddressModeClamp : (int)a;
    }
    s->filter = d->filterMode;
    s->normalized_coords = d->normalizedCoords != 0;
    /* 32-bit integers and floats are never promoted (CUDA's rule) */
    s->normalized_read = d->readMode == cudaReadModeNormalizedFloat && t->format <= CU2C_TEX_U16;
    memcpy(s->border, d->borderColor, sizeof s->border);
    s->all_clamp = s->addr[0] == cudaAddressModeClamp && s->addr[1] == cudaAddressModeClamp &&
                   s->addr[2] == cudaAddressModeClamp;
    for (int i = 0; i < 3; i++)
        s->scale[i] = s->normalized_coords ? (float)t->size[i] : 1.0f;
    if (t->levels) {
        /* each level scales normalised coordinates by its own size; what unnormalised ones,
         * a bias on an explicit level and anisotropy would do is not there: refused */
        if (!d->normalizedCoords || d->mipmapLevelBias != 0.0f || d->maxAnisotropy > 1 ||
            (unsigned)d->mipmapFilterMode > cudaFilterModeLinear)
            return cudaErrorNotSupported;
        t->mip_filter = d->mipmapFilterMode;
        t->mip_min = d->minMipmapLevelClamp;
        t->mip_max = d->maxMipmapLevelClamp;
        cu2c_texture *levels = (cu2c_texture *)t->level;
        for (int l = 0; l < t->levels; l++) {
            cudaError_t e = rt_tex_sampler(&levels[l], d);
            if (e != cudaSuccess)
                return e;
        }
    }
    if (t->cubemap) {
        /* texCubemap computes normalised coordinates on a face, which clamp at its edges;
         * filtering across faces (seamlessCubemap) is not there */
        if (d->seamlessCubemap && d->filterMode == cudaFilterModeLinear)
            return cudaErrorNotSupported;
        s->normalized_coords = 1;
        s->scale[0] = (float)t->size[0];
        s->scale[1] = (float)t->size[1];
        s->addr[0] = s->addr[1] = s->addr[2] = cudaAddressModeClamp;
        s->all_clamp = 1;
    }
    return cudaSuccess;
}

/* A new descriptor, recorded in the allocation map, with room for the descriptors of
 * `levels` mipmap levels after it (t->level); NULL when out of memory. */
static cu2c_texture *rt_tex_new(unsigned levels)
{
    cu2c_texture *t = calloc(1 + levels, sizeof *t);
    if (t && !rt_mem_track(t, (1 + levels) * sizeof *t, RT_MEM_TEXTURE)) {
        free(t);
        t = NULL;
    }
    if (t && levels)
        t->level = t + 1;
    return t;
}

static void rt_tex_free(cu2c_texture *t)
{
    if (t && rt_mem_untrack(t, RT_MEM_TEXTURE))
        free(t);
}

/* ---- Texture objects -------------------------------------------------------------------- */

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc)
{
    RT_STICKY_CHECK();
    if (!pTexObject || !pResDesc || !pTexDesc || pResDesc->flags != 0)
        return rt_error(cudaErrorInvalidValue);
    const struct cudaMipmappedArray *m = pResDesc->res.mipmap.mipmap;
    unsigned levels = pResDesc->resType == cudaResourceTypeMipmappedArray && m &&
                      rt_mem_is(m, RT_MEM_MIPMAP) ? m->levels : 0;
    cu2c_texture *t = rt_tex_new(levels);
    if (!t)
        return rt_error(cudaErrorMemoryAllocation);
    cudaError_t e = rt_tex_resource(t, pResDesc);
    if (e == cudaSuccess)
        e = rt_tex_sampler(t, pTexDesc);
    if (e != cudaSuccess) {
        rt_tex_free(t);
        return rt_error(e);
    }
    t->res = *pResDesc;
    t->tex = *pTexDesc;
    if (pResViewDesc) {
        t->view = *pResViewDesc;
        t->has_view = 1;
    }
    *pTexObject = (cudaTextureObject_t)(uintptr_t)t;
    return cudaSuccess;
}

/* The descriptor of a live texture object, or NULL. */
static cu2c_texture *rt_tex_object(cudaTextureObject_t o)
{
    cu2c_texture *t = (cu2c_texture *)(uintptr_t)o;
    return t && rt_mem_is(t, RT_MEM_TEXTURE) ? t : NULL;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
    RT_STICKY_CHECK();
    cu2c_texture *t = rt_tex_object(texObject);
    if (!t)
        return texObject ? rt_error(cudaErrorInvalidValue) : cudaSuccess;
    cudaError_t e = rt_sync(RT_ALL_STREAMS);   /* queued kernels may still fetch through it */
    rt_tex_free(t);
    return rt_error(e);
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject)
{
    const cu2c_texture *t = rt_tex_object(texObject);
    if (!pResDesc || !t)
        return rt_error(cudaErrorInvalidValue);
    *pResDesc = t->res;
    return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject)
{
    const cu2c_texture *t = rt_tex_object(texObject);
    if (!pTexDesc || !t)
        return rt_error(cudaErrorInvalidValue);
    *pTexDesc = t->tex;
    return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                                 cudaTextureObject_t texObject)
{
    const cu2c_texture *t = rt_tex_object(texObject);
    if (!pResViewDesc || !t || !t->has_view)
        return rt_error(cudaErrorInvalidValue);
    *pResViewDesc = t->view;
    return cudaSuccess;
}

/* ---- Texture references ---------------------------------------------------------------------
 * The reference's own fields (filterMode, normalized, addressMode) are read at each fetch;
 * binding records only where the texels are. */

/* Makes texref read r (NULL: unbind), once the work queued so far is done with the old one. */
static cudaError_t rt_bind(const struct textureReference *texref, const struct cudaResourceDesc *r)
{
    RT_STICKY_CHECK();
    if (!texref)
        return rt_error(cudaErrorInvalidTexture);
    cu2c_texture *t = NULL;
    if (r) {
        if (!(t = rt_tex_new(0)))
            return rt_error(cudaErrorMemoryAllocation);
        cudaError_t e = rt_tex_resource(t, r);
        if (e != cudaSuccess) {
            rt_tex_free(t);
            return rt_error(e);
        }
        t->res = *r;
    }
    cudaError_t e = rt_sync(RT_ALL_STREAMS);
    if (e != cudaSuccess) {
        rt_tex_free(t);
        return rt_error(e);
    }
    /* texture<> globals are the program's own, writable objects; CUDA's signature is const */
    struct textureReference *ref = (struct textureReference *)texref;
    rt_tex_free(ref->cu2c_bound);   /* not ours (e.g. after cudaDeviceReset): left alone */
    ref->cu2c_bound = t;
    return cudaSuccess;
}

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr, const struct cudaChannelFormatDesc *desc,
                            size_t size)
{
    if (!devPtr || !desc)
        return rt_error(cudaErrorInvalidValue);
    /* CUDA's C++ overloads pass UINT_MAX for "all of it": stop at the allocation's end */
    size_t extent = rt_mem_extent(devPtr);
    if (extent && size > extent)
        size = extent;
    struct cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = (void *)devPtr;
    r.res.linear.desc = *desc;
    r.res.linear.sizeInBytes = size;
    cudaError_t e = rt_bind(texref, &r);
    if (e == cudaSuccess && offset)
        *offset = 0;   /* any address is aligned enough for a CPU */
    return e;
}

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr, const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch)
{
    if (!devPtr || !desc)
        return rt_error(cudaErrorInvalidValue);
    struct cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypePitch2D;
    r.res.pitch2D.devPtr = (void *)devPtr;
    r.res.pitch2D.desc = *desc;
    r.res.pitch2D.width = width;
    r.res.pitch2D.height = height;
    r.res.pitch2D.pitchInBytes = pitch;
    cudaError_t e = rt_bind(texref, &r);
    if (e == cudaSuccess && offset)
        *offset = 0;
    return e;
}

cudaError_t cudaBindTextureToArray(const struct textureReference *texref, cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc)
{
    if (!desc || !array || !rt_mem_is(array, RT_MEM_ARRAY))
        return rt_error(cudaErrorInvalidValue);
    /* the texels are read in the array's own format */
    if (desc->x != array->desc.x || desc->y != array->desc.y || desc->z != array->desc.z ||
        desc->w != array->desc.w || desc->f != array->desc.f)
        return rt_error(cudaErrorInvalidChannelDescriptor);
    struct cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = (cudaArray_t)array;
    return rt_bind(texref, &r);
}

cudaError_t cudaUnbindTexture(const struct textureReference *texref)
{
    return rt_bind(texref, NULL);
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct textureReference *texref)
{
    if (!offset)
        return rt_error(cudaErrorInvalidValue);
    if (!texref)
        return rt_error(cudaErrorInvalidTexture);
    if (!texref->cu2c_bound)
        return rt_error(cudaErrorInvalidTextureBinding);
    *offset = 0;
    return cudaSuccess;
}
