/* runtime/surface.c - surface object management, the surface references CUDA 12 removed
 * (cudaBindSurfaceToArray), and the fault a kernel's surface access raises under
 * cudaBoundaryModeTrap.
 *
 * Both build a struct cu2c_surface (cu2c/surface.h) over a CUDA array allocated with
 * cudaArraySurfaceLoadStore: where its elements are and how many. Kernels read it without
 * locks, so a descriptor never changes once made (rebinding makes a new one) and is freed
 * only after the work queued before has finished, as texture.c does with its descriptors. */
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"
#include "cu2c/surface.h"

/* A new descriptor over the array r names, recorded in the allocation map; *e says why not. */
static cu2c_surface *rt_surf_new(const struct cudaResourceDesc *r, cudaError_t *e)
{
    if (r->resType != cudaResourceTypeArray || r->flags != 0) {
        *e = cudaErrorInvalidValue;
        return NULL;
    }
    const struct cudaArray *a = r->res.array.array;
    if (!a || !rt_mem_is(a, RT_MEM_ARRAY)) {
        *e = cudaErrorInvalidResourceHandle;
        return NULL;
    }
    /* CUDA accepts only arrays made for load/store (the driver answers an invalid value) */
    if (!(a->flags & cudaArraySurfaceLoadStore) || a->pitch > INT_MAX || a->rows > INT_MAX ||
        a->slices > INT_MAX) {
        *e = cudaErrorInvalidValue;
        return NULL;
    }
    cu2c_surface *s = calloc(1, sizeof *s);
    if (!s || !rt_mem_track(s, sizeof *s, RT_MEM_SURFACE)) {
        free(s);
        *e = cudaErrorMemoryAllocation;
        return NULL;
    }
    s->data = a->data;
    s->pitch = a->pitch;
    s->slice = a->pitch * a->rows;
    s->width_bytes = (int)a->pitch;
    s->size[0] = (int)a->extent.width;
    s->size[1] = (int)a->rows;
    s->size[2] = s->layers = 1;
    if (a->flags & (cudaArrayLayered | cudaArrayCubemap))
        s->layers = (int)a->slices;
    else
        s->size[2] = (int)a->slices;
    s->elem = (int)a->elem;
    s->res = *r;
    *e = cudaSuccess;
    return s;
}

static void rt_surf_free(cu2c_surface *s)
{
    if (s && rt_mem_untrack(s, RT_MEM_SURFACE))
        free(s);
}

/* ---- Surface objects -------------------------------------------------------------------- */

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc)
{
    RT_STICKY_CHECK();
    if (!pSurfObject || !pResDesc)
        return rt_error(cudaErrorInvalidValue);
    cudaError_t e;
    cu2c_surface *s = rt_surf_new(pResDesc, &e);
    if (!s)
        return rt_error(e);
    *pSurfObject = (cudaSurfaceObject_t)(uintptr_t)s;
    return cudaSuccess;
}

/* The descriptor of a live surface object, or NULL. */
static cu2c_surface *rt_surf_object(cudaSurfaceObject_t o)
{
    cu2c_surface *s = (cu2c_surface *)(uintptr_t)o;
    return s && rt_mem_is(s, RT_MEM_SURFACE) ? s : NULL;
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
    RT_STICKY_CHECK();
    cu2c_surface *s = rt_surf_object(surfObject);
    if (!s)
        return surfObject ? rt_error(cudaErrorInvalidValue) : cudaSuccess;
    cudaError_t e = rt_sync(RT_ALL_STREAMS);   /* queued kernels may still access it */
    rt_surf_free(s);
    return rt_error(e);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject)
{
    const cu2c_surface *s = rt_surf_object(surfObject);
    if (!pResDesc || !s)
        return rt_error(cudaErrorInvalidValue);
    *pResDesc = s->res;
    return cudaSuccess;
}

/* ---- Surface references ----------------------------------------------------------------- */

cudaError_t cudaBindSurfaceToArray(const struct surfaceReference *surfref, cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc)
{
    RT_STICKY_CHECK();
    if (!surfref)
        return rt_error(cudaErrorInvalidSurface);
    if (!desc || !array)
        return rt_error(cudaErrorInvalidValue);
    struct cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = (cudaArray_t)array;
    cudaError_t e;
    cu2c_surface *s = rt_surf_new(&r, &e);
    if (!s)
        return rt_error(e);
    e = rt_sync(RT_ALL_STREAMS);   /* queued kernels may still access the old binding */
    if (e != cudaSuccess) {
        rt_surf_free(s);
        return rt_error(e);
    }
    /* surface<> globals are the program's own, writable objects; CUDA's signature is const */
    struct surfaceReference *ref = (struct surfaceReference *)surfref;
    rt_surf_free(ref->cu2c_bound);   /* not ours (e.g. after cudaDeviceReset): left alone */
    ref->cu2c_bound = s;
    return cudaSuccess;
}

/* ---- Faults ----------------------------------------------------------------------------- */

void cu2c_surface_fault(cudaError_t e, const char *fn, int x, int y, int z, int layer)
{
    rt_worker *w = rt_current_worker();
    const char *what = e == cudaErrorMisalignedAddress ? "x not a multiple of the access's size"
                                                       : "out of range (cudaBoundaryModeTrap)";
    if (w && w->job && w->block && atomic_exchange(&w->job->faulted, 1) == 0) {
        const cu2c_block *b = w->block;
        char line[512], thread[64] = "";
        if (cu2c_tls.thread_known)
            snprintf(thread, sizeof thread, ", thread [%u,%u,%u]", cu2c_tls.threadIdx.x,
                     cu2c_tls.threadIdx.y, cu2c_tls.threadIdx.z);
        int n = snprintf(line, sizeof line,
                         "cu2c: %s in kernel %s, block [%u,%u,%u]%s: x = %d bytes, y = %d, z = %d, "
                         "layer %d: %s\n", fn, w->job->name ? w->job->name : "(unnamed)",
                         b->blockIdx.x, b->blockIdx.y, b->blockIdx.z, thread, x, y, z, layer, what);
        if (n > 0 && write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1) < 0)
            n = 0;   /* nothing to do about a lost message */
    }
    cu2c_device_fault(e);
}
