/* libraries/cublas/level2.c - cuBLAS's gemv and ger (geru, gerc) in S, D, C and Z, on
 * OpenBLAS. Argument checks as cuBLAS: negative sizes, a zero increment, a leading dimension
 * under max(1, m), an operation other than N, T, C or a null scalar are
 * CUBLAS_STATUS_INVALID_VALUE. */
#include "cublas_internal.h"

typedef struct {
    cb_job job;
    cb_type type;
    int ger;                         /* ger (else gemv) */
    int conj;                        /* gerc */
    cublasOperation_t trans;
    int m, n, lda, incx, incy;
    void *A, *x, *y;
    cb_scalar alpha, beta;
} l2_job;

static void l2_run(cb_job *job)
{
    l2_job *j = (l2_job *)job;
    const void *a = cb_scalar_at(&j->alpha), *b = cb_scalar_at(&j->beta);
    if (j->ger) {
        switch (j->type) {
        case CB_S: cblas_sger(CblasColMajor, j->m, j->n, *(const float *)a, j->x, j->incx, j->y, j->incy, j->A, j->lda); break;
        case CB_D: cblas_dger(CblasColMajor, j->m, j->n, *(const double *)a, j->x, j->incx, j->y, j->incy, j->A, j->lda); break;
        case CB_C:
            (j->conj ? cblas_cgerc : cblas_cgeru)(CblasColMajor, j->m, j->n, a, j->x, j->incx, j->y, j->incy, j->A, j->lda);
            break;
        case CB_Z:
            (j->conj ? cblas_zgerc : cblas_zgeru)(CblasColMajor, j->m, j->n, a, j->x, j->incx, j->y, j->incy, j->A, j->lda);
            break;
        }
        return;
    }
    enum CBLAS_TRANSPOSE t = cb_trans(j->trans);
    switch (j->type) {
    case CB_S:
        cblas_sgemv(CblasColMajor, t, j->m, j->n, *(const float *)a, j->A, j->lda, j->x, j->incx, *(const float *)b, j->y, j->incy);
        break;
    case CB_D:
        cblas_dgemv(CblasColMajor, t, j->m, j->n, *(const double *)a, j->A, j->lda, j->x, j->incx, *(const double *)b, j->y, j->incy);
        break;
    case CB_C: cblas_cgemv(CblasColMajor, t, j->m, j->n, a, j->A, j->lda, j->x, j->incx, b, j->y, j->incy); break;
    case CB_Z: cblas_zgemv(CblasColMajor, t, j->m, j->n, a, j->A, j->lda, j->x, j->incx, b, j->y, j->incy); break;
    }
}

static cublasStatus_t l2_submit(cublasHandle_t h, cb_type type, int ger, int conj, cublasOperation_t trans, int m,
                                int n, const void *alpha, const void *A, int lda, const void *x, int incx,
                                const void *beta, void *y, int incy)
{
    CB_CHECK_HANDLE(h);
    if ((!ger && !cb_valid_op(trans)) || m < 0 || n < 0 || incx == 0 || incy == 0 || lda < cb_max1(m) || !alpha ||
        (!ger && !beta))
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    l2_job *j = cb_job_new(sizeof *j, l2_run);
    if (!j)
        return CUBLAS_STATUS_ALLOC_FAILED;
    j->type = type;
    j->ger = ger;
    j->conj = conj;
    j->trans = trans;
    j->m = m;
    j->n = n;
    j->lda = lda;
    j->incx = incx;
    j->incy = incy;
    j->A = (void *)A;
    j->x = (void *)x;
    j->y = y;
    cb_scalar_take(h, &j->alpha, alpha, cb_type_size(type));
    if (!ger)
        cb_scalar_take(h, &j->beta, beta, cb_type_size(type));
    return cb_submit(h, &j->job, 0);
}

cublasStatus_t cublasSgemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const float *alpha,
                              const float *A, int lda, const float *x, int incx, const float *beta, float *y, int incy)
{ return l2_submit(h, CB_S, 0, 0, trans, m, n, alpha, A, lda, x, incx, beta, y, incy); }
cublasStatus_t cublasDgemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const double *alpha,
                              const double *A, int lda, const double *x, int incx, const double *beta, double *y,
                              int incy)
{ return l2_submit(h, CB_D, 0, 0, trans, m, n, alpha, A, lda, x, incx, beta, y, incy); }
cublasStatus_t cublasCgemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const cuComplex *alpha,
                              const cuComplex *A, int lda, const cuComplex *x, int incx, const cuComplex *beta,
                              cuComplex *y, int incy)
{ return l2_submit(h, CB_C, 0, 0, trans, m, n, alpha, A, lda, x, incx, beta, y, incy); }
cublasStatus_t cublasZgemv_v2(cublasHandle_t h, cublasOperation_t trans, int m, int n, const cuDoubleComplex *alpha,
                              const cuDoubleComplex *A, int lda, const cuDoubleComplex *x, int incx,
                              const cuDoubleComplex *beta, cuDoubleComplex *y, int incy)
{ return l2_submit(h, CB_Z, 0, 0, trans, m, n, alpha, A, lda, x, incx, beta, y, incy); }

cublasStatus_t cublasSger_v2(cublasHandle_t h, int m, int n, const float *alpha, const float *x, int incx,
                             const float *y, int incy, float *A, int lda)
{ return l2_submit(h, CB_S, 1, 0, CUBLAS_OP_N, m, n, alpha, A, lda, x, incx, NULL, (void *)y, incy); }
cublasStatus_t cublasDger_v2(cublasHandle_t h, int m, int n, const double *alpha, const double *x, int incx,
                             const double *y, int incy, double *A, int lda)
{ return l2_submit(h, CB_D, 1, 0, CUBLAS_OP_N, m, n, alpha, A, lda, x, incx, NULL, (void *)y, incy); }
cublasStatus_t cublasCgeru_v2(cublasHandle_t h, int m, int n, const cuComplex *alpha, const cuComplex *x, int incx,
                              const cuComplex *y, int incy, cuComplex *A, int lda)
{ return l2_submit(h, CB_C, 1, 0, CUBLAS_OP_N, m, n, alpha, A, lda, x, incx, NULL, (void *)y, incy); }
cublasStatus_t cublasCgerc_v2(cublasHandle_t h, int m, int n, const cuComplex *alpha, const cuComplex *x, int incx,
                              const cuComplex *y, int incy, cuComplex *A, int lda)
{ return l2_submit(h, CB_C, 1, 1, CUBLAS_OP_N, m, n, alpha, A, lda, x, incx, NULL, (void *)y, incy); }
cublasStatus_t cublasZgeru_v2(cublasHandle_t h, int m, int n, const cuDoubleComplex *alpha, const cuDoubleComplex *x,
                              int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda)
{ return l2_submit(h, CB_Z, 1, 0, CUBLAS_OP_N, m, n, alpha, A, lda, x, incx, NULL, (void *)y, incy); }
cublasStatus_t cublasZgerc_v2(cublasHandle_t h, int m, int n, const cuDoubleComplex *alpha, const cuDoubleComplex *x,
                              int incx, const cuDoubleComplex *y, int incy, cuDoubleComplex *A, int lda)
{ return l2_submit(h, CB_Z, 1, 1, CUBLAS_OP_N, m, n, alpha, A, lda, x, incx, NULL, (void *)y, incy); }
