/* libraries/cusparse/vector_ops.c - the sparse vector routines: cusparseAxpby (y = alpha x +
 * beta y, x sparse, every operand of one kind: cusparse_internal.h), cusparseGather (x's
 * values from y at x's indices) and cusparseScatter (y at x's indices from x's values; these
 * two copy bits, for any kind). Blocks take chunks of x's entries (whose indices, as CUDA
 * requires, are distinct); Axpby first scales all of y by beta in chunks of y (one launch),
 * then adds alpha x (a second). */
#include "cusparse_internal.h"

#define CS_MIN_ENTRIES 4096   /* entries of the smallest chunk a block takes */

enum { VEC_SCALE, VEC_AXPY, VEC_GATHER, VEC_SCATTER };

typedef struct vec_job {
    const void *xi;                   /* x's indices */
    void *xv, *y;                     /* x's values, y */
    int64_t units, chunk;             /* y's elements (VEC_SCALE) or x's entries, per block */
    cs_scalar alpha, beta;
    int kind, step;
    unsigned char wide, base;         /* x's indices: 64-bit, base */
} vec_job;
_Static_assert(sizeof(vec_job) <= CS_JOB_MAX, "a vector job travels with its launch");

#define AXPBY_KIND(K, VT)                                                                     \
    static void axpby_##K(const vec_job *j, int64_t lo, int64_t hi)                           \
    {                                                                                         \
        if (j->step == VEC_SCALE) {                                                           \
            VT be = cs_sc_##K(&j->beta);                                                      \
            for (int64_t i = lo; i < hi; i++)                                                 \
                cs_st_##K(j->y, i, be == 0 ? (VT)0 : be * cs_ld_##K(j->y, i));                 \
            return;                                                                           \
        }                                                                                     \
        VT al = cs_sc_##K(&j->alpha);                                                         \
        for (int64_t e = lo; e < hi; e++) {                                                   \
            int64_t i = cs_ix(j->xi, j->wide, e) - j->base;                                   \
            cs_st_##K(j->y, i, cs_ld_##K(j->y, i) + al * cs_ld_##K(j->xv, e));                 \
        }                                                                                     \
    }
CS_FOR_KINDS(AXPBY_KIND)

#define AXPBY_ENTRY(K, VT) axpby_##K,
static void (*const axpby_kinds[CS_NKINDS])(const vec_job *, int64_t, int64_t) = {CS_FOR_KINDS(AXPBY_ENTRY)};

static void vec_block(const void *job, unsigned blk)
{
    const vec_job *j = job;
    int64_t lo = (int64_t)blk * j->chunk, hi = lo + j->chunk < j->units ? lo + j->chunk : j->units;
    size_t es = cs_kind_size[j->kind];
    if (j->step == VEC_SCALE || j->step == VEC_AXPY)
        axpby_kinds[j->kind](j, lo, hi);
    else if (j->step == VEC_GATHER)
        for (int64_t e = lo; e < hi; e++)
            cs_copy_elem(j->xv, e, j->y, cs_ix(j->xi, j->wide, e) - j->base, es);
    else
        for (int64_t e = lo; e < hi; e++)
            cs_copy_elem(j->y, cs_ix(j->xi, j->wide, e) - j->base, j->xv, e, es);
}

static cusparseStatus_t vec_launch(cusparseHandle_t handle, vec_job *j, int step, int64_t units)
{
    j->step = step;
    j->units = units;
    j->chunk = cs_chunk(units, CS_MIN_ENTRIES);
    return cs_launch(handle, vec_block, j, sizeof *j, cs_blocks(units, j->chunk));
}

/* The checks the three share: x's entries must fit in y. The job gets x's arrays and y. */
static cusparseStatus_t vec_check(cusparseHandle_t handle, cusparseConstSpVecDescr_t x,
                                  cusparseConstDnVecDescr_t y, vec_job *j)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!cs_valid_spvec(x) || !cs_valid_dnvec(y) || x->size != y->size)
        return CUSPARSE_STATUS_INVALID_VALUE;
    j->kind = cs_kind_of(x->value_type);
    if (j->kind < 0 || y->value_type != x->value_type)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    j->xi = x->indices;
    j->xv = x->values;
    j->y = y->values;
    j->wide = x->index_type == CUSPARSE_INDEX_64I;
    j->base = x->base == CUSPARSE_INDEX_BASE_ONE;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseAxpby(cusparseHandle_t handle, const void *alpha, cusparseConstSpVecDescr_t vecX,
                               const void *beta, cusparseDnVecDescr_t vecY)
{
    vec_job j = {0};
    cusparseStatus_t st = vec_check(handle, vecX, vecY, &j);
    if (st == CUSPARSE_STATUS_SUCCESS && (!alpha || !beta))
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    cs_scalar_set(&j.alpha, handle, alpha, j.kind);
    cs_scalar_set(&j.beta, handle, beta, j.kind);
    st = vec_launch(handle, &j, VEC_SCALE, vecY->size);
    return st == CUSPARSE_STATUS_SUCCESS ? vec_launch(handle, &j, VEC_AXPY, vecX->nnz) : st;
}

cusparseStatus_t cusparseGather(cusparseHandle_t handle, cusparseConstDnVecDescr_t vecY, cusparseSpVecDescr_t vecX)
{
    vec_job j = {0};
    cusparseStatus_t st = vec_check(handle, vecX, vecY, &j);
    return st == CUSPARSE_STATUS_SUCCESS ? vec_launch(handle, &j, VEC_GATHER, vecX->nnz) : st;
}

cusparseStatus_t cusparseScatter(cusparseHandle_t handle, cusparseConstSpVecDescr_t vecX, cusparseDnVecDescr_t vecY)
{
    vec_job j = {0};
    cusparseStatus_t st = vec_check(handle, vecX, vecY, &j);
    return st == CUSPARSE_STATUS_SUCCESS ? vec_launch(handle, &j, VEC_SCATTER, vecX->nnz) : st;
}
