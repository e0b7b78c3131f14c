/* libraries/cublas/batched.c - cuBLAS's gemmBatched and gemmStridedBatched in S, D, C and Z,
 * and gemmEx, gemmBatchedEx and gemmStridedBatchedEx: a gemm per matrix of the batch, with
 * OpenBLAS. Batched routines read their arrays of matrix pointers (device memory) when the work
 * runs, as the GPU would. A batch of small gemms is a kernel, one gemm per block spread over
 * cu2c's workers; a batch of large ones a job running them one after another on OpenBLAS's
 * threads.
 *
 * The Ex routines take A, B and C of one type, CUDA_R_32F, CUDA_R_64F, CUDA_C_32F or
 * CUDA_C_64F, with a compute type of that precision (alpha and beta of C's type); or A and B
 * of CUDA_R_16F and C of CUDA_R_16F or CUDA_R_32F with a 16F or 32F compute type (alpha and
 * beta __half for CUBLAS_COMPUTE_16F*, float otherwise); or A and B of CUDA_R_16BF and C of
 * CUDA_R_16BF or CUDA_R_32F with a 32F compute type. 16-bit matrices are computed in float
 * (converted by columns) and rounded once to C's type (at least the precision cuBLAS
 * promises). A and B of CUDA_R_8I take C of CUDA_R_32I with CUBLAS_COMPUTE_32I (int alpha
 * and beta; the products summed exactly, in double, and C wrapping as 32-bit integers do on
 * the GPU) or C of CUDA_R_32F with a 32F compute type (float alpha and beta). Any other
 * combination is CUBLAS_STATUS_NOT_SUPPORTED. cublasHgemm and its batched forms are the 16F
 * one. */
#include <stdio.h>
#include <stdlib.h>
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "cublas_internal.h"
#define LIB_PARALLEL_NAME "cublas_gemm_batch"
#include "../common/parallel_blocks.h"

/* A batch of gemms of at most this size (m n k: OpenBLAS 0.3's threshold under which a gemm runs
 * on the calling thread alone) runs one gemm per block over cu2c's workers; larger ones run one
 * after another, each on OpenBLAS's threads. */
#define CB_SMALL_GEMM (64.0 * 64.0 * 64.0)

/* How an Ex routine's types are computed. */
typedef enum {
    EX_PLAIN,        /* one of S, D, C, Z: a gemm of that type */
    EX_LOWP_IN,      /* A, B narrow (half, bf16 or int8); C float: converted in, sgemm */
    EX_LOWP_INOUT,   /* A, B, C 16-bit: converted in and out, sgemm */
    EX_INT8_INT32,   /* A, B int8; C int32, int alpha and beta: exact products, in double */
} ex_kind;

/* The narrow element type of A and B (and C for EX_LOWP_INOUT). */
typedef enum { EX_HALF, EX_BF16, EX_INT8 } ex_elem;

/* What an Ex routine's element types and compute type make of the product. */
typedef struct {
    cb_type type;     /* the type it is computed in */
    ex_kind kind;     /* where narrow types stand in for float */
    ex_elem elem;     /* which narrow type (for the kinds other than EX_PLAIN) */
    int half_scalars; /* alpha and beta are __half */
} ex_plan_t;

typedef struct {
    cb_job job;
    cb_type type;                    /* the gemm's type (CB_S for the 16-bit kinds) */
    ex_kind kind;
    ex_elem elem;                    /* the narrow elements' type */
    int half_scalars;                /* alpha and beta are __half (CUBLAS_COMPUTE_16F*) */
    cublasOperation_t ta, tb;
    int m, n, k, lda, ldb, ldc, batch;
    long long sa, sb, sc;            /* strides between matrices (elements), when not by_array */
    int by_array;                    /* Aarray/Barray/Carray: arrays of matrix pointers */
    const void *A, *B;
    void *C;
    cb_scalar alpha, beta;
} batch_job;

/* A rows x cols column-major matrix of halves, bf16s or int8s (leading dimension ld) as
 * floats, packed (leading dimension rows), a column at a time; NULL when memory runs out. */
static float *ex_widen(const void *p, ex_elem elem, int rows, int cols, int ld)
{
    float *f = malloc(((size_t)rows * (size_t)cols + 1) * sizeof *f);
    for (int c = 0; f && c < cols; c++) {
        float *to = f + (size_t)c * rows;
        if (elem == EX_BF16) {
            const __nv_bfloat16 *from = (const __nv_bfloat16 *)p + (size_t)c * ld;
            for (int r = 0; r < rows; r++)
                to[r] = __bfloat162float(from[r]);
        } else if (elem == EX_HALF) {
            const __half *from = (const __half *)p + (size_t)c * ld;
            for (int r = 0; r < rows; r++)
                to[r] = __half2float(from[r]);
        } else {
            const signed char *from = (const signed char *)p + (size_t)c * ld;
            for (int r = 0; r < rows; r++)
                to[r] = from[r];
        }
    }
    return f;
}

/* The same for int8s as doubles: their products' sums stay exact (below 2^53). */
static double *ex_widen_int8(const signed char *p, int rows, int cols, int ld)
{
    double *d = malloc(((size_t)rows * (size_t)cols + 1) * sizeof *d);
    for (int c = 0; d && c < cols; c++)
        for (int r = 0; r < rows; r++)
            d[(size_t)c * rows + r] = p[(size_t)c * ld + r];
    return d;
}

/* The packed floats back into the 16-bit matrix C, each rounded once. */
static void ex_narrow(const float *f, ex_elem elem, int rows, int cols, void *p, int ld)
{
    for (int c = 0; c < cols; c++) {
        const float *from = f + (size_t)c * rows;
        if (elem == EX_BF16) {
            __nv_bfloat16 *to = (__nv_bfloat16 *)p + (size_t)c * ld;
            for (int r = 0; r < rows; r++)
                to[r] = __float2bfloat16(from[r]);
        } else {
            __half *to = (__half *)p + (size_t)c * ld;
            for (int r = 0; r < rows; r++)
                to[r] = __float2half(from[r]);
        }
    }
}

/* One gemm of a 16-bit kind: A, B (and C for EX_LOWP_INOUT) widened, sgemm, C narrowed back. */
static int ex_lowp_gemm(const batch_job *j, const float *alpha, const float *beta, const void *A, const void *B,
                        void *C)
{
    int ar = j->ta == CUBLAS_OP_N ? j->m : j->k, ac = j->ta == CUBLAS_OP_N ? j->k : j->m;
    int br = j->tb == CUBLAS_OP_N ? j->k : j->n, bc = j->tb == CUBLAS_OP_N ? j->n : j->k;
    float *a = ex_widen(A, j->elem, ar, ac, j->lda), *b = ex_widen(B, j->elem, br, bc, j->ldb), *c = NULL;
    int ok = a && b;
    if (ok && j->kind == EX_LOWP_INOUT)
        ok = (c = ex_widen(C, j->elem, j->m, j->n, j->ldc)) != NULL;
    if (ok && j->kind == EX_LOWP_IN)
        cb_gemm_run(CB_S, j->ta, j->tb, j->m, j->n, j->k, alpha, a, cb_max1(ar), b, cb_max1(br), beta, C, j->ldc);
    else if (ok) {
        cb_gemm_run(CB_S, j->ta, j->tb, j->m, j->n, j->k, alpha, a, cb_max1(ar), b, cb_max1(br), beta, c, j->m);
        ex_narrow(c, j->elem, j->m, j->n, C, j->ldc);
    }
    free(a);
    free(b);
    free(c);
    return ok;
}

/* One int8 gemm into int32: A B exactly (dgemm on the widened matrices), then
 * C = alpha (A B) + beta C in 32-bit integers, wrapping as the GPU's do. */
static int ex_int8_gemm(const batch_job *j, int32_t alpha, int32_t beta, const void *A, const void *B, int32_t *C)
{
    int ar = j->ta == CUBLAS_OP_N ? j->m : j->k, ac = j->ta == CUBLAS_OP_N ? j->k : j->m;
    int br = j->tb == CUBLAS_OP_N ? j->k : j->n, bc = j->tb == CUBLAS_OP_N ? j->n : j->k;
    double *a = ex_widen_int8(A, ar, ac, j->lda), *b = ex_widen_int8(B, br, bc, j->ldb);
    double *ab = malloc(((size_t)j->m * j->n + 1) * sizeof *ab);
    static const double one = 1, zero = 0;
    int ok = a && b && ab;
    if (ok) {
        cb_gemm_run(CB_D, j->ta, j->tb, j->m, j->n, j->k, &one, a, cb_max1(ar), b, cb_max1(br), &zero, ab, j->m);
        for (int c = 0; c < j->n; c++)
            for (int r = 0; r < j->m; r++) {
                int32_t *to = C + (size_t)c * j->ldc + r;
                uint32_t product = (uint32_t)(int64_t)ab[(size_t)c * j->m + r];
                uint32_t old = beta ? (uint32_t)*to : 0;   /* beta 0: C is not read */
                *to = (int32_t)((uint32_t)alpha * product + (uint32_t)beta * old);
            }
    }
    free(a);
    free(b);
    free(ab);
    return ok;
}

/* alpha and beta as the gemm takes them: __half ones widened to float (into fa, fb). */
static void batch_scalars(const batch_job *j, const void **alpha, const void **beta, float *fa, float *fb)
{
    *alpha = cb_scalar_at(&j->alpha);
    *beta = cb_scalar_at(&j->beta);
    if (j->half_scalars) {
        *fa = __half2float(*(const __half *)*alpha);
        *fb = __half2float(*(const __half *)*beta);
        *alpha = fa;
        *beta = fb;
    }
}

/* The batch's i-th gemm. */
static void batch_one(const batch_job *j, int i, const void *alpha, const void *beta)
{
    size_t es = j->kind == EX_PLAIN ? cb_type_size(j->type) : j->elem == EX_INT8 ? 1 : 2;   /* A's, B's */
    size_t ec = j->kind == EX_LOWP_IN || j->kind == EX_INT8_INT32 ? 4 : es;                  /* C's */
    const char *A, *B;
    char *C;
    if (j->by_array) {
        A = ((const void *const *)j->A)[i];
        B = ((const void *const *)j->B)[i];
        C = ((void *const *)j->C)[i];
    } else {
        A = (const char *)j->A + (size_t)(i * j->sa) * es;
        B = (const char *)j->B + (size_t)(i * j->sb) * es;
        C = (char *)j->C + (size_t)(i * j->sc) * ec;
    }
    int ok = 1;
    if (j->kind == EX_PLAIN)
        cb_gemm_run(j->type, j->ta, j->tb, j->m, j->n, j->k, alpha, A, j->lda, B, j->ldb, beta, C, j->ldc);
    else if (j->kind == EX_INT8_INT32)
        ok = ex_int8_gemm(j, *(const int32_t *)alpha, *(const int32_t *)beta, A, B, (int32_t *)C);
    else
        ok = ex_lowp_gemm(j, alpha, beta, A, B, C);
    if (!ok)
        fprintf(stderr, "cu2c: cuBLAS: out of memory converting narrow matrices: gemm %d of the batch not done\n", i);
}

/* A batch one gemm after another (a job on the stream). */
static void batch_run(cb_job *job)
{
    const batch_job *j = (const batch_job *)job;
    const void *alpha, *beta;
    float fa, fb;
    batch_scalars(j, &alpha, &beta, &fa, &fb);
    for (int i = 0; i < j->batch; i++)
        batch_one(j, i, alpha, beta);
}

/* One gemm of a batch spread over the workers: block i computes gemm i. */
static void batch_block(const void *job, unsigned i)
{
    const batch_job *j = job;
    const void *alpha, *beta;
    float fa, fb;
    batch_scalars(j, &alpha, &beta, &fa, &fb);
    batch_one(j, (int)i, alpha, beta);
}
_Static_assert(sizeof(batch_job) <= LIB_PARALLEL_JOB_MAX, "a batch job travels with its launch");

/* Queues a batch (batch 1 and strides 0 for a plain gemm). */
static cublasStatus_t batch_submit(cublasHandle_t h, const ex_plan_t *plan, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const void *alpha,
                                   const void *A, int lda, long long sa, const void *B, int ldb, long long sb,
                                   const void *beta, void *C, int ldc, long long sc, int batch, int by_array)
{
    CB_CHECK_HANDLE(h);
    cublasStatus_t st = cb_gemm_check(ta, tb, m, n, k, alpha, lda, ldb, beta, ldc);
    if (st == CUBLAS_STATUS_SUCCESS && batch < 0)
        st = CUBLAS_STATUS_INVALID_VALUE;
    if (st != CUBLAS_STATUS_SUCCESS || m == 0 || n == 0 || batch == 0)
        return st;
    batch_job local = {{NULL, 0, NULL}, plan->type, plan->kind, plan->elem, plan->half_scalars, ta, tb, m, n, k, lda,
                       ldb, ldc, batch, sa, sb, sc, by_array, A, B, C, {0}, {0}};
    size_t scalar = plan->half_scalars ? 2 : plan->kind == EX_PLAIN ? cb_type_size(plan->type) : 4;  /* int32 too */
    cb_scalar_take(h, &local.alpha, alpha, scalar);
    cb_scalar_take(h, &local.beta, beta, scalar);
    if (batch > 1 && (double)m * n * k <= CB_SMALL_GEMM)
        return lib_parallel_launch(h->stream, batch_block, &local, sizeof local, (unsigned)batch) == cudaSuccess
                   ? CUBLAS_STATUS_SUCCESS
                   : CUBLAS_STATUS_EXECUTION_FAILED;
    batch_job *j = cb_job_new(sizeof *j, batch_run);
    if (!j)
        return CUBLAS_STATUS_ALLOC_FAILED;
    local.job = j->job;
    *j = local;
    return cb_submit(h, &j->job, 0);
}

/* ---- gemmBatched, gemmStridedBatched ---------------------------------------------------- */

#define CB_BATCHED(NAME, T, TYPE)                                                                              \
    cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,      \
                        const T *alpha, const T *const Aarray[], int lda, const T *const Barray[], int ldb,     \
                        const T *beta, T *const Carray[], int ldc, int batchCount)                              \
    {                                                                                                          \
        if (cb_valid(h) && batchCount > 0 && m > 0 && n > 0 && (!Aarray || !Barray || !Carray))                 \
            return CUBLAS_STATUS_INVALID_VALUE;                                                                \
        const ex_plan_t plan = {TYPE, EX_PLAIN, 0, 0};                                                         \
        return batch_submit(h, &plan, ta, tb, m, n, k, alpha, Aarray, lda, 0, Barray, ldb, 0, beta,             \
                            (void *)Carray, ldc, 0, batchCount, 1);                                            \
    }
CB_BATCHED(cublasSgemmBatched, float, CB_S)
CB_BATCHED(cublasDgemmBatched, double, CB_D)
CB_BATCHED(cublasCgemmBatched, cuComplex, CB_C)
CB_BATCHED(cublasZgemmBatched, cuDoubleComplex, CB_Z)

#define CB_STRIDED(NAME, T, TYPE)                                                                             \
    cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,     \
                        const T *alpha, const T *A, int lda, long long int strideA, const T *B, int ldb,       \
                        long long int strideB, const T *beta, T *C, int ldc, long long int strideC,            \
                        int batchCount)                                                                       \
    {                                                                                                         \
        const ex_plan_t plan = {TYPE, EX_PLAIN, 0, 0};                                                        \
        return batch_submit(h, &plan, ta, tb, m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc,  \
                            strideC, batchCount, 0);                                                          \
    }
CB_STRIDED(cublasSgemmStridedBatched, float, CB_S)
CB_STRIDED(cublasDgemmStridedBatched, double, CB_D)
CB_STRIDED(cublasCgemmStridedBatched, cuComplex, CB_C)
CB_STRIDED(cublasZgemmStridedBatched, cuDoubleComplex, CB_Z)

/* ---- the Ex routines ------------------------------------------------------------------- */

/* The plan for an Ex routine's types, or CUBLAS_STATUS_NOT_SUPPORTED; an unknown compute
 * type is CUBLAS_STATUS_INVALID_VALUE. */
static cublasStatus_t ex_plan(cudaDataType at, cudaDataType bt, cudaDataType ct, cublasComputeType_t compute,
                              ex_plan_t *plan)
{
    int c16 = compute == CUBLAS_COMPUTE_16F || compute == CUBLAS_COMPUTE_16F_PEDANTIC;
    int c32 = compute == CUBLAS_COMPUTE_32F || compute == CUBLAS_COMPUTE_32F_PEDANTIC ||
              compute == CUBLAS_COMPUTE_32F_FAST_16F || compute == CUBLAS_COMPUTE_32F_FAST_16BF ||
              compute == CUBLAS_COMPUTE_32F_FAST_TF32;
    int c64 = compute == CUBLAS_COMPUTE_64F || compute == CUBLAS_COMPUTE_64F_PEDANTIC;
    if (!c16 && !c32 && !c64 && compute != CUBLAS_COMPUTE_32I && compute != CUBLAS_COMPUTE_32I_PEDANTIC)
        return CUBLAS_STATUS_INVALID_VALUE;
    plan->half_scalars = 0;
    plan->elem = EX_HALF;
    plan->kind = EX_PLAIN;
    if (at != bt)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    if (at == ct && c32 && (at == CUDA_R_32F || at == CUDA_C_32F)) {
        plan->type = at == CUDA_R_32F ? CB_S : CB_C;
        return CUBLAS_STATUS_SUCCESS;
    }
    if (at == ct && c64 && (at == CUDA_R_64F || at == CUDA_C_64F)) {
        plan->type = at == CUDA_R_64F ? CB_D : CB_Z;
        return CUBLAS_STATUS_SUCCESS;
    }
    if (at == CUDA_R_16F && (ct == CUDA_R_16F || ct == CUDA_R_32F) && (c32 || (c16 && ct == CUDA_R_16F))) {
        plan->type = CB_S;
        plan->kind = ct == CUDA_R_16F ? EX_LOWP_INOUT : EX_LOWP_IN;
        plan->half_scalars = c16;
        return CUBLAS_STATUS_SUCCESS;
    }
    if (at == CUDA_R_16BF && (ct == CUDA_R_16BF || ct == CUDA_R_32F) && c32) {
        plan->type = CB_S;
        plan->kind = ct == CUDA_R_16BF ? EX_LOWP_INOUT : EX_LOWP_IN;
        plan->elem = EX_BF16;
        return CUBLAS_STATUS_SUCCESS;
    }
    if (at == CUDA_R_8I && ((ct == CUDA_R_32I && !c16 && !c32 && !c64) || (ct == CUDA_R_32F && c32))) {
        plan->type = ct == CUDA_R_32I ? CB_D : CB_S;
        plan->kind = ct == CUDA_R_32I ? EX_INT8_INT32 : EX_LOWP_IN;
        plan->elem = EX_INT8;
        return CUBLAS_STATUS_SUCCESS;
    }
    return CUBLAS_STATUS_NOT_SUPPORTED;
}

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                            const void *alpha, const void *A, cudaDataType Atype, int lda, const void *B,
                            cudaDataType Btype, int ldb, const void *beta, void *C, cudaDataType Ctype, int ldc,
                            cublasComputeType_t computeType, cublasGemmAlgo_t algo)
{
    (void)algo;
    CB_CHECK_HANDLE(h);
    ex_plan_t plan;
    cublasStatus_t st = ex_plan(Atype, Btype, Ctype, computeType, &plan);
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    return batch_submit(h, &plan, ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0,
                        beta, C, ldc, 0, 1, 0);
}

cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                                   const void *alpha, const void *const Aarray[], cudaDataType Atype, int lda,
                                   const void *const Barray[], cudaDataType Btype, int ldb, const void *beta,
                                   void *const Carray[], cudaDataType Ctype, int ldc, int batchCount,
                                   cublasComputeType_t computeType, cublasGemmAlgo_t algo)
{
    (void)algo;
    CB_CHECK_HANDLE(h);
    ex_plan_t plan;
    cublasStatus_t st = ex_plan(Atype, Btype, Ctype, computeType, &plan);
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    if (batchCount > 0 && m > 0 && n > 0 && (!Aarray || !Barray || !Carray))
        return CUBLAS_STATUS_INVALID_VALUE;
    return batch_submit(h, &plan, ta, tb, m, n, k, alpha, Aarray, lda, 0, Barray,
                        ldb, 0, beta, (void *)Carray, ldc, 0, batchCount, 1);
}

cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                                          int k, const void *alpha, const void *A, cudaDataType Atype, int lda,
                                          long long int strideA, const void *B, cudaDataType Btype, int ldb,
                                          long long int strideB, const void *beta, void *C, cudaDataType Ctype,
                                          int ldc, long long int strideC, int batchCount,
                                          cublasComputeType_t computeType, cublasGemmAlgo_t algo)
{
    (void)algo;
    CB_CHECK_HANDLE(h);
    ex_plan_t plan;
    cublasStatus_t st = ex_plan(Atype, Btype, Ctype, computeType, &plan);
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    return batch_submit(h, &plan, ta, tb, m, n, k, alpha, A, lda, strideA, B, ldb,
                        strideB, beta, C, ldc, strideC, batchCount, 0);
}

/* ---- Hgemm: half in, half out, computed in float with __half alpha and beta -------------- */

static const ex_plan_t hgemm_plan = {CB_S, EX_LOWP_INOUT, EX_HALF, 1};

cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                           const __half *alpha, const __half *A, int lda, const __half *B, int ldb, const __half *beta,
                           __half *C, int ldc)
{
    return batch_submit(h, &hgemm_plan, ta, tb, m, n, k, alpha, A, lda, 0, B, ldb, 0, beta, C, ldc, 0, 1, 0);
}

cublasStatus_t cublasHgemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                                  const __half *alpha, const __half *const Aarray[], int lda,
                                  const __half *const Barray[], int ldb, const __half *beta, __half *const Carray[],
                                  int ldc, int batchCount)
{
    if (cb_valid(h) && batchCount > 0 && m > 0 && n > 0 && (!Aarray || !Barray || !Carray))
        return CUBLAS_STATUS_INVALID_VALUE;
    return batch_submit(h, &hgemm_plan, ta, tb, m, n, k, alpha, Aarray, lda, 0, Barray, ldb, 0, beta, (void *)Carray,
                        ldc, 0, batchCount, 1);
}

cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                                         int k, const __half *alpha, const __half *A, int lda, long long int strideA,
                                         const __half *B, int ldb, long long int strideB, const __half *beta,
                                         __half *C, int ldc, long long int strideC, int batchCount)
{
    return batch_submit(h, &hgemm_plan, ta, tb, m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc,
                        strideC, batchCount, 0);
}
