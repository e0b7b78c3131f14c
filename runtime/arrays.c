/* runtime/arrays.c - CUDA arrays (cudaMallocArray, cudaMalloc3DArray, the copies to, from and
 * between arrays, mipmapped arrays): memory management's arrays, beside memory.c's linear memory, whose copy
 * machinery (rt_copy3d) they use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* An array is one block: the struct, then its elements densely (rows of width elements), so
 * the allocation map owns it and cudaDeviceReset frees it. Texture fetches read it like
 * pitched memory (cu2c/texture.h). Widths and offsets of the 2-D copies are in bytes. */

size_t rt_channel_bytes(const struct cudaChannelFormatDesc *d)
{
    int n = d->w ? 4 : d->z ? 3 : d->y ? 2 : d->x ? 1 : 0;
    if (n == 0 || n == 3 || (n > 1 && d->y != d->x) || (n > 2 && (d->z != d->x || d->w != d->x)))
        return 0;
    switch (d->f) {
    case cudaChannelFormatKindSigned:
    case cudaChannelFormatKindUnsigned:
        if (d->x != 8 && d->x != 16 && d->x != 32)
            return 0;
        break;
    case cudaChannelFormatKindFloat:
        if (d->x != 16 && d->x != 32)
            return 0;
        break;
    default:
        return 0;
    }
    return (size_t)n * (size_t)d->x / 8;
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags)
{
    RT_STICKY_CHECK();
    if (!array || !desc)
        return rt_error(cudaErrorInvalidValue);
    size_t elem = rt_channel_bytes(desc);
    if (!elem)
        return rt_error(cudaErrorInvalidChannelDescriptor);
    int layered = (flags & cudaArrayLayered) != 0;
    /* Shapes CUDA allows: 1-D (w), 2-D (w, h), 3-D (w, h, d), layered 1-D (w, 0, layers) and
     * 2-D (w, h, layers); a depth without a height is 3-D only when layered. */
    int cubemap = (flags & cudaArrayCubemap) != 0;
    if (flags & ~(unsigned)(cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap |
                            cudaArrayTextureGather) ||
        extent.width == 0 || (extent.depth && !extent.height && !layered && !cubemap) ||
        (layered && !extent.depth))
        return rt_error(cudaErrorInvalidValue);
    /* cubemaps: square faces, six of them (a layered cubemap: six per layer) */
    if (cubemap && (extent.width != extent.height || extent.depth == 0 || extent.depth % 6 ||
                    (!layered && extent.depth != 6)))
        return rt_error(cudaErrorInvalidValue);
    size_t rows = extent.height ? extent.height : 1, slices = extent.depth ? extent.depth : 1;
    size_t head = (sizeof(struct cudaArray) + RT_ALLOC_ALIGN - 1) / RT_ALLOC_ALIGN * RT_ALLOC_ALIGN;
    if (extent.width > SIZE_MAX / elem / rows / slices ||
        extent.width * elem * rows * slices > rt_total_memory())
        return rt_error(cudaErrorMemoryAllocation);
    size_t bytes = head + extent.width * elem * rows * slices;
    struct cudaArray *a = NULL;
    if (posix_memalign((void **)&a, RT_ALLOC_ALIGN, bytes) != 0)
        return rt_error(cudaErrorMemoryAllocation);
    a->desc = *desc;
    a->extent = extent;
    a->flags = flags;
    a->elem = elem;
    a->pitch = extent.width * elem;
    a->rows = rows;
    a->slices = slices;
    a->data = (char *)a + head;
    a->mipmap = NULL;
    memset(a->data, 0, bytes - head);
    if (!rt_mem_track(a, bytes, RT_MEM_ARRAY)) {
        free(a);
        return rt_error(cudaErrorMemoryAllocation);
    }
    *array = a;
    return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned int flags)
{
    if (flags & cudaArrayLayered)
        return rt_error(cudaErrorInvalidValue);
    struct cudaExtent e = { width, height, 0 };
    return cudaMalloc3DArray(array, desc, e, flags);
}

cudaError_t cudaFreeArray(cudaArray_t array)
{
    RT_STICKY_CHECK();
    if (!array)
        return cudaSuccess;
    cudaError_t e = rt_sync(RT_ALL_STREAMS);   /* queued kernels may still read it */
    if (e != cudaSuccess)
        return rt_error(e);
    /* a mipmapped array's level belongs to it (cudaFreeMipmappedArray) */
    if (!rt_mem_is(array, RT_MEM_ARRAY) || array->mipmap || !rt_mem_untrack(array, RT_MEM_ARRAY))
        return rt_error(cudaErrorInvalidValue);
    free(array);
    return cudaSuccess;
}

/* ---- Mipmapped arrays ------------------------------------------------------------------- */

/* Frees m's levels and m itself (untracked first: m is no longer a live handle). */
static void rt_mipmap_free(struct cudaMipmappedArray *m)
{
    for (unsigned l = 0; l < m->levels; l++)
        if (m->level[l] && rt_mem_untrack(m->level[l], RT_MEM_ARRAY))
            free(m->level[l]);
    free(m);
}

/* Floor of log2(n), n > 0. */
static unsigned rt_log2(size_t n)
{
    unsigned l = 0;
    while (n >>= 1)
        l++;
    return l;
}

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                     const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent, unsigned int numLevels,
                                     unsigned int flags)
{
    RT_STICKY_CHECK();
    if (!mipmappedArray || !desc || extent.width == 0 || (extent.depth && !extent.height))
        return rt_error(cudaErrorInvalidValue);
    /* layered and cubemap mipmaps (their layers keep their count from level to level) are
     * not there: refused, never read wrongly */
    if (flags & (cudaArrayLayered | cudaArrayCubemap))
        return rt_error(cudaErrorNotSupported);
    if (flags & ~(unsigned)(cudaArraySurfaceLoadStore | cudaArrayTextureGather))
        return rt_error(cudaErrorInvalidValue);
    if (!rt_channel_bytes(desc))
        return rt_error(cudaErrorInvalidChannelDescriptor);
    /* CUDA clamps the level count to [1, 1 + floor(log2(largest dimension))] */
    size_t largest = extent.width > extent.height ? extent.width : extent.height;
    largest = largest > extent.depth ? largest : extent.depth;
    unsigned most = 1 + rt_log2(largest);
    most = most < 32 ? most : 32;   /* m->level's size: 2^31 texels a side, more than memory */
    unsigned levels = numLevels < 1 ? 1 : numLevels > most ? most : numLevels;
    struct cudaMipmappedArray *m = calloc(1, sizeof *m);
    if (!m)
        return rt_error(cudaErrorMemoryAllocation);
    m->desc = *desc;
    m->extent = extent;
    m->flags = flags;
    m->levels = levels;
    for (unsigned l = 0; l < levels; l++) {
        /* each dimension halves, down to 1; absent ones stay absent */
        struct cudaExtent e = { extent.width >> l, extent.height >> l, extent.depth >> l };
        e.width = e.width ? e.width : 1;
        e.height = extent.height && !e.height ? 1 : e.height;
        e.depth = extent.depth && !e.depth ? 1 : e.depth;
        cudaError_t err = cudaMalloc3DArray(&m->level[l], desc, e, flags);
        if (err != cudaSuccess) {
            rt_mipmap_free(m);
            return err;
        }
        m->level[l]->mipmap = m;
    }
    if (!rt_mem_track(m, sizeof *m, RT_MEM_MIPMAP)) {
        rt_mipmap_free(m);
        return rt_error(cudaErrorMemoryAllocation);
    }
    *mipmappedArray = m;
    return cudaSuccess;
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray,
                                       cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level)
{
    if (!levelArray || !mipmappedArray || !rt_mem_is(mipmappedArray, RT_MEM_MIPMAP) ||
        level >= mipmappedArray->levels)
        return rt_error(cudaErrorInvalidValue);
    *levelArray = mipmappedArray->level[level];
    return cudaSuccess;
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray)
{
    RT_STICKY_CHECK();
    if (!mipmappedArray)
        return cudaSuccess;
    cudaError_t e = rt_sync(RT_ALL_STREAMS);   /* queued kernels may still read it */
    if (e != cudaSuccess)
        return rt_error(e);
    if (!rt_mem_untrack(mipmappedArray, RT_MEM_MIPMAP))
        return rt_error(cudaErrorInvalidValue);
    rt_mipmap_free(mipmappedArray);
    return cudaSuccess;
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned int *flags, cudaArray_t array)
{
    if (!array || !rt_mem_is(array, RT_MEM_ARRAY))
        return rt_error(cudaErrorInvalidValue);
    if (desc)
        *desc = array->desc;
    if (extent)
        *extent = array->extent;
    if (flags)
        *flags = array->flags;
    return cudaSuccess;
}

/* Byte wOffset of row hOffset of a's first slice, when width bytes x height rows from there
 * lie inside it; NULL otherwise (or when a is not an array). */
static char *rt_array_at(const struct cudaArray *a, size_t wOffset, size_t hOffset, size_t width,
                         size_t height)
{
    if (!a || !rt_mem_is(a, RT_MEM_ARRAY) || wOffset > a->pitch || width > a->pitch - wOffset ||
        hOffset > a->rows || height > a->rows - hOffset)
        return NULL;
    return a->data + hOffset * a->pitch + wOffset;
}

static cudaError_t rt_memcpy2d_array(char *dst, size_t dpitch, size_t drows, const char *src,
                                     size_t spitch, size_t srows, size_t width, size_t height,
                                     enum cudaMemcpyKind kind, cudaStream_t stream, int async)
{
    if (!rt_valid_kind(kind))
        return rt_error(cudaErrorInvalidMemcpyDirection);
    if (!dst || !src)
        return rt_error(cudaErrorInvalidValue);
    return rt_copy3d(dst, dpitch, drows, src, spitch, srows, 0, width, height, 1, 0, stream,
                     async);
}

static cudaError_t rt_to_array2d(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                 const void *src, size_t spitch, size_t width, size_t height,
                                 enum cudaMemcpyKind kind, cudaStream_t stream, int async)
{
    if (width > spitch)
        return rt_error(cudaErrorInvalidPitchValue);
    return rt_memcpy2d_array(rt_array_at(dst, wOffset, hOffset, width, height),
                             dst ? dst->pitch : 0, dst ? dst->rows : 0, src, spitch, height,
                             width, height, kind, stream, async);
}

static cudaError_t rt_from_array2d(void *dst, size_t dpitch, cudaArray_const_t src,
                                   size_t wOffset, size_t hOffset, size_t width, size_t height,
                                   enum cudaMemcpyKind kind, cudaStream_t stream, int async)
{
    if (width > dpitch)
        return rt_error(cudaErrorInvalidPitchValue);
    return rt_memcpy2d_array(dst, dpitch, height, rt_array_at(src, wOffset, hOffset, width, height),
                             src ? src->pitch : 0, src ? src->rows : 0, width, height, kind,
                             stream, async);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                size_t spitch, size_t width, size_t height,
                                enum cudaMemcpyKind kind)
{
    return rt_to_array2d(dst, wOffset, hOffset, src, spitch, width, height, kind, 0, 0);
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width,
                                     size_t height, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    return rt_to_array2d(dst, wOffset, hOffset, src, spitch, width, height, kind, stream, 1);
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src,
                                  size_t wOffset, size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind)
{
    return rt_from_array2d(dst, dpitch, src, wOffset, hOffset, width, height, kind, 0, 0);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width,
                                       size_t height, enum cudaMemcpyKind kind,
                                       cudaStream_t stream)
{
    return rt_from_array2d(dst, dpitch, src, wOffset, hOffset, width, height, kind, stream, 1);
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                     cudaArray_const_t src, size_t wOffsetSrc,
                                     size_t hOffsetSrc, size_t width, size_t height,
                                     enum cudaMemcpyKind kind)
{
    return rt_memcpy2d_array(rt_array_at(dst, wOffsetDst, hOffsetDst, width, height),
                             dst ? dst->pitch : 0, dst ? dst->rows : 0,
                             rt_array_at(src, wOffsetSrc, hOffsetSrc, width, height),
                             src ? src->pitch : 0, src ? src->rows : 0, width, height, kind, 0, 0);
}

/* The deprecated linear forms: count bytes from (wOffset, hOffset) on, running on into the
 * following rows of the first slice. */
static char *rt_array_span(const struct cudaArray *a, size_t wOffset, size_t hOffset, size_t count)
{
    if (!a || !rt_mem_is(a, RT_MEM_ARRAY) || wOffset > a->pitch || hOffset > a->rows)
        return NULL;
    size_t off = hOffset * a->pitch + wOffset, total = a->pitch * a->rows;
    return off <= total && count <= total - off ? a->data + off : NULL;
}

static cudaError_t rt_to_array(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                               size_t count, enum cudaMemcpyKind kind, cudaStream_t stream,
                               int async)
{
    return rt_memcpy2d_array(rt_array_span(dst, wOffset, hOffset, count), count, 1, src, count,
                             1, count, 1, kind, stream, async);
}

static cudaError_t rt_from_array(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                 size_t count, enum cudaMemcpyKind kind, cudaStream_t stream,
                                 int async)
{
    return rt_memcpy2d_array(dst, count, 1, rt_array_span(src, wOffset, hOffset, count), count,
                             1, count, 1, kind, stream, async);
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t count, enum cudaMemcpyKind kind)
{
    return rt_to_array(dst, wOffset, hOffset, src, count, kind, 0, 0);
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                   const void *src, size_t count, enum cudaMemcpyKind kind,
                                   cudaStream_t stream)
{
    return rt_to_array(dst, wOffset, hOffset, src, count, kind, stream, 1);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t count, enum cudaMemcpyKind kind)
{
    return rt_from_array(dst, src, wOffset, hOffset, count, kind, 0, 0);
}

cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset,
                                     size_t hOffset, size_t count, enum cudaMemcpyKind kind,
                                     cudaStream_t stream)
{
    return rt_from_array(dst, src, wOffset, hOffset, count, kind, stream, 1);
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                   cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                   size_t count, enum cudaMemcpyKind kind)
{
    return rt_memcpy2d_array(rt_array_span(dst, wOffsetDst, hOffsetDst, count), count, 1,
                             rt_array_span(src, wOffsetSrc, hOffsetSrc, count), count, 1, count,
                             1, kind, 0, 0);
}

