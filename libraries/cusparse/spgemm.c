/* libraries/cusparse/spgemm.c - cusparseSpGEMM: C = alpha A B (+ beta C on copy), A, B and C in
 * CSR, not transposed (as CUDA's), every operand of one kind (cusparse_internal.h), any mix of
 * 32- and 64-bit indices and bases. CUDA's protocol, where the program owns the buffers:
 *   workEstimation(NULL) asks for buffer 1: C's row offsets, (m + 1) int64;
 *   workEstimation(buf1) counts each row's entries into it (a job, waited for: C's size must be
 *     known before compute's buffer can be sized);
 *   compute(NULL) asks for buffer 2: C's columns (int64) and values (C's type), nnz of each;
 *   compute(buf2) multiplies into it (waited for, so that a block short of scratch memory is
 *     reported: CUSPARSE_STATUS_INSUFFICIENT_RESOURCES); matC then has C's size;
 *   copy writes C's arrays from the buffers (queued), adding beta times the values there.
 * Each row is built in a dense accumulator over B's columns (per block, allocated by the
 * block), its columns then sorted: C's rows come out in increasing column order. */
#include <stdlib.h>
#include "cusparse_internal.h"

#define CS_MIN_ROWS 64   /* rows of the smallest chunk a block takes */

struct cusparseSpGEMMDescr {
    unsigned magic;
    int64_t m, n, nnz;                /* C's size, as workEstimation counted it */
    int64_t *offsets;                 /* buffer 1: C's row offsets, 0-based */
    void *product;                    /* buffer 2: C's columns, then alpha A B's values */
    int estimated, computed;
    int failed;                       /* a block found no scratch memory */
};

typedef struct spgemm_job {
    cs_sp a, b;
    int64_t *offsets;                 /* counts (into offsets[r + 1]), or C's offsets */
    int64_t *cols;                    /* null: count only */
    void *vals;
    int64_t n, m, chunk;
    cs_scalar alpha;
    int *failed;
    int kind;
} spgemm_job;
_Static_assert(sizeof(spgemm_job) <= CS_JOB_MAX, "an SpGEMM job travels with its launch");

static int cmp_i64(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/* Rows [lo, hi): mark[c] == r while row r has column c; counting, or filling the row's
 * columns (then sorted) and values from acc. */
#define SPGEMM_KIND(K, VT)                                                                    \
    static void spgemm_##K(const spgemm_job *j, unsigned blk)                                 \
    {                                                                                         \
        const cs_sp *a = &j->a, *b = &j->b;                                                   \
        int64_t lo = (int64_t)blk * j->chunk, hi = lo + j->chunk < j->m ? lo + j->chunk : j->m; \
        int64_t *mark = malloc((size_t)(j->n ? j->n : 1) * sizeof *mark);                     \
        VT *acc = j->cols ? malloc((size_t)(j->n ? j->n : 1) * sizeof *acc) : NULL;            \
        if (!mark || (j->cols && !acc)) {                                                     \
            __atomic_store_n(j->failed, 1, __ATOMIC_RELAXED);                                 \
            free(mark);                                                                       \
            free(acc);                                                                        \
            return;                                                                           \
        }                                                                                     \
        for (int64_t c = 0; c < j->n; c++)                                                    \
            mark[c] = -1;                                                                     \
        VT al = j->cols ? cs_sc_##K(&j->alpha) : (VT)0;                                       \
        for (int64_t r = lo; r < hi; r++) {                                                   \
            int64_t count = 0, *out = j->cols ? j->cols + j->offsets[r] : NULL;               \
            for (int64_t e = cs_ix(a->off, a->off64, r) - a->base, ee = cs_ix(a->off, a->off64, r + 1) - a->base; \
                 e < ee; e++) {                                                               \
                int64_t t = cs_ix(a->ind, a->ind64, e) - a->base;                             \
                VT av = j->cols ? cs_ld_##K(a->val, e) : (VT)0;                               \
                for (int64_t f = cs_ix(b->off, b->off64, t) - b->base, fe = cs_ix(b->off, b->off64, t + 1) - b->base; \
                     f < fe; f++) {                                                           \
                    int64_t c = cs_ix(b->ind, b->ind64, f) - b->base;                         \
                    if (mark[c] != r) {                                                       \
                        mark[c] = r;                                                          \
                        if (out) {                                                            \
                            out[count] = c;                                                   \
                            acc[c] = 0;                                                       \
                        }                                                                     \
                        count++;                                                              \
                    }                                                                         \
                    if (out)                                                                  \
                        acc[c] += av * cs_ld_##K(b->val, f);                                  \
                }                                                                             \
            }                                                                                 \
            if (!out) {                                                                       \
                j->offsets[r + 1] = count;                                                    \
                continue;                                                                     \
            }                                                                                 \
            qsort(out, (size_t)count, sizeof *out, cmp_i64);                                  \
            for (int64_t i = 0; i < count; i++)                                               \
                cs_st_##K(j->vals, j->offsets[r] + i, al * acc[out[i]]);                      \
        }                                                                                     \
        free(mark);                                                                           \
        free(acc);                                                                            \
    }
CS_FOR_KINDS(SPGEMM_KIND)

#define SPGEMM_ENTRY(K, VT) spgemm_##K,
static void (*const spgemm_kinds[CS_NKINDS])(const spgemm_job *, unsigned) = {CS_FOR_KINDS(SPGEMM_ENTRY)};

static void spgemm_block(const void *job, unsigned b)
{
    const spgemm_job *j = job;
    spgemm_kinds[j->kind](j, b);
}

/* copy: C's arrays from the buffers, rows [lo, hi) per block. */
typedef struct copy_job {
    const int64_t *offsets, *cols;
    const void *vals;
    void *c_off, *c_ind, *c_val;
    int64_t m, chunk;
    cs_scalar beta;
    int kind;
    unsigned char off64, ind64, base;
} copy_job;
_Static_assert(sizeof(copy_job) <= CS_JOB_MAX, "an SpGEMM copy travels with its launch");

#define COPY_KIND(K, VT)                                                                      \
    static void copy_##K(const copy_job *j, int64_t e0, int64_t e1)                           \
    {                                                                                         \
        VT be = cs_sc_##K(&j->beta);                                                          \
        for (int64_t e = e0; e < e1; e++) {                                                   \
            VT v = cs_ld_##K(j->vals, e);                                                     \
            cs_st_##K(j->c_val, e, be == 0 ? v : v + be * cs_ld_##K(j->c_val, e));             \
        }                                                                                     \
    }
CS_FOR_KINDS(COPY_KIND)

#define COPY_ENTRY(K, VT) copy_##K,
static void (*const copy_kinds[CS_NKINDS])(const copy_job *, int64_t, int64_t) = {CS_FOR_KINDS(COPY_ENTRY)};

static void copy_block(const void *job, unsigned blk)
{
    const copy_job *j = job;
    int64_t lo = (int64_t)blk * j->chunk, hi = lo + j->chunk < j->m ? lo + j->chunk : j->m;
    for (int64_t r = lo; r < hi || (r == hi && hi == j->m); r++)   /* the last block: offsets[m] too */
        cs_ix_put(j->c_off, j->off64, r, j->offsets[r] + j->base);
    for (int64_t e = j->offsets[lo]; e < j->offsets[hi]; e++)
        cs_ix_put(j->c_ind, j->ind64, e, j->cols[e] + j->base);
    copy_kinds[j->kind](j, j->offsets[lo], j->offsets[hi]);
}

/* ---- the API ----------------------------------------------------------------------------- */

cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *descr)
{
    if (!descr)
        return CUSPARSE_STATUS_INVALID_VALUE;
    cusparseSpGEMMDescr_t d = calloc(1, sizeof *d);
    if (!d)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    d->magic = CS_SPGEMM_MAGIC;
    *descr = d;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t descr)
{
    if (!descr)
        return CUSPARSE_STATUS_SUCCESS;
    if (descr->magic != CS_SPGEMM_MAGIC)
        return CUSPARSE_STATUS_INVALID_VALUE;
    descr->magic = 0;
    free(descr);
    return CUSPARSE_STATUS_SUCCESS;
}

/* The checks the three steps share; the kind through *kind. */
static cusparseStatus_t spgemm_check(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                     const void *alpha, cusparseConstSpMatDescr_t matA,
                                     cusparseConstSpMatDescr_t matB, const void *beta,
                                     cusparseConstSpMatDescr_t matC, cudaDataType computeType,
                                     cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t d, int *kind)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!alpha || !beta || !cs_valid_spmat(matA) || !cs_valid_spmat(matB) || !cs_valid_spmat(matC) || !d ||
        d->magic != CS_SPGEMM_MAGIC || !cs_valid_op(opA) || !cs_valid_op(opB) || alg < CUSPARSE_SPGEMM_DEFAULT ||
        alg > CUSPARSE_SPGEMM_ALG3)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (opA != CUSPARSE_OPERATION_NON_TRANSPOSE || opB != CUSPARSE_OPERATION_NON_TRANSPOSE ||
        matA->format != CUSPARSE_FORMAT_CSR || matB->format != CUSPARSE_FORMAT_CSR ||
        matC->format != CUSPARSE_FORMAT_CSR || matA->batch_count > 1 || matB->batch_count > 1 ||
        matC->batch_count > 1)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    if (matA->cols != matB->rows || matC->rows != matA->rows || matC->cols != matB->cols || !cs_sp_ready(matA) ||
        !cs_sp_ready(matB))
        return CUSPARSE_STATUS_INVALID_VALUE;
    *kind = cs_uniform_kind(computeType, matA->value_type, matB->value_type, matC->value_type);
    return *kind < 0 ? CUSPARSE_STATUS_NOT_SUPPORTED : CUSPARSE_STATUS_SUCCESS;
}

/* A job over A's rows: counting (cols null) or multiplying; waited for. */
static cusparseStatus_t spgemm_run(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
                                   cusparseConstSpMatDescr_t matB, cusparseSpGEMMDescr_t d, int kind,
                                   const void *alpha)
{
    spgemm_job j = {0};
    j.a = cs_sp_view(matA);
    j.b = cs_sp_view(matB);
    j.offsets = d->offsets;
    j.cols = alpha ? d->product : NULL;
    j.vals = alpha ? (int64_t *)d->product + d->nnz : NULL;
    j.m = d->m;
    j.n = d->n;
    j.chunk = cs_chunk(j.m, CS_MIN_ROWS);
    j.kind = kind;
    j.failed = &d->failed;
    if (alpha)
        cs_scalar_set(&j.alpha, handle, alpha, kind);
    d->failed = 0;
    cusparseStatus_t st = cs_launch(handle, spgemm_block, &j, sizeof j, cs_blocks(j.m, j.chunk));
    if (st == CUSPARSE_STATUS_SUCCESS)
        st = cs_sync(handle);
    if (st == CUSPARSE_STATUS_SUCCESS && d->failed)
        st = CUSPARSE_STATUS_INSUFFICIENT_RESOURCES;
    return st;
}

cusparseStatus_t cusparseSpGEMM_workEstimation(cusparseHandle_t handle, cusparseOperation_t opA,
                                               cusparseOperation_t opB, const void *alpha,
                                               cusparseConstSpMatDescr_t matA, cusparseConstSpMatDescr_t matB,
                                               const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
                                               cusparseSpGEMMAlg_t alg, cusparseSpGEMMDescr_t spgemmDescr,
                                               size_t *bufferSize1, void *externalBuffer1)
{
    int kind;
    cusparseStatus_t st =
        spgemm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, spgemmDescr, &kind);
    if (st == CUSPARSE_STATUS_SUCCESS && !bufferSize1)
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    if (!externalBuffer1) {
        *bufferSize1 = (size_t)(matA->rows + 1) * sizeof(int64_t);
        return CUSPARSE_STATUS_SUCCESS;
    }
    cusparseSpGEMMDescr_t d = spgemmDescr;
    d->estimated = d->computed = 0;
    d->m = matA->rows;
    d->n = matB->cols;
    d->offsets = externalBuffer1;
    d->product = NULL;
    d->nnz = 0;
    st = spgemm_run(handle, matA, matB, d, kind, NULL);   /* after the stream's work on A and B */
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    d->offsets[0] = 0;
    for (int64_t r = 0; r < d->m; r++)
        d->offsets[r + 1] += d->offsets[r];
    d->nnz = d->offsets[d->m];
    d->estimated = 1;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                        const void *alpha, cusparseConstSpMatDescr_t matA,
                                        cusparseConstSpMatDescr_t matB, const void *beta, cusparseSpMatDescr_t matC,
                                        cudaDataType computeType, cusparseSpGEMMAlg_t alg,
                                        cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize2,
                                        void *externalBuffer2)
{
    int kind;
    cusparseStatus_t st =
        spgemm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, spgemmDescr, &kind);
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    cusparseSpGEMMDescr_t d = spgemmDescr;
    if (!bufferSize2 || !d->estimated || d->m != matA->rows || d->n != matB->cols)
        return CUSPARSE_STATUS_INVALID_VALUE;   /* workEstimation first, on these shapes */
    if (!externalBuffer2) {
        size_t bytes = (size_t)d->nnz * (sizeof(int64_t) + cs_kind_size[kind]);
        *bufferSize2 = bytes > 0 ? bytes : sizeof(int64_t);   /* never 0: a null buffer asks */
        return CUSPARSE_STATUS_SUCCESS;
    }
    d->product = externalBuffer2;
    d->computed = 0;
    st = spgemm_run(handle, matA, matB, d, kind, alpha);
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    d->computed = 1;
    matC->rows = d->m;
    matC->cols = d->n;
    matC->nnz = d->nnz;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                     const void *alpha, cusparseConstSpMatDescr_t matA,
                                     cusparseConstSpMatDescr_t matB, const void *beta, cusparseSpMatDescr_t matC,
                                     cudaDataType computeType, cusparseSpGEMMAlg_t alg,
                                     cusparseSpGEMMDescr_t spgemmDescr)
{
    int kind;
    cusparseStatus_t st =
        spgemm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, spgemmDescr, &kind);
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    cusparseSpGEMMDescr_t d = spgemmDescr;
    if (!d->computed || matC->nnz != d->nnz || !matC->offsets || (d->nnz > 0 && (!matC->indices || !matC->values)))
        return CUSPARSE_STATUS_INVALID_VALUE;
    copy_job j = {0};
    j.offsets = d->offsets;
    j.cols = d->product;
    j.vals = (const int64_t *)d->product + d->nnz;
    j.c_off = matC->offsets;
    j.c_ind = matC->indices;
    j.c_val = matC->values;
    j.m = d->m;
    j.chunk = cs_chunk(j.m, 4 * CS_MIN_ROWS);
    j.kind = kind;
    j.off64 = matC->offsets_type == CUSPARSE_INDEX_64I;
    j.ind64 = matC->indices_type == CUSPARSE_INDEX_64I;
    j.base = matC->base == CUSPARSE_INDEX_BASE_ONE;
    cs_scalar_set(&j.beta, handle, beta, kind);
    if (j.m == 0) {   /* the one offset still */
        j.chunk = 1;
        return cs_launch(handle, copy_block, &j, sizeof j, 1);
    }
    return cs_launch(handle, copy_block, &j, sizeof j, cs_blocks(j.m, j.chunk));
}
