/* libraries/cusparse/spmv.c - cusparseSpMV: y = alpha op(A) x + beta y for a CSR matrix A,
 * not transposed, values, vectors and compute type all float or all double, 32- or 64-bit
 * indices, base 0 or 1. The call checks its arguments and queues a job on the handle's stream
 * (cudaLaunchHostFunc) holding what it needs from the descriptors (which may be destroyed
 * before it runs); alpha and beta are copied by host pointer, read when it runs by device
 * pointer. A transposed operation, another format or type is CUSPARSE_STATUS_NOT_SUPPORTED. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

typedef struct spmv_job {
    int64_t rows;
    const void *offsets, *indices, *values;
    cusparseIndexType_t offsets_type, indices_type;
    int64_t base;
    int dbl;                          /* double (else float) */
    const void *x;
    void *y;
    const void *alpha_p, *beta_p;     /* -> alpha, beta (by host pointer) or device memory */
    double alpha[1], beta[1];
    int keep;                         /* captured into a graph: kept until exit */
    struct spmv_job *next_kept;
} spmv_job;

/* One row loop per value and index type; beta 0 leaves y unread (it may hold NaN). */
#define CS_SPMV(VT, OT, IT)                                                                   \
    do {                                                                                      \
        const OT *off = j->offsets;                                                           \
        const IT *col = j->indices;                                                           \
        const VT *val = j->values, *x = j->x;                                                 \
        VT *y = j->y, al = *(const VT *)j->alpha_p, be = *(const VT *)j->beta_p;              \
        int64_t base = j->base;                                                               \
        x -= base;                                                                            \
        for (int64_t r = 0; r < j->rows; r++) {                                               \
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

static void spmv_compute(const spmv_job *j)
{
    if (j->dbl)
        CS_SPMV_INDEX(double);
    else
        CS_SPMV_INDEX(float);
}

/* Jobs captured into graphs: freed at exit (a graph may be launched until then). */
static pthread_mutex_t cs_kept_lock = PTHREAD_MUTEX_INITIALIZER;
static spmv_job *cs_kept;
static pthread_once_t cs_kept_once = PTHREAD_ONCE_INIT;

static void cs_free_kept(void)
{
    pthread_mutex_lock(&cs_kept_lock);
    while (cs_kept) {
        spmv_job *next = cs_kept->next_kept;
        free(cs_kept);
        cs_kept = next;
    }
    pthread_mutex_unlock(&cs_kept_lock);
}

static void cs_kept_init(void)
{
    atexit(cs_free_kept);
}

static void CUDART_CB spmv_run(void *data)
{
    spmv_job *j = data;
    spmv_compute(j);
    if (!j->keep)
        free(j);
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
    spmv_job *j = calloc(1, sizeof *j);
    if (!j)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    j->rows = matA->rows;
    j->offsets = matA->offsets;
    j->indices = matA->indices;
    j->values = matA->values;
    j->offsets_type = matA->offsets_type;
    j->indices_type = matA->indices_type;
    j->base = matA->base == CUSPARSE_INDEX_BASE_ONE;
    j->dbl = computeType == CUDA_R_64F;
    j->x = vecX->values;
    j->y = vecY->values;
    size_t bytes = j->dbl ? sizeof(double) : sizeof(float);
    if (handle->pointer_mode == CUSPARSE_POINTER_MODE_HOST) {
        memcpy(j->alpha, alpha, bytes);
        memcpy(j->beta, beta, bytes);
        j->alpha_p = j->alpha;
        j->beta_p = j->beta;
    } else {
        j->alpha_p = alpha;
        j->beta_p = beta;
    }
    enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(handle->stream, &capture) != cudaSuccess) {
        free(j);
        return CUSPARSE_STATUS_EXECUTION_FAILED;
    }
    if (capture != cudaStreamCaptureStatusNone) {
        pthread_once(&cs_kept_once, cs_kept_init);
        j->keep = 1;
        pthread_mutex_lock(&cs_kept_lock);
        j->next_kept = cs_kept;
        cs_kept = j;
        pthread_mutex_unlock(&cs_kept_lock);
    }
    if (cudaLaunchHostFunc(handle->stream, spmv_run, j) != cudaSuccess) {
        if (!j->keep)
            free(j);
        return CUSPARSE_STATUS_EXECUTION_FAILED;
    }
    return CUSPARSE_STATUS_SUCCESS;
}
