/* libraries/cusparse/spmv.c - cusparseSpMV: y = alpha op(A) x + beta y for A in CSR, CSC or
 * COO, op(A) = A, A^T or A^H, every operand of one kind (cusparse_internal.h), 32- or 64-bit
 * indices, base 0 or 1. The call checks its arguments and queues a job on the handle's stream
 * holding what it needs from the descriptors (which may be destroyed before it runs).
 *
 * Where y's elements are the compressed matrix's majors (CSR not transposed, CSC transposed)
 * blocks take chunks of them, each element a sum over its major's entries. Otherwise (CSR
 * transposed, CSC not, COO) entries add into y wherever their index says: one block does it,
 * as two blocks could add into the same element (half and bf16 add in floats, rounded once).
 * beta 0 leaves y unread (it may hold NaN). */
#include <stdlib.h>
#include "cusparse_internal.h"

#define CS_MIN_ROWS 1024   /* y's elements of the smallest chunk a block takes */

typedef struct spmv_job {
    cs_sp a;
    const void *x;
    void *y;
    int64_t ylen, chunk;
    cs_scalar alpha, beta;
    int kind;
    unsigned char scatter;            /* entries add into y (one block); else a block per chunk */
    unsigned char conj;               /* A^H: entries conjugated */
    unsigned char swap;               /* COO: op(A)'s row is the entry's column */
} spmv_job;
_Static_assert(sizeof(spmv_job) <= CS_JOB_MAX, "an SpMV job travels with its launch");

/* The common case's rows [lo, hi): CSR (or CSC transposed) of floats or doubles with 32-bit
 * indices, not conjugated. A plain loop over rows, which GCC vectorises across rows (a gather
 * of x per entry), built for AVX-512 and AVX2 beside baseline x86-64 (libcusparse is built for
 * any x86-64; the right one is chosen when the library loads) and at -O3 (the Makefile). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define SPMV_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define SPMV_CLONES
#endif
#define SPMV_ROWS(NAME, VT)                                                                   \
    SPMV_CLONES static void NAME(int64_t lo, int64_t hi, const int32_t *restrict off,         \
                                 const int32_t *restrict ind, const VT *restrict val,         \
                                 const VT *restrict x, VT *restrict y, VT al, VT be, int32_t base) \
    {                                                                                         \
        val -= base;   /* entries and x indexed from base */                                  \
        ind -= base;                                                                          \
        x -= base;                                                                            \
        for (int64_t r = lo; r < hi; r++) {                                                   \
            VT sum = 0;                                                                       \
            for (int32_t e = off[r]; e < off[r + 1]; e++)                                     \
                sum += val[e] * x[ind[e]];                                                    \
            y[r] = be == 0 ? al * sum : al * sum + be * y[r];                                 \
        }                                                                                     \
    }
SPMV_ROWS(spmv_rows_float, float)
SPMV_ROWS(spmv_rows_double, double)
/* per kind: whether it has such a loop, and the call */
#define SPMV_FAST_r32(...) (spmv_rows_float(__VA_ARGS__), 1)
#define SPMV_FAST_r64(...) (spmv_rows_double(__VA_ARGS__), 1)
#define SPMV_FAST_c32(...) 0
#define SPMV_FAST_c64(...) 0
#define SPMV_FAST_r16f(...) 0
#define SPMV_FAST_r16bf(...) 0

/* Rows [lo, hi) of a compressed gather, with the index widths OW and IW (constants where the
 * caller can make them so, for the common cases' loops). */
#define SPMV_GATHER(K, VT, OW, IW)                                                            \
    for (int64_t r = lo; r < hi; r++) {                                                       \
        VT sum = 0;                                                                           \
        for (int64_t e = cs_ix(a->off, OW, r) - base, end = cs_ix(a->off, OW, r + 1) - base; e < end; e++) { \
            VT v = cs_ld_##K(a->val, e);                                                      \
            sum += (j->conj ? cs_cj_##K(v) : v) * cs_ld_##K(j->x, cs_ix(a->ind, IW, e) - base); \
        }                                                                                     \
        cs_st_##K(j->y, r, be == 0 ? al * sum : al * sum + be * cs_ld_##K(j->y, r));           \
    }

/* y's element i while entries add into it: in acc where there is one */
#define SPMV_GET(K, i) (acc ? acc[i] : cs_ld_##K(j->y, i))
#define SPMV_PUT(K, i, v)                                                                     \
    do {                                                                                      \
        if (acc)                                                                              \
            acc[i] = (v);                                                                     \
        else                                                                                  \
            cs_st_##K(j->y, i, (v));                                                          \
    } while (0)

#define SPMV_KIND(K, VT)                                                                      \
    static void spmv_##K(const spmv_job *j, unsigned b)                                       \
    {                                                                                         \
        const cs_sp *a = &j->a;                                                               \
        VT al = cs_sc_##K(&j->alpha), be = cs_sc_##K(&j->beta);                               \
        int64_t base = a->base;                                                               \
        const void *x = j->x;                                                                 \
        if (!j->scatter) {                                                                    \
            int64_t lo = (int64_t)b * j->chunk, hi = lo + j->chunk < j->ylen ? lo + j->chunk : j->ylen; \
            if (!a->off64 && !a->ind64 && !j->conj &&                                         \
                SPMV_FAST_##K(lo, hi, a->off, a->ind, a->val, x, j->y, al, be, (int32_t)base)) \
                return;                                                                       \
            if (!a->off64 && !a->ind64)                                                       \
                SPMV_GATHER(K, VT, 0, 0)                                                      \
            else if (a->off64 && a->ind64)                                                    \
                SPMV_GATHER(K, VT, 1, 1)                                                      \
            else                                                                              \
                SPMV_GATHER(K, VT, a->off64, a->ind64)                                        \
            return;                                                                           \
        }                                                                                     \
        /* half and bf16: the sums in floats, rounded once (in y if there is no memory) */    \
        VT *acc = sizeof(VT) > cs_kind_size[j->kind] ? malloc((size_t)j->ylen * sizeof(VT)) : NULL; \
        for (int64_t i = 0; i < j->ylen; i++) {                                               \
            VT v = be == 0 ? (VT)0 : be * cs_ld_##K(j->y, i);                                 \
            SPMV_PUT(K, i, v);                                                                \
        }                                                                                     \
        int coo = a->format == CUSPARSE_FORMAT_COO;                                           \
        for (int64_t m = 0, majors = coo ? 1 : cs_sp_majors(a); m < majors; m++) {            \
            int64_t e0 = coo ? 0 : cs_ix(a->off, a->off64, m) - base;                         \
            int64_t e1 = coo ? a->nnz : cs_ix(a->off, a->off64, m + 1) - base;                \
            for (int64_t e = e0; e < e1; e++) {                                               \
                int64_t c = cs_ix(a->ind, a->ind64, e) - base, r = m;                         \
                if (coo) {   /* entry (r, c): y's element r from x's c, or swapped */         \
                    r = cs_ix(a->off, a->off64, e) - base;                                    \
                    int64_t t = j->swap ? r : c;                                              \
                    r = j->swap ? c : r;                                                      \
                    c = t;                                                                    \
                } else {   /* entry (m, c) of the compressed matrix: y's element c from x's m */ \
                    r = c;                                                                    \
                    c = m;                                                                    \
                }                                                                             \
                VT v = cs_ld_##K(a->val, e);                                                  \
                v = (j->conj ? cs_cj_##K(v) : v) * al * cs_ld_##K(x, c);                      \
                SPMV_PUT(K, r, SPMV_GET(K, r) + v);                                           \
            }                                                                                 \
        }                                                                                     \
        for (int64_t i = 0; acc && i < j->ylen; i++)                                          \
            cs_st_##K(j->y, i, acc[i]);                                                       \
        free(acc);                                                                            \
    }
CS_FOR_KINDS(SPMV_KIND)

#define SPMV_ENTRY(K, VT) spmv_##K,
static void (*const spmv_kinds[CS_NKINDS])(const spmv_job *, unsigned) = {CS_FOR_KINDS(SPMV_ENTRY)};

static void spmv_block(const void *job, unsigned b)
{
    const spmv_job *j = job;
    spmv_kinds[j->kind](j, b);
}

/* The checks SpMV, its buffer size and its preprocessing share; the kind through *kind. */
static cusparseStatus_t spmv_check(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                                   cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, const void *beta,
                                   cusparseConstDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t alg,
                                   int *kind)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!alpha || !beta || !cs_valid_spmat(matA) || !cs_valid_dnvec(vecX) || !cs_valid_dnvec(vecY) ||
        !cs_valid_op(opA) || alg < CUSPARSE_SPMV_ALG_DEFAULT || alg > CUSPARSE_SPMV_BSR_ALG1)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if ((matA->format != CUSPARSE_FORMAT_CSR && matA->format != CUSPARSE_FORMAT_CSC &&
         matA->format != CUSPARSE_FORMAT_COO) ||
        matA->batch_count > 1)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    int n = opA == CUSPARSE_OPERATION_NON_TRANSPOSE;
    if (vecX->size != (n ? matA->cols : matA->rows) || vecY->size != (n ? matA->rows : matA->cols) ||
        !cs_sp_ready(matA))
        return CUSPARSE_STATUS_INVALID_VALUE;
    *kind = cs_uniform_kind(computeType, matA->value_type, vecX->value_type, vecY->value_type);
    return *kind < 0 ? CUSPARSE_STATUS_NOT_SUPPORTED : CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         const void *beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, size_t *bufferSize)
{
    int kind;
    cusparseStatus_t st = spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, &kind);
    if (st == CUSPARSE_STATUS_SUCCESS && !bufferSize)
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st == CUSPARSE_STATUS_SUCCESS)
        *bufferSize = 0;
    return st;
}

cusparseStatus_t cusparseSpMV_preprocess(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                                         cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                                         const void *beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, void *externalBuffer)
{
    (void)externalBuffer;
    int kind;
    return spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, &kind);
}

cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX, const void *beta,
                              cusparseDnVecDescr_t vecY, cudaDataType computeType, cusparseSpMVAlg_t alg,
                              void *externalBuffer)
{
    (void)externalBuffer;
    int kind;
    cusparseStatus_t st = spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, &kind);
    if (st != CUSPARSE_STATUS_SUCCESS || vecY->size == 0)
        return st;
    spmv_job j = {0};
    j.a = cs_sp_view(matA);
    j.x = vecX->values;
    j.y = vecY->values;
    j.ylen = vecY->size;
    j.kind = kind;
    cs_scalar_set(&j.alpha, handle, alpha, kind);
    cs_scalar_set(&j.beta, handle, beta, kind);
    int transposed = opA != CUSPARSE_OPERATION_NON_TRANSPOSE;
    j.conj = opA == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
    j.swap = (unsigned char)transposed;
    /* y's elements are the majors: CSR's rows as they are, CSC's columns transposed */
    j.scatter = matA->format == CUSPARSE_FORMAT_COO || transposed != (matA->format == CUSPARSE_FORMAT_CSC);
    j.chunk = j.scatter ? j.ylen : cs_chunk(j.ylen, CS_MIN_ROWS);
    return cs_launch(handle, spmv_block, &j, sizeof j, cs_blocks(j.ylen, j.chunk));
}
