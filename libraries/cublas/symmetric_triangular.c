/* libraries/cublas/symmetric_triangular.c - cuBLAS's symmetric, Hermitian and triangular
 * routines beyond symm/trsm, on OpenBLAS: symv (S, D), hemv (C, Z), trmv and trsv (S, D, C,
 * Z), syrk (S, D, C, Z), herk (C, Z) and trmm (S, D, C, Z; out of place, C = alpha op(A) B, as
 * cuBLAS's v2 trmm). Argument checks as cuBLAS: an enum out of range, negative sizes, a zero
 * increment, a leading dimension under what the operation needs or a null scalar are
 * CUBLAS_STATUS_INVALID_VALUE. */
#include <string.h>
#include "cublas_internal.h"

typedef enum { ST_SYMV, ST_TRMV, ST_TRSV, ST_SYRK, ST_TRMM } st_op;

typedef struct {
    cb_job job;
    st_op op;
    cb_type type;
    int herm;                        /* hemv, herk: Hermitian (alpha, beta real for herk) */
    cublasSideMode_t side;
    cublasFillMode_t uplo;
    cublasOperation_t trans;
    cublasDiagType_t diag;
    int m, n, k, lda, ldb, ldc, incx, incy;
    const void *A, *B;
    void *C;                         /* symv: y; trmv, trsv: x */
    cb_scalar alpha, beta;
} st_job;

static void st_vector(const st_job *j, const void *a, const void *b)
{
    enum CBLAS_UPLO u = j->uplo == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper;
    if (j->op == ST_SYMV) {
        switch (j->type) {
        case CB_S: cblas_ssymv(CblasColMajor, u, j->n, *(const float *)a, j->A, j->lda, j->B, j->incx, *(const float *)b, j->C, j->incy); break;
        case CB_D: cblas_dsymv(CblasColMajor, u, j->n, *(const double *)a, j->A, j->lda, j->B, j->incx, *(const double *)b, j->C, j->incy); break;
        case CB_C: cblas_chemv(CblasColMajor, u, j->n, a, j->A, j->lda, j->B, j->incx, b, j->C, j->incy); break;
        case CB_Z: cblas_zhemv(CblasColMajor, u, j->n, a, j->A, j->lda, j->B, j->incx, b, j->C, j->incy); break;
        }
        return;
    }
    enum CBLAS_TRANSPOSE t = cb_trans(j->trans);
    enum CBLAS_DIAG d = j->diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit;
    int solve = j->op == ST_TRSV;
    switch (j->type) {
    case CB_S: (solve ? cblas_strsv : cblas_strmv)(CblasColMajor, u, t, d, j->n, j->A, j->lda, j->C, j->incx); break;
    case CB_D: (solve ? cblas_dtrsv : cblas_dtrmv)(CblasColMajor, u, t, d, j->n, j->A, j->lda, j->C, j->incx); break;
    case CB_C: (solve ? cblas_ctrsv : cblas_ctrmv)(CblasColMajor, u, t, d, j->n, j->A, j->lda, j->C, j->incx); break;
    case CB_Z: (solve ? cblas_ztrsv : cblas_ztrmv)(CblasColMajor, u, t, d, j->n, j->A, j->lda, j->C, j->incx); break;
    }
}

static void st_run(cb_job *job)
{
    st_job *j = (st_job *)job;
    const void *a = cb_scalar_at(&j->alpha), *b = cb_scalar_at(&j->beta);
    enum CBLAS_UPLO u = j->uplo == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper;
    enum CBLAS_TRANSPOSE t = cb_trans(j->trans);
    switch (j->op) {
    case ST_SYMV:
    case ST_TRMV:
    case ST_TRSV:
        st_vector(j, a, b);
        break;
    case ST_SYRK:
        switch (j->type) {
        case CB_S: cblas_ssyrk(CblasColMajor, u, t, j->n, j->k, *(const float *)a, j->A, j->lda, *(const float *)b, j->C, j->ldc); break;
        case CB_D: cblas_dsyrk(CblasColMajor, u, t, j->n, j->k, *(const double *)a, j->A, j->lda, *(const double *)b, j->C, j->ldc); break;
        case CB_C:
            if (j->herm)
                cblas_cherk(CblasColMajor, u, t, j->n, j->k, *(const float *)a, j->A, j->lda, *(const float *)b, j->C, j->ldc);
            else
                cblas_csyrk(CblasColMajor, u, t, j->n, j->k, a, j->A, j->lda, b, j->C, j->ldc);
            break;
        case CB_Z:
            if (j->herm)
                cblas_zherk(CblasColMajor, u, t, j->n, j->k, *(const double *)a, j->A, j->lda, *(const double *)b, j->C, j->ldc);
            else
                cblas_zsyrk(CblasColMajor, u, t, j->n, j->k, a, j->A, j->lda, b, j->C, j->ldc);
            break;
        }
        break;
    case ST_TRMM: {
        /* out of place: C = B first (column by column), then C = alpha op(A) C in place */
        size_t es = cb_type_size(j->type), rows = (size_t)j->m * es;
        if (j->C != j->B)
            for (int c = 0; c < j->n; c++)
                memmove((char *)j->C + (size_t)c * j->ldc * es, (const char *)j->B + (size_t)c * j->ldb * es, rows);
        enum CBLAS_SIDE s = j->side == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight;
        enum CBLAS_DIAG d = j->diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit;
        switch (j->type) {
        case CB_S: cblas_strmm(CblasColMajor, s, u, t, d, j->m, j->n, *(const float *)a, j->A, j->lda, j->C, j->ldc); break;
        case CB_D: cblas_dtrmm(CblasColMajor, s, u, t, d, j->m, j->n, *(const double *)a, j->A, j->lda, j->C, j->ldc); break;
        case CB_C: cblas_ctrmm(CblasColMajor, s, u, t, d, j->m, j->n, a, j->A, j->lda, j->C, j->ldc); break;
        case CB_Z: cblas_ztrmm(CblasColMajor, s, u, t, d, j->m, j->n, a, j->A, j->lda, j->C, j->ldc); break;
        }
        break;
    }
    }
}

static int st_valid_uplo(cublasFillMode_t u)
{
    return u == CUBLAS_FILL_MODE_LOWER || u == CUBLAS_FILL_MODE_UPPER;
}
static int st_valid_diag(cublasDiagType_t d)
{
    return d == CUBLAS_DIAG_NON_UNIT || d == CUBLAS_DIAG_UNIT;
}

/* Queues a filled job, taking its scalars (a_bytes, b_bytes: 0 for none). */
static cublasStatus_t st_submit(cublasHandle_t h, const st_job *proto, const void *alpha, size_t a_bytes,
                                const void *beta, size_t b_bytes)
{
    st_job *j = cb_job_new(sizeof *j, st_run);
    if (!j)
        return CUBLAS_STATUS_ALLOC_FAILED;
    cb_job head = j->job;
    *j = *proto;
    j->job = head;
    if (a_bytes)
        cb_scalar_take(h, &j->alpha, alpha, a_bytes);
    if (b_bytes)
        cb_scalar_take(h, &j->beta, beta, b_bytes);
    return cb_submit(h, &j->job, 0);
}

/* ---- symv, hemv ---------------------------------------------------------------------- */

static cublasStatus_t symv(cublasHandle_t h, cb_type type, cublasFillMode_t uplo, int n, const void *alpha,
                           const void *A, int lda, const void *x, int incx, const void *beta, void *y, int incy)
{
    CB_CHECK_HANDLE(h);
    if (!st_valid_uplo(uplo) || n < 0 || lda < cb_max1(n) || incx == 0 || incy == 0 || !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n == 0)
        return CUBLAS_STATUS_SUCCESS;
    st_job j = {.op = ST_SYMV, .type = type, .herm = type >= CB_C, .uplo = uplo, .n = n, .lda = lda, .incx = incx,
                .incy = incy, .A = A, .B = x, .C = y};
    return st_submit(h, &j, alpha, cb_type_size(type), beta, cb_type_size(type));
}

cublasStatus_t cublasSsymv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const float *alpha, const float *A,
                              int lda, const float *x, int incx, const float *beta, float *y, int incy)
{ return symv(h, CB_S, uplo, n, alpha, A, lda, x, incx, beta, y, incy); }
cublasStatus_t cublasDsymv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const double *alpha, const double *A,
                              int lda, const double *x, int incx, const double *beta, double *y, int incy)
{ return symv(h, CB_D, uplo, n, alpha, A, lda, x, incx, beta, y, incy); }
cublasStatus_t cublasChemv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const cuComplex *alpha,
                              const cuComplex *A, int lda, const cuComplex *x, int incx, const cuComplex *beta,
                              cuComplex *y, int incy)
{ return symv(h, CB_C, uplo, n, alpha, A, lda, x, incx, beta, y, incy); }
cublasStatus_t cublasZhemv_v2(cublasHandle_t h, cublasFillMode_t uplo, int n, const cuDoubleComplex *alpha,
                              const cuDoubleComplex *A, int lda, const cuDoubleComplex *x, int incx,
                              const cuDoubleComplex *beta, cuDoubleComplex *y, int incy)
{ return symv(h, CB_Z, uplo, n, alpha, A, lda, x, incx, beta, y, incy); }

/* ---- trmv, trsv ---------------------------------------------------------------------- */

static cublasStatus_t trv(cublasHandle_t h, cb_type type, st_op op, cublasFillMode_t uplo, cublasOperation_t trans,
                          cublasDiagType_t diag, int n, const void *A, int lda, void *x, int incx)
{
    CB_CHECK_HANDLE(h);
    if (!st_valid_uplo(uplo) || !cb_valid_op(trans) || !st_valid_diag(diag) || n < 0 || lda < cb_max1(n) ||
        incx == 0)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n == 0)
        return CUBLAS_STATUS_SUCCESS;
    st_job j = {.op = op, .type = type, .uplo = uplo, .trans = trans, .diag = diag, .n = n, .lda = lda,
                .incx = incx, .A = A, .C = x};
    return st_submit(h, &j, NULL, 0, NULL, 0);
}

#define CB_TRV(NAME, T, TYPE, OP)                                                                         \
    cublasStatus_t NAME(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans,                  \
                        cublasDiagType_t diag, int n, const T *A, int lda, T *x, int incx)                 \
    {                                                                                                      \
        return trv(h, TYPE, OP, uplo, trans, diag, n, A, lda, x, incx);                                    \
    }
CB_TRV(cublasStrmv_v2, float, CB_S, ST_TRMV)
CB_TRV(cublasDtrmv_v2, double, CB_D, ST_TRMV)
CB_TRV(cublasCtrmv_v2, cuComplex, CB_C, ST_TRMV)
CB_TRV(cublasZtrmv_v2, cuDoubleComplex, CB_Z, ST_TRMV)
CB_TRV(cublasStrsv_v2, float, CB_S, ST_TRSV)
CB_TRV(cublasDtrsv_v2, double, CB_D, ST_TRSV)
CB_TRV(cublasCtrsv_v2, cuComplex, CB_C, ST_TRSV)
CB_TRV(cublasZtrsv_v2, cuDoubleComplex, CB_Z, ST_TRSV)

/* ---- syrk, herk ---------------------------------------------------------------------- */

/* C = alpha op(A) op(A)^T (^H for herk) + beta C on the uplo triangle; op N or T (syrk of a
 * real type takes C as T), N or C for herk. */
static cublasStatus_t rank_k(cublasHandle_t h, cb_type type, int herm, cublasFillMode_t uplo,
                             cublasOperation_t trans, int n, int k, const void *alpha, const void *A, int lda,
                             const void *beta, void *C, int ldc)
{
    CB_CHECK_HANDLE(h);
    int trans_ok = trans == CUBLAS_OP_N || (herm ? trans == CUBLAS_OP_C
                                                 : trans == CUBLAS_OP_T || (type < CB_C && trans == CUBLAS_OP_C));
    if (!st_valid_uplo(uplo) || !trans_ok || n < 0 || k < 0 || lda < cb_max1(trans == CUBLAS_OP_N ? n : k) ||
        ldc < cb_max1(n) || !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n == 0)
        return CUBLAS_STATUS_SUCCESS;
    st_job j = {.op = ST_SYRK, .type = type, .herm = herm, .uplo = uplo, .trans = trans, .n = n, .k = k,
                .lda = lda, .ldc = ldc, .A = A, .C = C};
    size_t scalar = herm ? cb_type_size(type) / 2 : cb_type_size(type);
    return st_submit(h, &j, alpha, scalar, beta, scalar);
}

#define CB_RANK_K(NAME, T, S, TYPE, HERM)                                                                 \
    cublasStatus_t NAME(cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, int k,    \
                        const S *alpha, const T *A, int lda, const S *beta, T *C, int ldc)                 \
    {                                                                                                      \
        return rank_k(h, TYPE, HERM, uplo, trans, n, k, alpha, A, lda, beta, C, ldc);                      \
    }
CB_RANK_K(cublasSsyrk_v2, float, float, CB_S, 0)
CB_RANK_K(cublasDsyrk_v2, double, double, CB_D, 0)
CB_RANK_K(cublasCsyrk_v2, cuComplex, cuComplex, CB_C, 0)
CB_RANK_K(cublasZsyrk_v2, cuDoubleComplex, cuDoubleComplex, CB_Z, 0)
CB_RANK_K(cublasCherk_v2, cuComplex, float, CB_C, 1)
CB_RANK_K(cublasZherk_v2, cuDoubleComplex, double, CB_Z, 1)

/* ---- trmm ---------------------------------------------------------------------------- */

static cublasStatus_t trmm(cublasHandle_t h, cb_type type, cublasSideMode_t side, cublasFillMode_t uplo,
                           cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const void *alpha,
                           const void *A, int lda, const void *B, int ldb, void *C, int ldc)
{
    CB_CHECK_HANDLE(h);
    if ((side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) || !st_valid_uplo(uplo) || !cb_valid_op(trans) ||
        !st_valid_diag(diag) || m < 0 || n < 0 || lda < cb_max1(side == CUBLAS_SIDE_LEFT ? m : n) ||
        ldb < cb_max1(m) || ldc < cb_max1(m) || !alpha || (C == B && ldb != ldc))
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    st_job j = {.op = ST_TRMM, .type = type, .side = side, .uplo = uplo, .trans = trans, .diag = diag, .m = m,
                .n = n, .lda = lda, .ldb = ldb, .ldc = ldc, .A = A, .B = B, .C = C};
    return st_submit(h, &j, alpha, cb_type_size(type), NULL, 0);
}

#define CB_TRMM(NAME, T, TYPE)                                                                            \
    cublasStatus_t NAME(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,                    \
                        cublasOperation_t trans, cublasDiagType_t diag, int m, int n, const T *alpha,      \
                        const T *A, int lda, const T *B, int ldb, T *C, int ldc)                           \
    {                                                                                                      \
        return trmm(h, TYPE, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc);                \
    }
CB_TRMM(cublasStrmm_v2, float, CB_S)
CB_TRMM(cublasDtrmm_v2, double, CB_D)
CB_TRMM(cublasCtrmm_v2, cuComplex, CB_C)
CB_TRMM(cublasZtrmm_v2, cuDoubleComplex, CB_Z)
