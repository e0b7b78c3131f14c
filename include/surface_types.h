/* surface_types.h - CUDA's surface types: boundary and format modes, surface object handles
 * and (for programs written before CUDA 12) the surface reference that
 * surface<void, dim> derives from.
 *
 * Names and values are CUDA's; the layouts are cu2c's own, as in texture_types.h. Plain C,
 * usable from C and C++ (the surface<> template and the device functions are in
 * cu2c/surface.h). */
#ifndef CU2C_SURFACE_TYPES_H
#define CU2C_SURFACE_TYPES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __SURFACE_TYPES_H__ /* the CUDA toolkit's guard */

#include "driver_types.h"

/* surface<void, dim>'s dim */
#define cudaSurfaceType1D              0x01
#define cudaSurfaceType2D              0x02
#define cudaSurfaceType3D              0x03
#define cudaSurfaceTypeCubemap         0x0C
#define cudaSurfaceType1DLayered       0xF1
#define cudaSurfaceType2DLayered       0xF2
#define cudaSurfaceTypeCubemapLayered  0xFC

/* What an access outside the surface does. */
enum cudaSurfaceBoundaryMode {
    cudaBoundaryModeZero = 0,       /* reads return zero, writes are dropped */
    cudaBoundaryModeClamp = 1,      /* coordinates are clamped to the surface */
    cudaBoundaryModeTrap = 2,       /* the kernel fails (sticky cudaErrorLaunchFailure) */
};

enum cudaSurfaceFormatMode {
    cudaFormatModeForced = 0,
    cudaFormatModeAuto = 1,
};

/* A surface object: under cu2c the address of an immutable struct cu2c_surface. */
typedef unsigned long long cudaSurfaceObject_t;

/* A surface reference (surface<void, dim> derives from it). cu2c_bound is cu2c's own: what
 * cudaBindSurfaceToArray bound it to, NULL while unbound. */
struct cu2c_surface;
struct surfaceReference {
    struct cudaChannelFormatDesc channelDesc;
    struct cu2c_surface *cu2c_bound;
};

typedef enum cudaSurfaceBoundaryMode cudaSurfaceBoundaryMode;
typedef enum cudaSurfaceFormatMode cudaSurfaceFormatMode;
typedef struct surfaceReference surfaceReference;

#endif
