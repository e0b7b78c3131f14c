/* libraries/cusparse/spmv.c - cusparseSpMV: y = alpha op(A) x + beta y for a CSR matrix A,
 * not transposed, values, vectors and compute type all float or all double, 32- or 64-bit
 * indices, base 0 or 1. The call checks its arguments and queues a job on the handle's stream
 * (cudaLaunchHostFunc) holding what it needs from the descriptors (which may be destroyed
 * before it runs); alpha and beta are copied by host pointer, read when it runs by device
 * pointer. A transposed operation, another format or type is CUSPARSE_STATUS_NOT_SUPPORTED. */
#include <string.h>
#include "cusparse_internal.h"
#define LIB_PARALLEL_NAME "cusparse_spmv"
#include "../common/parallel_blocks.h"

#define CS_MIN_ROWS 1024   /* rows of the smallest chunk a block takes */

typedef struct spmv_job {
    int64_t rows;
    int64_t chunk;                    /* rows per block */
    const void *offsets, *indices, *values;
    cusparseIndexType_t offsets_type, indices_type;
    int64_t base;
    int dbl;                          /* double (else float) */
    const void *x;
    void *y;
    const void *alpha_p, *beta_p;     /* device pointer mode: the user's scalars */
    double alpha, beta;               /* host pointer mode: their values (a float as a float) */
    int by_value;
} spmv_job;
_Static_assert(sizeof(spmv_job) <= LIB_PARALLEL_JOB_MAX, "an SpMV job travels with its launch");

/* Rows [lo, hi) of one value and index type; beta 0 leaves y unread (it may hold NaN). */
#define CS_SPMV(VT, OT, IT)                                                                   \
    do {                                                                                      \
        const OT *off = j->offsets;                                                           \
        const IT *col = j->indices;                                                           \
        const VT *val = j->values, *x = j->x;                                                 \
        VT *y = j->y;                                                                         \
        VT al = *(const VT *)(j->by_value ? (const void *)&j->alpha : j->alpha_p);            \
        VT be = *(const VT *)(j->by_value ? (const void *)&j->beta : j->beta_p);              \
        int64_t base = j->base;                                                               \
        x -= base;                                                                            \
        for (int64_t r = lo; r < hi; r++) {                                                   \
            VT sum = 0;                                                                       \
            for (int64_t e = (int64_t)off[r] - base, end = (int64_t)off[r + 1] - base; e < end; e++) \
                sum += val[e] * x[col[e]];                                                    \
            y[r] = be == 0 ? al * sum : al * sum + be * y[r];                                 \
        }                                                                                     \
    } while (0)

#define CS_SPMV_INDEX(VT)                                                                     \
    do {                                                                                      \
        int o64 = j->offsets_type == CUSPARSE_INDEX_64I, i64 = j->indices_type == CUSPARSE_INDEX_64I; \
        if (!o64 && !i64)                                                                     \
            CS_SPMV(VT, int32_t, int32_t);                                                    \
        else if (o64 && !i64)                                                                 \
            CS_SPMV(VT, int64_t, int32_t);                                                    \
        else if (!o64 && i64)                                                                 \
            CS_SPMV(VT, int32_t, int64_t);                                                    \
        else                                                                                  \
            CS_SPMV(VT, int64_t, int64_t);                                                    \
    } while (0)

/* Block b of the launch: its chunk of rows. */
static void spmv_block(const void *job, unsigned b)
{
    const spmv_job *j = job;
    int64_t lo = (int64_t)b * j->chunk, hi = lo + j->chunk < j->rows ? lo + j->chunk : j->rows;
    if (j->dbl)
        CS_SPMV_INDEX(double);
    else
        CS_SPMV_INDEX(float);
}

/* The checks SpMV and its buffer size share. */
static cusparseStatus_t spmv_check(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                                   cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, const void *beta,
                                   cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t alg)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!alpha || !beta || !cs_valid_spmat(matA) || !cs_valid_dnvec(vecX) || !cs_valid_dnvec(vecY))
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (opA != CUSPARSE_OPERATION_NON_TRANSPOSE && opA != CUSPARSE_OPERATION_TRANSPOSE &&
        opA != CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (alg < CUSPARSE_SPMV_ALG_DEFAULT || alg > CUSPARSE_SPMV_BSR_ALG1)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (opA != CUSPARSE_OPERATION_NON_TRANSPOSE || matA->format != CUSPARSE_FORMAT_CSR ||
        (alg != CUSPARSE_SPMV_ALG_DEFAULT && alg != CUSPARSE_SPMV_CSR_ALG1 && alg != CUSPARSE_SPMV_CSR_ALG2))
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    if (vecX->size != matA->cols || vecY->size != matA->rows)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if ((computeType != CUDA_R_32F && computeType != CUDA_R_64F) || matA->value_type != computeType ||
        vecX->value_type != computeType || vecY->value_type != computeType)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         const void *beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, size_t *bufferSize)
{
    cusparseStatus_t st = spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg);
    if (st == CUSPARSE_STATUS_SUCCESS && !bufferSize)
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st == CUSPARSE_STATUS_SUCCESS)
        *bufferSize = 0;
    return st;
}

cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, const void *beta,
                              cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t alg,
                              void *externalBuffer)
{
    (void)externalBuffer;
    cusparseStatus_t st = spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg);
    if (st != CUSPARSE_STATUS_SUCCESS || matA->rows == 0)
        return st;
    spmv_job j = {0};
    j.rows = matA->rows;
    j.offsets = matA->offsets;
    j.indices = matA->indices;
    j.values = matA->values;
    j.offsets_type = matA->offsets_type;
    j.indices_type = matA->indices_type;
    j.base = matA->base == CUSPARSE_INDEX_BASE_ONE;
    j.dbl = computeType == CUDA_R_64F;
    j.x = vecX->values;
    j.y = vecY->values;
    j.by_value = handle->pointer_mode == CUSPARSE_POINTER_MODE_HOST;
    if (!j.by_value) {
        j.alpha_p = alpha;
        j.beta_p = beta;
    } else if (j.dbl) {
        j.alpha = *(const double *)alpha;
        j.beta = *(const double *)beta;
    } else {   /* kept as floats in the doubles' storage */
        memcpy(&j.alpha, alpha, sizeof(float));
        memcpy(&j.beta, beta, sizeof(float));
    }
    /* a few chunks of at least CS_MIN_ROWS rows per worker, for balance on uneven rows */
    int64_t chunks = j.rows / CS_MIN_ROWS, most = 4 * (int64_t)lib_parallel_workers();
    chunks = chunks < 1 ? 1 : chunks > most ? most : chunks;
    j.chunk = (j.rows + chunks - 1) / chunks;
    unsigned nblocks = (unsigned)((j.rows + j.chunk - 1) / j.chunk);
    return lib_parallel_launch(handle->stream, spmv_block, &j, sizeof j, nblocks) == cudaSuccess
               ? CUSPARSE_STATUS_SUCCESS
               : CUSPARSE_STATUS_EXECUTION_FAILED;
}
