/* libraries/cusolver/cusolver_internal.h - what libcusolver's files share.
 *
 * A routine checks its arguments as cuSOLVER does, then queues a job on the handle's stream
 * through libcublas.a's queue (cb_job, cb_submit_on: cudaLaunchHostFunc, kept for a graph
 * being captured) that calls LAPACK, OpenBLAS's, by its Fortran symbols (Debian's OpenBLAS has
 * no LAPACKE) and writes the info word. LAPACK's workspace comes from the user's when it is
 * large enough, else from scratch memory the job owns (sv_scratch): what _bufferSize tells
 * and what LAPACK asks may differ, and the user's buffer is never written past Lwork.
 * One section per file; internal names start with sv_. */
#ifndef CU2C_CUSOLVER_INTERNAL_H
#define CU2C_CUSOLVER_INTERNAL_H

#include <stddef.h>
#include "../cublas/cublas_internal.h"
#include "cusolverDn.h"

/* ---- handle.c ------------------------------------------------------------------------ */

#define SV_HANDLE_MAGIC 0x43534c56U  /* "CSLV" */
#define SV_PARAMS_MAGIC 0x4353504bU  /* "CSPK" */

struct cusolverDnContext {
    unsigned magic;                  /* SV_HANDLE_MAGIC while the handle lives */
    cudaStream_t stream;             /* where its work is queued (cusolverDnSetStream) */
    cusolverDeterministicMode_t deterministic;   /* recorded: LAPACK is deterministic */
};

struct cusolverDnParams {
    unsigned magic;                  /* SV_PARAMS_MAGIC while it lives */
    cusolverAlgMode_t algo[3];       /* by cusolverDnFunction_t: recorded only */
};

/* Whether h is a live handle (a null or destroyed one is refused: best effort). */
static inline int sv_valid(cusolverDnHandle_t h)
{
    return h != NULL && h->magic == SV_HANDLE_MAGIC;
}
#define SV_CHECK_HANDLE(h)                            \
    do {                                              \
        if (!sv_valid(h))                             \
            return CUSOLVER_STATUS_NOT_INITIALIZED;   \
    } while (0)

/* A zeroed job of `bytes` bytes (a struct starting with cb_job) that runs `run`, queued on h's
 * stream by sv_submit; ALLOC_FAILED when memory runs out, EXECUTION_FAILED when the stream
 * refuses work. */
cusolverStatus_t sv_submit(cusolverDnHandle_t h, const void *proto, size_t bytes, void (*run)(cb_job *job));

/* Memory for LAPACK of `bytes` bytes: the user's workspace (`lwork` elements of `elem`
 * bytes) when it holds that many, else allocated, *owned set to it for free(). NULL when
 * memory runs out. */
void *sv_scratch(void *user, int lwork, size_t elem, size_t bytes, void **owned);

/* _bufferSize's answer: `bytes` as a count of elements of `elem` bytes, at least 1 (a
 * program may cudaMalloc it), INT_MAX at most. */
int sv_elements(size_t bytes, size_t elem);
/* Where a LAPACK workspace query (lwork = -1) leaves its answer: work[0], a real of the
 * routine's precision (a complex's real part). */
typedef union {
    float s[2];
    double d[2];
} sv_query;
/* The count a query answered, at least 1; t: the routine's type (or a real one of its
 * precision, for rwork). */
size_t sv_query_count(cb_type t, const sv_query *q);

/* Bytes of one real element of type t's precision (S, C: float; D, Z: double). */
static inline size_t sv_real_size(cb_type t)
{
    return t == CB_S || t == CB_C ? sizeof(float) : sizeof(double);
}
static inline int sv_valid_fill(cublasFillMode_t u)
{
    return u == CUBLAS_FILL_MODE_LOWER || u == CUBLAS_FILL_MODE_UPPER;
}
/* LAPACK's letter of a fill mode, an operation, a side. */
static inline char sv_uplo(cublasFillMode_t u)
{
    return u == CUBLAS_FILL_MODE_LOWER ? 'L' : 'U';
}
static inline char sv_trans(cublasOperation_t op)
{
    return op == CUBLAS_OP_N ? 'N' : op == CUBLAS_OP_T ? 'T' : 'C';
}
static inline int sv_min(int a, int b)
{
    return a < b ? a : b;
}

/* ---- LAPACK's Fortran symbols (libopenblas) ------------------------------------------
 * Arguments by reference; a character argument's length follows the others (gfortran's
 * hidden size_t). Matrices are void *: one prototype shape serves S, D, C and Z. */

typedef size_t sv_flen;

void sgetrf_(const int *m, const int *n, void *a, const int *lda, int *ipiv, int *info);
void dgetrf_(const int *m, const int *n, void *a, const int *lda, int *ipiv, int *info);
void cgetrf_(const int *m, const int *n, void *a, const int *lda, int *ipiv, int *info);
void zgetrf_(const int *m, const int *n, void *a, const int *lda, int *ipiv, int *info);

void sgetrs_(const char *trans, const int *n, const int *nrhs, const void *a, const int *lda, const int *ipiv,
             void *b, const int *ldb, int *info, sv_flen);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const void *a, const int *lda, const int *ipiv,
             void *b, const int *ldb, int *info, sv_flen);
void cgetrs_(const char *trans, const int *n, const int *nrhs, const void *a, const int *lda, const int *ipiv,
             void *b, const int *ldb, int *info, sv_flen);
void zgetrs_(const char *trans, const int *n, const int *nrhs, const void *a, const int *lda, const int *ipiv,
             void *b, const int *ldb, int *info, sv_flen);

void spotrf_(const char *uplo, const int *n, void *a, const int *lda, int *info, sv_flen);
void dpotrf_(const char *uplo, const int *n, void *a, const int *lda, int *info, sv_flen);
void cpotrf_(const char *uplo, const int *n, void *a, const int *lda, int *info, sv_flen);
void zpotrf_(const char *uplo, const int *n, void *a, const int *lda, int *info, sv_flen);

void spotrs_(const char *uplo, const int *n, const int *nrhs, const void *a, const int *lda, void *b,
             const int *ldb, int *info, sv_flen);
void dpotrs_(const char *uplo, const int *n, const int *nrhs, const void *a, const int *lda, void *b,
             const int *ldb, int *info, sv_flen);
void cpotrs_(const char *uplo, const int *n, const int *nrhs, const void *a, const int *lda, void *b,
             const int *ldb, int *info, sv_flen);
void zpotrs_(const char *uplo, const int *n, const int *nrhs, const void *a, const int *lda, void *b,
             const int *ldb, int *info, sv_flen);

void sgeqrf_(const int *m, const int *n, void *a, const int *lda, void *tau, void *work, const int *lwork,
             int *info);
void dgeqrf_(const int *m, const int *n, void *a, const int *lda, void *tau, void *work, const int *lwork,
             int *info);
void cgeqrf_(const int *m, const int *n, void *a, const int *lda, void *tau, void *work, const int *lwork,
             int *info);
void zgeqrf_(const int *m, const int *n, void *a, const int *lda, void *tau, void *work, const int *lwork,
             int *info);

void sormqr_(const char *side, const char *trans, const int *m, const int *n, const int *k, const void *a,
             const int *lda, const void *tau, void *c, const int *ldc, void *work, const int *lwork, int *info,
             sv_flen, sv_flen);
void dormqr_(const char *side, const char *trans, const int *m, const int *n, const int *k, const void *a,
             const int *lda, const void *tau, void *c, const int *ldc, void *work, const int *lwork, int *info,
             sv_flen, sv_flen);
void cunmqr_(const char *side, const char *trans, const int *m, const int *n, const int *k, const void *a,
             const int *lda, const void *tau, void *c, const int *ldc, void *work, const int *lwork, int *info,
             sv_flen, sv_flen);
void zunmqr_(const char *side, const char *trans, const int *m, const int *n, const int *k, const void *a,
             const int *lda, const void *tau, void *c, const int *ldc, void *work, const int *lwork, int *info,
             sv_flen, sv_flen);

void sgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, void *a, const int *lda, void *s,
             void *u, const int *ldu, void *vt, const int *ldvt, void *work, const int *lwork, int *info,
             sv_flen, sv_flen);
void dgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, void *a, const int *lda, void *s,
             void *u, const int *ldu, void *vt, const int *ldvt, void *work, const int *lwork, int *info,
             sv_flen, sv_flen);
void cgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, void *a, const int *lda, void *s,
             void *u, const int *ldu, void *vt, const int *ldvt, void *work, const int *lwork, void *rwork,
             int *info, sv_flen, sv_flen);
void zgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, void *a, const int *lda, void *s,
             void *u, const int *ldu, void *vt, const int *ldvt, void *work, const int *lwork, void *rwork,
             int *info, sv_flen, sv_flen);

void ssyevd_(const char *jobz, const char *uplo, const int *n, void *a, const int *lda, void *w, void *work,
             const int *lwork, int *iwork, const int *liwork, int *info, sv_flen, sv_flen);
void dsyevd_(const char *jobz, const char *uplo, const int *n, void *a, const int *lda, void *w, void *work,
             const int *lwork, int *iwork, const int *liwork, int *info, sv_flen, sv_flen);
void cheevd_(const char *jobz, const char *uplo, const int *n, void *a, const int *lda, void *w, void *work,
             const int *lwork, void *rwork, const int *lrwork, int *iwork, const int *liwork, int *info, sv_flen,
             sv_flen);
void zheevd_(const char *jobz, const char *uplo, const int *n, void *a, const int *lda, void *w, void *work,
             const int *lwork, void *rwork, const int *lrwork, int *iwork, const int *liwork, int *info, sv_flen,
             sv_flen);

#endif
