/* libraries/cusolver/lu_cholesky.c - LU and Cholesky in S, D, C, Z: getrf (LAPACK's getrf;
 * with devIpiv NULL, as cuSOLVER, no pivoting: LAPACK has none, so a blocked right-looking
 * loop here: each panel by plain loops, the rest by OpenBLAS's trsm and gemm), getrs (LAPACK's;
 * devIpiv NULL solves with the factors of an unpivoted LU by two trsm), potrf, potrs. None of
 * them needs the user's workspace: _bufferSize answers 1 element. */
#include "cusolver_internal.h"

/* ---- getrf --------------------------------------------------------------------------- */

#define SV_PANEL_COLUMNS 64   /* columns of a panel factored by plain loops */

typedef struct {
    cb_job job;
    cb_type type;
    int m, n, lda;
    void *A;
    int *ipiv;                       /* NULL: no pivoting */
    int *info;
} lu_job;

/* Columns [k, k + kb) of an unpivoted LU, rows k to m: U's row k..k+kb-1 and L's columns.
 * A zero pivot leaves its column unscaled and sets *info (the first one), as LAPACK's getf2. */
#define SV_LU_PANEL(T)                                                                    \
    do {                                                                                  \
        T *a = A;                                                                         \
        for (int j = k; j < k + kb; j++) {                                                \
            T *col = a + (size_t)j * lda;                                                 \
            T pivot = col[j];                                                             \
            if (pivot != 0) {                                                             \
                T inv = 1 / pivot;                                                        \
                for (int i = j + 1; i < m; i++)                                           \
                    col[i] *= inv;                                                        \
            } else if (*info == 0)                                                        \
                *info = j + 1;                                                            \
            for (int c = j + 1; c < k + kb; c++) {                                        \
                T *other = a + (size_t)c * lda;                                           \
                T f = other[j];                                                           \
                for (int i = j + 1; i < m; i++)                                           \
                    other[i] -= col[i] * f;                                               \
            }                                                                             \
        }                                                                                 \
    } while (0)

static void lu_panel(cb_type t, int m, int k, int kb, void *A, int lda, int *info)
{
    switch (t) {
    case CB_S: SV_LU_PANEL(float); break;
    case CB_D: SV_LU_PANEL(double); break;
    case CB_C: SV_LU_PANEL(_Complex float); break;
    case CB_Z: SV_LU_PANEL(_Complex double); break;
    }
}

/* After panel [k, k + kb): U12 = L11^-1 A12, then A22 -= L21 U12. */
static void lu_update(cb_type t, int m, int n, int k, int kb, void *A, int lda)
{
    static const float c_one[2] = {1, 0}, c_minus[2] = {-1, 0};
    static const double z_one[2] = {1, 0}, z_minus[2] = {-1, 0};
    size_t es = cb_type_size(t);
    char *a = A;
    const void *a11 = a + ((size_t)k * lda + k) * es, *a21 = a + ((size_t)k * lda + k + kb) * es;
    void *a12 = a + ((size_t)(k + kb) * lda + k) * es, *a22 = a + ((size_t)(k + kb) * lda + k + kb) * es;
    int rest = n - k - kb, below = m - k - kb;
    enum CBLAS_ORDER o = CblasColMajor;
    enum CBLAS_TRANSPOSE nt = CblasNoTrans;
    switch (t) {
    case CB_S:
        cblas_strsm(o, CblasLeft, CblasLower, nt, CblasUnit, kb, rest, 1.0f, a11, lda, a12, lda);
        if (below > 0)
            cblas_sgemm(o, nt, nt, below, rest, kb, -1.0f, a21, lda, a12, lda, 1.0f, a22, lda);
        break;
    case CB_D:
        cblas_dtrsm(o, CblasLeft, CblasLower, nt, CblasUnit, kb, rest, 1.0, a11, lda, a12, lda);
        if (below > 0)
            cblas_dgemm(o, nt, nt, below, rest, kb, -1.0, a21, lda, a12, lda, 1.0, a22, lda);
        break;
    case CB_C:
        cblas_ctrsm(o, CblasLeft, CblasLower, nt, CblasUnit, kb, rest, c_one, a11, lda, a12, lda);
        if (below > 0)
            cblas_cgemm(o, nt, nt, below, rest, kb, c_minus, a21, lda, a12, lda, c_one, a22, lda);
        break;
    case CB_Z:
        cblas_ztrsm(o, CblasLeft, CblasLower, nt, CblasUnit, kb, rest, z_one, a11, lda, a12, lda);
        if (below > 0)
            cblas_zgemm(o, nt, nt, below, rest, kb, z_minus, a21, lda, a12, lda, z_one, a22, lda);
        break;
    }
}

static void lu_unpivoted(cb_type t, int m, int n, void *A, int lda, int *info)
{
    int mn = sv_min(m, n);
    *info = 0;
    for (int k = 0; k < mn; k += SV_PANEL_COLUMNS) {
        int kb = sv_min(SV_PANEL_COLUMNS, mn - k);
        lu_panel(t, m, k, kb, A, lda, info);
        if (k + kb < n)
            lu_update(t, m, n, k, kb, A, lda);
    }
}

static void lu_run(cb_job *job)
{
    lu_job *j = (lu_job *)job;
    int info = 0;
    if (!j->ipiv)
        lu_unpivoted(j->type, j->m, j->n, j->A, j->lda, &info);
    else
        switch (j->type) {
        case CB_S: sgetrf_(&j->m, &j->n, j->A, &j->lda, j->ipiv, &info); break;
        case CB_D: dgetrf_(&j->m, &j->n, j->A, &j->lda, j->ipiv, &info); break;
        case CB_C: cgetrf_(&j->m, &j->n, j->A, &j->lda, j->ipiv, &info); break;
        case CB_Z: zgetrf_(&j->m, &j->n, j->A, &j->lda, j->ipiv, &info); break;
        }
    *j->info = info;
}

/* cuSOLVER's checks: m, n < 0 or lda < max(1, m) are INVALID_VALUE. */
static cusolverStatus_t getrf_check(cusolverDnHandle_t h, int m, int n, const void *A, int lda)
{
    SV_CHECK_HANDLE(h);
    if (m < 0 || n < 0 || lda < cb_max1(m) || (m > 0 && n > 0 && !A))
        return CUSOLVER_STATUS_INVALID_VALUE;
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t getrf_buffer(cusolverDnHandle_t h, int m, int n, const void *A, int lda, int *Lwork)
{
    cusolverStatus_t st = getrf_check(h, m, n, A, lda);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!Lwork)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *Lwork = 1;
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t getrf(cusolverDnHandle_t h, cb_type t, int m, int n, void *A, int lda, int *devIpiv,
                              int *devInfo)
{
    cusolverStatus_t st = getrf_check(h, m, n, A, lda);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!devInfo)
        return CUSOLVER_STATUS_INVALID_VALUE;
    lu_job j = {.type = t, .m = m, .n = n, .lda = lda, .A = A, .ipiv = devIpiv, .info = devInfo};
    return sv_submit(h, &j, sizeof j, lu_run);
}

#define SV_GETRF(P, T, TYPE)                                                                                  \
    cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t h, int m, int n, T *A, int lda,        \
                                                     int *Lwork)                                               \
    {                                                                                                          \
        return getrf_buffer(h, m, n, A, lda, Lwork);                                                           \
    }                                                                                                          \
    cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, T *Workspace,     \
                                          int *devIpiv, int *devInfo)                                          \
    {                                                                                                          \
        (void)Workspace;   /* LAPACK's getrf needs none */                                                     \
        return getrf(h, TYPE, m, n, A, lda, devIpiv, devInfo);                                                 \
    }
SV_GETRF(S, float, CB_S)
SV_GETRF(D, double, CB_D)
SV_GETRF(C, cuComplex, CB_C)
SV_GETRF(Z, cuDoubleComplex, CB_Z)

/* ---- getrs --------------------------------------------------------------------------- */

typedef struct {
    cb_job job;
    cb_type type;
    cublasOperation_t trans;
    int n, nrhs, lda, ldb;
    const void *A;
    const int *ipiv;                 /* NULL: A holds an unpivoted LU */
    void *B;
    int *info;
} rs_job;

/* B = op(T)^-1 B for T the uplo triangle of A (unit diagonal or not), n x n, B n x nrhs. */
static void solve_triangle(const rs_job *j, enum CBLAS_UPLO uplo, enum CBLAS_DIAG diag)
{
    static const float c_one[2] = {1, 0};
    static const double z_one[2] = {1, 0};
    enum CBLAS_TRANSPOSE op = cb_trans(j->trans);
    switch (j->type) {
    case CB_S: cblas_strsm(CblasColMajor, CblasLeft, uplo, op, diag, j->n, j->nrhs, 1.0f, j->A, j->lda, j->B, j->ldb); break;
    case CB_D: cblas_dtrsm(CblasColMajor, CblasLeft, uplo, op, diag, j->n, j->nrhs, 1.0, j->A, j->lda, j->B, j->ldb); break;
    case CB_C: cblas_ctrsm(CblasColMajor, CblasLeft, uplo, op, diag, j->n, j->nrhs, c_one, j->A, j->lda, j->B, j->ldb); break;
    case CB_Z: cblas_ztrsm(CblasColMajor, CblasLeft, uplo, op, diag, j->n, j->nrhs, z_one, j->A, j->lda, j->B, j->ldb); break;
    }
}

static void rs_run(cb_job *job)
{
    rs_job *j = (rs_job *)job;
    int info = 0;
    if (j->ipiv) {
        char tr = sv_trans(j->trans);
        switch (j->type) {
        case CB_S: sgetrs_(&tr, &j->n, &j->nrhs, j->A, &j->lda, j->ipiv, j->B, &j->ldb, &info, 1); break;
        case CB_D: dgetrs_(&tr, &j->n, &j->nrhs, j->A, &j->lda, j->ipiv, j->B, &j->ldb, &info, 1); break;
        case CB_C: cgetrs_(&tr, &j->n, &j->nrhs, j->A, &j->lda, j->ipiv, j->B, &j->ldb, &info, 1); break;
        case CB_Z: zgetrs_(&tr, &j->n, &j->nrhs, j->A, &j->lda, j->ipiv, j->B, &j->ldb, &info, 1); break;
        }
    } else if (j->n > 0 && j->nrhs > 0) {
        /* A = L U: op N solves L then U; op T or C, A^T = U^T L^T, U first */
        if (j->trans == CUBLAS_OP_N) {
            solve_triangle(j, CblasLower, CblasUnit);
            solve_triangle(j, CblasUpper, CblasNonUnit);
        } else {
            solve_triangle(j, CblasUpper, CblasNonUnit);
            solve_triangle(j, CblasLower, CblasUnit);
        }
    }
    *j->info = info;
}

static cusolverStatus_t getrs(cusolverDnHandle_t h, cb_type t, cublasOperation_t trans, int n, int nrhs,
                              const void *A, int lda, const int *devIpiv, void *B, int ldb, int *devInfo)
{
    SV_CHECK_HANDLE(h);
    if (!cb_valid_op(trans) || n < 0 || nrhs < 0 || lda < cb_max1(n) || ldb < cb_max1(n) || !devInfo ||
        (n > 0 && (!A || (nrhs > 0 && !B))))
        return CUSOLVER_STATUS_INVALID_VALUE;
    rs_job j = {.type = t, .trans = trans, .n = n, .nrhs = nrhs, .lda = lda, .ldb = ldb, .A = A,
                .ipiv = devIpiv, .B = B, .info = devInfo};
    return sv_submit(h, &j, sizeof j, rs_run);
}

#define SV_GETRS(P, T, TYPE)                                                                                  \
    cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t h, cublasOperation_t trans, int n, int nrhs,      \
                                          const T *A, int lda, const int *devIpiv, T *B, int ldb, int *devInfo) \
    {                                                                                                          \
        return getrs(h, TYPE, trans, n, nrhs, A, lda, devIpiv, B, ldb, devInfo);                               \
    }
SV_GETRS(S, float, CB_S)
SV_GETRS(D, double, CB_D)
SV_GETRS(C, cuComplex, CB_C)
SV_GETRS(Z, cuDoubleComplex, CB_Z)

/* ---- potrf, potrs -------------------------------------------------------------------- */

typedef struct {
    cb_job job;
    cb_type type;
    char uplo;                       /* 'L' or 'U' */
    int solve;                       /* potrs (else potrf) */
    int n, nrhs, lda, ldb;
    void *A;                         /* potrs: read only */
    void *B;
    int *info;
} po_job;

static void po_run(cb_job *job)
{
    po_job *j = (po_job *)job;
    int info = 0;
    if (j->solve)
        switch (j->type) {
        case CB_S: spotrs_(&j->uplo, &j->n, &j->nrhs, j->A, &j->lda, j->B, &j->ldb, &info, 1); break;
        case CB_D: dpotrs_(&j->uplo, &j->n, &j->nrhs, j->A, &j->lda, j->B, &j->ldb, &info, 1); break;
        case CB_C: cpotrs_(&j->uplo, &j->n, &j->nrhs, j->A, &j->lda, j->B, &j->ldb, &info, 1); break;
        case CB_Z: zpotrs_(&j->uplo, &j->n, &j->nrhs, j->A, &j->lda, j->B, &j->ldb, &info, 1); break;
        }
    else
        switch (j->type) {
        case CB_S: spotrf_(&j->uplo, &j->n, j->A, &j->lda, &info, 1); break;
        case CB_D: dpotrf_(&j->uplo, &j->n, j->A, &j->lda, &info, 1); break;
        case CB_C: cpotrf_(&j->uplo, &j->n, j->A, &j->lda, &info, 1); break;
        case CB_Z: zpotrf_(&j->uplo, &j->n, j->A, &j->lda, &info, 1); break;
        }
    *j->info = info;
}

/* cuSOLVER's checks: uplo not LOWER or UPPER, n < 0 or lda < max(1, n) are INVALID_VALUE. */
static cusolverStatus_t potrf_check(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, const void *A, int lda)
{
    SV_CHECK_HANDLE(h);
    if (!sv_valid_fill(uplo) || n < 0 || lda < cb_max1(n) || (n > 0 && !A))
        return CUSOLVER_STATUS_INVALID_VALUE;
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t potrf_buffer(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, const void *A, int lda,
                                     int *Lwork)
{
    cusolverStatus_t st = potrf_check(h, uplo, n, A, lda);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!Lwork)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *Lwork = 1;
    return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t potrf(cusolverDnHandle_t h, cb_type t, cublasFillMode_t uplo, int n, void *A, int lda,
                              int *devInfo)
{
    cusolverStatus_t st = potrf_check(h, uplo, n, A, lda);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (!devInfo)
        return CUSOLVER_STATUS_INVALID_VALUE;
    po_job j = {.type = t, .uplo = sv_uplo(uplo), .n = n, .lda = lda, .A = A, .info = devInfo};
    return sv_submit(h, &j, sizeof j, po_run);
}

static cusolverStatus_t potrs(cusolverDnHandle_t h, cb_type t, cublasFillMode_t uplo, int n, int nrhs,
                              const void *A, int lda, void *B, int ldb, int *devInfo)
{
    cusolverStatus_t st = potrf_check(h, uplo, n, A, lda);
    if (st != CUSOLVER_STATUS_SUCCESS)
        return st;
    if (nrhs < 0 || ldb < cb_max1(n) || !devInfo || (n > 0 && nrhs > 0 && !B))
        return CUSOLVER_STATUS_INVALID_VALUE;
    po_job j = {.type = t, .uplo = sv_uplo(uplo), .solve = 1, .n = n, .nrhs = nrhs, .lda = lda, .ldb = ldb,
                .A = (void *)A, .B = B, .info = devInfo};
    return sv_submit(h, &j, sizeof j, po_run);
}

#define SV_POTRF(P, T, TYPE)                                                                                  \
    cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, \
                                                     int lda, int *Lwork)                                      \
    {                                                                                                          \
        return potrf_buffer(h, uplo, n, A, lda, Lwork);                                                        \
    }                                                                                                          \
    cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, int lda,   \
                                          T *Workspace, int Lwork, int *devInfo)                               \
    {                                                                                                          \
        (void)Workspace;   /* LAPACK's potrf needs none */                                                     \
        (void)Lwork;                                                                                           \
        return potrf(h, TYPE, uplo, n, A, lda, devInfo);                                                       \
    }                                                                                                          \
    cusolverStatus_t cusolverDn##P##potrs(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs,        \
                                          const T *A, int lda, T *B, int ldb, int *devInfo)                    \
    {                                                                                                          \
        return potrs(h, TYPE, uplo, n, nrhs, A, lda, B, ldb, devInfo);                                         \
    }
SV_POTRF(S, float, CB_S)
SV_POTRF(D, double, CB_D)
SV_POTRF(C, cuComplex, CB_C)
SV_POTRF(Z, cuDoubleComplex, CB_Z)
