/* libraries/cusparse/spmm.c - cusparseSpMM: C = alpha op(A) op(B) + beta C, A sparse (CSR,
 * CSC or COO), B and C dense in either order with their leading dimensions, op() = X, X^T or
 * X^H for A and for B, every operand of one kind (cusparse_internal.h), strided batches (A or
 * B with one batch is shared by all of C's). The buffer size is 0.
 *
 * As SpMV: where C's rows are the compressed matrix's majors (CSR not transposed, CSC
 * transposed) blocks take chunks of rows, each element a sum over its row's entries;
 * otherwise entries add into C wherever their index says, so blocks take chunks of C's
 * columns instead (no two blocks write one element), each walking all the entries (half and
 * bf16 add in floats, rounded once). beta 0 leaves C unread. */
#include <stdlib.h>
#include "cusparse_internal.h"

typedef struct spmm_job {
    cs_sp a;
    cs_dn b, c;                       /* op(B) (k x n) and C (m x n) */
    cs_scalar alpha, beta;
    int64_t m, n;
    int64_t chunk;                    /* C's rows (gather) or columns (scatter) per block */
    int64_t per_batch;                /* blocks per batch */
    int kind;
    unsigned char scatter;            /* entries add into C: blocks take columns */
    unsigned char conj, swap;         /* A^H; COO transposed (row and column swap) */
    unsigned char conj_b;             /* B^H */
    unsigned char a_batched, b_batched;   /* A, B have a batch per C's (else one shared) */
} spmm_job;
_Static_assert(sizeof(spmm_job) <= CS_JOB_MAX, "an SpMM job travels with its launch");

/* C's element (r, col) while entries add into it: in acc where there is one */
#define SPMM_GET(K, r, col) (acc ? acc[((col) - lo) * j->m + (r)] : cs_ld_##K(c, (r) * crs + (col) * ccs))
#define SPMM_PUT(K, r, col, v)                                                                \
    do {                                                                                      \
        if (acc)                                                                              \
            acc[((col) - lo) * j->m + (r)] = (v);                                             \
        else                                                                                  \
            cs_st_##K(c, (r) * crs + (col) * ccs, (v));                                       \
    } while (0)

#define SPMM_KIND(K, VT)                                                                      \
    static void spmm_##K(const spmm_job *j, unsigned blk)                                     \
    {                                                                                         \
        int64_t batch = blk / j->per_batch, u = blk % j->per_batch;                           \
        cs_sp a = j->a_batched ? cs_sp_batch(&j->a, j->kind, batch) : j->a;                   \
        const void *b = j->b_batched ? cs_dn_batch(&j->b, j->kind, batch) : j->b.p;           \
        void *c = cs_dn_batch(&j->c, j->kind, batch);                                         \
        int64_t brs = j->b.rs, bcs = j->b.cs, crs = j->c.rs, ccs = j->c.cs, base = a.base;     \
        VT al = cs_sc_##K(&j->alpha), be = cs_sc_##K(&j->beta);                               \
        int64_t lo = u * j->chunk, hi = lo + j->chunk;                                        \
        if (!j->scatter) {                                                                    \
            hi = hi < j->m ? hi : j->m;                                                       \
            for (int64_t r = lo; r < hi; r++) {                                               \
                int64_t e0 = cs_ix(a.off, a.off64, r) - base, e1 = cs_ix(a.off, a.off64, r + 1) - base; \
                for (int64_t col = 0; col < j->n; col++) {                                    \
                    VT sum = 0;                                                               \
                    for (int64_t e = e0; e < e1; e++) {                                       \
                        VT v = cs_ld_##K(a.val, e), x = cs_ld_##K(b, (cs_ix(a.ind, a.ind64, e) - base) * brs + col * bcs); \
                        sum += (j->conj ? cs_cj_##K(v) : v) * (j->conj_b ? cs_cj_##K(x) : x); \
                    }                                                                         \
                    int64_t at = r * crs + col * ccs;                                         \
                    cs_st_##K(c, at, be == 0 ? al * sum : al * sum + be * cs_ld_##K(c, at));   \
                }                                                                             \
            }                                                                                 \
            return;                                                                           \
        }                                                                                     \
        hi = hi < j->n ? hi : j->n;                                                           \
        /* half and bf16: the block's columns summed in floats (acc, m x (hi - lo), column-major), \
         * rounded once (in C if there is no memory) */                                       \
        VT *acc = sizeof(VT) > cs_kind_size[j->kind] ? malloc((size_t)(j->m * (hi - lo)) * sizeof(VT)) : NULL; \
        for (int64_t col = lo; col < hi; col++)                                               \
            for (int64_t r = 0; r < j->m; r++) {                                              \
                VT v = be == 0 ? (VT)0 : be * cs_ld_##K(c, r * crs + col * ccs);             \
                SPMM_PUT(K, r, col, v);                                                       \
            }                                                                                 \
        int coo = a.format == CUSPARSE_FORMAT_COO;                                            \
        for (int64_t p = 0, majors = coo ? 1 : cs_sp_majors(&a); p < majors; p++) {            \
            int64_t e0 = coo ? 0 : cs_ix(a.off, a.off64, p) - base;                           \
            int64_t e1 = coo ? a.nnz : cs_ix(a.off, a.off64, p + 1) - base;                   \
            for (int64_t e = e0; e < e1; e++) {                                               \
                int64_t q = cs_ix(a.ind, a.ind64, e) - base, src = p, dst = q;                \
                if (coo) {   /* entry (r, q): C's row r from B's row q, or swapped */         \
                    int64_t r = cs_ix(a.off, a.off64, e) - base;                              \
                    src = j->swap ? r : q;                                                    \
                    dst = j->swap ? q : r;                                                    \
                }                                                                             \
                VT v = cs_ld_##K(a.val, e);                                                   \
                v = al * (j->conj ? cs_cj_##K(v) : v);                                        \
                for (int64_t col = lo; col < hi; col++) {                                     \
                    VT x = cs_ld_##K(b, src * brs + col * bcs);                               \
                    SPMM_PUT(K, dst, col, SPMM_GET(K, dst, col) + v * (j->conj_b ? cs_cj_##K(x) : x)); \
                }                                                                             \
            }                                                                                 \
        }                                                                                     \
        for (int64_t col = lo; acc && col < hi; col++)                                        \
            for (int64_t r = 0; r < j->m; r++)                                                \
                cs_st_##K(c, r * crs + col * ccs, acc[(col - lo) * j->m + r]);                \
        free(acc);                                                                            \
    }
CS_FOR_KINDS(SPMM_KIND)

#define SPMM_ENTRY(K, VT) spmm_##K,
static void (*const spmm_kinds[CS_NKINDS])(const spmm_job *, unsigned) = {CS_FOR_KINDS(SPMM_ENTRY)};

static void spmm_block(const void *job, unsigned b)
{
    const spmm_job *j = job;
    spmm_kinds[j->kind](j, b);
}

static int valid_alg(cusparseSpMMAlg_t alg)
{
    switch (alg) {
    case CUSPARSE_SPMM_ALG_DEFAULT: case CUSPARSE_SPMM_COO_ALG1: case CUSPARSE_SPMM_COO_ALG2:
    case CUSPARSE_SPMM_COO_ALG3: case CUSPARSE_SPMM_COO_ALG4: case CUSPARSE_SPMM_CSR_ALG1:
    case CUSPARSE_SPMM_CSR_ALG2: case CUSPARSE_SPMM_CSR_ALG3: case CUSPARSE_SPMM_BLOCKED_ELL_ALG1:
    case CUSPARSE_SPMM_BSR_ALG1:
        return 1;
    }
    return 0;
}

/* The checks SpMM, its buffer size and preprocessing share; the kind through *kind. Every
 * algorithm computes the same (it is a hint to CUDA's). */
static cusparseStatus_t spmm_check(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                   const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                                   const void *beta, cusparseConstDnMatDescr_t matC, cudaDataType computeType,
                                   cusparseSpMMAlg_t alg, int *kind)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!alpha || !beta || !cs_valid_spmat(matA) || !cs_valid_dnmat(matB) || !cs_valid_dnmat(matC) ||
        !cs_valid_op(opA) || !cs_valid_op(opB) || !valid_alg(alg))
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (matA->format != CUSPARSE_FORMAT_CSR && matA->format != CUSPARSE_FORMAT_CSC &&
        matA->format != CUSPARSE_FORMAT_COO)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    int na = opA == CUSPARSE_OPERATION_NON_TRANSPOSE, nb = opB == CUSPARSE_OPERATION_NON_TRANSPOSE;
    int64_t m = na ? matA->rows : matA->cols, k = na ? matA->cols : matA->rows;
    int64_t bk = nb ? matB->rows : matB->cols, n = nb ? matB->cols : matB->rows;
    int batches = matC->batch_count;
    if (bk != k || matC->rows != m || matC->cols != n || !cs_sp_ready(matA) ||
        (matA->batch_count != 1 && matA->batch_count != batches) ||
        (matB->batch_count != 1 && matB->batch_count != batches))
        return CUSPARSE_STATUS_INVALID_VALUE;
    *kind = cs_uniform_kind(computeType, matA->value_type, matB->value_type, matC->value_type);
    return *kind < 0 ? CUSPARSE_STATUS_NOT_SUPPORTED : CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                         const void *alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void *beta, cusparseDnMatDescr_t matC,
                                         cudaDataType computeType, cusparseSpMMAlg_t alg, size_t *bufferSize)
{
    int kind;
    cusparseStatus_t st = spmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, &kind);
    if (st == CUSPARSE_STATUS_SUCCESS && !bufferSize)
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st == CUSPARSE_STATUS_SUCCESS)
        *bufferSize = 0;
    return st;
}

cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                         const void *alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void *beta, cusparseDnMatDescr_t matC,
                                         cudaDataType computeType, cusparseSpMMAlg_t alg, void *externalBuffer)
{
    (void)externalBuffer;
    int kind;
    return spmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, &kind);
}

cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                              const void *alpha, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                              const void *beta, cusparseDnMatDescr_t matC, cudaDataType computeType,
                              cusparseSpMMAlg_t alg, void *externalBuffer)
{
    (void)externalBuffer;
    int kind;
    cusparseStatus_t st = spmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, &kind);
    if (st != CUSPARSE_STATUS_SUCCESS || matC->rows == 0 || matC->cols == 0)
        return st;
    spmm_job j = {0};
    j.a = cs_sp_view(matA);
    j.b = cs_dn_view(matB, opB != CUSPARSE_OPERATION_NON_TRANSPOSE);
    j.c = cs_dn_view(matC, 0);
    j.m = matC->rows;
    j.n = matC->cols;
    j.kind = kind;
    cs_scalar_set(&j.alpha, handle, alpha, kind);
    cs_scalar_set(&j.beta, handle, beta, kind);
    int transposed = opA != CUSPARSE_OPERATION_NON_TRANSPOSE;
    j.conj = opA == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
    j.swap = (unsigned char)transposed;
    j.conj_b = opB == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
    j.a_batched = matA->batch_count > 1;
    j.b_batched = matB->batch_count > 1;
    j.scatter = matA->format == CUSPARSE_FORMAT_COO || transposed != (matA->format == CUSPARSE_FORMAT_CSC);
    j.chunk = j.scatter ? cs_chunk(j.n, 8) : cs_chunk(j.m, 64);
    j.per_batch = cs_blocks(j.scatter ? j.n : j.m, j.chunk);
    return cs_launch(handle, spmm_block, &j, sizeof j, j.per_batch * matC->batch_count);
}
