/* libraries/cusolver/qr.c - QR in S, D, C, Z on LAPACK: geqrf (A = Q R, Q as Householder
 * reflectors below R and in TAU) and ormqr (S, D) / unmqr (C, Z): C = op(Q) C or C op(Q).
 * Their _bufferSize asks LAPACK (a workspace query); the job asks again and takes scratch
 * memory when the user's Lwork is short (never writing past it). */
#include <stdlib.h>
#include "cusolver_internal.h"

/* ---- geqrf --------------------------------------------------------------------------- */

typedef struct {
    cb_job job;
    cb_type type;
    int m, n, lda;
    void *A, *tau;
    void *work;                      /* the user's workspace, lwork elements */
    int lwork;
    int *info;
} qr_job;

/* LAPACK's geqrf with lwork (-1: a query, its answer in work[0]). */
static void geqrf_call(cb_type t, const int *m, const int *n, void *A, const int *lda, void *tau, void *work,
                       const int *lwork, int *info)
{
    switch (t) {
    case CB_S: sgeqrf_(m, n, A, lda, tau, work, lwork, info); break;
    case CB_D: dgeqrf_(m, n, A, lda, tau, work, lwork, info); break;
    case CB_C: cgeqrf_(m, n, A, lda, tau, work, lwork, info); break;
    case CB_Z: zgeqrf_(m, n, A, lda, tau, work, lwork, info); break;
    }
}

/* The elements of workspace LAPACK's geqrf would have (its optimal size). */
static size_t geqrf_need(cb_type t, int m, int n, void *A, int lda)
{
    sv_query query = {{0}};
    int minus1 = -1, info = 0;
    geqrf_call(t, &m, &n, A, &lda, NULL, &query, &minus1, &info);
    return sv_query_count(t, &query);
}

static void qr_run(cb_job *job)
{
    qr_job *j = (qr_job *)job;
    size_t es = cb_type_size(j->type), need = geqrf_need(j->type, j->m, j->n, j->A, j->lda);
    void *owned, *work = sv_scratch(j->work, j->lwork, es, need * es, &owned);
    int info = -7;   /* Lwork too small and no scratch to be had */
    if (work) {
        int lw = owned ? (int)need : j->lwork;
        geqrf_call(j->type, &j->m, &j->n, j->A, &j->lda, j->tau, work, &lw, &info);
    }
    free(owned);
    *j->info = info;
}

/* cuSOLVER's checks: m, n < 0 or lda < max(1, m) are INVALID_VALUE. */
static cusolverStatus_t geqrf_check(cusolverDnHandle_t h, int m, int n, const void *A, int lda)
{
    SV_CHECK_HANDLE(h);
    if (m < 0 || n < 0 || lda < cb_max1(m) || (m > 0 && n > 0 && !A))
        return CUSOLVER_STATUS_INVALID_VALUE;
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t geqrf_buffer(cusolverDnHandle_t h, cb_type t, int m, int n, void *A, int lda, int *lwork)
{
    cusolverStatus_t st = geqrf_check(h, m, n, A, lda);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!lwork)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *lwork = sv_elements(geqrf_need(t, m, n, A, lda) * cb_type_size(t), cb_type_size(t));
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t geqrf(cusolverDnHandle_t h, cb_type t, int m, int n, void *A, int lda, void *TAU,
                              void *Workspace, int Lwork, int *devInfo)
{
    cusolverStatus_t st = geqrf_check(h, m, n, A, lda);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!devInfo || (sv_min(m, n) > 0 && !TAU))
        return CUSOLVER_STATUS_INVALID_VALUE;
    qr_job j = {.type = t, .m = m, .n = n, .lda = lda, .A = A, .tau = TAU, .work = Workspace, .lwork = Lwork,
                .info = devInfo};
    return sv_submit(h, &j, sizeof j, qr_run);
}

#define SV_GEQRF(P, T, TYPE)                                                                                  \
    cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t h, int m, int n, T *A, int lda,        \
                                                     int *lwork)                                               \
    {                                                                                                          \
        return geqrf_buffer(h, TYPE, m, n, A, lda, lwork);                                                     \
    }                                                                                                          \
    cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, T *TAU,           \
                                          T *Workspace, int Lwork, int *devInfo)                               \
    {                                                                                                          \
        return geqrf(h, TYPE, m, n, A, lda, TAU, Workspace, Lwork, devInfo);                                   \
    }
SV_GEQRF(S, float, CB_S)
SV_GEQRF(D, double, CB_D)
SV_GEQRF(C, cuComplex, CB_C)
SV_GEQRF(Z, cuDoubleComplex, CB_Z)

/* ---- ormqr, unmqr -------------------------------------------------------------------- */

typedef struct {
    cb_job job;
    cb_type type;
    char side, trans;                /* LAPACK's letters */
    int m, n, k, lda, ldc;
    const void *A, *tau;
    void *C;
    void *work;                      /* the user's workspace, lwork elements */
    int lwork;
    int *info;
} mq_job;

static void ormqr_call(const mq_job *j, void *C, void *work, const int *lwork, int *info)
{
    switch (j->type) {
    case CB_S: sormqr_(&j->side, &j->trans, &j->m, &j->n, &j->k, j->A, &j->lda, j->tau, C, &j->ldc, work, lwork, info, 1, 1); break;
    case CB_D: dormqr_(&j->side, &j->trans, &j->m, &j->n, &j->k, j->A, &j->lda, j->tau, C, &j->ldc, work, lwork, info, 1, 1); break;
    case CB_C: cunmqr_(&j->side, &j->trans, &j->m, &j->n, &j->k, j->A, &j->lda, j->tau, C, &j->ldc, work, lwork, info, 1, 1); break;
    case CB_Z: zunmqr_(&j->side, &j->trans, &j->m, &j->n, &j->k, j->A, &j->lda, j->tau, C, &j->ldc, work, lwork, info, 1, 1); break;
    }
}

/* The elements of workspace LAPACK's ormqr/unmqr would have (its optimal size). */
static size_t ormqr_need(const mq_job *j)
{
    sv_query query = {{0}};
    int minus1 = -1, info = 0;
    ormqr_call(j, j->C, &query, &minus1, &info);
    return sv_query_count(j->type, &query);
}

static void mq_run(cb_job *job)
{
    mq_job *j = (mq_job *)job;
    size_t es = cb_type_size(j->type), need = ormqr_need(j);
    void *owned, *work = sv_scratch(j->work, j->lwork, es, need * es, &owned);
    int info = -12;   /* lwork too small and no scratch to be had */
    if (work) {
        int lw = owned ? (int)need : j->lwork;
        ormqr_call(j, j->C, work, &lw, &info);
    }
    free(owned);
    *j->info = info;
}

/* cuSOLVER's checks, LAPACK's conditions: side LEFT or RIGHT; trans N or T for S and D (C
 * taken as T), N or C for C and Z; m, n >= 0; 0 <= k <= the order of Q (m on the left, n on
 * the right); lda >= max(1, that order); ldc >= max(1, m). */
static cusolverStatus_t ormqr_check(cusolverDnHandle_t h, cb_type t, cublasSideMode_t side,
                                    cublasOperation_t trans, int m, int n, int k, const void *A, int lda,
                                    const void *tau, const void *C, int ldc, mq_job *j)
{
    SV_CHECK_HANDLE(h);
    int cplx = t == CB_C || t == CB_Z;
    int trans_ok = trans == CUBLAS_OP_N || trans == CUBLAS_OP_C || (!cplx && trans == CUBLAS_OP_T);
    int nq = side == CUBLAS_SIDE_LEFT ? m : n;
    if ((side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) || !trans_ok || m < 0 || n < 0 || k < 0 ||
        k > nq || lda < cb_max1(nq) || ldc < cb_max1(m) || (k > 0 && (!A || !tau)) || (m > 0 && n > 0 && !C))
        return CUSOLVER_STATUS_INVALID_VALUE;
    *j = (mq_job){.type = t, .side = side == CUBLAS_SIDE_LEFT ? 'L' : 'R',
                  .trans = trans == CUBLAS_OP_N ? 'N' : cplx ? 'C' : 'T', .m = m, .n = n, .k = k,
                  .lda = lda, .ldc = ldc, .A = A, .tau = tau, .C = (void *)C};
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t ormqr_buffer(cusolverDnHandle_t h, cb_type t, cublasSideMode_t side,
                                     cublasOperation_t trans, int m, int n, int k, const void *A, int lda,
                                     const void *tau, const void *C, int ldc, int *lwork)
{
    mq_job j;
    cusolverStatus_t st = ormqr_check(h, t, side, trans, m, n, k, A, lda, tau, C, ldc, &j);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!lwork)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *lwork = sv_elements(ormqr_need(&j) * cb_type_size(t), cb_type_size(t));
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t ormqr(cusolverDnHandle_t h, cb_type t, cublasSideMode_t side, cublasOperation_t trans,
                              int m, int n, int k, const void *A, int lda, const void *tau, void *C, int ldc,
                              void *work, int lwork, int *devInfo)
{
    mq_job j;
    cusolverStatus_t st = ormqr_check(h, t, side, trans, m, n, k, A, lda, tau, C, ldc, &j);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!devInfo)
        return CUSOLVER_STATUS_INVALID_VALUE;
    j.work = work;
    j.lwork = lwork;
    j.info = devInfo;
    return sv_submit(h, &j, sizeof j, mq_run);
}

#define SV_ORMQR(NAME, T, TYPE)                                                                               \
    cusolverStatus_t cusolverDn##NAME##_bufferSize(cusolverDnHandle_t h, cublasSideMode_t side,                \
                                                   cublasOperation_t trans, int m, int n, int k, const T *A,   \
                                                   int lda, const T *tau, const T *C, int ldc, int *lwork)     \
    {                                                                                                          \
        return ormqr_buffer(h, TYPE, side, trans, m, n, k, A, lda, tau, C, ldc, lwork);                        \
    }                                                                                                          \
    cusolverStatus_t cusolverDn##NAME(cusolverDnHandle_t h, cublasSideMode_t side, cublasOperation_t trans,    \
                                      int m, int n, int k, const T *A, int lda, const T *tau, T *C, int ldc,   \
                                      T *work, int lwork, int *devInfo)                                        \
    {                                                                                                          \
        return ormqr(h, TYPE, side, trans, m, n, k, A, lda, tau, C, ldc, work, lwork, devInfo);                \
    }
SV_ORMQR(Sormqr, float, CB_S)
SV_ORMQR(Dormqr, double, CB_D)
SV_ORMQR(Cunmqr, cuComplex, CB_C)
SV_ORMQR(Zunmqr, cuDoubleComplex, CB_Z)
