/* cusparse.h - the part of cuSPARSE, CUDA's sparse linear algebra library, that cu2c
 * provides: the handle (create, destroy, stream, pointer mode, version, error names), the
 * legacy matrix descriptor's properties (cusparseMatDescr_t), and the generic API:
 *   - descriptors: sparse matrices in CSR, CSC and COO (32- or 64-bit indices, base 0 or 1,
 *     fill mode and diagonal attributes, strided batches), dense matrices (row- or column-major
 *     with a leading dimension, strided batches), dense and sparse vectors;
 *   - SpMV (CSR, CSC, COO; op(A) = A, A^T or A^H), SpMM (the same, op(B) too, B and C in
 *     either order, batches), SpGEMM (CSR x CSR -> CSR, not transposed, the two-call buffer
 *     protocol), SDDMM (C in CSR, CSC or COO; batches), DenseToSparse (to CSR, CSC, COO) and
 *     SparseToDense, Axpby, Gather, Scatter.
 * Values are CUDA_R_32F, CUDA_R_64F, CUDA_C_32F or CUDA_C_64F with the compute type of their
 * own precision, or CUDA_R_16F / CUDA_R_16BF computed in CUDA_R_32F; every operand of one
 * call has the same value type. Names, signatures, enum values and status codes are CUDA's.
 * Link with -lcusparse (lib64/libcusparse.a); the work is ordered on the handle's stream like
 * any stream work (DenseToSparse_analysis, SpGEMM_workEstimation and SpGEMM_compute wait
 * for it: they report sizes on return).
 *
 * CUSPARSE_STATUS_NOT_SUPPORTED: mixed value types (A half with y float...), transposed or
 * batched SpGEMM, batched SpMV and conversions, 16-bit indices. Not declared, so a program
 * calling them does not compile: SpSV, SpSM, SpGEAM, SpMMOp, SpVV, Rot, the SpGEMMreuse
 * routines, BSR, blocked-ELL and sliced-ELL descriptors, and the legacy routines (csrmv,
 * csrsv2, csrilu02, csr2csc, gthr...). */
#ifndef CU2C_CUSPARSE_H
#define CU2C_CUSPARSE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define CUSPARSE_H_ /* the toolkit's guard */

#include <stdint.h>
#include "driver_types.h"
#include "cuComplex.h"
#include "library_types.h"

#ifndef CUSPARSEAPI
#define CUSPARSEAPI   /* programs (helper_cuda.h) test this macro to know cuSPARSE is there */
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* cuSPARSE of the CUDA release cu2c's runtime follows (CUDART_VERSION 12080) */
#define CUSPARSE_VER_MAJOR 12
#define CUSPARSE_VER_MINOR 5
#define CUSPARSE_VER_PATCH 7
#define CUSPARSE_VER_BUILD 53
#define CUSPARSE_VERSION (CUSPARSE_VER_MAJOR * 1000 + CUSPARSE_VER_MINOR * 100 + CUSPARSE_VER_PATCH)

struct cusparseContext;
typedef struct cusparseContext *cusparseHandle_t;

typedef enum {
    CUSPARSE_STATUS_SUCCESS = 0,
    CUSPARSE_STATUS_NOT_INITIALIZED = 1,       /* a null or destroyed handle */
    CUSPARSE_STATUS_ALLOC_FAILED = 2,
    CUSPARSE_STATUS_INVALID_VALUE = 3,         /* a bad size, pointer or enum */
    CUSPARSE_STATUS_ARCH_MISMATCH = 4,
    CUSPARSE_STATUS_MAPPING_ERROR = 5,
    CUSPARSE_STATUS_EXECUTION_FAILED = 6,      /* the stream's work failed */
    CUSPARSE_STATUS_INTERNAL_ERROR = 7,
    CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
    CUSPARSE_STATUS_ZERO_PIVOT = 9,
    CUSPARSE_STATUS_NOT_SUPPORTED = 10,        /* valid, but not provided by cu2c */
    CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;

typedef enum { CUSPARSE_POINTER_MODE_HOST = 0, CUSPARSE_POINTER_MODE_DEVICE = 1 } cusparsePointerMode_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum {
    CUSPARSE_OPERATION_NON_TRANSPOSE = 0,
    CUSPARSE_OPERATION_TRANSPOSE = 1,
    CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} cusparseOperation_t;
typedef enum {
    CUSPARSE_FORMAT_CSR = 1,
    CUSPARSE_FORMAT_CSC = 2,
    CUSPARSE_FORMAT_COO = 3,
    CUSPARSE_FORMAT_BLOCKED_ELL = 5,
    CUSPARSE_FORMAT_BSR = 6,
    CUSPARSE_FORMAT_SLICED_ELLPACK = 7
} cusparseFormat_t;
typedef enum {
    CUSPARSE_INDEX_16U = 1,
    CUSPARSE_INDEX_32I = 2,
    CUSPARSE_INDEX_64I = 3
} cusparseIndexType_t;
typedef enum {
    CUSPARSE_SPMV_ALG_DEFAULT = 0,
    CUSPARSE_SPMV_COO_ALG1 = 1,
    CUSPARSE_SPMV_CSR_ALG1 = 2,
    CUSPARSE_SPMV_CSR_ALG2 = 3,
    CUSPARSE_SPMV_COO_ALG2 = 4,
    CUSPARSE_SPMV_SELL_ALG1 = 5,
    CUSPARSE_SPMV_BSR_ALG1 = 6
} cusparseSpMVAlg_t;

typedef enum {
    CUSPARSE_ORDER_COL = 1,            /* column-major: element (i, j) at i + j * ld */
    CUSPARSE_ORDER_ROW = 2             /* row-major: element (i, j) at i * ld + j */
} cusparseOrder_t;
typedef enum {
    CUSPARSE_SPMAT_FILL_MODE = 0,      /* a cusparseFillMode_t */
    CUSPARSE_SPMAT_DIAG_TYPE = 1       /* a cusparseDiagType_t */
} cusparseSpMatAttribute_t;
typedef enum {
    CUSPARSE_SPMM_ALG_DEFAULT = 0,
    CUSPARSE_SPMM_COO_ALG1 = 1,
    CUSPARSE_SPMM_COO_ALG2 = 2,
    CUSPARSE_SPMM_COO_ALG3 = 3,
    CUSPARSE_SPMM_COO_ALG4 = 5,
    CUSPARSE_SPMM_CSR_ALG1 = 4,
    CUSPARSE_SPMM_CSR_ALG2 = 6,
    CUSPARSE_SPMM_CSR_ALG3 = 12,
    CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13,
    CUSPARSE_SPMM_BSR_ALG1 = 14
} cusparseSpMMAlg_t;
typedef enum {
    CUSPARSE_SPGEMM_DEFAULT = 0,
    CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1,     /* (sic: CUDA's spelling) */
    CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2,
    CUSPARSE_SPGEMM_ALG1 = 3,
    CUSPARSE_SPGEMM_ALG2 = 4,
    CUSPARSE_SPGEMM_ALG3 = 5
} cusparseSpGEMMAlg_t;
typedef enum { CUSPARSE_SDDMM_ALG_DEFAULT = 0 } cusparseSDDMMAlg_t;
typedef enum { CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0 } cusparseSparseToDenseAlg_t;
typedef enum { CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0 } cusparseDenseToSparseAlg_t;

struct cusparseSpVecDescr;
struct cusparseDnVecDescr;
struct cusparseSpMatDescr;
struct cusparseDnMatDescr;
struct cusparseSpGEMMDescr;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef struct cusparseSpVecDescr const *cusparseConstSpVecDescr_t;
typedef struct cusparseDnVecDescr const *cusparseConstDnVecDescr_t;
typedef struct cusparseSpMatDescr const *cusparseConstSpMatDescr_t;
typedef struct cusparseDnMatDescr const *cusparseConstDnMatDescr_t;
typedef struct cusparseSpGEMMDescr *cusparseSpGEMMDescr_t;

/* ---- the legacy matrix descriptor (its properties only: the routines taking it are not
 * provided) ------------------------------------------------------------------------------ */

typedef enum {
    CUSPARSE_MATRIX_TYPE_GENERAL = 0,
    CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
    CUSPARSE_MATRIX_TYPE_HERMITIAN = 2,
    CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} cusparseMatrixType_t;
typedef enum { CUSPARSE_FILL_MODE_LOWER = 0, CUSPARSE_FILL_MODE_UPPER = 1 } cusparseFillMode_t;
typedef enum { CUSPARSE_DIAG_TYPE_NON_UNIT = 0, CUSPARSE_DIAG_TYPE_UNIT = 1 } cusparseDiagType_t;
struct cusparseMatDescr;
typedef struct cusparseMatDescr *cusparseMatDescr_t;

/* ---- the handle ---------------------------------------------------------------------- */

cusparseStatus_t CUSPARSEAPI cusparseCreate(cusparseHandle_t *handle);
cusparseStatus_t CUSPARSEAPI cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t CUSPARSEAPI cusparseGetVersion(cusparseHandle_t handle, int *version);
cusparseStatus_t CUSPARSEAPI cusparseGetProperty(libraryPropertyType type, int *value);
const char *CUSPARSEAPI cusparseGetErrorName(cusparseStatus_t status);
const char *CUSPARSEAPI cusparseGetErrorString(cusparseStatus_t status);
cusparseStatus_t CUSPARSEAPI cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId);
/* a new descriptor: general, lower, non-unit, base zero */
cusparseStatus_t CUSPARSEAPI cusparseCreateMatDescr(cusparseMatDescr_t *descrA);
cusparseStatus_t CUSPARSEAPI cusparseDestroyMatDescr(cusparseMatDescr_t descrA);
cusparseStatus_t CUSPARSEAPI cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type);
cusparseMatrixType_t CUSPARSEAPI cusparseGetMatType(const cusparseMatDescr_t descrA);
cusparseStatus_t CUSPARSEAPI cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode);
cusparseFillMode_t CUSPARSEAPI cusparseGetMatFillMode(const cusparseMatDescr_t descrA);
cusparseStatus_t CUSPARSEAPI cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType);
cusparseDiagType_t CUSPARSEAPI cusparseGetMatDiagType(const cusparseMatDescr_t descrA);
cusparseStatus_t CUSPARSEAPI cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base);
cusparseIndexBase_t CUSPARSEAPI cusparseGetMatIndexBase(const cusparseMatDescr_t descrA);
cusparseStatus_t CUSPARSEAPI cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId);
cusparseStatus_t CUSPARSEAPI cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode);
cusparseStatus_t CUSPARSEAPI cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode);

/* ---- dense vectors ------------------------------------------------------------------- */

/* Any value type is recorded (an operation refuses what it does not compute). */
cusparseStatus_t CUSPARSEAPI cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
                                                 cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *dnVecDescr, int64_t size,
                                                      const void *values, cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr);
cusparseStatus_t CUSPARSEAPI cusparseDnVecGet(cusparseDnVecDescr_t dnVecDescr, int64_t *size, void **values,
                                              cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseConstDnVecGet(cusparseConstDnVecDescr_t dnVecDescr, int64_t *size,
                                                   const void **values, cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values);
cusparseStatus_t CUSPARSEAPI cusparseConstDnVecGetValues(cusparseConstDnVecDescr_t dnVecDescr, const void **values);
cusparseStatus_t CUSPARSEAPI cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void *values);

/* ---- dense matrices ------------------------------------------------------------------ */

/* ld: at least rows (column-major) or cols (row-major), and at least 1 */
cusparseStatus_t CUSPARSEAPI cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols,
                                                 int64_t ld, void *values, cudaDataType valueType,
                                                 cusparseOrder_t order);
cusparseStatus_t CUSPARSEAPI cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *dnMatDescr, int64_t rows,
                                                      int64_t cols, int64_t ld, const void *values,
                                                      cudaDataType valueType, cusparseOrder_t order);
cusparseStatus_t CUSPARSEAPI cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr);
cusparseStatus_t CUSPARSEAPI cusparseDnMatGet(cusparseDnMatDescr_t dnMatDescr, int64_t *rows, int64_t *cols,
                                              int64_t *ld, void **values, cudaDataType *type,
                                              cusparseOrder_t *order);
cusparseStatus_t CUSPARSEAPI cusparseConstDnMatGet(cusparseConstDnMatDescr_t dnMatDescr, int64_t *rows,
                                                   int64_t *cols, int64_t *ld, const void **values,
                                                   cudaDataType *type, cusparseOrder_t *order);
cusparseStatus_t CUSPARSEAPI cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr, void **values);
cusparseStatus_t CUSPARSEAPI cusparseConstDnMatGetValues(cusparseConstDnMatDescr_t dnMatDescr, const void **values);
cusparseStatus_t CUSPARSEAPI cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr, void *values);
/* batchCount matrices batchStride elements apart (SpMM and SDDMM take them) */
cusparseStatus_t CUSPARSEAPI cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t dnMatDescr, int batchCount,
                                                          int64_t batchStride);
cusparseStatus_t CUSPARSEAPI cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t dnMatDescr, int *batchCount,
                                                          int64_t *batchStride);

/* ---- sparse vectors ------------------------------------------------------------------ */

cusparseStatus_t CUSPARSEAPI cusparseCreateSpVec(cusparseSpVecDescr_t *spVecDescr, int64_t size, int64_t nnz,
                                                 void *indices, void *values, cusparseIndexType_t idxType,
                                                 cusparseIndexBase_t idxBase, cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *spVecDescr, int64_t size,
                                                      int64_t nnz, const void *indices, const void *values,
                                                      cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
                                                      cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr);
cusparseStatus_t CUSPARSEAPI cusparseSpVecGet(cusparseSpVecDescr_t spVecDescr, int64_t *size, int64_t *nnz,
                                              void **indices, void **values, cusparseIndexType_t *idxType,
                                              cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseConstSpVecGet(cusparseConstSpVecDescr_t spVecDescr, int64_t *size,
                                                   int64_t *nnz, const void **indices, const void **values,
                                                   cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
                                                   cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseSpVecGetIndexBase(cusparseConstSpVecDescr_t spVecDescr,
                                                       cusparseIndexBase_t *idxBase);
cusparseStatus_t CUSPARSEAPI cusparseSpVecGetValues(cusparseSpVecDescr_t spVecDescr, void **values);
cusparseStatus_t CUSPARSEAPI cusparseConstSpVecGetValues(cusparseConstSpVecDescr_t spVecDescr, const void **values);
cusparseStatus_t CUSPARSEAPI cusparseSpVecSetValues(cusparseSpVecDescr_t spVecDescr, void *values);

/* ---- sparse matrices: CSR, CSC, COO -------------------------------------------------- */

/* 32- or 64-bit indices (16-bit ones are CUSPARSE_STATUS_NOT_SUPPORTED, as CUDA's); the
 * arrays may be null while nnz is 0 (a product's or a conversion's C before its size is
 * known), then set with cusparseCsrSetPointers and its neighbours. */
cusparseStatus_t CUSPARSEAPI cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                               int64_t nnz, void *csrRowOffsets, void *csrColInd, void *csrValues,
                                               cusparseIndexType_t csrRowOffsetsType,
                                               cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                               cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseCreateConstCsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                                    int64_t cols, int64_t nnz, const void *csrRowOffsets,
                                                    const void *csrColInd, const void *csrValues,
                                                    cusparseIndexType_t csrRowOffsetsType,
                                                    cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                                    cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                               int64_t nnz, void *cscColOffsets, void *cscRowInd, void *cscValues,
                                               cusparseIndexType_t cscColOffsetsType,
                                               cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
                                               cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseCreateConstCsc(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                                    int64_t cols, int64_t nnz, const void *cscColOffsets,
                                                    const void *cscRowInd, const void *cscValues,
                                                    cusparseIndexType_t cscColOffsetsType,
                                                    cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
                                                    cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                               int64_t nnz, void *cooRowInd, void *cooColInd, void *cooValues,
                                               cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
                                               cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseCreateConstCoo(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                                    int64_t cols, int64_t nnz, const void *cooRowInd,
                                                    const void *cooColInd, const void *cooValues,
                                                    cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
                                                    cudaDataType valueType);
cusparseStatus_t CUSPARSEAPI cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr);
cusparseStatus_t CUSPARSEAPI cusparseCsrGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                            int64_t *nnz, void **csrRowOffsets, void **csrColInd, void **csrValues,
                                            cusparseIndexType_t *csrRowOffsetsType,
                                            cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
                                            cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseConstCsrGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                                 int64_t *nnz, const void **csrRowOffsets, const void **csrColInd,
                                                 const void **csrValues, cusparseIndexType_t *csrRowOffsetsType,
                                                 cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
                                                 cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseCscGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                            int64_t *nnz, void **cscColOffsets, void **cscRowInd, void **cscValues,
                                            cusparseIndexType_t *cscColOffsetsType,
                                            cusparseIndexType_t *cscRowIndType, cusparseIndexBase_t *idxBase,
                                            cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseConstCscGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                                 int64_t *nnz, const void **cscColOffsets, const void **cscRowInd,
                                                 const void **cscValues, cusparseIndexType_t *cscColOffsetsType,
                                                 cusparseIndexType_t *cscRowIndType, cusparseIndexBase_t *idxBase,
                                                 cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseCooGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                            int64_t *nnz, void **cooRowInd, void **cooColInd, void **cooValues,
                                            cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
                                            cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseConstCooGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                                 int64_t *nnz, const void **cooRowInd, const void **cooColInd,
                                                 const void **cooValues, cusparseIndexType_t *idxType,
                                                 cusparseIndexBase_t *idxBase, cudaDataType *valueType);
cusparseStatus_t CUSPARSEAPI cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
                                                  int64_t *cols, int64_t *nnz);
cusparseStatus_t CUSPARSEAPI cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr, cusparseFormat_t *format);
cusparseStatus_t CUSPARSEAPI cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr,
                                                       cusparseIndexBase_t *idxBase);
cusparseStatus_t CUSPARSEAPI cusparseSpMatGetValues(cusparseSpMatDescr_t spMatDescr, void **values);
cusparseStatus_t CUSPARSEAPI cusparseConstSpMatGetValues(cusparseConstSpMatDescr_t spMatDescr, const void **values);
cusparseStatus_t CUSPARSEAPI cusparseSpMatSetValues(cusparseSpMatDescr_t spMatDescr, void *values);
cusparseStatus_t CUSPARSEAPI cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets,
                                                    void *csrColInd, void *csrValues);
cusparseStatus_t CUSPARSEAPI cusparseCscSetPointers(cusparseSpMatDescr_t spMatDescr, void *cscColOffsets,
                                                    void *cscRowInd, void *cscValues);
cusparseStatus_t CUSPARSEAPI cusparseCooSetPointers(cusparseSpMatDescr_t spMatDescr, void *cooRows,
                                                    void *cooColumns, void *cooValues);
/* data points to a cusparseFillMode_t or cusparseDiagType_t; dataSize is its size */
cusparseStatus_t CUSPARSEAPI cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t spMatDescr,
                                                       cusparseSpMatAttribute_t attribute, void *data,
                                                       size_t dataSize);
cusparseStatus_t CUSPARSEAPI cusparseSpMatSetAttribute(cusparseSpMatDescr_t spMatDescr,
                                                       cusparseSpMatAttribute_t attribute, void *data,
                                                       size_t dataSize);
cusparseStatus_t CUSPARSEAPI cusparseSpMatGetStridedBatch(cusparseConstSpMatDescr_t spMatDescr, int *batchCount);
cusparseStatus_t CUSPARSEAPI cusparseCooSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
                                                        int64_t batchStride);
cusparseStatus_t CUSPARSEAPI cusparseCsrSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
                                                        int64_t offsetsBatchStride,
                                                        int64_t columnsValuesBatchStride);

/* ---- SpMV: y = alpha op(A) x + beta y ------------------------------------------------ */

/* No buffer is needed: the size is 0 (a null externalBuffer is accepted); preprocess checks. */
cusparseStatus_t CUSPARSEAPI cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                                     const void *alpha, cusparseConstSpMatDescr_t matA,
                                                     cusparseConstDnVecDescr_t vecX, const void *beta,
                                                     cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                                     cusparseSpMVAlg_t alg, size_t *bufferSize);
cusparseStatus_t CUSPARSEAPI cusparseSpMV_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                                     const void *alpha, cusparseConstSpMatDescr_t matA,
                                                     cusparseConstDnVecDescr_t vecX, const void *beta,
                                                     cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                                     cusparseSpMVAlg_t alg, void *externalBuffer);
cusparseStatus_t CUSPARSEAPI cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                                          cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                          const void *beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                          cusparseSpMVAlg_t alg, void *externalBuffer);

/* ---- SpMM: C = alpha op(A) op(B) + beta C, A sparse, B and C dense ------------------- */

/* The buffer size is 0; preprocess checks. */
cusparseStatus_t CUSPARSEAPI cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                                     cusparseOperation_t opB, const void *alpha,
                                                     cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                                     const void *beta, cusparseDnMatDescr_t matC,
                                                     cudaDataType computeType, cusparseSpMMAlg_t alg,
                                                     size_t *bufferSize);
cusparseStatus_t CUSPARSEAPI cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                                     cusparseOperation_t opB, const void *alpha,
                                                     cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                                     const void *beta, cusparseDnMatDescr_t matC,
                                                     cudaDataType computeType, cusparseSpMMAlg_t alg,
                                                     void *externalBuffer);
cusparseStatus_t CUSPARSEAPI cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
                                          cusparseOperation_t opB, const void *alpha,
                                          cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                          const void *beta, cusparseDnMatDescr_t matC, cudaDataType computeType,
                                          cusparseSpMMAlg_t alg, void *externalBuffer);

/* ---- SpGEMM: C = alpha A B (+ beta C on copy), all CSR -------------------------------- */

/* workEstimation and compute are each called twice: with a null buffer for its size in
 * bytes, then with a buffer of that size. workEstimation counts C's entries and compute
 * multiplies (both wait for the stream), after which cusparseSpMatGetSize(matC) gives C's nnz; copy
 * writes C's arrays (set with cusparseCsrSetPointers), adding beta times the values there.
 * Both buffers must live until copy has run. */
cusparseStatus_t CUSPARSEAPI cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *descr);
cusparseStatus_t CUSPARSEAPI cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t descr);
cusparseStatus_t CUSPARSEAPI cusparseSpGEMM_workEstimation(cusparseHandle_t handle, cusparseOperation_t opA,
                                                           cusparseOperation_t opB, const void *alpha,
                                                           cusparseConstSpMatDescr_t matA,
                                                           cusparseConstSpMatDescr_t matB, const void *beta,
                                                           cusparseSpMatDescr_t matC, cudaDataType computeType,
                                                           cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
                                                           size_t *bufferSize1, void *externalBuffer1);
cusparseStatus_t CUSPARSEAPI cusparseSpGEMM_compute(cusparseHandle_t handle, cusparseOperation_t opA,
                                                    cusparseOperation_t opB, const void *alpha,
                                                    cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
                                                    const void *beta, cusparseSpMatDescr_t matC,
                                                    cudaDataType computeType, cusparseSpGEMMAlg_t alg,
                                                    cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize2,
                                                    void *externalBuffer2);
cusparseStatus_t CUSPARSEAPI cusparseSpGEMM_copy(cusparseHandle_t handle, cusparseOperation_t opA,
                                                 cusparseOperation_t opB, const void *alpha,
                                                 cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
                                                 const void *beta, cusparseSpMatDescr_t matC,
                                                 cudaDataType computeType, cusparseSpGEMMAlg_t alg,
                                                 cusparseSpGEMMDescr_t spgemmDescr);

/* ---- SDDMM: C = alpha (op(A) op(B)) .* spy(C) + beta C, A and B dense ---------------- */

cusparseStatus_t CUSPARSEAPI cusparseSDDMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                                      cusparseOperation_t opB, const void *alpha,
                                                      cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                                      const void *beta, cusparseSpMatDescr_t matC,
                                                      cudaDataType computeType, cusparseSDDMMAlg_t alg,
                                                      size_t *bufferSize);
cusparseStatus_t CUSPARSEAPI cusparseSDDMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                                      cusparseOperation_t opB, const void *alpha,
                                                      cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                                      const void *beta, cusparseSpMatDescr_t matC,
                                                      cudaDataType computeType, cusparseSDDMMAlg_t alg,
                                                      void *externalBuffer);
cusparseStatus_t CUSPARSEAPI cusparseSDDMM(cusparseHandle_t handle, cusparseOperation_t opA,
                                           cusparseOperation_t opB, const void *alpha,
                                           cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                           const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
                                           cusparseSDDMMAlg_t alg, void *externalBuffer);

/* ---- conversions between dense and sparse matrices ----------------------------------- */

/* SparseToDense writes every element of B (zeros where A has no entry); its buffer size is 0.
 * DenseToSparse: _bufferSize asks for (B's rows, or columns for CSC, + 1) int64, a buffer
 * _analysis and _convert share; _analysis (which waits for the stream) counts B's entries,
 * writes CSR's or CSC's offsets and sets B's nnz; the program then allocates B's indices and
 * values, sets them (cusparseCsrSetPointers...) and calls _convert. An entry is an element
 * that is not zero. */
cusparseStatus_t CUSPARSEAPI cusparseSparseToDense_bufferSize(cusparseHandle_t handle,
                                                              cusparseConstSpMatDescr_t matA,
                                                              cusparseDnMatDescr_t matB,
                                                              cusparseSparseToDenseAlg_t alg, size_t *bufferSize);
cusparseStatus_t CUSPARSEAPI cusparseSparseToDense(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
                                                   cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg,
                                                   void *externalBuffer);
cusparseStatus_t CUSPARSEAPI cusparseDenseToSparse_bufferSize(cusparseHandle_t handle,
                                                              cusparseConstDnMatDescr_t matA,
                                                              cusparseSpMatDescr_t matB,
                                                              cusparseDenseToSparseAlg_t alg, size_t *bufferSize);
cusparseStatus_t CUSPARSEAPI cusparseDenseToSparse_analysis(cusparseHandle_t handle, cusparseConstDnMatDescr_t matA,
                                                            cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg,
                                                            void *externalBuffer);
cusparseStatus_t CUSPARSEAPI cusparseDenseToSparse_convert(cusparseHandle_t handle, cusparseConstDnMatDescr_t matA,
                                                           cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg,
                                                           void *externalBuffer);

/* ---- sparse vector operations -------------------------------------------------------- */

/* y = alpha x + beta y (x sparse: y's other elements are scaled by beta alone) */
cusparseStatus_t CUSPARSEAPI cusparseAxpby(cusparseHandle_t handle, const void *alpha, cusparseConstSpVecDescr_t vecX,
                                           const void *beta, cusparseDnVecDescr_t vecY);
/* x's values = y at x's indices */
cusparseStatus_t CUSPARSEAPI cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY,
                                            cusparseSpVecDescr_t vecX);
/* y at x's indices = x's values */
cusparseStatus_t CUSPARSEAPI cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX,
                                             cusparseDnVecDescr_t vecY);

#ifdef __cplusplus
}
#endif

#endif
