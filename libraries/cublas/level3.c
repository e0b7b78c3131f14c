/* libraries/cublas/level3.c - cuBLAS's gemm, symm and trsm in S, D, C and Z (hemm in C, Z) on
 * OpenBLAS, and the geam extension (C = alpha op(A) + beta op(B), in place too) as plain
 * loops over column chunks, a kernel spread over cu2c's workers. Argument checks as cuBLAS: negative sizes, a leading dimension under what the
 * operation needs, an enum out of range or a null scalar are CUBLAS_STATUS_INVALID_VALUE. */
#include <complex.h>
#include "cublas_internal.h"
#define LIB_PARALLEL_NAME "cublas_geam"
#include "../common/parallel_blocks.h"

/* ---- gemm ---------------------------------------------------------------------------- */

void cb_gemm_run(cb_type t, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                 const void *alpha, const void *A, int lda, const void *B, int ldb,
                 const void *beta, void *C, int ldc)
{
    enum CBLAS_TRANSPOSE a = cb_trans(ta), b = cb_trans(tb);
    switch (t) {
    case CB_S:
        cblas_sgemm(CblasColMajor, a, b, m, n, k, *(const float *)alpha, A, lda, B, ldb, *(const float *)beta, C, ldc);
        break;
    case CB_D:
        cblas_dgemm(CblasColMajor, a, b, m, n, k, *(const double *)alpha, A, lda, B, ldb, *(const double *)beta, C,
                    ldc);
        break;
    case CB_C: cblas_cgemm(CblasColMajor, a, b, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc); break;
    case CB_Z: cblas_zgemm(CblasColMajor, a, b, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc); break;
    }
}

cublasStatus_t cb_gemm_check(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                             const void *alpha, int lda, int ldb, const void *beta, int ldc)
{
    if (!cb_valid_op(ta) || !cb_valid_op(tb) || m < 0 || n < 0 || k < 0 ||
        lda < cb_max1(ta == CUBLAS_OP_N ? m : k) || ldb < cb_max1(tb == CUBLAS_OP_N ? k : n) || ldc < cb_max1(m) ||
        !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    return CUBLAS_STATUS_SUCCESS;
}

typedef struct {
    cb_job job;
    cb_type type;
    cublasOperation_t ta, tb;
    int m, n, k, lda, ldb, ldc;
    const void *A, *B;
    void *C;
    cb_scalar alpha, beta;
} gemm_job;

static void gemm_run(cb_job *job)
{
    gemm_job *j = (gemm_job *)job;
    cb_gemm_run(j->type, j->ta, j->tb, j->m, j->n, j->k, cb_scalar_at(&j->alpha), j->A, j->lda, j->B, j->ldb, cb_scalar_at(&j->beta), j->C,
                j->ldc);
}

static cublasStatus_t gemm_submit(cublasHandle_t h, cb_type type, cublasOperation_t ta, cublasOperation_t tb, int m,
                                  int n, int k, const void *alpha, const void *A, int lda, const void *B, int ldb,
                                  const void *beta, void *C, int ldc)
{
    CB_CHECK_HANDLE(h);
    cublasStatus_t st = cb_gemm_check(ta, tb, m, n, k, alpha, lda, ldb, beta, ldc);
    if (st != CUBLAS_STATUS_SUCCESS || m == 0 || n == 0)
        return st;
    gemm_job *j = cb_job_new(sizeof *j, gemm_run);
    if (!j)
        return CUBLAS_STATUS_ALLOC_FAILED;
    *j = (gemm_job){j->job, type, ta, tb, m, n, k, lda, ldb, ldc, A, B, C, {0}, {0}};
    cb_scalar_take(h, &j->alpha, alpha, cb_type_size(type));
    cb_scalar_take(h, &j->beta, beta, cb_type_size(type));
    return cb_submit(h, &j->job, 0);
}

cublasStatus_t cublasSgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                              const float *alpha, const float *A, int lda, const float *B, int ldb, const float *beta,
                              float *C, int ldc)
{ return gemm_submit(h, CB_S, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc); }
cublasStatus_t cublasDgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                              const double *alpha, const double *A, int lda, const double *B, int ldb,
                              const double *beta, double *C, int ldc)
{ return gemm_submit(h, CB_D, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc); }
cublasStatus_t cublasCgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                              const cuComplex *alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb,
                              const cuComplex *beta, cuComplex *C, int ldc)
{ return gemm_submit(h, CB_C, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc); }
cublasStatus_t cublasZgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                              const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                              const cuDoubleComplex *B, int ldb, const cuDoubleComplex *beta, cuDoubleComplex *C,
                              int ldc)
{ return gemm_submit(h, CB_Z, ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc); }

/* ---- symm and trsm ------------------------------------------------------------------- */

typedef struct {
    cb_job job;
    cb_type type;
    int trsm;                        /* trsm (else symm) */
    int herm;                        /* hemm (else symm) */
    cublasSideMode_t side;
    cublasFillMode_t uplo;
    cublasOperation_t trans;         /* trsm's */
    cublasDiagType_t diag;           /* trsm's */
    int m, n, lda, ldb, ldc;
    const void *A, *B;               /* trsm: B is C, solved in place */
    void *C;
    cb_scalar alpha, beta;
} side_job;

static void side_run(cb_job *job)
{
    side_job *j = (side_job *)job;
    enum CBLAS_SIDE s = j->side == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight;
    enum CBLAS_UPLO u = j->uplo == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper;
    const void *a = cb_scalar_at(&j->alpha), *b = cb_scalar_at(&j->beta);
    if (j->trsm) {
        enum CBLAS_TRANSPOSE t = cb_trans(j->trans);
        enum CBLAS_DIAG d = j->diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit;
        switch (j->type) {
        case CB_S: cblas_strsm(CblasColMajor, s, u, t, d, j->m, j->n, *(const float *)a, j->A, j->lda, j->C, j->ldb); break;
        case CB_D: cblas_dtrsm(CblasColMajor, s, u, t, d, j->m, j->n, *(const double *)a, j->A, j->lda, j->C, j->ldb); break;
        case CB_C: cblas_ctrsm(CblasColMajor, s, u, t, d, j->m, j->n, a, j->A, j->lda, j->C, j->ldb); break;
        case CB_Z: cblas_ztrsm(CblasColMajor, s, u, t, d, j->m, j->n, a, j->A, j->lda, j->C, j->ldb); break;
        }
        return;
    }
    switch (j->type) {
    case CB_S:
        cblas_ssymm(CblasColMajor, s, u, j->m, j->n, *(const float *)a, j->A, j->lda, j->B, j->ldb, *(const float *)b,
                    j->C, j->ldc);
        break;
    case CB_D:
        cblas_dsymm(CblasColMajor, s, u, j->m, j->n, *(const double *)a, j->A, j->lda, j->B, j->ldb,
                    *(const double *)b, j->C, j->ldc);
        break;
    case CB_C:
        (j->herm ? cblas_chemm : cblas_csymm)(CblasColMajor, s, u, j->m, j->n, a, j->A, j->lda, j->B, j->ldb, b, j->C,
                                              j->ldc);
        break;
    case CB_Z:
        (j->herm ? cblas_zhemm : cblas_zsymm)(CblasColMajor, s, u, j->m, j->n, a, j->A, j->lda, j->B, j->ldb, b, j->C,
                                              j->ldc);
        break;
    }
}

static cublasStatus_t side_submit(cublasHandle_t h, cb_type type, int trsm, int herm, cublasSideMode_t side,
                                  cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag, int m, int n,
                                  const void *alpha, const void *A, int lda, const void *B, int ldb,
                                  const void *beta, void *C, int ldc)
{
    CB_CHECK_HANDLE(h);
    int ka = side == CUBLAS_SIDE_LEFT ? m : n;   /* A is ka x ka */
    if ((side != CUBLAS_SIDE_LEFT && side != CUBLAS_SIDE_RIGHT) ||
        (uplo != CUBLAS_FILL_MODE_LOWER && uplo != CUBLAS_FILL_MODE_UPPER) || m < 0 || n < 0 || lda < cb_max1(ka) ||
        ldb < cb_max1(m) || !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (trsm && (!cb_valid_op(trans) || (diag != CUBLAS_DIAG_NON_UNIT && diag != CUBLAS_DIAG_UNIT)))
        return CUBLAS_STATUS_INVALID_VALUE;
    if (!trsm && (ldc < cb_max1(m) || !beta))
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    side_job *j = cb_job_new(sizeof *j, side_run);
    if (!j)
        return CUBLAS_STATUS_ALLOC_FAILED;
    *j = (side_job){j->job, type, trsm, herm, side, uplo, trans, diag, m, n, lda, ldb, ldc, A, B, C, {0}, {0}};
    cb_scalar_take(h, &j->alpha, alpha, cb_type_size(type));
    if (!trsm)
        cb_scalar_take(h, &j->beta, beta, cb_type_size(type));
    return cb_submit(h, &j->job, 0);
}

cublasStatus_t cublasSsymm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
                              const float *alpha, const float *A, int lda, const float *B, int ldb, const float *beta,
                              float *C, int ldc)
{ return side_submit(h, CB_S, 0, 0, side, uplo, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, n, alpha, A, lda, B, ldb, beta, C, ldc); }
cublasStatus_t cublasDsymm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
                              const double *alpha, const double *A, int lda, const double *B, int ldb,
                              const double *beta, double *C, int ldc)
{ return side_submit(h, CB_D, 0, 0, side, uplo, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, n, alpha, A, lda, B, ldb, beta, C, ldc); }
cublasStatus_t cublasCsymm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
                              const cuComplex *alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb,
                              const cuComplex *beta, cuComplex *C, int ldc)
{ return side_submit(h, CB_C, 0, 0, side, uplo, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, n, alpha, A, lda, B, ldb, beta, C, ldc); }
cublasStatus_t cublasZsymm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
                              const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                              const cuDoubleComplex *B, int ldb, const cuDoubleComplex *beta, cuDoubleComplex *C,
                              int ldc)
{ return side_submit(h, CB_Z, 0, 0, side, uplo, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, n, alpha, A, lda, B, ldb, beta, C, ldc); }

cublasStatus_t cublasChemm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
                              const cuComplex *alpha, const cuComplex *A, int lda, const cuComplex *B, int ldb,
                              const cuComplex *beta, cuComplex *C, int ldc)
{ return side_submit(h, CB_C, 0, 1, side, uplo, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, n, alpha, A, lda, B, ldb, beta, C, ldc); }
cublasStatus_t cublasZhemm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m, int n,
                              const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                              const cuDoubleComplex *B, int ldb, const cuDoubleComplex *beta, cuDoubleComplex *C,
                              int ldc)
{ return side_submit(h, CB_Z, 0, 1, side, uplo, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, n, alpha, A, lda, B, ldb, beta, C, ldc); }

cublasStatus_t cublasStrsm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int m, int n, const float *alpha, const float *A, int lda,
                              float *B, int ldb)
{ return side_submit(h, CB_S, 1, 0, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, NULL, B, ldb); }
cublasStatus_t cublasDtrsm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int m, int n, const double *alpha, const double *A, int lda,
                              double *B, int ldb)
{ return side_submit(h, CB_D, 1, 0, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, NULL, B, ldb); }
cublasStatus_t cublasCtrsm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int m, int n, const cuComplex *alpha, const cuComplex *A,
                              int lda, cuComplex *B, int ldb)
{ return side_submit(h, CB_C, 1, 0, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, NULL, B, ldb); }
cublasStatus_t cublasZtrsm_v2(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,
                              cublasDiagType_t diag, int m, int n, const cuDoubleComplex *alpha,
                              const cuDoubleComplex *A, int lda, cuDoubleComplex *B, int ldb)
{ return side_submit(h, CB_Z, 1, 0, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, NULL, B, ldb); }

/* ---- geam ---------------------------------------------------------------------------- */

/* A kernel over cu2c's workers (parallel_blocks.h): block b computes columns [b cols, (b+1) cols). */
typedef struct {
    cb_type type;
    cublasOperation_t ta, tb;
    int m, n, lda, ldb, ldc, cols;
    const void *A, *B;
    void *C;
    cb_scalar alpha, beta;
} geam_job;
_Static_assert(sizeof(geam_job) <= LIB_PARALLEL_JOB_MAX, "a geam job travels with its launch");

static inline float cb_conj_s(float v) { return v; }
static inline double cb_conj_d(double v) { return v; }

/* Columns [c0, c1); a zero scalar leaves its matrix unread (it may be NULL). Element (r, c) of
 * C is read (in place) before it is written, and by no other element. */
#define CB_GEAM(T, CONJ)                                                                             \
    do {                                                                                             \
        const T *A = j->A, *B = j->B;                                                                \
        T *C = j->C;                                                                                 \
        T al = *(const T *)cb_scalar_at(&j->alpha), be = *(const T *)cb_scalar_at(&j->beta);         \
        size_t lda = (size_t)j->lda, ldb = (size_t)j->ldb, ldc = (size_t)j->ldc;                     \
        for (int c = c0; c < c1; c++)                                                                \
            for (int r = 0; r < j->m; r++) {                                                         \
                T v = 0;                                                                             \
                if (al != 0) {                                                                       \
                    T a = j->ta == CUBLAS_OP_N ? A[r + c * lda] : A[c + r * lda];                    \
                    v = al * (j->ta == CUBLAS_OP_C ? CONJ(a) : a);                                   \
                }                                                                                    \
                if (be != 0) {                                                                       \
                    T b = j->tb == CUBLAS_OP_N ? B[r + c * ldb] : B[c + r * ldb];                    \
                    v += be * (j->tb == CUBLAS_OP_C ? CONJ(b) : b);                                  \
                }                                                                                    \
                C[r + c * ldc] = v;                                                                  \
            }                                                                                        \
    } while (0)

static void geam_block(const void *job, unsigned block)
{
    const geam_job *j = job;
    int c0 = (int)block * j->cols, c1 = c0 + j->cols < j->n ? c0 + j->cols : j->n;
    switch (j->type) {
    case CB_S: CB_GEAM(float, cb_conj_s); break;
    case CB_D: CB_GEAM(double, cb_conj_d); break;
    case CB_C: CB_GEAM(float _Complex, conjf); break;
    case CB_Z: CB_GEAM(double _Complex, conj); break;
    }
}

static cublasStatus_t geam_submit(cublasHandle_t h, cb_type type, cublasOperation_t ta, cublasOperation_t tb, int m,
                                  int n, const void *alpha, const void *A, int lda, const void *beta, const void *B,
                                  int ldb, void *C, int ldc)
{
    CB_CHECK_HANDLE(h);
    if (!cb_valid_op(ta) || !cb_valid_op(tb) || m < 0 || n < 0 || lda < cb_max1(ta == CUBLAS_OP_N ? m : n) ||
        ldb < cb_max1(tb == CUBLAS_OP_N ? m : n) || ldc < cb_max1(m) || !alpha || !beta)
        return CUBLAS_STATUS_INVALID_VALUE;
    /* in place: C may be A or B only read as it is laid out */
    if ((C == A && (ta != CUBLAS_OP_N || lda != ldc)) || (C == B && (tb != CUBLAS_OP_N || ldb != ldc)))
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m == 0 || n == 0)
        return CUBLAS_STATUS_SUCCESS;
    geam_job j = {type, ta, tb, m, n, lda, ldb, ldc, 0, A, B, C, {0}, {0}};
    cb_scalar_take(h, &j.alpha, alpha, cb_type_size(type));
    cb_scalar_take(h, &j.beta, beta, cb_type_size(type));
    /* blocks of at least 64K elements, at most 4 per worker */
    int per = (int)((65536 + (size_t)m - 1) / (size_t)m), most = 4 * lib_parallel_workers();
    int blocks = (n + per - 1) / per;
    blocks = blocks < 1 ? 1 : blocks > most ? most : blocks;
    j.cols = (n + blocks - 1) / blocks;
    blocks = (n + j.cols - 1) / j.cols;
    return lib_parallel_launch(h->stream, geam_block, &j, sizeof j, (unsigned)blocks) == cudaSuccess
               ? CUBLAS_STATUS_SUCCESS
               : CUBLAS_STATUS_EXECUTION_FAILED;
}

cublasStatus_t cublasSgeam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                           const float *alpha, const float *A, int lda, const float *beta, const float *B, int ldb,
                           float *C, int ldc)
{ return geam_submit(h, CB_S, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc); }
cublasStatus_t cublasDgeam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                           const double *alpha, const double *A, int lda, const double *beta, const double *B,
                           int ldb, double *C, int ldc)
{ return geam_submit(h, CB_D, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc); }
cublasStatus_t cublasCgeam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                           const cuComplex *alpha, const cuComplex *A, int lda, const cuComplex *beta,
                           const cuComplex *B, int ldb, cuComplex *C, int ldc)
{ return geam_submit(h, CB_C, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc); }
cublasStatus_t cublasZgeam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                           const cuDoubleComplex *alpha, const cuDoubleComplex *A, int lda,
                           const cuDoubleComplex *beta, const cuDoubleComplex *B, int ldb, cuDoubleComplex *C, int ldc)
{ return geam_submit(h, CB_Z, ta, tb, m, n, alpha, A, lda, beta, B, ldb, C, ldc); }
