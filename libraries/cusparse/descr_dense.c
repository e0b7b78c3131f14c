/* libraries/cusparse/descr_dense.c - cuSPARSE's dense descriptors: vectors and matrices
 * (row- or column-major with a leading dimension, strided batches), and the view of a matrix
 * that operations' jobs carry. Any value type is recorded (an operation refuses what it does
 * not compute). */
#include <stdlib.h>
#include "cusparse_internal.h"

/* ---- dense vectors ------------------------------------------------------------------- */

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
                                     cudaDataType valueType)
{
    if (!dnVecDescr)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *dnVecDescr = NULL;
    if (size < 0 || (size > 0 && !values))
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
    return cusparseCreateDnVec((cusparseDnVecDescr_t *)dnVecDescr, size, (void *)values, valueType);
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

cusparseStatus_t cusparseConstDnVecGet(cusparseConstDnVecDescr_t dnVecDescr, int64_t *size, const void **values,
                                       cudaDataType *valueType)
{
    if (!cs_valid_dnvec(dnVecDescr) || !size || !values || !valueType)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *size = dnVecDescr->size;
    *values = dnVecDescr->values;
    *valueType = dnVecDescr->value_type;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t dnVecDescr, int64_t *size, void **values,
                                  cudaDataType *valueType)
{
    return cusparseConstDnVecGet(dnVecDescr, size, (const void **)values, valueType);
}

cusparseStatus_t cusparseConstDnVecGetValues(cusparseConstDnVecDescr_t dnVecDescr, const void **values)
{
    if (!cs_valid_dnvec(dnVecDescr) || !values)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *values = dnVecDescr->values;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values)
{
    return cusparseConstDnVecGetValues(dnVecDescr, (const void **)values);
}

cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void *values)
{
    if (!cs_valid_dnvec(dnVecDescr) || (!values && dnVecDescr->size > 0))
        return CUSPARSE_STATUS_INVALID_VALUE;
    dnVecDescr->values = values;
    return CUSPARSE_STATUS_SUCCESS;
}

/* ---- dense matrices ------------------------------------------------------------------ */

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols, int64_t ld,
                                     void *values, cudaDataType valueType, cusparseOrder_t order)
{
    if (!dnMatDescr)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *dnMatDescr = NULL;
    if (order != CUSPARSE_ORDER_COL && order != CUSPARSE_ORDER_ROW)
        return CUSPARSE_STATUS_INVALID_VALUE;
    int64_t line = order == CUSPARSE_ORDER_COL ? rows : cols;   /* the elements ld must hold */
    if (rows < 0 || cols < 0 || ld < 1 || ld < line || (rows > 0 && cols > 0 && !values))
        return CUSPARSE_STATUS_INVALID_VALUE;
    cusparseDnMatDescr_t m = calloc(1, sizeof *m);
    if (!m)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    *m = (struct cusparseDnMatDescr){CS_DNMAT_MAGIC, rows, cols, ld, values, valueType, order, 1, 0};
    *dnMatDescr = m;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols,
                                          int64_t ld, const void *values, cudaDataType valueType,
                                          cusparseOrder_t order)
{
    return cusparseCreateDnMat((cusparseDnMatDescr_t *)dnMatDescr, rows, cols, ld, (void *)values, valueType, order);
}

cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr)
{
    if (!dnMatDescr)
        return CUSPARSE_STATUS_SUCCESS;
    if (!cs_valid_dnmat(dnMatDescr))
        return CUSPARSE_STATUS_INVALID_VALUE;
    struct cusparseDnMatDescr *m = (struct cusparseDnMatDescr *)dnMatDescr;
    m->magic = 0;
    free(m);
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnMatGet(cusparseConstDnMatDescr_t dnMatDescr, int64_t *rows, int64_t *cols,
                                       int64_t *ld, const void **values, cudaDataType *type, cusparseOrder_t *order)
{
    if (!cs_valid_dnmat(dnMatDescr) || !rows || !cols || !ld || !values || !type || !order)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *rows = dnMatDescr->rows;
    *cols = dnMatDescr->cols;
    *ld = dnMatDescr->ld;
    *values = dnMatDescr->values;
    *type = dnMatDescr->value_type;
    *order = dnMatDescr->order;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t dnMatDescr, int64_t *rows, int64_t *cols, int64_t *ld,
                                  void **values, cudaDataType *type, cusparseOrder_t *order)
{
    return cusparseConstDnMatGet(dnMatDescr, rows, cols, ld, (const void **)values, type, order);
}

cusparseStatus_t cusparseConstDnMatGetValues(cusparseConstDnMatDescr_t dnMatDescr, const void **values)
{
    if (!cs_valid_dnmat(dnMatDescr) || !values)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *values = dnMatDescr->values;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr, void **values)
{
    return cusparseConstDnMatGetValues(dnMatDescr, (const void **)values);
}

cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr, void *values)
{
    if (!cs_valid_dnmat(dnMatDescr) || (!values && dnMatDescr->rows > 0 && dnMatDescr->cols > 0))
        return CUSPARSE_STATUS_INVALID_VALUE;
    dnMatDescr->values = values;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t dnMatDescr, int batchCount, int64_t batchStride)
{
    if (!cs_valid_dnmat(dnMatDescr) || batchCount < 1 || batchStride < 0)
        return CUSPARSE_STATUS_INVALID_VALUE;
    dnMatDescr->batch_count = batchCount;
    dnMatDescr->batch_stride = batchStride;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t dnMatDescr, int *batchCount,
                                              int64_t *batchStride)
{
    if (!cs_valid_dnmat(dnMatDescr) || !batchCount || !batchStride)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *batchCount = dnMatDescr->batch_count;
    *batchStride = dnMatDescr->batch_stride;
    return CUSPARSE_STATUS_SUCCESS;
}

/* ---- views for jobs --------------------------------------------------------------------- */

cs_dn cs_dn_view(const struct cusparseDnMatDescr *m, int transposed)
{
    int64_t rs = m->order == CUSPARSE_ORDER_ROW ? m->ld : 1, cs = m->order == CUSPARSE_ORDER_ROW ? 1 : m->ld;
    cs_dn v = {m->values, transposed ? cs : rs, transposed ? rs : cs, m->batch_stride};
    return v;
}

void *cs_dn_batch(const cs_dn *d, int kind, int64_t b)
{
    return (char *)d->p + b * d->bstride * (int64_t)cs_kind_size[kind];
}
