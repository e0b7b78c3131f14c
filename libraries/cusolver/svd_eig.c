/* libraries/cusolver/svd_eig.c - the SVD and the symmetric/Hermitian eigenproblem in S, D,
 * C, Z on LAPACK: gesvd (A = U S V^H, m >= n as cuSOLVER, V^H returned) and syevd (S, D) /
 * heevd (C, Z) by divide and conquer. LAPACK's real and integer workspaces (rwork, iwork)
 * are carved from the same buffer as its work: _bufferSize counts all of it in elements of
 * the routine's type, and the job takes scratch memory when the user's lwork is short. */
#include <stdlib.h>
#include <string.h>
#include "cusolver_internal.h"

static int sv_complex(cb_type t)
{
    return t == CB_C || t == CB_Z;
}

/* ---- gesvd --------------------------------------------------------------------------- */

typedef struct {
    cb_job job;
    cb_type type;
    char jobu, jobvt;                /* 'A', 'S', 'O' or 'N' (upper case) */
    int m, n, lda, ldu, ldvt;
    void *A, *S, *U, *VT;
    void *work;                      /* the user's workspace, lwork elements */
    int lwork;
    void *rwork;                     /* the user's (may be NULL): unconverged superdiagonal */
    int *info;
} svd_job;

/* LAPACK's gesvd with lwork (-1: a query); rwork: C and Z's 5 min(m, n) reals. */
static void gesvd_call(const svd_job *j, void *work, const int *lwork, void *rwork, int *info)
{
    switch (j->type) {
    case CB_S: sgesvd_(&j->jobu, &j->jobvt, &j->m, &j->n, j->A, &j->lda, j->S, j->U, &j->ldu, j->VT, &j->ldvt, work, lwork, info, 1, 1); break;
    case CB_D: dgesvd_(&j->jobu, &j->jobvt, &j->m, &j->n, j->A, &j->lda, j->S, j->U, &j->ldu, j->VT, &j->ldvt, work, lwork, info, 1, 1); break;
    case CB_C: cgesvd_(&j->jobu, &j->jobvt, &j->m, &j->n, j->A, &j->lda, j->S, j->U, &j->ldu, j->VT, &j->ldvt, work, lwork, rwork, info, 1, 1); break;
    case CB_Z: zgesvd_(&j->jobu, &j->jobvt, &j->m, &j->n, j->A, &j->lda, j->S, j->U, &j->ldu, j->VT, &j->ldvt, work, lwork, rwork, info, 1, 1); break;
    }
}

/* LAPACK's work elements (its optimal size) for j's jobs and sizes. */
static size_t gesvd_need(const svd_job *j)
{
    sv_query query = {{0}};
    int minus1 = -1, info = 0;
    gesvd_call(j, &query, &minus1, NULL, &info);
    return sv_query_count(j->type, &query);
}

/* Bytes of the whole workspace: work, then rwork's reals for C and Z. */
static size_t gesvd_bytes(const svd_job *j, size_t work_elements)
{
    size_t bytes = work_elements * cb_type_size(j->type);
    if (sv_complex(j->type))
        bytes += (size_t)5 * cb_max1(sv_min(j->m, j->n)) * sv_real_size(j->type);
    return bytes;
}

static void svd_run(cb_job *job)
{
    svd_job *j = (svd_job *)job;
    size_t es = cb_type_size(j->type), rs = sv_real_size(j->type), need = gesvd_need(j);
    void *owned, *work = sv_scratch(j->work, j->lwork, es, gesvd_bytes(j, need), &owned);
    int info = -13;   /* lwork too small and no scratch to be had */
    if (work) {
        int lw = (int)need;
        char *rwork = (char *)work + need * es;
        gesvd_call(j, work, &lw, rwork, &info);
        int minmn = sv_min(j->m, j->n);
        /* LAPACK leaves the superdiagonal that did not converge in work[1..] (S, D) or
         * rwork[0..] (C, Z); cuSOLVER hands it back in rwork */
        if (info > 0 && j->rwork && minmn > 1)
            memmove(j->rwork, sv_complex(j->type) ? rwork : (char *)work + rs, (size_t)(minmn - 1) * rs);
    }
    free(owned);
    *j->info = info;
}

static int svd_valid_job(signed char c)
{
    return c == 'A' || c == 'S' || c == 'O' || c == 'N';
}
static signed char svd_upper(signed char c)
{
    return c >= 'a' && c <= 'z' ? (signed char)(c - 'a' + 'A') : c;
}

/* cuSOLVER's checks, LAPACK's conditions: jobu, jobvt A, S, O or N, not both O; m >= n >= 0
 * (cuSOLVER's gesvd takes no wide matrix); lda >= max(1, m); ldu >= 1, >= m when U is
 * written; ldvt >= 1, >= n (= min(m, n)) when V^H is. */
static cusolverStatus_t gesvd(cusolverDnHandle_t h, cb_type t, signed char jobu, signed char jobvt, int m, int n,
                              void *A, int lda, void *S, void *U, int ldu, void *VT, int ldvt, void *work,
                              int lwork, void *rwork, int *info)
{
    SV_CHECK_HANDLE(h);
    jobu = svd_upper(jobu);
    jobvt = svd_upper(jobvt);
    int want_u = jobu == 'A' || jobu == 'S', want_vt = jobvt == 'A' || jobvt == 'S';
    if (!svd_valid_job(jobu) || !svd_valid_job(jobvt) || (jobu == 'O' && jobvt == 'O') || n < 0 || m < n ||
        lda < cb_max1(m) || ldu < 1 || (want_u && ldu < m) || ldvt < 1 || (want_vt && ldvt < n) || !info)
        return CUSOLVER_STATUS_INVALID_VALUE;
    if (n > 0 && (!A || !S || (want_u && !U) || (want_vt && !VT)))
        return CUSOLVER_STATUS_INVALID_VALUE;
    svd_job j = {.type = t, .jobu = jobu, .jobvt = jobvt, .m = m, .n = n, .lda = lda, .ldu = ldu, .ldvt = ldvt,
                 .A = A, .S = S, .U = U, .VT = VT, .work = work, .lwork = lwork, .rwork = rwork, .info = info};
    return sv_submit(h, &j, sizeof j, svd_run);
}

/* The most any pair of jobs needs for an m x n matrix (the call does not name them). */
static cusolverStatus_t gesvd_buffer(cusolverDnHandle_t h, cb_type t, int m, int n, int *lwork)
{
    static const char jobs[] = "ASON";
    SV_CHECK_HANDLE(h);
    if (n < 0 || m < n || !lwork)
        return CUSOLVER_STATUS_INVALID_VALUE;
    size_t most = 0;
    for (int u = 0; u < 4; u++)
        for (int v = 0; v < 4; v++) {
            if (jobs[u] == 'O' && jobs[v] == 'O')
                continue;
            svd_job j = {.type = t, .jobu = jobs[u], .jobvt = jobs[v], .m = m, .n = n, .lda = cb_max1(m),
                         .ldu = cb_max1(m), .ldvt = cb_max1(n)};
            size_t bytes = gesvd_bytes(&j, gesvd_need(&j));
            most = bytes > most ? bytes : most;
        }
    *lwork = sv_elements(most, cb_type_size(t));
    return CUSOLVER_STATUS_SUCCESS;
}

#define SV_GESVD(P, T, R, TYPE)                                                                               \
    cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t h, int m, int n, int *lwork)           \
    {                                                                                                          \
        return gesvd_buffer(h, TYPE, m, n, lwork);                                                             \
    }                                                                                                          \
    cusolverStatus_t cusolverDn##P##gesvd(cusolverDnHandle_t h, signed char jobu, signed char jobvt, int m,    \
                                          int n, T *A, int lda, R *S, T *U, int ldu, T *VT, int ldvt, T *work, \
                                          int lwork, R *rwork, int *info)                                      \
    {                                                                                                          \
        return gesvd(h, TYPE, jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, work, lwork, rwork, info);       \
    }
SV_GESVD(S, float, float, CB_S)
SV_GESVD(D, double, double, CB_D)
SV_GESVD(C, cuComplex, float, CB_C)
SV_GESVD(Z, cuDoubleComplex, double, CB_Z)

/* ---- syevd, heevd -------------------------------------------------------------------- */

typedef struct {
    cb_job job;
    cb_type type;
    char jobz, uplo;                 /* LAPACK's letters */
    int n, lda;
    void *A, *W;
    void *work;                      /* the user's workspace, lwork elements */
    int lwork;
    int *info;
} ev_job;

/* LAPACK's workspace sizes: work (elements of the type), rwork (reals, C and Z), iwork. */
typedef struct {
    int work, rwork, iwork;
} ev_sizes;

static void syevd_call(const ev_job *j, void *work, const int *lwork, void *rwork, const int *lrwork, int *iwork,
                       const int *liwork, int *info)
{
    switch (j->type) {
    case CB_S: ssyevd_(&j->jobz, &j->uplo, &j->n, j->A, &j->lda, j->W, work, lwork, iwork, liwork, info, 1, 1); break;
    case CB_D: dsyevd_(&j->jobz, &j->uplo, &j->n, j->A, &j->lda, j->W, work, lwork, iwork, liwork, info, 1, 1); break;
    case CB_C: cheevd_(&j->jobz, &j->uplo, &j->n, j->A, &j->lda, j->W, work, lwork, rwork, lrwork, iwork, liwork, info, 1, 1); break;
    case CB_Z: zheevd_(&j->jobz, &j->uplo, &j->n, j->A, &j->lda, j->W, work, lwork, rwork, lrwork, iwork, liwork, info, 1, 1); break;
    }
}

static ev_sizes syevd_need(const ev_job *j)
{
    sv_query work = {{0}}, rwork = {{0}};
    int iwork = 0, minus1 = -1, info = 0;
    syevd_call(j, &work, &minus1, &rwork, &minus1, &iwork, &minus1, &info);
    ev_sizes s = {(int)sv_query_count(j->type, &work), 0, iwork > 1 ? iwork : 1};
    if (sv_complex(j->type))   /* rwork's answer: a real, read as the real type of its precision */
        s.rwork = (int)sv_query_count(j->type == CB_C ? CB_S : CB_D, &rwork);
    return s;
}

/* Bytes of the whole workspace: work, rwork's reals, iwork's ints, in that order (each part's
 * alignment no more than the one before it). */
static size_t syevd_bytes(cb_type t, ev_sizes s)
{
    return (size_t)s.work * cb_type_size(t) + (size_t)s.rwork * sv_real_size(t) + (size_t)s.iwork * sizeof(int);
}

static void ev_run(cb_job *job)
{
    ev_job *j = (ev_job *)job;
    ev_sizes s = syevd_need(j);
    size_t es = cb_type_size(j->type);
    void *owned, *work = sv_scratch(j->work, j->lwork, es, syevd_bytes(j->type, s), &owned);
    int info = -8;   /* lwork too small and no scratch to be had */
    if (work) {
        char *rwork = (char *)work + (size_t)s.work * es;
        int *iwork = (int *)(rwork + (size_t)s.rwork * sv_real_size(j->type));
        syevd_call(j, work, &s.work, rwork, &s.rwork, iwork, &s.iwork, &info);
    }
    free(owned);
    *j->info = info;
}

/* cuSOLVER's checks: jobz NOVECTOR or VECTOR, uplo LOWER or UPPER, n < 0 or lda < max(1, n)
 * are INVALID_VALUE. */
static cusolverStatus_t syevd_check(cusolverDnHandle_t h, cb_type t, cusolverEigMode_t jobz,
                                    cublasFillMode_t uplo, int n, const void *A, int lda, const void *W, ev_job *j)
{
    SV_CHECK_HANDLE(h);
    if ((jobz != CUSOLVER_EIG_MODE_NOVECTOR && jobz != CUSOLVER_EIG_MODE_VECTOR) || !sv_valid_fill(uplo) ||
        n < 0 || lda < cb_max1(n) || (n > 0 && (!A || !W)))
        return CUSOLVER_STATUS_INVALID_VALUE;
    *j = (ev_job){.type = t, .jobz = jobz == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N', .uplo = sv_uplo(uplo), .n = n,
                  .lda = lda, .A = (void *)A, .W = (void *)W};
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t syevd_buffer(cusolverDnHandle_t h, cb_type t, cusolverEigMode_t jobz,
                                     cublasFillMode_t uplo, int n, const void *A, int lda, const void *W,
                                     int *lwork)
{
    ev_job j;
    cusolverStatus_t st = syevd_check(h, t, jobz, uplo, n, A, lda, W, &j);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!lwork)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *lwork = sv_elements(syevd_bytes(t, syevd_need(&j)), cb_type_size(t));
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t syevd(cusolverDnHandle_t h, cb_type t, cusolverEigMode_t jobz, cublasFillMode_t uplo,
                              int n, void *A, int lda, void *W, void *work, int lwork, int *info)
{
    ev_job j;
    cusolverStatus_t st = syevd_check(h, t, jobz, uplo, n, A, lda, W, &j);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!info)
        return CUSOLVER_STATUS_INVALID_VALUE;
    j.work = work;
    j.lwork = lwork;
    j.info = info;
    return sv_submit(h, &j, sizeof j, ev_run);
}

#define SV_SYEVD(NAME, T, R, TYPE)                                                                            \
    cusolverStatus_t cusolverDn##NAME##_bufferSize(cusolverDnHandle_t h, cusolverEigMode_t jobz,               \
                                                   cublasFillMode_t uplo, int n, const T *A, int lda,          \
                                                   const R *W, int *lwork)                                     \
    {                                                                                                          \
        return syevd_buffer(h, TYPE, jobz, uplo, n, A, lda, W, lwork);                                         \
    }                                                                                                          \
    cusolverStatus_t cusolverDn##NAME(cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo,     \
                                      int n, T *A, int lda, R *W, T *work, int lwork, int *info)               \
    {                                                                                                          \
        return syevd(h, TYPE, jobz, uplo, n, A, lda, W, work, lwork, info);                                    \
    }
SV_SYEVD(Ssyevd, float, float, CB_S)
SV_SYEVD(Dsyevd, double, double, CB_D)
SV_SYEVD(Cheevd, cuComplex, float, CB_C)
SV_SYEVD(Zheevd, cuDoubleComplex, double, CB_Z)
