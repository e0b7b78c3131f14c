/* cufft.h - cuFFT, CUDA's fast Fourier transforms, on the CPU: libcufft (lib64/libcufft.a,
 * linked by cu2cc -lcufft) runs each transform with FFTW, ordered on the plan's stream like
 * the stream's kernels and copies. CUDA's names, values and signatures; transforms are
 * unnormalised as cuFFT's (an inverse of a forward multiplies by the size). */
#ifndef CU2C_CUFFT_H
#define CU2C_CUFFT_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define _CUFFT_H_ /* the CUDA toolkit's guard: programs test it (e.g. helper_cuda.h) */

#include "cuComplex.h"
#include "driver_types.h"
#include "library_types.h"

#ifndef CUFFTAPI
#define CUFFTAPI
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The cuFFT release of CUDA 12.8, which cu2c's headers follow (CUDART_VERSION). */
#define CUFFT_VER_MAJOR 11
#define CUFFT_VER_MINOR 3
#define CUFFT_VER_PATCH 3
#define CUFFT_VER_BUILD 41
#define CUFFT_VERSION (CUFFT_VER_MAJOR * 1000 + CUFFT_VER_MINOR * 100 + CUFFT_VER_PATCH)

typedef enum cufftResult_t {
    CUFFT_SUCCESS = 0x0,
    CUFFT_INVALID_PLAN = 0x1,               /* not a plan's handle, or a plan not made yet */
    CUFFT_ALLOC_FAILED = 0x2,               /* memory ran out */
    CUFFT_INVALID_TYPE = 0x3,               /* not one of cufftType's */
    CUFFT_INVALID_VALUE = 0x4,              /* a null pointer, a bad direction, stride or embedding */
    CUFFT_INTERNAL_ERROR = 0x5,
    CUFFT_EXEC_FAILED = 0x6,                /* the transform could not be queued or planned */
    CUFFT_SETUP_FAILED = 0x7,
    CUFFT_INVALID_SIZE = 0x8,               /* a size, rank or batch out of range */
    CUFFT_UNALIGNED_DATA = 0x9,
    CUFFT_INVALID_DEVICE = 0xB,
    CUFFT_NO_WORKSPACE = 0xD,
    CUFFT_NOT_IMPLEMENTED = 0xE,
    CUFFT_NOT_SUPPORTED = 0x10,             /* what cu2c's cuFFT does not do (README) */
    CUFFT_MISSING_DEPENDENCY = 0x11,
    CUFFT_NVRTC_FAILURE = 0x12,
    CUFFT_NVJITLINK_FAILURE = 0x13,
    CUFFT_NVSHMEM_FAILURE = 0x14
} cufftResult;

#define MAX_CUFFT_ERROR 0x15

/* CUDA 12's codes that CUDA 13 dropped from the enumeration (never returned): names for
 * programs that still test them, outside the enumeration as in CUDA 13, so that a switch
 * over cufftResult written for CUDA 13 is complete. */
#define CUFFT_INCOMPLETE_PARAMETER_LIST ((cufftResult)0xA)
#define CUFFT_PARSE_ERROR ((cufftResult)0xC)
#define CUFFT_LICENSE_ERROR ((cufftResult)0xF)

typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

/* Directions: the sign of the exponent. Neither scales. */
#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

typedef enum cufftType_t {
    CUFFT_R2C = 0x2a,   /* float to complex (the non-redundant n/2+1 outputs) */
    CUFFT_C2R = 0x2c,   /* complex (Hermitian half) to float */
    CUFFT_C2C = 0x29,   /* complex to complex, float */
    CUFFT_D2Z = 0x6a,   /* double to double complex */
    CUFFT_Z2D = 0x6c,   /* double complex to double */
    CUFFT_Z2Z = 0x69    /* complex to complex, double */
} cufftType;

typedef enum cufftCompatibility_t {
    CUFFT_COMPATIBILITY_FFTW_PADDING = 0x01 /* in-place real transforms pad rows as FFTW does */
} cufftCompatibility;

#define CUFFT_COMPATIBILITY_DEFAULT CUFFT_COMPATIBILITY_FFTW_PADDING

#define MAX_SHIM_RANK 3

typedef int cufftHandle;

/* A handle no plan has: cufftDestroy accepts it and does nothing. */
#define CUFFT_PLAN_NULL -1

/* Plans: n[0] is the slowest-varying dimension (cufftPlan2d's nx: rows). */
cufftResult CUFFTAPI cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult CUFFTAPI cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult CUFFTAPI cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
/* The advanced layout: element (b, x0.., xr-1) of the input at
 * b*idist + (((x0*inembed[1] + x1)*inembed[2] + x2)...)*istride; inembed or onembed NULL:
 * both sides packed (istride & co. ignored). */
cufftResult CUFFTAPI cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
                                   int *onembed, int ostride, int odist, cufftType type, int batch);

cufftResult CUFFTAPI cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize);
cufftResult CUFFTAPI cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize);
cufftResult CUFFTAPI cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult CUFFTAPI cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist,
                                       int *onembed, int ostride, int odist, cufftType type, int batch,
                                       size_t *workSize);
cufftResult CUFFTAPI cufftMakePlanMany64(cufftHandle plan, int rank, long long int *n, long long int *inembed,
                                         long long int istride, long long int idist, long long int *onembed,
                                         long long int ostride, long long int odist, cufftType type,
                                         long long int batch, size_t *workSize);
cufftResult CUFFTAPI cufftGetSizeMany64(cufftHandle plan, int rank, long long int *n, long long int *inembed,
                                        long long int istride, long long int idist, long long int *onembed,
                                        long long int ostride, long long int odist, cufftType type,
                                        long long int batch, size_t *workSize);

/* Work areas: FFTW keeps its own buffers, so every size reported is 0 and a work area given
 * is accepted and not used. */
cufftResult CUFFTAPI cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize);
cufftResult CUFFTAPI cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize);
cufftResult CUFFTAPI cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult CUFFTAPI cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist, int *onembed,
                                       int ostride, int odist, cufftType type, int batch, size_t *workSize);
cufftResult CUFFTAPI cufftCreate(cufftHandle *handle);
cufftResult CUFFTAPI cufftGetSize1d(cufftHandle handle, int nx, cufftType type, int batch, size_t *workSize);
cufftResult CUFFTAPI cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type, size_t *workSize);
cufftResult CUFFTAPI cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult CUFFTAPI cufftGetSizeMany(cufftHandle handle, int rank, int *n, int *inembed, int istride, int idist,
                                      int *onembed, int ostride, int odist, cufftType type, int batch,
                                      size_t *workArea);
cufftResult CUFFTAPI cufftGetSize(cufftHandle handle, size_t *workSize);
cufftResult CUFFTAPI cufftSetWorkArea(cufftHandle plan, void *workArea);
cufftResult CUFFTAPI cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);

/* Execution: queued on the plan's stream (cufftSetStream; default the legacy stream).
 * idata == odata is in place. */
cufftResult CUFFTAPI cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction);
cufftResult CUFFTAPI cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata);
cufftResult CUFFTAPI cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata);
cufftResult CUFFTAPI cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata,
                                  int direction);
cufftResult CUFFTAPI cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata);
cufftResult CUFFTAPI cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata);

cufftResult CUFFTAPI cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult CUFFTAPI cufftDestroy(cufftHandle plan);
cufftResult CUFFTAPI cufftGetVersion(int *version);
cufftResult CUFFTAPI cufftGetProperty(libraryPropertyType type, int *value);

typedef enum cufftProperty_t {
    NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT = 0x1,         /* kept, changes nothing (no JIT) */
    NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS = 0x2 /* the most threads a transform uses */
} cufftProperty;

cufftResult CUFFTAPI cufftSetPlanPropertyInt64(cufftHandle plan, cufftProperty property,
                                               const long long int inputValueInt);
cufftResult CUFFTAPI cufftGetPlanPropertyInt64(cufftHandle plan, cufftProperty property,
                                               long long int *returnPtrValue);
cufftResult CUFFTAPI cufftResetPlanProperty(cufftHandle plan, cufftProperty property);

#ifdef __cplusplus
}
#endif

#endif
