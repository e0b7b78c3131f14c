/* libraries/cublas/cublas_internal.h - what libcublas's files share.
 *
 * A routine checks its arguments as cuBLAS does, then queues a job on the handle's stream
 * (cudaLaunchHostFunc: ordered with kernels, copies and events like any stream work) that
 * calls OpenBLAS. Scalars given by host pointer are copied into the job at the call, as
 * cuBLAS reads them then; by device pointer they are read when the job runs. A routine that
 * returns a result to host memory waits for its job, as cuBLAS blocks for it. Batches of small
 * gemms (too small for OpenBLAS's threads) and geam (plain loops) are a kernel instead, spread
 * over cu2c's workers (libraries/common/parallel_blocks.h). One section per file; internal names start
 * with cb_. */
#ifndef CU2C_CUBLAS_INTERNAL_H
#define CU2C_CUBLAS_INTERNAL_H

#include <stddef.h>
#include <cblas.h>
#include "cuda_runtime_api.h"
#include "cublas_api.h"

/* ---- handle.c -------------------------------------------------------------------------- */

#define CB_HANDLE_MAGIC 0x43424c53U  /* "CBLS" */

struct cublasContext {
    unsigned magic;                  /* CB_HANDLE_MAGIC while the handle lives */
    cudaStream_t stream;             /* where its work is queued (cublasSetStream) */
    cublasPointerMode_t pointer_mode;
    cublasAtomicsMode_t atomics_mode;
    cublasMath_t math_mode;          /* recorded: every mode computes in full precision here */
};

/* Whether h is a live handle (a null or destroyed one is refused: best effort). */
static inline int cb_valid(cublasHandle_t h)
{
    return h != NULL && h->magic == CB_HANDLE_MAGIC;
}
#define CB_CHECK_HANDLE(h)                          \
    do {                                            \
        if (!cb_valid(h))                           \
            return CUBLAS_STATUS_NOT_INITIALIZED;   \
    } while (0)

/* A scalar argument (alpha, beta, c, s): by host pointer its value is copied into `value` at
 * the call; by device pointer `p` points to it and it is read when the job runs. A job holding
 * scalars may be copied (a parallel launch copies it): nothing points into it. */
typedef struct cb_scalar {
    const void *p;                   /* device pointer mode: the user's scalar */
    double value[2];                 /* host pointer mode: its value (room for a cuDoubleComplex) */
    int by_value;
} cb_scalar;
/* Takes user's scalar of `bytes` bytes by the handle's pointer mode. */
void cb_scalar_take(cublasHandle_t h, cb_scalar *s, const void *user, size_t bytes);
/* Where the scalar's value is, when the job runs. */
static inline const void *cb_scalar_at(const cb_scalar *s)
{
    return s->by_value ? (const void *)s->value : s->p;
}

/* Work queued on a stream: run() does it. The memory is the job's owner's (cb_job_new):
 * freed after the run, or kept until exit for a job captured into a graph (which may run it
 * again and again). A job's fields must not point into itself except through cb_scalar. */
typedef struct cb_job {
    void (*run)(struct cb_job *job);
    int keep;                        /* captured: not freed after running */
    struct cb_job *next_kept;
} cb_job;
/* A zeroed job of `bytes` bytes (a struct starting with cb_job) that runs `run`; NULL when
 * memory runs out. */
void *cb_job_new(size_t bytes, void (*run)(cb_job *job));
/* Queues job on h's stream; with `wait` (a result for host memory) returns once it has run.
 * Frees job on failure: CUBLAS_STATUS_EXECUTION_FAILED when the stream refuses work (an
 * earlier fault), CUBLAS_STATUS_NOT_SUPPORTED for a result to host memory while the stream
 * is being captured into a graph. */
cublasStatus_t cb_submit(cublasHandle_t h, cb_job *job, int wait);
/* The same on a stream (cuBLASLt's routines name theirs). */
cublasStatus_t cb_submit_on(cudaStream_t stream, cb_job *job, int wait);
/* OpenBLAS's threads set to cu2c's workers, once (handles' creation). */
void cb_init_blas_threads(void);
/* Whether a result pointer is host memory, whose routine must wait for its job. */
static inline int cb_host_result(cublasHandle_t h)
{
    return h->pointer_mode == CUBLAS_POINTER_MODE_HOST;
}

/* Whether op is one of N, T, C. */
static inline int cb_valid_op(cublasOperation_t op)
{
    return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}
/* CBLAS's name of a cuBLAS operation (T and C are the same on real types). */
static inline enum CBLAS_TRANSPOSE cb_trans(cublasOperation_t op)
{
    return op == CUBLAS_OP_N ? CblasNoTrans : op == CUBLAS_OP_T ? CblasTrans : CblasConjTrans;
}
static inline int cb_max1(int v)
{
    return v > 1 ? v : 1;
}

/* The element types of the S, D, C and Z routines. */
typedef enum { CB_S, CB_D, CB_C, CB_Z } cb_type;
/* Bytes of one element of type t. */
static inline size_t cb_type_size(cb_type t)
{
    static const size_t sizes[] = {4, 8, 8, 16};
    return sizes[t];
}

/* ---- level3.c, for batched.c ----------------------------------------------------------- */

/* One gemm of type t with OpenBLAS (column-major; alpha and beta are values of type t). */
void cb_gemm_run(cb_type t, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                 const void *alpha, const void *A, int lda, const void *B, int ldb,
                 const void *beta, void *C, int ldc);
/* gemm's argument checks as cuBLAS makes them: CUBLAS_STATUS_INVALID_VALUE or SUCCESS. */
cublasStatus_t cb_gemm_check(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                             const void *alpha, int lda, int ldb, const void *beta, int ldc);

#endif
