/* libraries/cusparse/descr_sparse.c - cuSPARSE's sparse descriptors: matrices in CSR, CSC and
 * COO (create, read back, set the arrays and values, attributes, strided batches) and sparse
 * vectors, and the views of a matrix that operations' jobs carry. Any value type is recorded
 * (an operation refuses what it does not compute); 16-bit indices, which CUDA's generic
 * routines do not take either, are CUSPARSE_STATUS_NOT_SUPPORTED. */
#include <stdlib.h>
#include "cusparse_internal.h"

static int valid_index_type(cusparseIndexType_t t)
{
    return t == CUSPARSE_INDEX_16U || t == CUSPARSE_INDEX_32I || t == CUSPARSE_INDEX_64I;
}

static int valid_base(cusparseIndexBase_t b)
{
    return b == CUSPARSE_INDEX_BASE_ZERO || b == CUSPARSE_INDEX_BASE_ONE;
}

/* The arrays may be null while nnz is 0 (C of SpGEMM or of DenseToSparse, sized later). */
static cusparseStatus_t create_spmat(cusparseSpMatDescr_t *out, cusparseFormat_t format, int64_t rows,
                                     int64_t cols, int64_t nnz, void *offsets, void *indices, void *values,
                                     cusparseIndexType_t offsets_type, cusparseIndexType_t indices_type,
                                     cusparseIndexBase_t base, cudaDataType value_type)
{
    if (!out)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *out = NULL;
    if (rows < 0 || cols < 0 || nnz < 0 || (nnz > 0 && (!offsets || !indices || !values)) ||
        !valid_index_type(offsets_type) || !valid_index_type(indices_type) || !valid_base(base))
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (offsets_type == CUSPARSE_INDEX_16U || indices_type == CUSPARSE_INDEX_16U)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    cusparseSpMatDescr_t m = calloc(1, sizeof *m);
    if (!m)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    *m = (struct cusparseSpMatDescr){.magic = CS_SPMAT_MAGIC, .format = format, .rows = rows, .cols = cols,
                                     .nnz = nnz, .offsets = offsets, .indices = indices, .values = values,
                                     .offsets_type = offsets_type, .indices_type = indices_type, .base = base,
                                     .value_type = value_type, .fill = CUSPARSE_FILL_MODE_LOWER,
                                     .diag = CUSPARSE_DIAG_TYPE_NON_UNIT, .batch_count = 1};
    *out = m;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                   void *csrRowOffsets, void *csrColInd, void *csrValues,
                                   cusparseIndexType_t csrRowOffsetsType, cusparseIndexType_t csrColIndType,
                                   cusparseIndexBase_t idxBase, cudaDataType valueType)
{
    return create_spmat(spMatDescr, CUSPARSE_FORMAT_CSR, rows, cols, nnz, csrRowOffsets, csrColInd, csrValues,
                        csrRowOffsetsType, csrColIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                        int64_t nnz, const void *csrRowOffsets, const void *csrColInd,
                                        const void *csrValues, cusparseIndexType_t csrRowOffsetsType,
                                        cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                        cudaDataType valueType)
{
    return create_spmat((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_CSR, rows, cols, nnz,
                        (void *)csrRowOffsets, (void *)csrColInd, (void *)csrValues, csrRowOffsetsType,
                        csrColIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                   void *cscColOffsets, void *cscRowInd, void *cscValues,
                                   cusparseIndexType_t cscColOffsetsType, cusparseIndexType_t cscRowIndType,
                                   cusparseIndexBase_t idxBase, cudaDataType valueType)
{
    return create_spmat(spMatDescr, CUSPARSE_FORMAT_CSC, rows, cols, nnz, cscColOffsets, cscRowInd, cscValues,
                        cscColOffsetsType, cscRowIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCsc(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                        int64_t nnz, const void *cscColOffsets, const void *cscRowInd,
                                        const void *cscValues, cusparseIndexType_t cscColOffsetsType,
                                        cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
                                        cudaDataType valueType)
{
    return create_spmat((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_CSC, rows, cols, nnz,
                        (void *)cscColOffsets, (void *)cscRowInd, (void *)cscValues, cscColOffsetsType,
                        cscRowIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols, int64_t nnz,
                                   void *cooRowInd, void *cooColInd, void *cooValues, cusparseIndexType_t cooIdxType,
                                   cusparseIndexBase_t idxBase, cudaDataType valueType)
{
    return create_spmat(spMatDescr, CUSPARSE_FORMAT_COO, rows, cols, nnz, cooRowInd, cooColInd, cooValues,
                        cooIdxType, cooIdxType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                        int64_t nnz, const void *cooRowInd, const void *cooColInd,
                                        const void *cooValues, cusparseIndexType_t cooIdxType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType)
{
    return create_spmat((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_COO, rows, cols, nnz,
                        (void *)cooRowInd, (void *)cooColInd, (void *)cooValues, cooIdxType, cooIdxType, idxBase,
                        valueType);
}

cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr)
{
    if (!spMatDescr)   /* as cuSPARSE: destroying nothing is fine */
        return CUSPARSE_STATUS_SUCCESS;
    if (!cs_valid_spmat(spMatDescr))
        return CUSPARSE_STATUS_INVALID_VALUE;
    struct cusparseSpMatDescr *m = (struct cusparseSpMatDescr *)spMatDescr;
    m->magic = 0;
    free(m);
    return CUSPARSE_STATUS_SUCCESS;
}

/* CsrGet, CscGet, CooGet and their Const forms: every output must be there. */
static cusparseStatus_t get_spmat(cusparseConstSpMatDescr_t m, cusparseFormat_t format, int64_t *rows,
                                  int64_t *cols, int64_t *nnz, const void **offsets, const void **indices,
                                  const void **values, cusparseIndexType_t *offsets_type,
                                  cusparseIndexType_t *indices_type, cusparseIndexBase_t *base,
                                  cudaDataType *value_type)
{
    if (!cs_valid_spmat(m) || m->format != format || !rows || !cols || !nnz || !offsets || !indices || !values ||
        !offsets_type || (indices_type == NULL && format != CUSPARSE_FORMAT_COO) || !base || !value_type)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *rows = m->rows;
    *cols = m->cols;
    *nnz = m->nnz;
    *offsets = m->offsets;
    *indices = m->indices;
    *values = m->values;
    *offsets_type = m->offsets_type;
    if (indices_type)
        *indices_type = m->indices_type;
    *base = m->base;
    *value_type = m->value_type;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols, int64_t *nnz,
                                void **csrRowOffsets, void **csrColInd, void **csrValues,
                                cusparseIndexType_t *csrRowOffsetsType, cusparseIndexType_t *csrColIndType,
                                cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
    return get_spmat(spMatDescr, CUSPARSE_FORMAT_CSR, rows, cols, nnz, (const void **)csrRowOffsets,
                     (const void **)csrColInd, (const void **)csrValues, csrRowOffsetsType, csrColIndType, idxBase,
                     valueType);
}

cusparseStatus_t cusparseConstCsrGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                     int64_t *nnz, const void **csrRowOffsets, const void **csrColInd,
                                     const void **csrValues, cusparseIndexType_t *csrRowOffsetsType,
                                     cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
                                     cudaDataType *valueType)
{
    return get_spmat(spMatDescr, CUSPARSE_FORMAT_CSR, rows, cols, nnz, csrRowOffsets, csrColInd, csrValues,
                     csrRowOffsetsType, csrColIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCscGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols, int64_t *nnz,
                                void **cscColOffsets, void **cscRowInd, void **cscValues,
                                cusparseIndexType_t *cscColOffsetsType, cusparseIndexType_t *cscRowIndType,
                                cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
    return get_spmat(spMatDescr, CUSPARSE_FORMAT_CSC, rows, cols, nnz, (const void **)cscColOffsets,
                     (const void **)cscRowInd, (const void **)cscValues, cscColOffsetsType, cscRowIndType, idxBase,
                     valueType);
}

cusparseStatus_t cusparseConstCscGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                     int64_t *nnz, const void **cscColOffsets, const void **cscRowInd,
                                     const void **cscValues, cusparseIndexType_t *cscColOffsetsType,
                                     cusparseIndexType_t *cscRowIndType, cusparseIndexBase_t *idxBase,
                                     cudaDataType *valueType)
{
    return get_spmat(spMatDescr, CUSPARSE_FORMAT_CSC, rows, cols, nnz, cscColOffsets, cscRowInd, cscValues,
                     cscColOffsetsType, cscRowIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols, int64_t *nnz,
                                void **cooRowInd, void **cooColInd, void **cooValues, cusparseIndexType_t *idxType,
                                cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
    return get_spmat(spMatDescr, CUSPARSE_FORMAT_COO, rows, cols, nnz, (const void **)cooRowInd,
                     (const void **)cooColInd, (const void **)cooValues, idxType, NULL, idxBase, valueType);
}

cusparseStatus_t cusparseConstCooGet(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                     int64_t *nnz, const void **cooRowInd, const void **cooColInd,
                                     const void **cooValues, cusparseIndexType_t *idxType,
                                     cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
    return get_spmat(spMatDescr, CUSPARSE_FORMAT_COO, rows, cols, nnz, cooRowInd, cooColInd, cooValues, idxType,
                     NULL, idxBase, valueType);
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

cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t spMatDescr, void **values)
{
    return cusparseConstSpMatGetValues(spMatDescr, (const void **)values);
}

cusparseStatus_t cusparseConstSpMatGetValues(cusparseConstSpMatDescr_t spMatDescr, const void **values)
{
    if (!cs_valid_spmat(spMatDescr) || !values)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *values = spMatDescr->values;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t spMatDescr, void *values)
{
    if (!cs_valid_spmat(spMatDescr) || (!values && spMatDescr->nnz > 0))
        return CUSPARSE_STATUS_INVALID_VALUE;
    spMatDescr->values = values;
    return CUSPARSE_STATUS_SUCCESS;
}

/* The three SetPointers: offsets (COO: row indices) may be null only while nnz is 0 and the
 * format has none to hold (CSR and CSC always have rows + 1 / cols + 1 of them, but cuSPARSE
 * lets C be created without them). */
static cusparseStatus_t set_pointers(cusparseSpMatDescr_t m, cusparseFormat_t format, void *offsets,
                                     void *indices, void *values)
{
    if (!cs_valid_spmat(m) || m->format != format || (m->nnz > 0 && (!offsets || !indices || !values)) ||
        (format != CUSPARSE_FORMAT_COO && !offsets))
        return CUSPARSE_STATUS_INVALID_VALUE;
    m->offsets = offsets;
    m->indices = indices;
    m->values = values;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets, void *csrColInd,
                                        void *csrValues)
{
    return set_pointers(spMatDescr, CUSPARSE_FORMAT_CSR, csrRowOffsets, csrColInd, csrValues);
}

cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t spMatDescr, void *cscColOffsets, void *cscRowInd,
                                        void *cscValues)
{
    return set_pointers(spMatDescr, CUSPARSE_FORMAT_CSC, cscColOffsets, cscRowInd, cscValues);
}

cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t spMatDescr, void *cooRows, void *cooColumns,
                                        void *cooValues)
{
    return set_pointers(spMatDescr, CUSPARSE_FORMAT_COO, cooRows, cooColumns, cooValues);
}

cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t spMatDescr, cusparseSpMatAttribute_t attribute,
                                           void *data, size_t dataSize)
{
    if (!cs_valid_spmat(spMatDescr) || !data)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (attribute == CUSPARSE_SPMAT_FILL_MODE && dataSize == sizeof(cusparseFillMode_t))
        *(cusparseFillMode_t *)data = spMatDescr->fill;
    else if (attribute == CUSPARSE_SPMAT_DIAG_TYPE && dataSize == sizeof(cusparseDiagType_t))
        *(cusparseDiagType_t *)data = spMatDescr->diag;
    else
        return CUSPARSE_STATUS_INVALID_VALUE;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t spMatDescr, cusparseSpMatAttribute_t attribute,
                                           void *data, size_t dataSize)
{
    if (!cs_valid_spmat(spMatDescr) || !data)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (attribute == CUSPARSE_SPMAT_FILL_MODE && dataSize == sizeof(cusparseFillMode_t)) {
        cusparseFillMode_t f = *(const cusparseFillMode_t *)data;
        if (f != CUSPARSE_FILL_MODE_LOWER && f != CUSPARSE_FILL_MODE_UPPER)
            return CUSPARSE_STATUS_INVALID_VALUE;
        spMatDescr->fill = f;
    } else if (attribute == CUSPARSE_SPMAT_DIAG_TYPE && dataSize == sizeof(cusparseDiagType_t)) {
        cusparseDiagType_t d = *(const cusparseDiagType_t *)data;
        if (d != CUSPARSE_DIAG_TYPE_NON_UNIT && d != CUSPARSE_DIAG_TYPE_UNIT)
            return CUSPARSE_STATUS_INVALID_VALUE;
        spMatDescr->diag = d;
    } else
        return CUSPARSE_STATUS_INVALID_VALUE;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetStridedBatch(cusparseConstSpMatDescr_t spMatDescr, int *batchCount)
{
    if (!cs_valid_spmat(spMatDescr) || !batchCount)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *batchCount = spMatDescr->batch_count;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount, int64_t batchStride)
{
    if (!cs_valid_spmat(spMatDescr) || spMatDescr->format != CUSPARSE_FORMAT_COO || batchCount < 1 ||
        batchStride < 0)
        return CUSPARSE_STATUS_INVALID_VALUE;
    spMatDescr->batch_count = batchCount;
    spMatDescr->offsets_stride = spMatDescr->indices_stride = batchStride;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t spMatDescr, int batchCount,
                                            int64_t offsetsBatchStride, int64_t columnsValuesBatchStride)
{
    if (!cs_valid_spmat(spMatDescr) || spMatDescr->format != CUSPARSE_FORMAT_CSR || batchCount < 1 ||
        offsetsBatchStride < 0 || columnsValuesBatchStride < 0)
        return CUSPARSE_STATUS_INVALID_VALUE;
    spMatDescr->batch_count = batchCount;
    spMatDescr->offsets_stride = offsetsBatchStride;
    spMatDescr->indices_stride = columnsValuesBatchStride;
    return CUSPARSE_STATUS_SUCCESS;
}

/* ---- views for jobs --------------------------------------------------------------------- */

cs_sp cs_sp_view(const struct cusparseSpMatDescr *m)
{
    cs_sp v = {m->offsets, m->indices, m->values, m->rows, m->cols, m->nnz, m->offsets_stride,
               m->indices_stride, (unsigned char)m->format, m->offsets_type == CUSPARSE_INDEX_64I,
               m->indices_type == CUSPARSE_INDEX_64I, m->base == CUSPARSE_INDEX_BASE_ONE};
    return v;
}

cs_sp cs_sp_batch(const cs_sp *a, int kind, int64_t b)
{
    cs_sp v = *a;
    v.off = (const char *)a->off + b * a->off_bstride * (a->off64 ? 8 : 4);
    v.ind = (const char *)a->ind + b * a->ind_bstride * (a->ind64 ? 8 : 4);
    v.val = (char *)a->val + b * a->ind_bstride * (int64_t)cs_kind_size[kind];
    return v;
}

int cs_sp_ready(const struct cusparseSpMatDescr *m)
{
    int64_t offsets = m->format == CUSPARSE_FORMAT_CSR   ? m->rows + 1
                      : m->format == CUSPARSE_FORMAT_CSC ? m->cols + 1
                                                         : m->nnz;
    return (offsets == 0 || m->offsets) && (m->nnz == 0 || (m->indices && m->values));
}

/* ---- sparse vectors ----------------------------------------------------------------- */

cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *spVecDescr, int64_t size, int64_t nnz, void *indices,
                                     void *values, cusparseIndexType_t idxType, cusparseIndexBase_t idxBase,
                                     cudaDataType valueType)
{
    if (!spVecDescr)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *spVecDescr = NULL;
    if (size < 0 || nnz < 0 || nnz > size || (nnz > 0 && (!indices || !values)) || !valid_index_type(idxType) ||
        !valid_base(idxBase))
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (idxType == CUSPARSE_INDEX_16U)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    cusparseSpVecDescr_t v = calloc(1, sizeof *v);
    if (!v)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    *v = (struct cusparseSpVecDescr){CS_SPVEC_MAGIC, size, nnz, indices, values, idxType, idxBase, valueType};
    *spVecDescr = v;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *spVecDescr, int64_t size, int64_t nnz,
                                          const void *indices, const void *values, cusparseIndexType_t idxType,
                                          cusparseIndexBase_t idxBase, cudaDataType valueType)
{
    return cusparseCreateSpVec((cusparseSpVecDescr_t *)spVecDescr, size, nnz, (void *)indices, (void *)values,
                               idxType, idxBase, valueType);
}

cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr)
{
    if (!spVecDescr)
        return CUSPARSE_STATUS_SUCCESS;
    if (!cs_valid_spvec(spVecDescr))
        return CUSPARSE_STATUS_INVALID_VALUE;
    struct cusparseSpVecDescr *v = (struct cusparseSpVecDescr *)spVecDescr;
    v->magic = 0;
    free(v);
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstSpVecGet(cusparseConstSpVecDescr_t spVecDescr, int64_t *size, int64_t *nnz,
                                       const void **indices, const void **values, cusparseIndexType_t *idxType,
                                       cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
    if (!cs_valid_spvec(spVecDescr) || !size || !nnz || !indices || !values || !idxType || !idxBase || !valueType)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *size = spVecDescr->size;
    *nnz = spVecDescr->nnz;
    *indices = spVecDescr->indices;
    *values = spVecDescr->values;
    *idxType = spVecDescr->index_type;
    *idxBase = spVecDescr->base;
    *valueType = spVecDescr->value_type;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t spVecDescr, int64_t *size, int64_t *nnz, void **indices,
                                  void **values, cusparseIndexType_t *idxType, cusparseIndexBase_t *idxBase,
                                  cudaDataType *valueType)
{
    return cusparseConstSpVecGet(spVecDescr, size, nnz, (const void **)indices, (const void **)values, idxType,
                                 idxBase, valueType);
}

cusparseStatus_t cusparseSpVecGetIndexBase(cusparseConstSpVecDescr_t spVecDescr, cusparseIndexBase_t *idxBase)
{
    if (!cs_valid_spvec(spVecDescr) || !idxBase)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *idxBase = spVecDescr->base;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstSpVecGetValues(cusparseConstSpVecDescr_t spVecDescr, const void **values)
{
    if (!cs_valid_spvec(spVecDescr) || !values)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *values = spVecDescr->values;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecGetValues(cusparseSpVecDescr_t spVecDescr, void **values)
{
    return cusparseConstSpVecGetValues(spVecDescr, (const void **)values);
}

cusparseStatus_t cusparseSpVecSetValues(cusparseSpVecDescr_t spVecDescr, void *values)
{
    if (!cs_valid_spvec(spVecDescr) || (!values && spVecDescr->nnz > 0))
        return CUSPARSE_STATUS_INVALID_VALUE;
    spVecDescr->values = values;
    return CUSPARSE_STATUS_SUCCESS;
}
