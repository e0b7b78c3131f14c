/* libraries/cusparse/mat_descr.c - cuSPARSE's legacy matrix descriptor: its type, fill mode,
 * diagonal type and index base, set and read back with CUDA's status codes (the legacy
 * routines taking it are not provided; programs create one beside the generic API). */
#include <stdlib.h>
#include "cusparse_internal.h"

struct cusparseMatDescr {
    cusparseMatrixType_t type;
    cusparseFillMode_t fill;
    cusparseDiagType_t diag;
    cusparseIndexBase_t base;
};

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA)
{
    if (!descrA)
        return CUSPARSE_STATUS_INVALID_VALUE;
    cusparseMatDescr_t d = malloc(sizeof *d);
    if (!d)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    d->type = CUSPARSE_MATRIX_TYPE_GENERAL;
    d->fill = CUSPARSE_FILL_MODE_LOWER;
    d->diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
    d->base = CUSPARSE_INDEX_BASE_ZERO;
    *descrA = d;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA)
{
    free(descrA);       /* NULL: nothing to do, as CUDA's */
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type)
{
    if (!descrA || (unsigned)type > CUSPARSE_MATRIX_TYPE_TRIANGULAR)
        return CUSPARSE_STATUS_INVALID_VALUE;
    descrA->type = type;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA)
{
    return descrA ? descrA->type : CUSPARSE_MATRIX_TYPE_GENERAL;
}

cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode)
{
    if (!descrA || (unsigned)fillMode > CUSPARSE_FILL_MODE_UPPER)
        return CUSPARSE_STATUS_INVALID_VALUE;
    descrA->fill = fillMode;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA)
{
    return descrA ? descrA->fill : CUSPARSE_FILL_MODE_LOWER;
}

cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType)
{
    if (!descrA || (unsigned)diagType > CUSPARSE_DIAG_TYPE_UNIT)
        return CUSPARSE_STATUS_INVALID_VALUE;
    descrA->diag = diagType;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA)
{
    return descrA ? descrA->diag : CUSPARSE_DIAG_TYPE_NON_UNIT;
}

cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base)
{
    if (!descrA || (unsigned)base > CUSPARSE_INDEX_BASE_ONE)
        return CUSPARSE_STATUS_INVALID_VALUE;
    descrA->base = base;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA)
{
    return descrA ? descrA->base : CUSPARSE_INDEX_BASE_ZERO;
}
