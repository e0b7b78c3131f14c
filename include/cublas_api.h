/* cublas_api.h - cuBLAS, CUDA's dense linear algebra library, as cu2c provides it: the
 * handle, its stream, pointer and math modes, vector and matrix transfers, level 1 (amax,
 * amin, asum, axpy, copy, dot/dotu/dotc, nrm2, rot, scal, swap), level 2 (gemv, ger, symv, hemv,
 * trmv, trsv), level 3 (gemm, symm, hemm, syrk, herk, trsm, trmm), the geam extension, batched
 * and strided batched gemm, Hgemm and gemmEx (half and bf16 too) with their batched forms,
 * dotEx, dotcEx, axpyEx, scalEx and nrm2Ex.
 * Column-major, as cuBLAS. Names, signatures, enum values and status codes are CUDA's;
 * routines under their _v2 names are reached by their plain names through cublas_v2.h, as
 * with NVIDIA's headers. Link with -lcublas (lib64/libcublas.a, which runs the
 * routines with OpenBLAS, ordered on the handle's stream like any stream work).
 *
 * Not provided (refused at compile time, being undeclared): the other level 2 and 3 routines
 * (banded and packed ones, syr/her, syr2k/her2k, csymv...), rotg/rotm, the _64 forms,
 * the other *Ex routines (rotEx, iamaxEx...) and cublasXt (cuBLASLt is cublasLt.h). */
#ifndef CU2C_CUBLAS_API_H
#define CU2C_CUBLAS_API_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define CUBLAS_API_H_ /* the toolkit's guard: programs (helper_cuda.h) test it */

#include <stdint.h>
#include "driver_types.h"
#include "cuComplex.h"
#include "cuda_fp16.h"
#ifdef __cplusplus
#include "cuda_bf16.h"     /* as NVIDIA's cublas_api.h: programs use __nv_bfloat16 through it */
#endif
#include "library_types.h"

#ifndef CUBLASWINAPI
#define CUBLASWINAPI
#endif
#ifndef CUBLASAPI
#define CUBLASAPI
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* cuBLAS of the CUDA release cu2c's runtime follows (CUDART_VERSION 12080) */
#define CUBLAS_VER_MAJOR 12
#define CUBLAS_VER_MINOR 8
#define CUBLAS_VER_PATCH 3
#define CUBLAS_VER_BUILD 14
#define CUBLAS_VERSION (CUBLAS_VER_MAJOR * 10000 + CUBLAS_VER_MINOR * 100 + CUBLAS_VER_PATCH)

typedef enum {
    CUBLAS_STATUS_SUCCESS = 0,
    CUBLAS_STATUS_NOT_INITIALIZED = 1,   /* a null or destroyed handle */
    CUBLAS_STATUS_ALLOC_FAILED = 3,
    CUBLAS_STATUS_INVALID_VALUE = 7,     /* a bad size, leading dimension, increment or enum */
    CUBLAS_STATUS_ARCH_MISMATCH = 8,
    CUBLAS_STATUS_MAPPING_ERROR = 11,    /* a transfer failed */
    CUBLAS_STATUS_EXECUTION_FAILED = 13, /* the stream's work failed (a fault in a kernel...) */
    CUBLAS_STATUS_INTERNAL_ERROR = 14,
    CUBLAS_STATUS_NOT_SUPPORTED = 15,    /* valid, but not provided by cu2c (a type combination...) */
    CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;

typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
    CUBLAS_OP_N = 0,
    CUBLAS_OP_T = 1,
    CUBLAS_OP_C = 2,
    CUBLAS_OP_HERMITAN = 2,   /* CUBLAS_OP_C's other name */
    CUBLAS_OP_CONJG = 3       /* reserved by cuBLAS: refused */
} cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;

/* gemmEx's algorithm: any is accepted (the CPU has one) */
typedef enum {
    CUBLAS_GEMM_DFALT = -1,
    CUBLAS_GEMM_DEFAULT = -1,
    CUBLAS_GEMM_ALGO0 = 0, CUBLAS_GEMM_ALGO1 = 1, CUBLAS_GEMM_ALGO2 = 2, CUBLAS_GEMM_ALGO3 = 3,
    CUBLAS_GEMM_ALGO4 = 4, CUBLAS_GEMM_ALGO5 = 5, CUBLAS_GEMM_ALGO6 = 6, CUBLAS_GEMM_ALGO7 = 7,
    CUBLAS_GEMM_ALGO8 = 8, CUBLAS_GEMM_ALGO9 = 9, CUBLAS_GEMM_ALGO10 = 10, CUBLAS_GEMM_ALGO11 = 11,
    CUBLAS_GEMM_ALGO12 = 12, CUBLAS_GEMM_ALGO13 = 13, CUBLAS_GEMM_ALGO14 = 14, CUBLAS_GEMM_ALGO15 = 15,
    CUBLAS_GEMM_ALGO16 = 16, CUBLAS_GEMM_ALGO17 = 17, CUBLAS_GEMM_ALGO18 = 18, CUBLAS_GEMM_ALGO19 = 19,
    CUBLAS_GEMM_ALGO20 = 20, CUBLAS_GEMM_ALGO21 = 21, CUBLAS_GEMM_ALGO22 = 22, CUBLAS_GEMM_ALGO23 = 23,
    CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
    CUBLAS_GEMM_DFALT_TENSOR_OP = 99,
    CUBLAS_GEMM_ALGO0_TENSOR_OP = 100, CUBLAS_GEMM_ALGO1_TENSOR_OP = 101, CUBLAS_GEMM_ALGO2_TENSOR_OP = 102,
    CUBLAS_GEMM_ALGO3_TENSOR_OP = 103, CUBLAS_GEMM_ALGO4_TENSOR_OP = 104, CUBLAS_GEMM_ALGO5_TENSOR_OP = 105,
    CUBLAS_GEMM_ALGO6_TENSOR_OP = 106, CUBLAS_GEMM_ALGO7_TENSOR_OP = 107, CUBLAS_GEMM_ALGO8_TENSOR_OP = 108,
    CUBLAS_GEMM_ALGO9_TENSOR_OP = 109, CUBLAS_GEMM_ALGO10_TENSOR_OP = 110, CUBLAS_GEMM_ALGO11_TENSOR_OP = 111,
    CUBLAS_GEMM_ALGO12_TENSOR_OP = 112, CUBLAS_GEMM_ALGO13_TENSOR_OP = 113, CUBLAS_GEMM_ALGO14_TENSOR_OP = 114,
    CUBLAS_GEMM_ALGO15_TENSOR_OP = 115
} cublasGemmAlgo_t;

/* Math modes are recorded; every one computes in the routine's own precision here. */
typedef enum {
    CUBLAS_DEFAULT_MATH = 0,
    CUBLAS_TENSOR_OP_MATH = 1,        /* deprecated by cuBLAS */
    CUBLAS_PEDANTIC_MATH = 2,
    CUBLAS_TF32_TENSOR_OP_MATH = 3,
    CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16   /* a flag, or'ed with the others */
} cublasMath_t;

typedef cudaDataType cublasDataType_t;

typedef enum {
    CUBLAS_COMPUTE_16F = 64,
    CUBLAS_COMPUTE_16F_PEDANTIC = 65,
    CUBLAS_COMPUTE_32F = 68,
    CUBLAS_COMPUTE_32F_PEDANTIC = 69,
    CUBLAS_COMPUTE_32F_FAST_16F = 74,
    CUBLAS_COMPUTE_32F_FAST_16BF = 75,
    CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
    CUBLAS_COMPUTE_64F = 70,
    CUBLAS_COMPUTE_64F_PEDANTIC = 71,
    CUBLAS_COMPUTE_32I = 72,
    CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;

struct cublasContext;
typedef struct cublasContext *cublasHandle_t;

/* ---- the handle ---------------------------------------------------------------------- */

cublasStatus_t CUBLASWINAPI cublasCreate_v2(cublasHandle_t *handle);
cublasStatus_t CUBLASWINAPI cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t CUBLASWINAPI cublasGetVersion_v2(cublasHandle_t handle, int *version);
cublasStatus_t CUBLASWINAPI cublasGetProperty(libraryPropertyType type, int *value);
size_t CUBLASWINAPI cublasGetCudartVersion(void);
/* accepted (and unused: the CPU routines need no workspace) */
cublasStatus_t CUBLASWINAPI cublasSetWorkspace_v2(cublasHandle_t handle, void *workspace, size_t workspaceSizeInBytes);
cublasStatus_t CUBLASWINAPI cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t CUBLASWINAPI cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *streamId);
cublasStatus_t CUBLASWINAPI cublasGetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t *mode);
cublasStatus_t CUBLASWINAPI cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode);
cublasStatus_t CUBLASWINAPI cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t *mode);
cublasStatus_t CUBLASWINAPI cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode);
cublasStatus_t CUBLASWINAPI cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode);
cublasStatus_t CUBLASWINAPI cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
const char *CUBLASWINAPI cublasGetStatusName(cublasStatus_t status);
const char *CUBLASWINAPI cublasGetStatusString(cublasStatus_t status);

/* ---- transfers (elemSize bytes per element; ordered as cudaMemcpy2D is) ----------------- */

cublasStatus_t CUBLASWINAPI cublasSetVector(int n, int elemSize, const void *x, int incx, void *devicePtr, int incy);
cublasStatus_t CUBLASWINAPI cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy);
cublasStatus_t CUBLASWINAPI cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb);
cublasStatus_t CUBLASWINAPI cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb);
cublasStatus_t CUBLASWINAPI cublasSetVectorAsync(int n, int elemSize, const void *hostPtr, int incx, void *devicePtr,
                                                 int incy, cudaStream_t stream);
cublasStatus_t CUBLASWINAPI cublasGetVectorAsync(int n, int elemSize, const void *devicePtr, int incx, void *hostPtr,
                                                 int incy, cudaStream_t stream);
cublasStatus_t CUBLASWINAPI cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                                                 int ldb, cudaStream_t stream);
cublasStatus_t CUBLASWINAPI cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B,
                                                 int ldb, cudaStream_t stream);

/* ---- level 1 (results: 1-based indices for amax/amin, as cuBLAS) --------------------------- */

cublasStatus_t CUBLASWINAPI cublasIsamax_v2(cublasHandle_t handle, int n, const float *x, int incx, int *result);
cublasStatus_t CUBLASWINAPI cublasIdamax_v2(cublasHandle_t handle, int n, const double *x, int incx, int *result);
cublasStatus_t CUBLASWINAPI cublasIcamax_v2(cublasHandle_t handle, int n, const cuComplex *x, int incx, int *result);
cublasStatus_t CUBLASWINAPI cublasIzamax_v2(cublasHandle_t handle, int n, const cuDoubleComplex *x, int incx, int *result);
cublasStatus_t CUBLASWINAPI cublasIsamin_v2(cublasHandle_t handle, int n, const float *x, int incx, int *result);
cublasStatus_t CUBLASWINAPI cublasIdamin_v2(cublasHandle_t handle, int n, const double *x, int incx, int *result);
cublasStatus_t CUBLASWINAPI cublasIcamin_v2(cublasHandle_t handle, int n, const cuComplex *x, int incx, int *result);
cublasStatus_t CUBLASWINAPI cublasIzamin_v2(cublasHandle_t handle, int n, const cuDoubleComplex *x, int incx, int *result);

cublasStatus_t CUBLASWINAPI cublasSasum_v2(cublasHandle_t handle, int n, const float *x, int incx, float *result);
cublasStatus_t CUBLASWINAPI cublasDasum_v2(cublasHandle_t handle, int n, const double *x, int incx, double *result);
cublasStatus_t CUBLASWINAPI cublasScasum_v2(cublasHandle_t handle, int n, const cuComplex *x, int incx, float *result);
cublasStatus_t CUBLASWINAPI cublasDzasum_v2(cublasHandle_t handle, int n, const cuDoubleComplex *x, int incx, double *result);

cublasStatus_t CUBLASWINAPI cublasSaxpy_v2(cublasHandle_t handle, int n, const float *alpha, const float *x, int incx,
                                           float *y, int incy);
cublasStatus_t CUBLASWINAPI cublasDaxpy_v2(cublasHandle_t handle, int n, const double *alpha, const double *x, int incx,
                                           double *y, int incy);
cublasStatus_t CUBLASWINAPI cublasCaxpy_v2(cublasHandle_t handle, int n, const cuComplex *alpha, const cuComplex *x,
                                           int incx, cuComplex *y, int incy);
cublasStatus_t CUBLASWINAPI cublasZaxpy_v2(cublasHandle_t handle, int n, const cuDoubleComplex *alpha,
                                           const cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy);

cublasStatus_t CUBLASWINAPI cublasScopy_v2(cublasHandle_t handle, int n, const float *x, int incx, float *y, int incy);
cublasStatus_t CUBLASWINAPI cublasDcopy_v2(cublasHandle_t handle, int n, const double *x, int incx, double *y, int incy);
cublasStatus_t CUBLASWINAPI cublasCcopy_v2(cublasHandle_t handle, int n, const cuComplex *x, int incx, cuComplex *y,
                                           int incy);
cublasStatus_t CUBLASWINAPI cublasZcopy_v2(cublasHandle_t handle, int n, const cuDoubleComplex *x, int incx,
                                           cuDoubleComplex *y, int incy);

cublasStatus_t CUBLASWINAPI cublasSdot_v2(cublasHandle_t handle, int n, const float *x, int incx, const float *y,
                                          int incy, float *result);
cublasStatus_t CUBLASWINAPI cublasDdot_v2(cublasHandle_t handle, int n, const double *x, int incx, const double *y,
                                          int incy, double *result);
cublasStatus_t CUBLASWINAPI cublasCdotu_v2(cublasHandle_t handle, int n, const cuComplex *x, int incx,
                                           const cuComplex *y, int incy, cuComplex *result);
cublasStatus_t CUBLASWINAPI cublasCdotc_v2(cublasHandle_t handle, int n, const cuComplex *x, int incx,
                                           const cuComplex *y, int incy, cuComplex *result);
cublasStatus_t CUBLASWINAPI cublasZdotu_v2(cublasHandle_t handle, int n, const cuDoubleComplex *x, int incx,
                                           const cuDoubleComplex *y, int incy, cuDoubleComplex *result);
cublasStatus_t CUBLASWINAPI cublasZdotc_v2(cublasHandle_t handle, int n, const cuDoubleComplex *x, int incx,
                                           const cuDoubleComplex *y, int incy, cuDoubleComplex *result);

cublasStatus_t CUBLASWINAPI cublasSnrm2_v2(cublasHandle_t handle, int n, const float *x, int incx, float *result);
cublasStatus_t CUBLASWINAPI cublasDnrm2_v2(cublasHandle_t handle, int n, const double *x, int incx, double *result);
cublasStatus_t CUBLASWINAPI cublasScnrm2_v2(cublasHandle_t handle, int n, const cuComplex *x, int incx, float *result);
cublasStatus_t CUBLASWINAPI cublasDznrm2_v2(cublasHandle_t handle, int n, const cuDoubleComplex *x, int incx,
                                            double *result);

cublasStatus_t CUBLASWINAPI cublasSrot_v2(cublasHandle_t handle, int n, float *x, int incx, float *y, int incy,
                                          const float *c, const float *s);
cublasStatus_t CUBLASWINAPI cublasDrot_v2(cublasHandle_t handle, int n, double *x, int incx, double *y, int incy,
                                          const double *c, const double *s);
cublasStatus_t CUBLASWINAPI cublasCrot_v2(cublasHandle_t handle, int n, cuComplex *x, int incx, cuComplex *y, int incy,
                                          const float *c, const cuComplex *s);
cublasStatus_t CUBLASWINAPI cublasCsrot_v2(cublasHandle_t handle, int n, cuComplex *x, int incx, cuComplex *y, int incy,
                                           const float *c, const float *s);
cublasStatus_t CUBLASWINAPI cublasZrot_v2(cublasHandle_t handle, int n, cuDoubleComplex *x, int incx,
                                          cuDoubleComplex *y, int incy, const double *c, const cuDoubleComplex *s);
cublasStatus_t CUBLASWINAPI cublasZdrot_v2(cublasHandle_t handle, int n, cuDoubleComplex *x, int incx,
                                           cuDoubleComplex *y, int incy, const double *c, const double *s);

cublasStatus_t CUBLASWINAPI cublasSscal_v2(cublasHandle_t handle, int n, const float *alpha, float *x, int incx);
cublasStatus_t CUBLASWINAPI cublasDscal_v2(cublasHandle_t handle, int n, const double *alpha, double *x, int incx);
cublasStatus_t CUBLASWINAPI cublasCscal_v2(cublasHandle_t handle, int n, const cuComplex *alpha, cuComplex *x, int incx);
cublasStatus_t CUBLASWINAPI cublasCsscal_v2(cublasHandle_t handle, int n, const float *alpha, cuComplex *x, int incx);
cublasStatus_t CUBLASWINAPI cublasZscal_v2(cublasHandle_t handle, int n, const cuDoubleComplex *alpha,
                                           cuDoubleComplex *x, int incx);
cublasStatus_t CUBLASWINAPI cublasZdscal_v2(cublasHandle_t handle, int n, const double *alpha, cuDoubleComplex *x,
                                            int incx);

cublasStatus_t CUBLASWINAPI cublasSswap_v2(cublasHandle_t handle, int n, float *x, int incx, float *y, int incy);
cublasStatus_t CUBLASWINAPI cublasDswap_v2(cublasHandle_t handle, int n, double *x, int incx, double *y, int incy);
cublasStatus_t CUBLASWINAPI cublasCswap_v2(cublasHandle_t handle, int n, cuComplex *x, int incx, cuComplex *y, int incy);
cublasStatus_t CUBLASWINAPI cublasZswap_v2(cublasHandle_t handle, int n, cuDoubleComplex *x, int incx,
                                           cuDoubleComplex *y, int incy);

/* ---- level 2 ------------------------------------------------------------------------- */

cublasStatus_t CUBLASWINAPI cublasSgemv_v2(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                           const float *alpha, const float *A, int lda, const float *x, int incx,
                                           const float *beta, float *y, int incy);
cublasStatus_t CUBLASWINAPI cublasDgemv_v2(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                           const double *alpha, const double *A, int lda, const double *x, int incx,
                                           const double *beta, double *y, int incy);
cublasStatus_t CUBLASWINAPI cublasCgemv_v2(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                           const cuComplex *alpha, const cuComplex *A, int lda, const cuComplex *x,
                                           int incx, const cuComplex *beta, cuComplex *y, int incy);
cublasStatus_t CUBLASWINAPI cublasZgemv_v2(cublasHandle_t handle, cublasOperation_t trans, int m, int n,
                                           const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                           const cuDoubleComplex *x, int incx, const cuDoubleComplex *beta,
                                           cuDoubleComplex *y, int incy);

cublasStatus_t CUBLASWINAPI cublasSger_v2(cublasHandle_t handle, int m, int n, const float *alpha, const float *x,
                                          int incx, const float *y, int incy, float *A, int lda);
cublasStatus_t CUBLASWINAPI cublasDger_v2(cublasHandle_t handle, int m, int n, const double *alpha, const double *x,
                                          int incx, const double *y, int incy, double *A, int lda);
cublasStatus_t CUBLASWINAPI cublasCgeru_v2(cublasHandle_t handle, int m, int n, const cuComplex *alpha,
                                           const cuComplex *x, int incx, const cuComplex *y, int incy, cuComplex *A,
                                           int lda);
cublasStatus_t CUBLASWINAPI cublasCgerc_v2(cublasHandle_t handle, int m, int n, const cuComplex *alpha,
                                           const cuComplex *x, int incx, const cuComplex *y, int incy, cuComplex *A,
                                           int lda);
cublasStatus_t CUBLASWINAPI cublasZgeru_v2(cublasHandle_t handle, int m, int n, const cuDoubleComplex *alpha,
                                           const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy,
                                           cuDoubleComplex *A, int lda);
cublasStatus_t CUBLASWINAPI cublasZgerc_v2(cublasHandle_t handle, int m, int n, const cuDoubleComplex *alpha,
                                           const cuDoubleComplex *x, int incx, const cuDoubleComplex *y, int incy,
                                           cuDoubleComplex *A, int lda);

cublasStatus_t CUBLASWINAPI cublasSsymv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const float *alpha,
                                           const float *A, int lda, const float *x, int incx, const float *beta,
                                           float *y, int incy);
cublasStatus_t CUBLASWINAPI cublasDsymv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const double *alpha,
                                           const double *A, int lda, const double *x, int incx, const double *beta,
                                           double *y, int incy);
cublasStatus_t CUBLASWINAPI cublasChemv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n, const cuComplex *alpha,
                                           const cuComplex *A, int lda, const cuComplex *x, int incx,
                                           const cuComplex *beta, cuComplex *y, int incy);
cublasStatus_t CUBLASWINAPI cublasZhemv_v2(cublasHandle_t handle, cublasFillMode_t uplo, int n,
                                           const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                           const cuDoubleComplex *x, int incx, const cuDoubleComplex *beta,
                                           cuDoubleComplex *y, int incy);

cublasStatus_t CUBLASWINAPI cublasStrmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                                           cublasDiagType_t diag, int n, const float *A, int lda, float *x, int incx);
cublasStatus_t CUBLASWINAPI cublasDtrmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                                           cublasDiagType_t diag, int n, const double *A, int lda, double *x, int incx);
cublasStatus_t CUBLASWINAPI cublasCtrmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                                           cublasDiagType_t diag, int n, const cuComplex *A, int lda, cuComplex *x,
                                           int incx);
cublasStatus_t CUBLASWINAPI cublasZtrmv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                                           cublasDiagType_t diag, int n, const cuDoubleComplex *A, int lda,
                                           cuDoubleComplex *x, int incx);
cublasStatus_t CUBLASWINAPI cublasStrsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                                           cublasDiagType_t diag, int n, const float *A, int lda, float *x, int incx);
cublasStatus_t CUBLASWINAPI cublasDtrsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                                           cublasDiagType_t diag, int n, const double *A, int lda, double *x, int incx);
cublasStatus_t CUBLASWINAPI cublasCtrsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                                           cublasDiagType_t diag, int n, const cuComplex *A, int lda, cuComplex *x,
                                           int incx);
cublasStatus_t CUBLASWINAPI cublasZtrsv_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans,
                                           cublasDiagType_t diag, int n, const cuDoubleComplex *A, int lda,
                                           cuDoubleComplex *x, int incx);

/* ---- level 3 ------------------------------------------------------------------------- */

cublasStatus_t CUBLASWINAPI cublasSgemm_v2(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                           int m, int n, int k, const float *alpha, const float *A, int lda,
                                           const float *B, int ldb, const float *beta, float *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasDgemm_v2(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                           int m, int n, int k, const double *alpha, const double *A, int lda,
                                           const double *B, int ldb, const double *beta, double *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasCgemm_v2(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                           int m, int n, int k, const cuComplex *alpha, const cuComplex *A, int lda,
                                           const cuComplex *B, int ldb, const cuComplex *beta, cuComplex *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasZgemm_v2(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                           int m, int n, int k, const cuDoubleComplex *alpha,
                                           const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb,
                                           const cuDoubleComplex *beta, cuDoubleComplex *C, int ldc);

cublasStatus_t CUBLASWINAPI cublasSsymm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, int m,
                                           int n, const float *alpha, const float *A, int lda, const float *B, int ldb,
                                           const float *beta, float *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasDsymm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, int m,
                                           int n, const double *alpha, const double *A, int lda, const double *B,
                                           int ldb, const double *beta, double *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasCsymm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, int m,
                                           int n, const cuComplex *alpha, const cuComplex *A, int lda,
                                           const cuComplex *B, int ldb, const cuComplex *beta, cuComplex *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasZsymm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, int m,
                                           int n, const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                           const cuDoubleComplex *B, int ldb, const cuDoubleComplex *beta,
                                           cuDoubleComplex *C, int ldc);

cublasStatus_t CUBLASWINAPI cublasStrsm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,
                                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                           const float *alpha, const float *A, int lda, float *B, int ldb);
cublasStatus_t CUBLASWINAPI cublasDtrsm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,
                                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                           const double *alpha, const double *A, int lda, double *B, int ldb);
cublasStatus_t CUBLASWINAPI cublasCtrsm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,
                                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                           const cuComplex *alpha, const cuComplex *A, int lda, cuComplex *B, int ldb);
cublasStatus_t CUBLASWINAPI cublasZtrsm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,
                                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                           const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                           cuDoubleComplex *B, int ldb);

cublasStatus_t CUBLASWINAPI cublasChemm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, int m,
                                           int n, const cuComplex *alpha, const cuComplex *A, int lda,
                                           const cuComplex *B, int ldb, const cuComplex *beta, cuComplex *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasZhemm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, int m,
                                           int n, const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                           const cuDoubleComplex *B, int ldb, const cuDoubleComplex *beta,
                                           cuDoubleComplex *C, int ldc);

cublasStatus_t CUBLASWINAPI cublasSsyrk_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int n,
                                           int k, const float *alpha, const float *A, int lda, const float *beta,
                                           float *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasDsyrk_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int n,
                                           int k, const double *alpha, const double *A, int lda, const double *beta,
                                           double *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasCsyrk_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int n,
                                           int k, const cuComplex *alpha, const cuComplex *A, int lda,
                                           const cuComplex *beta, cuComplex *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasZsyrk_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int n,
                                           int k, const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                           const cuDoubleComplex *beta, cuDoubleComplex *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasCherk_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int n,
                                           int k, const float *alpha, const cuComplex *A, int lda, const float *beta,
                                           cuComplex *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasZherk_v2(cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, int n,
                                           int k, const double *alpha, const cuDoubleComplex *A, int lda,
                                           const double *beta, cuDoubleComplex *C, int ldc);

/* C = alpha op(A) B with A triangular, out of place (C may be B, with ldb == ldc) */
cublasStatus_t CUBLASWINAPI cublasStrmm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,
                                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                           const float *alpha, const float *A, int lda, const float *B, int ldb,
                                           float *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasDtrmm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,
                                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                           const double *alpha, const double *A, int lda, const double *B, int ldb,
                                           double *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasCtrmm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,
                                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                           const cuComplex *alpha, const cuComplex *A, int lda, const cuComplex *B,
                                           int ldb, cuComplex *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasZtrmm_v2(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,
                                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                           const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                           const cuDoubleComplex *B, int ldb, cuDoubleComplex *C, int ldc);

/* C = alpha op(A) + beta op(B); C may be A (with transa N) or B (with transb N), as in cuBLAS */
cublasStatus_t CUBLASWINAPI cublasSgeam(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                        int m, int n, const float *alpha, const float *A, int lda, const float *beta,
                                        const float *B, int ldb, float *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasDgeam(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                        int m, int n, const double *alpha, const double *A, int lda,
                                        const double *beta, const double *B, int ldb, double *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasCgeam(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                        int m, int n, const cuComplex *alpha, const cuComplex *A, int lda,
                                        const cuComplex *beta, const cuComplex *B, int ldb, cuComplex *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasZgeam(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                        int m, int n, const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                        const cuDoubleComplex *beta, const cuDoubleComplex *B, int ldb,
                                        cuDoubleComplex *C, int ldc);

/* ---- batched gemm -------------------------------------------------------------------- */

cublasStatus_t CUBLASWINAPI cublasSgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                               cublasOperation_t transb, int m, int n, int k, const float *alpha,
                                               const float *const Aarray[], int lda, const float *const Barray[],
                                               int ldb, const float *beta, float *const Carray[], int ldc,
                                               int batchCount);
cublasStatus_t CUBLASWINAPI cublasDgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                               cublasOperation_t transb, int m, int n, int k, const double *alpha,
                                               const double *const Aarray[], int lda, const double *const Barray[],
                                               int ldb, const double *beta, double *const Carray[], int ldc,
                                               int batchCount);
cublasStatus_t CUBLASWINAPI cublasCgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                               cublasOperation_t transb, int m, int n, int k, const cuComplex *alpha,
                                               const cuComplex *const Aarray[], int lda,
                                               const cuComplex *const Barray[], int ldb, const cuComplex *beta,
                                               cuComplex *const Carray[], int ldc, int batchCount);
cublasStatus_t CUBLASWINAPI cublasZgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                               cublasOperation_t transb, int m, int n, int k,
                                               const cuDoubleComplex *alpha, const cuDoubleComplex *const Aarray[],
                                               int lda, const cuDoubleComplex *const Barray[], int ldb,
                                               const cuDoubleComplex *beta, cuDoubleComplex *const Carray[], int ldc,
                                               int batchCount);

cublasStatus_t CUBLASWINAPI cublasSgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                                      cublasOperation_t transb, int m, int n, int k,
                                                      const float *alpha, const float *A, int lda,
                                                      long long int strideA, const float *B, int ldb,
                                                      long long int strideB, const float *beta, float *C, int ldc,
                                                      long long int strideC, int batchCount);
cublasStatus_t CUBLASWINAPI cublasDgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                                      cublasOperation_t transb, int m, int n, int k,
                                                      const double *alpha, const double *A, int lda,
                                                      long long int strideA, const double *B, int ldb,
                                                      long long int strideB, const double *beta, double *C, int ldc,
                                                      long long int strideC, int batchCount);
cublasStatus_t CUBLASWINAPI cublasCgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                                      cublasOperation_t transb, int m, int n, int k,
                                                      const cuComplex *alpha, const cuComplex *A, int lda,
                                                      long long int strideA, const cuComplex *B, int ldb,
                                                      long long int strideB, const cuComplex *beta, cuComplex *C,
                                                      int ldc, long long int strideC, int batchCount);
cublasStatus_t CUBLASWINAPI cublasZgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                                      cublasOperation_t transb, int m, int n, int k,
                                                      const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                                                      long long int strideA, const cuDoubleComplex *B, int ldb,
                                                      long long int strideB, const cuDoubleComplex *beta,
                                                      cuDoubleComplex *C, int ldc, long long int strideC,
                                                      int batchCount);

/* ---- level-1 Ex: vectors of CUDA_R_32F, _64F, CUDA_C_32F, _64F executed in their own type
 * (the S, D, C, Z routines), or CUDA_R_16F / CUDA_R_16BF executed in CUDA_R_32F (alpha a float,
 * a result of the vectors' type or float). Others: CUBLAS_STATUS_NOT_SUPPORTED. */
cublasStatus_t CUBLASWINAPI cublasDotEx(cublasHandle_t handle, int n, const void *x, cudaDataType xType, int incx,
                                        const void *y, cudaDataType yType, int incy, void *result,
                                        cudaDataType resultType, cudaDataType executionType);
cublasStatus_t CUBLASWINAPI cublasDotcEx(cublasHandle_t handle, int n, const void *x, cudaDataType xType, int incx,
                                         const void *y, cudaDataType yType, int incy, void *result,
                                         cudaDataType resultType, cudaDataType executionType);
cublasStatus_t CUBLASWINAPI cublasAxpyEx(cublasHandle_t handle, int n, const void *alpha, cudaDataType alphaType,
                                         const void *x, cudaDataType xType, int incx, void *y, cudaDataType yType,
                                         int incy, cudaDataType executiontype);
cublasStatus_t CUBLASWINAPI cublasScalEx(cublasHandle_t handle, int n, const void *alpha, cudaDataType alphaType,
                                         void *x, cudaDataType xType, int incx, cudaDataType executionType);
cublasStatus_t CUBLASWINAPI cublasNrm2Ex(cublasHandle_t handle, int n, const void *x, cudaDataType xType, int incx,
                                         void *result, cudaDataType resultType, cudaDataType executionType);

/* ---- Hgemm: half matrices and scalars (computed in float, rounded once to half) ---------- */
cublasStatus_t CUBLASWINAPI cublasHgemm(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                        int m, int n, int k, const __half *alpha, const __half *A, int lda,
                                        const __half *B, int ldb, const __half *beta, __half *C, int ldc);
cublasStatus_t CUBLASWINAPI cublasHgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                               cublasOperation_t transb, int m, int n, int k, const __half *alpha,
                                               const __half *const Aarray[], int lda, const __half *const Barray[],
                                               int ldb, const __half *beta, __half *const Carray[], int ldc,
                                               int batchCount);
cublasStatus_t CUBLASWINAPI cublasHgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                                      cublasOperation_t transb, int m, int n, int k,
                                                      const __half *alpha, const __half *A, int lda,
                                                      long long int strideA, const __half *B, int ldb,
                                                      long long int strideB, const __half *beta, __half *C, int ldc,
                                                      long long int strideC, int batchCount);

/* ---- gemmEx: A, B, C of one type, CUDA_R_32F, CUDA_R_64F, CUDA_C_32F or CUDA_C_64F with its
 * compute type (alpha and beta of the compute type); or A and B CUDA_R_16F, C CUDA_R_16F or
 * CUDA_R_32F (CUBLAS_COMPUTE_32F*, or 16F for C 16F); or A and B CUDA_R_16BF, C CUDA_R_16BF or
 * CUDA_R_32F (CUBLAS_COMPUTE_32F*): 16-bit ones computed in float. Others:
 * CUBLAS_STATUS_NOT_SUPPORTED. */
cublasStatus_t CUBLASWINAPI cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                         int m, int n, int k, const void *alpha, const void *A, cudaDataType Atype,
                                         int lda, const void *B, cudaDataType Btype, int ldb, const void *beta,
                                         void *C, cudaDataType Ctype, int ldc, cublasComputeType_t computeType,
                                         cublasGemmAlgo_t algo);
cublasStatus_t CUBLASWINAPI cublasGemmBatchedEx(cublasHandle_t handle, cublasOperation_t transa,
                                                cublasOperation_t transb, int m, int n, int k, const void *alpha,
                                                const void *const Aarray[], cudaDataType Atype, int lda,
                                                const void *const Barray[], cudaDataType Btype, int ldb,
                                                const void *beta, void *const Carray[], cudaDataType Ctype, int ldc,
                                                int batchCount, cublasComputeType_t computeType,
                                                cublasGemmAlgo_t algo);
cublasStatus_t CUBLASWINAPI cublasGemmStridedBatchedEx(cublasHandle_t handle, cublasOperation_t transa,
                                                       cublasOperation_t transb, int m, int n, int k,
                                                       const void *alpha, const void *A, cudaDataType Atype, int lda,
                                                       long long int strideA, const void *B, cudaDataType Btype,
                                                       int ldb, long long int strideB, const void *beta, void *C,
                                                       cudaDataType Ctype, int ldc, long long int strideC,
                                                       int batchCount, cublasComputeType_t computeType,
                                                       cublasGemmAlgo_t algo);

#ifdef __cplusplus
}

/* Code written for CUDA 10 passes a cudaDataType as gemmEx's compute type: C++ overloads take
 * it and pick the compute type cuBLAS 11 and later give it (the pedantic one under
 * CUBLAS_PEDANTIC_MATH), as NVIDIA's header does. */
static inline cublasStatus_t cu2c_cublas_compute_type(cublasHandle_t handle, cudaDataType type,
                                                      cublasComputeType_t *out)
{
    cublasMath_t mode = CUBLAS_DEFAULT_MATH;
    cublasStatus_t st = cublasGetMathMode(handle, &mode);
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    bool pedantic = (mode & 0xf) == CUBLAS_PEDANTIC_MATH;
    switch (type) {
    case CUDA_R_32F: case CUDA_C_32F:
        *out = pedantic ? CUBLAS_COMPUTE_32F_PEDANTIC : CUBLAS_COMPUTE_32F; return CUBLAS_STATUS_SUCCESS;
    case CUDA_R_64F: case CUDA_C_64F:
        *out = pedantic ? CUBLAS_COMPUTE_64F_PEDANTIC : CUBLAS_COMPUTE_64F; return CUBLAS_STATUS_SUCCESS;
    case CUDA_R_16F:
        *out = pedantic ? CUBLAS_COMPUTE_16F_PEDANTIC : CUBLAS_COMPUTE_16F; return CUBLAS_STATUS_SUCCESS;
    case CUDA_R_32I:
        *out = pedantic ? CUBLAS_COMPUTE_32I_PEDANTIC : CUBLAS_COMPUTE_32I; return CUBLAS_STATUS_SUCCESS;
    default:
        return CUBLAS_STATUS_NOT_SUPPORTED;
    }
}

static inline cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,
                                          int m, int n, int k, const void *alpha, const void *A, cudaDataType Atype,
                                          int lda, const void *B, cudaDataType Btype, int ldb, const void *beta,
                                          void *C, cudaDataType Ctype, int ldc, cudaDataType computeType,
                                          cublasGemmAlgo_t algo)
{
    cublasComputeType_t ct;
    cublasStatus_t st = cu2c_cublas_compute_type(handle, computeType, &ct);
    return st != CUBLAS_STATUS_SUCCESS ? st : cublasGemmEx(handle, transa, transb, m, n, k, alpha, A, Atype, lda,
                                                           B, Btype, ldb, beta, C, Ctype, ldc, ct, algo);
}

static inline cublasStatus_t cublasGemmBatchedEx(cublasHandle_t handle, cublasOperation_t transa,
                                                 cublasOperation_t transb, int m, int n, int k, const void *alpha,
                                                 const void *const Aarray[], cudaDataType Atype, int lda,
                                                 const void *const Barray[], cudaDataType Btype, int ldb,
                                                 const void *beta, void *const Carray[], cudaDataType Ctype, int ldc,
                                                 int batchCount, cudaDataType computeType, cublasGemmAlgo_t algo)
{
    cublasComputeType_t ct;
    cublasStatus_t st = cu2c_cublas_compute_type(handle, computeType, &ct);
    return st != CUBLAS_STATUS_SUCCESS ? st : cublasGemmBatchedEx(handle, transa, transb, m, n, k, alpha, Aarray,
                                                                  Atype, lda, Barray, Btype, ldb, beta, Carray,
                                                                  Ctype, ldc, batchCount, ct, algo);
}

static inline cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t handle, cublasOperation_t transa,
                                                        cublasOperation_t transb, int m, int n, int k,
                                                        const void *alpha, const void *A, cudaDataType Atype, int lda,
                                                        long long int strideA, const void *B, cudaDataType Btype,
                                                        int ldb, long long int strideB, const void *beta, void *C,
                                                        cudaDataType Ctype, int ldc, long long int strideC,
                                                        int batchCount, cudaDataType computeType,
                                                        cublasGemmAlgo_t algo)
{
    cublasComputeType_t ct;
    cublasStatus_t st = cu2c_cublas_compute_type(handle, computeType, &ct);
    return st != CUBLAS_STATUS_SUCCESS ? st
                                       : cublasGemmStridedBatchedEx(handle, transa, transb, m, n, k, alpha, A, Atype,
                                                                    lda, strideA, B, Btype, ldb, strideB, beta, C,
                                                                    Ctype, ldc, strideC, batchCount, ct, algo);
}
#endif /* __cplusplus */

#endif
