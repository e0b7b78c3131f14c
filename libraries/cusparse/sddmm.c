/* libraries/cusparse/sddmm.c - cusparseSDDMM: C = alpha (op(A) op(B)) .* spy(C) + beta C, A
 * and B dense in either order, C sparse (CSR as CUDA's; CSC and COO too), op() = X, X^T or
 * X^H, every operand of one kind (cusparse_internal.h), strided batches (A or B with one
 * batch is shared by all of C's). Only C's entries are computed, each a dot product of a row
 * of op(A) and a column of op(B); blocks take chunks of C's majors (COO: of its entries). The
 * buffer size is 0; beta 0 leaves C's values unread. */
#include "cusparse_internal.h"

typedef struct sddmm_job {
    cs_sp c;
    cs_dn a, b;                       /* op(A) (m x k) and op(B) (k x n) */
    cs_scalar alpha, beta;
    int64_t k;
    int64_t units, chunk;             /* C's majors (COO: entries), per block */
    int64_t per_batch;                /* blocks per batch */
    int kind;
    unsigned char conj_a, conj_b;     /* A^H, B^H */
    unsigned char a_batched, b_batched;
} sddmm_job;
_Static_assert(sizeof(sddmm_job) <= CS_JOB_MAX, "an SDDMM job travels with its launch");

#define SDDMM_KIND(K, VT)                                                                     \
    static void sddmm_##K(const sddmm_job *j, unsigned blk)                                   \
    {                                                                                         \
        int64_t batch = blk / j->per_batch, u = blk % j->per_batch;                           \
        cs_sp c = cs_sp_batch(&j->c, j->kind, batch);                                         \
        const void *a = j->a_batched ? cs_dn_batch(&j->a, j->kind, batch) : j->a.p;          \
        const void *b = j->b_batched ? cs_dn_batch(&j->b, j->kind, batch) : j->b.p;          \
        int64_t ars = j->a.rs, acs = j->a.cs, brs = j->b.rs, bcs = j->b.cs, base = c.base;    \
        VT al = cs_sc_##K(&j->alpha), be = cs_sc_##K(&j->beta);                               \
        int coo = c.format == CUSPARSE_FORMAT_COO, csc = c.format == CUSPARSE_FORMAT_CSC;     \
        int64_t lo = u * j->chunk, hi = lo + j->chunk < j->units ? lo + j->chunk : j->units;  \
        for (int64_t p = lo; p < hi; p++) {                                                   \
            int64_t e0 = coo ? p : cs_ix(c.off, c.off64, p) - base;                           \
            int64_t e1 = coo ? p + 1 : cs_ix(c.off, c.off64, p + 1) - base;                   \
            for (int64_t e = e0; e < e1; e++) {                                               \
                int64_t q = cs_ix(c.ind, c.ind64, e) - base;                                  \
                int64_t row = coo ? cs_ix(c.off, c.off64, e) - base : csc ? q : p, col = csc ? p : q; \
                VT sum = 0;                                                                   \
                for (int64_t t = 0; t < j->k; t++) {                                          \
                    VT x = cs_ld_##K(a, row * ars + t * acs), y = cs_ld_##K(b, t * brs + col * bcs); \
                    sum += (j->conj_a ? cs_cj_##K(x) : x) * (j->conj_b ? cs_cj_##K(y) : y);   \
                }                                                                             \
                cs_st_##K(c.val, e, be == 0 ? al * sum : al * sum + be * cs_ld_##K(c.val, e)); \
            }                                                                                 \
        }                                                                                     \
    }
CS_FOR_KINDS(SDDMM_KIND)

#define SDDMM_ENTRY(K, VT) sddmm_##K,
static void (*const sddmm_kinds[CS_NKINDS])(const sddmm_job *, unsigned) = {CS_FOR_KINDS(SDDMM_ENTRY)};

static void sddmm_block(const void *job, unsigned b)
{
    const sddmm_job *j = job;
    sddmm_kinds[j->kind](j, b);
}

static cusparseStatus_t sddmm_check(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                    const void *alpha, cusparseConstDnMatDescr_t matA,
                                    cusparseConstDnMatDescr_t matB, const void *beta,
                                    cusparseConstSpMatDescr_t matC, cudaDataType computeType,
                                    cusparseSDDMMAlg_t alg, int *kind)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!alpha || !beta || !cs_valid_dnmat(matA) || !cs_valid_dnmat(matB) || !cs_valid_spmat(matC) ||
        !cs_valid_op(opA) || !cs_valid_op(opB) || alg != CUSPARSE_SDDMM_ALG_DEFAULT)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if (matC->format != CUSPARSE_FORMAT_CSR && matC->format != CUSPARSE_FORMAT_CSC &&
        matC->format != CUSPARSE_FORMAT_COO)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    int na = opA == CUSPARSE_OPERATION_NON_TRANSPOSE, nb = opB == CUSPARSE_OPERATION_NON_TRANSPOSE;
    int64_t m = na ? matA->rows : matA->cols, k = na ? matA->cols : matA->rows;
    int64_t bk = nb ? matB->rows : matB->cols, n = nb ? matB->cols : matB->rows;
    int batches = matC->batch_count;
    if (bk != k || matC->rows != m || matC->cols != n || !cs_sp_ready(matC) ||
        (matA->batch_count != 1 && matA->batch_count != batches) ||
        (matB->batch_count != 1 && matB->batch_count != batches))
        return CUSPARSE_STATUS_INVALID_VALUE;
    *kind = cs_uniform_kind(computeType, matC->value_type, matA->value_type, matB->value_type);
    return *kind < 0 ? CUSPARSE_STATUS_NOT_SUPPORTED : CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSDDMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                          const void *alpha, cusparseConstDnMatDescr_t matA,
                                          cusparseConstDnMatDescr_t matB, const void *beta, cusparseSpMatDescr_t matC,
                                          cudaDataType computeType, cusparseSDDMMAlg_t alg, size_t *bufferSize)
{
    int kind;
    cusparseStatus_t st = sddmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, &kind);
    if (st == CUSPARSE_STATUS_SUCCESS && !bufferSize)
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st == CUSPARSE_STATUS_SUCCESS)
        *bufferSize = 0;
    return st;
}

cusparseStatus_t cusparseSDDMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                                          const void *alpha, cusparseConstDnMatDescr_t matA,
                                          cusparseConstDnMatDescr_t matB, const void *beta, cusparseSpMatDescr_t matC,
                                          cudaDataType computeType, cusparseSDDMMAlg_t alg, void *externalBuffer)
{
    (void)externalBuffer;
    int kind;
    return sddmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, &kind);
}

cusparseStatus_t cusparseSDDMM(cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
                               const void *alpha, cusparseConstDnMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                               const void *beta, cusparseSpMatDescr_t matC, cudaDataType computeType,
                               cusparseSDDMMAlg_t alg, void *externalBuffer)
{
    (void)externalBuffer;
    int kind;
    cusparseStatus_t st = sddmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, &kind);
    if (st != CUSPARSE_STATUS_SUCCESS || matC->nnz == 0)
        return st;
    sddmm_job j = {0};
    j.c = cs_sp_view(matC);
    j.a = cs_dn_view(matA, opA != CUSPARSE_OPERATION_NON_TRANSPOSE);
    j.b = cs_dn_view(matB, opB != CUSPARSE_OPERATION_NON_TRANSPOSE);
    j.k = opA == CUSPARSE_OPERATION_NON_TRANSPOSE ? matA->cols : matA->rows;
    j.kind = kind;
    cs_scalar_set(&j.alpha, handle, alpha, kind);
    cs_scalar_set(&j.beta, handle, beta, kind);
    j.conj_a = opA == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
    j.conj_b = opB == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
    j.a_batched = matA->batch_count > 1;
    j.b_batched = matB->batch_count > 1;
    j.units = matC->format == CUSPARSE_FORMAT_COO ? matC->nnz : cs_sp_majors(&j.c);
    j.chunk = cs_chunk(j.units, matC->format == CUSPARSE_FORMAT_COO ? 256 : 16);
    j.per_batch = cs_blocks(j.units, j.chunk);
    return cs_launch(handle, sddmm_block, &j, sizeof j, j.per_batch * matC->batch_count);
}
