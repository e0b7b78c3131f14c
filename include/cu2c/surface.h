/* cu2c/surface.h - surface reads and writes: surface objects (surf2Dread<T>(obj, x, y),
 * surf2Dwrite(v, obj, x, y) ...) and the surface references of programs written before
 * CUDA 12 (surface<void, dim> globals bound with cudaBindSurfaceToArray).
 *
 * A surface object is the address of an immutable struct cu2c_surface that
 * cudaCreateSurfaceObject fills (runtime/surface.c) over a CUDA array made with
 * cudaArraySurfaceLoadStore. As in CUDA, x is a byte offset into the row and y, z and the
 * layer count elements; an access reads or writes sizeof(T) bytes, raw (no conversion), at
 * the array's row pitch. Out-of-range accesses follow the boundary mode: cudaBoundaryModeZero
 * reads zero and drops writes, cudaBoundaryModeClamp clamps each coordinate (x to the last
 * sizeof(T) bytes of the row), cudaBoundaryModeTrap (the default) ends the kernel with the
 * sticky cudaErrorLaunchFailure a trap gives, naming the access on stderr. An x that is
 * not a multiple of sizeof(T) ends it with cudaErrorMisalignedAddress. Cubemap surfaces
 * (surfCubemapread/write) are 2-D layered surfaces whose layers are faces.
 *
 * The descriptor and the addressing are C; the access functions are templates, as in CUDA,
 * so programs that use surfaces are C++. At parse time it is all __host__ __device__, like
 * texture.h. */
#ifndef CU2C_SURFACE_H
#define CU2C_SURFACE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "defs.h"
#include <driver_types.h>
#include <surface_types.h>
#include <channel_descriptor.h>
#include <stdint.h>
#include <string.h>

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device begin
#endif

/* What a surface accesses: element (i, j, k) of layer l lies at
 * data + (k + l) * slice + j * pitch + i * elem (3-D surfaces have one layer). */
typedef struct cu2c_surface {
    char *data;
    size_t pitch;             /* bytes between rows */
    size_t slice;             /* bytes between 2-D slices or layers */
    int width_bytes;          /* bytes in a row's elements: width * elem */
    int size[3];              /* width, height, depth in elements; 1 where absent */
    int layers;               /* layered (and cubemap) arrays: their layer count; else 1 */
    int elem;                 /* bytes per element */
    struct cudaResourceDesc res; /* what cudaCreateSurfaceObject was given */
} cu2c_surface;

#ifdef __cplusplus
extern "C"
#endif
/* runtime/surface.c: an access under cudaBoundaryModeTrap outside the surface (e
 * cudaErrorLaunchFailure), a misaligned x (cudaErrorMisalignedAddress) or through no surface:
 * one line on stderr naming fn, the kernel, the block and the coordinates, then the kernel
 * ends as on a trap. Returns only outside the runtime's workers. */
void cu2c_surface_fault(cudaError_t e, const char *fn, int x, int y, int z, int layer);

#define CU2C_SURF_INLINE static inline __attribute__((always_inline))

/* c clamped to [0, hi] (hi >= 0) */
CU2C_SURF_INLINE int cu2c_surf_clamp(int c, int hi)
{
    return c < 0 ? 0 : c > hi ? hi : c;
}

/* Where the size bytes at byte x of row y of slice z of layer `layer` lie, under boundary
 * mode `mode`; NULL when they lie outside under cudaBoundaryModeZero (or after a fault
 * outside the runtime's workers). fn names the access in fault messages. */
CU2C_SURF_INLINE char *cu2c_surf_at(const cu2c_surface *s, const char *fn, int size, int x, int y, int z,
                                   int layer, int mode)
{
    if (!s) {
        cu2c_surface_fault(cudaErrorLaunchFailure, fn, x, y, z, layer);
        return NULL;
    }
    int last_x = s->width_bytes - size;
    if (x < 0 || x > last_x || y < 0 || y >= s->size[1] || z < 0 || z >= s->size[2] || layer < 0 ||
        layer >= s->layers) {
        if (mode == cudaBoundaryModeZero)
            return NULL;
        if (mode != cudaBoundaryModeClamp || last_x < 0) {
            cu2c_surface_fault(cudaErrorLaunchFailure, fn, x, y, z, layer);
            return NULL;
        }
        x = cu2c_surf_clamp(x, last_x);
        y = cu2c_surf_clamp(y, s->size[1] - 1);
        z = cu2c_surf_clamp(z, s->size[2] - 1);
        layer = cu2c_surf_clamp(layer, s->layers - 1);
    }
    if (x % size) {
        cu2c_surface_fault(cudaErrorMisalignedAddress, fn, x, y, z, layer);
        return NULL;
    }
    return s->data + (size_t)(z + layer) * s->slice + (size_t)y * s->pitch + (size_t)x;
}

#ifdef __cplusplus

/* Surfaces move 1, 2, 4, 8 or 16 bytes at a time (CUDA's surface instructions). */
template <class T> struct cu2c_surf_size {
    static const bool ok = sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 ||
                           sizeof(T) == 16;
};

template <class T> CU2C_SURF_INLINE T cu2c_surf_read(const cu2c_surface *s, const char *fn, int x, int y,
                                                    int z, int layer, int mode)
{
    static_assert(cu2c_surf_size<T>::ok, "surface reads are 1, 2, 4, 8 or 16 bytes");
    T r;
    const char *p = cu2c_surf_at(s, fn, (int)sizeof(T), x, y, z, layer, mode);
    if (p)
        memcpy((void *)&r, p, sizeof r);
    else
        memset((void *)&r, 0, sizeof r);
    return r;
}

template <class T> CU2C_SURF_INLINE void cu2c_surf_write(const T &v, const cu2c_surface *s, const char *fn,
                                                        int x, int y, int z, int layer, int mode)
{
    static_assert(cu2c_surf_size<T>::ok, "surface writes are 1, 2, 4, 8 or 16 bytes");
    char *p = cu2c_surf_at(s, fn, (int)sizeof(T), x, y, z, layer, mode);
    if (p)
        memcpy(p, (const void *)&v, sizeof v);
}

/* ---- Surface objects -------------------------------------------------------------------- */

CU2C_SURF_INLINE const cu2c_surface *cu2c_surf_object(cudaSurfaceObject_t o)
{
    return (const cu2c_surface *)(uintptr_t)o;
}

#define CU2C_SURF_MODE enum cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap
#define CU2C_SURF_R(fn, x, y, z, l) return cu2c_surf_read<T>(cu2c_surf_object(surfObject), fn, x, y, z, l, boundaryMode)
#define CU2C_SURF_W(fn, x, y, z, l) cu2c_surf_write<T>(data, cu2c_surf_object(surfObject), fn, x, y, z, l, boundaryMode)

template <class T> CU2C_SURF_INLINE T surf1Dread(cudaSurfaceObject_t surfObject, int x, CU2C_SURF_MODE) { CU2C_SURF_R("surf1Dread", x, 0, 0, 0); }
template <class T> CU2C_SURF_INLINE T surf2Dread(cudaSurfaceObject_t surfObject, int x, int y, CU2C_SURF_MODE) { CU2C_SURF_R("surf2Dread", x, y, 0, 0); }
template <class T> CU2C_SURF_INLINE T surf3Dread(cudaSurfaceObject_t surfObject, int x, int y, int z, CU2C_SURF_MODE) { CU2C_SURF_R("surf3Dread", x, y, z, 0); }
template <class T> CU2C_SURF_INLINE T surf1DLayeredread(cudaSurfaceObject_t surfObject, int x, int layer, CU2C_SURF_MODE) { CU2C_SURF_R("surf1DLayeredread", x, 0, 0, layer); }
template <class T> CU2C_SURF_INLINE T surf2DLayeredread(cudaSurfaceObject_t surfObject, int x, int y, int layer, CU2C_SURF_MODE) { CU2C_SURF_R("surf2DLayeredread", x, y, 0, layer); }
template <class T> CU2C_SURF_INLINE T surfCubemapread(cudaSurfaceObject_t surfObject, int x, int y, int face, CU2C_SURF_MODE) { CU2C_SURF_R("surfCubemapread", x, y, 0, face); }
template <class T> CU2C_SURF_INLINE T surfCubemapLayeredread(cudaSurfaceObject_t surfObject, int x, int y, int layerFace, CU2C_SURF_MODE) { CU2C_SURF_R("surfCubemapLayeredread", x, y, 0, layerFace); }

/* CUDA's forms that store through a pointer. */
template <class T> CU2C_SURF_INLINE void surf1Dread(T *data, cudaSurfaceObject_t surfObject, int x, CU2C_SURF_MODE) { *data = surf1Dread<T>(surfObject, x, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf2Dread(T *data, cudaSurfaceObject_t surfObject, int x, int y, CU2C_SURF_MODE) { *data = surf2Dread<T>(surfObject, x, y, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf3Dread(T *data, cudaSurfaceObject_t surfObject, int x, int y, int z, CU2C_SURF_MODE) { *data = surf3Dread<T>(surfObject, x, y, z, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf1DLayeredread(T *data, cudaSurfaceObject_t surfObject, int x, int layer, CU2C_SURF_MODE) { *data = surf1DLayeredread<T>(surfObject, x, layer, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf2DLayeredread(T *data, cudaSurfaceObject_t surfObject, int x, int y, int layer, CU2C_SURF_MODE) { *data = surf2DLayeredread<T>(surfObject, x, y, layer, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surfCubemapread(T *data, cudaSurfaceObject_t surfObject, int x, int y, int face, CU2C_SURF_MODE) { *data = surfCubemapread<T>(surfObject, x, y, face, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surfCubemapLayeredread(T *data, cudaSurfaceObject_t surfObject, int x, int y, int layerFace, CU2C_SURF_MODE) { *data = surfCubemapLayeredread<T>(surfObject, x, y, layerFace, boundaryMode); }

template <class T> CU2C_SURF_INLINE void surf1Dwrite(T data, cudaSurfaceObject_t surfObject, int x, CU2C_SURF_MODE) { CU2C_SURF_W("surf1Dwrite", x, 0, 0, 0); }
template <class T> CU2C_SURF_INLINE void surf2Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, CU2C_SURF_MODE) { CU2C_SURF_W("surf2Dwrite", x, y, 0, 0); }
template <class T> CU2C_SURF_INLINE void surf3Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int z, CU2C_SURF_MODE) { CU2C_SURF_W("surf3Dwrite", x, y, z, 0); }
template <class T> CU2C_SURF_INLINE void surf1DLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int layer, CU2C_SURF_MODE) { CU2C_SURF_W("surf1DLayeredwrite", x, 0, 0, layer); }
template <class T> CU2C_SURF_INLINE void surf2DLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int layer, CU2C_SURF_MODE) { CU2C_SURF_W("surf2DLayeredwrite", x, y, 0, layer); }
template <class T> CU2C_SURF_INLINE void surfCubemapwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int face, CU2C_SURF_MODE) { CU2C_SURF_W("surfCubemapwrite", x, y, 0, face); }
template <class T> CU2C_SURF_INLINE void surfCubemapLayeredwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int layerFace, CU2C_SURF_MODE) { CU2C_SURF_W("surfCubemapLayeredwrite", x, y, 0, layerFace); }
#undef CU2C_SURF_R
#undef CU2C_SURF_W

/* ---- Surface references (removed in CUDA 12; older programs use them) ------------------- */

template <class T, int dim = cudaSurfaceType1D> struct surface : public surfaceReference {
    surface()
    {
        channelDesc = cudaCreateChannelDesc<T>();
        cu2c_bound = 0;
    }
    surface(struct cudaChannelFormatDesc desc)
    {
        channelDesc = desc;
        cu2c_bound = 0;
    }
};
template <int dim> struct surface<void, dim> : public surfaceReference {
    surface()
    {
        channelDesc = cudaCreateChannelDesc<void>();
        cu2c_bound = 0;
    }
};

#define CU2C_SURF_REF(dim) const surface<void, dim> &surf
#define CU2C_SURF_RR(fn, x, y, z, l) return cu2c_surf_read<T>(surf.cu2c_bound, fn, x, y, z, l, boundaryMode)
#define CU2C_SURF_RW(fn, x, y, z, l) cu2c_surf_write<T>(data, surf.cu2c_bound, fn, x, y, z, l, boundaryMode)

template <class T> CU2C_SURF_INLINE T surf1Dread(CU2C_SURF_REF(cudaSurfaceType1D), int x, CU2C_SURF_MODE) { CU2C_SURF_RR("surf1Dread", x, 0, 0, 0); }
template <class T> CU2C_SURF_INLINE T surf2Dread(CU2C_SURF_REF(cudaSurfaceType2D), int x, int y, CU2C_SURF_MODE) { CU2C_SURF_RR("surf2Dread", x, y, 0, 0); }
template <class T> CU2C_SURF_INLINE T surf3Dread(CU2C_SURF_REF(cudaSurfaceType3D), int x, int y, int z, CU2C_SURF_MODE) { CU2C_SURF_RR("surf3Dread", x, y, z, 0); }
template <class T> CU2C_SURF_INLINE T surf1DLayeredread(CU2C_SURF_REF(cudaSurfaceType1DLayered), int x, int layer, CU2C_SURF_MODE) { CU2C_SURF_RR("surf1DLayeredread", x, 0, 0, layer); }
template <class T> CU2C_SURF_INLINE T surf2DLayeredread(CU2C_SURF_REF(cudaSurfaceType2DLayered), int x, int y, int layer, CU2C_SURF_MODE) { CU2C_SURF_RR("surf2DLayeredread", x, y, 0, layer); }
template <class T> CU2C_SURF_INLINE void surf1Dread(T *data, CU2C_SURF_REF(cudaSurfaceType1D), int x, CU2C_SURF_MODE) { *data = surf1Dread<T>(surf, x, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf2Dread(T *data, CU2C_SURF_REF(cudaSurfaceType2D), int x, int y, CU2C_SURF_MODE) { *data = surf2Dread<T>(surf, x, y, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf3Dread(T *data, CU2C_SURF_REF(cudaSurfaceType3D), int x, int y, int z, CU2C_SURF_MODE) { *data = surf3Dread<T>(surf, x, y, z, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf1DLayeredread(T *data, CU2C_SURF_REF(cudaSurfaceType1DLayered), int x, int layer, CU2C_SURF_MODE) { *data = surf1DLayeredread<T>(surf, x, layer, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf2DLayeredread(T *data, CU2C_SURF_REF(cudaSurfaceType2DLayered), int x, int y, int layer, CU2C_SURF_MODE) { *data = surf2DLayeredread<T>(surf, x, y, layer, boundaryMode); }
template <class T> CU2C_SURF_INLINE void surf1Dwrite(T data, CU2C_SURF_REF(cudaSurfaceType1D), int x, CU2C_SURF_MODE) { CU2C_SURF_RW("surf1Dwrite", x, 0, 0, 0); }
template <class T> CU2C_SURF_INLINE void surf2Dwrite(T data, CU2C_SURF_REF(cudaSurfaceType2D), int x, int y, CU2C_SURF_MODE) { CU2C_SURF_RW("surf2Dwrite", x, y, 0, 0); }
template <class T> CU2C_SURF_INLINE void surf3Dwrite(T data, CU2C_SURF_REF(cudaSurfaceType3D), int x, int y, int z, CU2C_SURF_MODE) { CU2C_SURF_RW("surf3Dwrite", x, y, z, 0); }
template <class T> CU2C_SURF_INLINE void surf1DLayeredwrite(T data, CU2C_SURF_REF(cudaSurfaceType1DLayered), int x, int layer, CU2C_SURF_MODE) { CU2C_SURF_RW("surf1DLayeredwrite", x, 0, 0, layer); }
template <class T> CU2C_SURF_INLINE void surf2DLayeredwrite(T data, CU2C_SURF_REF(cudaSurfaceType2DLayered), int x, int y, int layer, CU2C_SURF_MODE) { CU2C_SURF_RW("surf2DLayeredwrite", x, y, 0, layer); }
#undef CU2C_SURF_REF
#undef CU2C_SURF_RR
#undef CU2C_SURF_RW
#undef CU2C_SURF_MODE

#endif /* __cplusplus */

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device end
#endif

#endif
