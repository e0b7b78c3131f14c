/* libraries/cusparse/convert.c - conversions between a dense matrix (either order, leading
 * dimension) and a sparse one (CSR, CSC or COO), both of one value kind (cusparse_internal.h);
 * values are copied bit for bit.
 *
 * DenseToSparse follows CUDA's three calls: _bufferSize asks for (majors + 1) int64, where
 * majors are the sparse format's rows (CSR, COO) or columns (CSC); _analysis waits for the
 * stream, counts the elements that are not zero (+0 and -0 are zero, NaN is not) per major into
 * the buffer, turns the counts into starts, writes CSR's or CSC's offsets and sets the matrix's
 * nnz; _convert (queued) writes the indices and values from those starts, so it takes the same
 * buffer. SparseToDense (queued, no buffer) zeroes each major's line of the dense matrix and
 * writes its entries; for COO one launch zeroes and a second writes. */
#include "cusparse_internal.h"

#define CS_MIN_LINES 16   /* majors of the smallest chunk a block takes */

enum {
    CONV_COUNT,                       /* DenseToSparse: entries per major into starts[p + 1] */
    CONV_FILL,                        /* DenseToSparse: indices and values from starts[p] */
    CONV_ZERO,                        /* SparseToDense: zero each major's line */
    CONV_WRITE,                       /* SparseToDense: zero a compressed major's line, write it */
    CONV_WRITE_COO                    /* SparseToDense: write COO entries (a chunk per block) */
};

typedef struct conv_job {
    cs_sp s;
    cs_dn d;                          /* element (i, j) of the dense matrix */
    int64_t *starts;                  /* DenseToSparse: the buffer */
    int64_t majors, minors;
    int64_t units, chunk;             /* majors (CONV_WRITE_COO: entries), per block */
    int kind;
    int step;
} conv_job;
_Static_assert(sizeof(conv_job) <= CS_JOB_MAX, "a conversion job travels with its launch");

static int is_zero(int kind, const void *p, int64_t i)
{
    switch (kind) {
    case CS_R32: return cs_ld_r32(p, i) == 0;
    case CS_R64: return cs_ld_r64(p, i) == 0;
    case CS_C32: return cs_ld_c32(p, i) == 0;
    case CS_C64: return cs_ld_c64(p, i) == 0;
    case CS_R16F: return cs_ld_r16f(p, i) == 0;
    default: return cs_ld_r16bf(p, i) == 0;
    }
}

static void conv_block(const void *job, unsigned blk)
{
    const conv_job *j = job;
    const cs_sp *s = &j->s;
    size_t es = cs_kind_size[j->kind];
    int csc = s->format == CUSPARSE_FORMAT_CSC, coo = s->format == CUSPARSE_FORMAT_COO;
    int64_t lo = (int64_t)blk * j->chunk, hi = lo + j->chunk < j->units ? lo + j->chunk : j->units;
    /* element (major p, minor q) of the dense matrix */
    int64_t prs = csc ? j->d.cs : j->d.rs, qcs = csc ? j->d.rs : j->d.cs;
    if (j->step == CONV_WRITE_COO) {
        for (int64_t e = lo; e < hi; e++) {
            int64_t r = cs_ix(s->off, s->off64, e) - s->base, c = cs_ix(s->ind, s->ind64, e) - s->base;
            cs_copy_elem(j->d.p, r * j->d.rs + c * j->d.cs, s->val, e, es);
        }
        return;
    }
    for (int64_t p = lo; p < hi; p++) {
        if (j->step == CONV_COUNT) {
            int64_t count = 0;
            for (int64_t q = 0; q < j->minors; q++)
                count += !is_zero(j->kind, j->d.p, p * prs + q * qcs);
            j->starts[p + 1] = count;
        } else if (j->step == CONV_FILL) {
            for (int64_t q = 0, at = j->starts[p], end = j->starts[p + 1]; q < j->minors && at < end; q++) {
                if (is_zero(j->kind, j->d.p, p * prs + q * qcs))
                    continue;
                cs_ix_put((void *)s->ind, s->ind64, at, q + s->base);
                if (coo)
                    cs_ix_put((void *)s->off, s->off64, at, p + s->base);
                cs_copy_elem(s->val, at++, j->d.p, p * prs + q * qcs, es);
            }
        } else {   /* CONV_ZERO, CONV_WRITE */
            if (qcs == 1)   /* the line is contiguous */
                memset((char *)j->d.p + p * prs * (int64_t)es, 0, (size_t)j->minors * es);
            else
                for (int64_t q = 0; q < j->minors; q++)
                    memset((char *)j->d.p + (p * prs + q * qcs) * (int64_t)es, 0, es);
            if (j->step == CONV_ZERO)
                continue;
            for (int64_t e = cs_ix(s->off, s->off64, p) - s->base, end = cs_ix(s->off, s->off64, p + 1) - s->base;
                 e < end; e++)
                cs_copy_elem(j->d.p, p * prs + (cs_ix(s->ind, s->ind64, e) - s->base) * qcs, s->val, e, es);
        }
    }
}

/* A job over the majors (or, for CONV_WRITE_COO, the entries). */
static cusparseStatus_t conv_launch(cusparseHandle_t handle, conv_job *j, int step)
{
    j->step = step;
    j->units = step == CONV_WRITE_COO ? j->s.nnz : j->majors;
    j->chunk = cs_chunk(j->units, step == CONV_WRITE_COO ? 4096 : CS_MIN_LINES);
    return cs_launch(handle, conv_block, j, sizeof *j, cs_blocks(j->units, j->chunk));
}

/* The checks the conversions share; the kind through *kind and the job's shape into *j. */
static cusparseStatus_t conv_check(cusparseHandle_t handle, cusparseConstSpMatDescr_t sp,
                                   cusparseConstDnMatDescr_t dn, int alg, int *kind, conv_job *j)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!cs_valid_spmat(sp) || !cs_valid_dnmat(dn) || alg != 0)
        return CUSPARSE_STATUS_INVALID_VALUE;
    if ((sp->format != CUSPARSE_FORMAT_CSR && sp->format != CUSPARSE_FORMAT_CSC &&
         sp->format != CUSPARSE_FORMAT_COO) ||
        sp->batch_count > 1 || dn->batch_count > 1)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    if (sp->rows != dn->rows || sp->cols != dn->cols)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *kind = cs_kind_of(sp->value_type);
    if (*kind < 0 || dn->value_type != sp->value_type)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
    memset(j, 0, sizeof *j);
    j->s = cs_sp_view(sp);
    j->d = cs_dn_view(dn, 0);
    j->kind = *kind;
    j->majors = sp->format == CUSPARSE_FORMAT_CSC ? sp->cols : sp->rows;
    j->minors = sp->format == CUSPARSE_FORMAT_CSC ? sp->rows : sp->cols;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
                                                  cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg,
                                                  size_t *bufferSize)
{
    int kind;
    conv_job j;
    cusparseStatus_t st = conv_check(handle, matA, matB, alg, &kind, &j);
    if (st == CUSPARSE_STATUS_SUCCESS && !bufferSize)
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st == CUSPARSE_STATUS_SUCCESS)
        *bufferSize = 0;
    return st;
}

cusparseStatus_t cusparseSparseToDense(cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
                                       cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg, void *externalBuffer)
{
    (void)externalBuffer;
    int kind;
    conv_job j;
    cusparseStatus_t st = conv_check(handle, matA, matB, alg, &kind, &j);
    if (st == CUSPARSE_STATUS_SUCCESS && !cs_sp_ready(matA))
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    if (matA->format != CUSPARSE_FORMAT_COO)
        return conv_launch(handle, &j, CONV_WRITE);
    st = conv_launch(handle, &j, CONV_ZERO);
    return st == CUSPARSE_STATUS_SUCCESS ? conv_launch(handle, &j, CONV_WRITE_COO) : st;
}

cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t handle, cusparseConstDnMatDescr_t matA,
                                                  cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg,
                                                  size_t *bufferSize)
{
    int kind;
    conv_job j;
    cusparseStatus_t st = conv_check(handle, matB, matA, alg, &kind, &j);
    if (st == CUSPARSE_STATUS_SUCCESS && !bufferSize)
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st == CUSPARSE_STATUS_SUCCESS)
        *bufferSize = (size_t)(j.majors + 1) * sizeof(int64_t);
    return st;
}

cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t handle, cusparseConstDnMatDescr_t matA,
                                                cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg,
                                                void *externalBuffer)
{
    int kind;
    conv_job j;
    cusparseStatus_t st = conv_check(handle, matB, matA, alg, &kind, &j);
    if (st == CUSPARSE_STATUS_SUCCESS &&
        (!externalBuffer || (matB->format != CUSPARSE_FORMAT_COO && !matB->offsets)))
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    j.starts = externalBuffer;
    st = conv_launch(handle, &j, CONV_COUNT);   /* after the stream's work on A, then waited for */
    if (st == CUSPARSE_STATUS_SUCCESS)
        st = cs_sync(handle);
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    j.starts[0] = 0;
    for (int64_t p = 0; p < j.majors; p++)
        j.starts[p + 1] += j.starts[p];
    if (matB->format != CUSPARSE_FORMAT_COO)
        for (int64_t p = 0; p <= j.majors; p++)
            cs_ix_put(matB->offsets, j.s.off64, p, j.starts[p] + j.s.base);
    matB->nnz = j.starts[j.majors];
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t handle, cusparseConstDnMatDescr_t matA,
                                               cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg,
                                               void *externalBuffer)
{
    int kind;
    conv_job j;
    cusparseStatus_t st = conv_check(handle, matB, matA, alg, &kind, &j);
    if (st == CUSPARSE_STATUS_SUCCESS && (!externalBuffer || !cs_sp_ready(matB)))
        st = CUSPARSE_STATUS_INVALID_VALUE;
    if (st != CUSPARSE_STATUS_SUCCESS)
        return st;
    j.starts = externalBuffer;
    return conv_launch(handle, &j, CONV_FILL);
}
