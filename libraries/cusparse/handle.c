/* libraries/cusparse/handle.c - cuSPARSE's handle (create, destroy, stream, pointer mode,
 * version, error names) and its CSR matrix and dense vector descriptors. */
#include <stdlib.h>
#include "cusparse_internal.h"

cusparseStatus_t cusparseCreate(cusparseHandle_t *handle)
{
    if (!handle)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *handle = NULL;
    int device;
    if (cudaGetDevice(&device) != cudaSuccess)
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    cusparseHandle_t h = calloc(1, sizeof *h);
    if (!h)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    h->magic = CS_HANDLE_MAGIC;
    h->pointer_mode = CUSPARSE_POINTER_MODE_HOST;
    *handle = h;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroy(cusparseHandle_t handle)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    handle->magic = 0;
    free(handle);
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!version)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *version = CUSPARSE_VERSION;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value)
{
    if (!value)
        return CUSPARSE_STATUS_INVALID_VALUE;
    switch (type) {
    case MAJOR_VERSION: *value = CUSPARSE_VER_MAJOR; return CUSPARSE_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CUSPARSE_VER_MINOR; return CUSPARSE_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CUSPARSE_VER_PATCH; return CUSPARSE_STATUS_SUCCESS;
    }
    return CUSPARSE_STATUS_INVALID_VALUE;
}

const char *cusparseGetErrorName(cusparseStatus_t status)
{
    switch (status) {
    case CUSPARSE_STATUS_SUCCESS: return "CUSPARSE_STATUS_SUCCESS";
    case CUSPARSE_STATUS_NOT_INITIALIZED: return "CUSPARSE_STATUS_NOT_INITIALIZED";
    case CUSPARSE_STATUS_ALLOC_FAILED: return "CUSPARSE_STATUS_ALLOC_FAILED";
    case CUSPARSE_STATUS_INVALID_VALUE: return "CUSPARSE_STATUS_INVALID_VALUE";
    case CUSPARSE_STATUS_ARCH_MISMATCH: return "CUSPARSE_STATUS_ARCH_MISMATCH";
    case CUSPARSE_STATUS_MAPPING_ERROR: return "CUSPARSE_STATUS_MAPPING_ERROR";
    case CUSPARSE_STATUS_EXECUTION_FAILED: return "CUSPARSE_STATUS_EXECUTION_FAILED";
    case CUSPARSE_STATUS_INTERNAL_ERROR: return "CUSPARSE_STATUS_INTERNAL_ERROR";
    case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
    case CUSPARSE_STATUS_ZERO_PIVOT: return "CUSPARSE_STATUS_ZERO_PIVOT";
    case CUSPARSE_STATUS_NOT_SUPPORTED: return "CUSPARSE_STATUS_NOT_SUPPORTED";
    case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES";
    }
    return "CUSPARSE_STATUS_UNKNOWN";
}

const char *cusparseGetErrorString(cusparseStatus_t status)
{
    switch (status) {
    case CUSPARSE_STATUS_SUCCESS: return "success";
    case CUSPARSE_STATUS_NOT_INITIALIZED: return "initialization error (a null or destroyed handle)";
    case CUSPARSE_STATUS_ALLOC_FAILED: return "out of memory";
    case CUSPARSE_STATUS_INVALID_VALUE: return "invalid value";
    case CUSPARSE_STATUS_ARCH_MISMATCH: return "architecture mismatch";
    case CUSPARSE_STATUS_MAPPING_ERROR: return "mapping error";
    case CUSPARSE_STATUS_EXECUTION_FAILED: return "execution failed";
    case CUSPARSE_STATUS_INTERNAL_ERROR: return "internal error";
    case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "matrix type not supported";
    case CUSPARSE_STATUS_ZERO_PIVOT: return "zero pivot";
    case CUSPARSE_STATUS_NOT_SUPPORTED: return "operation not supported";
    case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "insufficient resources";
    }
    return "unknown error";
}

cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    enum cudaStreamCaptureStatus capture;
    if (cudaStreamIsCapturing(streamId, &capture) == cudaErrorInvalidResourceHandle)
        return CUSPARSE_STATUS_INVALID_VALUE;
    handle->stream = streamId;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!streamId)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *streamId = handle->stream;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!mode)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *mode = handle->pointer_mode;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (mode != CUSPARSE_POINTER_MODE_HOST && mode != CUSPARSE_POINTER_MODE_DEVICE)
        return CUSPARSE_STATUS_INVALID_VALUE;
    handle->pointer_mode = mode;
    return CUSPARSE_STATUS_SUCCESS;
}

/* ---- dense vectors ------------------------------------------------------------------- */

/* Any value type is recorded (SpMV refuses what it does not compute). */
cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
                                     cudaDataType valueType)
{
    if (!dnVecDescr || size < 0 || (size > 0 && !values))
        return CUSPARSE_STATUS_INVALID_VALUE;
    cusparseDnVecDescr_t v = calloc(1, sizeof *v);
    if (!v)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    *v = (struct cusparseDnVecDescr){CS_DNVEC_MAGIC, size, values, valueType};
    *dnVecDescr = v;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *dnVecDescr, int64_t size, const void *values,
                                          cudaDataType valueType)
{
    cusparseDnVecDescr_t v = NULL;
    if (!dnVecDescr)
        return CUSPARSE_STATUS_INVALID_VALUE;
    cusparseStatus_t st = cusparseCreateDnVec(&v, size, (void *)values, valueType);
    *dnVecDescr = v;
    return st;
}

cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr)
{
    if (!dnVecDescr)   /* as cuSPARSE: destroying nothing is fine */
        return CUSPARSE_STATUS_SUCCESS;
    if (!cs_valid_dnvec(dnVecDescr))
        return CUSPARSE_STATUS_INVALID_VALUE;
    struct cusparseDnVecDescr *v = (struct cusparseDnVecDescr *)dnVecDescr;
    v->magic = 0;
    free(v);
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t dnVecDescr, int64_t *size, void **values,
                                  cudaDataType *valueType)
{
    if (!cs_valid_dnvec(dnVecDescr) || !size || !values || !valueType)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *size = dnVecDescr->size;
    *values = dnVecDescr->values;
    *valueType = dnVecDescr->value_type;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values)
{
    if (!cs_valid_dnvec(dnVecDescr) || !values)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *values = dnVecDescr->values;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void *values)
{
    if (!cs_valid_dnvec(dnVecDescr) || (!values && dnVecDescr->size > 0))
        return CUSPARSE_STATUS_INVALID_VALUE;
    dnVecDescr->values = values;
    return CUSPARSE_STATUS_SUCCESS;
}

/* ---- CSR matrices -------------------------------------------------------------------- */

static int cs_valid_index_type(cusparseIndexType_t t)
{
    return t == CUSPARSE_INDEX_16U || t == CUSPARSE_INDEX_32I || t == CUSPARSE_INDEX_64I;
}

/* 32- and 64-bit indices; 16-bit ones, which cuSPARSE's CSR does not take either, are
 * CUSPARSE_STATUS_NOT_SUPPORTED. */
cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                   void *csrRowOffsets, void *csrColInd, void *csrValues,
                                   cusparseIndexType_t csrRowOffsetsType, cusparseIndexType_t csrColIndType,
                                   cusparseIndexBase_t idxBase, cudaDataType valueType)
{
    if (!spMatDescr || rows < 0 || cols < 0 || nnz < 0 || (rows > 0 && !csrRowOffsets) ||
        (nnz > 0 && (!csrColInd || !csrValues)) || !cs_valid_index_type(csrRowOffsetsType) ||
        !cs_valid_index_type(csrColIndType) ||
        (idxBase != CUSPARSE_INDEX_BASE_ZERO && idxBase != CUSPARSE_INDEX_BASE_ONE))
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (csrRowOffsetsType == CUSPARSE_INDEX_16U || csrColIndType == CUSPARSE_INDEX_16U)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    cusparseSpMatDescr_t m = calloc(1, sizeof *m);
    if (!m)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    *m = (struct cusparseSpMatDescr){CS_SPMAT_MAGIC, CUSPARSE_FORMAT_CSR, rows, cols, nnz, csrRowOffsets, csrColInd,
                                     csrValues, csrRowOffsetsType, csrColIndType, idxBase, valueType};
    *spMatDescr = m;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                        int64_t nnz, const void *csrRowOffsets, const void *csrColInd,
                                        const void *csrValues, cusparseIndexType_t csrRowOffsetsType,
                                        cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                        cudaDataType valueType)
{
    cusparseSpMatDescr_t m = NULL;
    if (!spMatDescr)
        return CUSPARSE_STATUS_INVALID_VALUE;
    cusparseStatus_t st = cusparseCreateCsr(&m, rows, cols, nnz, (void *)csrRowOffsets, (void *)csrColInd,
                                            (void *)csrValues, csrRowOffsetsType, csrColIndType, idxBase, valueType);
    *spMatDescr = m;
    return st;
}

cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr)
{
    if (!spMatDescr)
        return CUSPARSE_STATUS_SUCCESS;
    if (!cs_valid_spmat(spMatDescr))
        return CUSPARSE_STATUS_INVALID_VALUE;
    struct cusparseSpMatDescr *m = (struct cusparseSpMatDescr *)spMatDescr;
    m->magic = 0;
    free(m);
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                      int64_t *nnz)
{
    if (!cs_valid_spmat(spMatDescr) || !rows || !cols || !nnz)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *rows = spMatDescr->rows;
    *cols = spMatDescr->cols;
    *nnz = spMatDescr->nnz;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr, cusparseFormat_t *format)
{
    if (!cs_valid_spmat(spMatDescr) || !format)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *format = spMatDescr->format;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr, cusparseIndexBase_t *idxBase)
{
    if (!cs_valid_spmat(spMatDescr) || !idxBase)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *idxBase = spMatDescr->base;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets, void *csrColInd,
                                        void *csrValues)
{
    if (!cs_valid_spmat(spMatDescr) || spMatDescr->format != CUSPARSE_FORMAT_CSR ||
        (spMatDescr->rows > 0 && !csrRowOffsets) || (spMatDescr->nnz > 0 && (!csrColInd || !csrValues)))
        return CUSPARSE_STATUS_INVALID_VALUE;
    spMatDescr->offsets = csrRowOffsets;
    spMatDescr->indices = csrColInd;
    spMatDescr->values = csrValues;
    return CUSPARSE_STATUS_SUCCESS;
}
