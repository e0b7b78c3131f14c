/* libraries/cusparse/cusparse_internal.h - what libcusparse's files share: the handle and the
 * descriptors (each with a magic number, so that a null or destroyed one is refused, best
 * effort), the value kinds an operation is compiled for, scalars as a job carries them,
 * views of the operands that travel with a job, and the launch on the handle's stream.
 * Internal names start with cs_. */
#ifndef CU2C_CUSPARSE_INTERNAL_H
#define CU2C_CUSPARSE_INTERNAL_H

#include <complex.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "cusparse.h"

#define CS_HANDLE_MAGIC 0x43535048U  /* "CSPH" */
#define CS_SPMAT_MAGIC 0x4353504dU   /* "CSPM" */
#define CS_DNVEC_MAGIC 0x43534456U   /* "CSDV" */
#define CS_DNMAT_MAGIC 0x4353444dU   /* "CSDM" */
#define CS_SPVEC_MAGIC 0x43535356U   /* "CSSV" */
#define CS_SPGEMM_MAGIC 0x43534747U  /* "CSGG" */

struct cusparseContext {
    unsigned magic;
    cudaStream_t stream;             /* where its work is queued */
    cusparsePointerMode_t pointer_mode;
};

/* A sparse matrix: CSR, CSC or COO. */
struct cusparseSpMatDescr {
    unsigned magic;
    cusparseFormat_t format;
    int64_t rows, cols, nnz;
    void *offsets;                   /* CSR: row offsets (rows + 1); CSC: column offsets (cols + 1);
                                        COO: row indices (nnz) */
    void *indices;                   /* CSR and COO: column indices; CSC: row indices */
    void *values;
    cusparseIndexType_t offsets_type, indices_type;   /* COO: both its one index type */
    cusparseIndexBase_t base;
    cudaDataType value_type;
    cusparseFillMode_t fill;         /* attributes: recorded (no routine here reads them) */
    cusparseDiagType_t diag;
    int batch_count;                 /* strided batches (1: none) */
    int64_t offsets_stride;          /* elements between batches: offsets (COO: row indices) */
    int64_t indices_stride;          /* elements between batches: indices and values */
};

struct cusparseDnVecDescr {
    unsigned magic;
    int64_t size;
    void *values;
    cudaDataType value_type;
};

struct cusparseDnMatDescr {
    unsigned magic;
    int64_t rows, cols, ld;
    void *values;
    cudaDataType value_type;
    cusparseOrder_t order;
    int batch_count;                 /* strided batches (1: none), batch_stride elements apart */
    int64_t batch_stride;
};

struct cusparseSpVecDescr {
    unsigned magic;
    int64_t size, nnz;
    void *indices, *values;
    cusparseIndexType_t index_type;
    cusparseIndexBase_t base;
    cudaDataType value_type;
};

static inline int cs_valid_handle(cusparseHandle_t h)
{
    return h && h->magic == CS_HANDLE_MAGIC;
}
static inline int cs_valid_spmat(cusparseConstSpMatDescr_t m)
{
    return m && m->magic == CS_SPMAT_MAGIC;
}
static inline int cs_valid_dnvec(cusparseConstDnVecDescr_t v)
{
    return v && v->magic == CS_DNVEC_MAGIC;
}
static inline int cs_valid_dnmat(cusparseConstDnMatDescr_t m)
{
    return m && m->magic == CS_DNMAT_MAGIC;
}
static inline int cs_valid_spvec(cusparseConstSpVecDescr_t v)
{
    return v && v->magic == CS_SPVEC_MAGIC;
}
static inline int cs_valid_op(cusparseOperation_t op)
{
    return op == CUSPARSE_OPERATION_NON_TRANSPOSE || op == CUSPARSE_OPERATION_TRANSPOSE ||
           op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

/* ---- value kinds ------------------------------------------------------------------------
 * Every operation is compiled once per kind: the type it computes in (VT) and how an element
 * of the stored type is read and written. cs_ld_K/cs_st_K/cs_cj_K/cs_sc_K are the kind's
 * load, store, conjugate and scalar read; CS_FOR_KINDS(X) lists them in cs_kind's order, so
 * that X building a table entry per kind gives a table indexed by the kind. */

typedef float _Complex cs_c32;
typedef double _Complex cs_c64;

typedef enum {
    CS_R32,                          /* CUDA_R_32F */
    CS_R64,                          /* CUDA_R_64F */
    CS_C32,                          /* CUDA_C_32F (cuComplex, laid out as float _Complex) */
    CS_C64,                          /* CUDA_C_64F */
    CS_R16F,                         /* CUDA_R_16F, computed in float */
    CS_R16BF,                        /* CUDA_R_16BF, computed in float */
    CS_NKINDS
} cs_kind;

#define CS_FOR_KINDS(X) X(r32, float) X(r64, double) X(c32, cs_c32) X(c64, cs_c64) X(r16f, float) X(r16bf, float)

/* A scalar as a job carries it: its value (host pointer mode, copied when the call is made)
 * or the user's pointer (device pointer mode, read when the job runs). */
typedef struct cs_scalar {
    unsigned char value[16];
    const void *ptr;                 /* non-null: device pointer mode */
} cs_scalar;

#define CS_KIND_FNS(K, VT, ST, LOAD, STORE, CONJ)                                             \
    static inline VT cs_ld_##K(const void *p, int64_t i) { return LOAD(((const ST *)p)[i]); } \
    static inline void cs_st_##K(void *p, int64_t i, VT v) { ((ST *)p)[i] = STORE(v); }       \
    static inline VT cs_cj_##K(VT v) { return CONJ(v); }                                      \
    static inline VT cs_sc_##K(const cs_scalar *s)                                            \
    {                                                                                         \
        VT v;                                                                                 \
        memcpy(&v, s->ptr ? s->ptr : (const void *)s->value, sizeof v);                       \
        return v;                                                                             \
    }
CS_KIND_FNS(r32, float, float, , , )
CS_KIND_FNS(r64, double, double, , , )
CS_KIND_FNS(c32, cs_c32, cs_c32, , , conjf)
CS_KIND_FNS(c64, cs_c64, cs_c64, , , conj)
CS_KIND_FNS(r16f, float, __half, __half2float, __float2half, )
CS_KIND_FNS(r16bf, float, __nv_bfloat16, __bfloat162float, __float2bfloat16, )

/* The kind of a stored type, or -1 (a type no operation here computes). */
static inline int cs_kind_of(cudaDataType t)
{
    switch (t) {
    case CUDA_R_32F: return CS_R32;
    case CUDA_R_64F: return CS_R64;
    case CUDA_C_32F: return CS_C32;
    case CUDA_C_64F: return CS_C64;
    case CUDA_R_16F: return CS_R16F;
    case CUDA_R_16BF: return CS_R16BF;
    default: return -1;
    }
}

/* Bytes of one stored element, and the compute type CUDA asks for, per kind. */
static const size_t cs_kind_size[CS_NKINDS] = {4, 8, 8, 16, 2, 2};
static const cudaDataType cs_kind_compute[CS_NKINDS] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F,
                                                        CUDA_C_64F, CUDA_R_32F, CUDA_R_32F};

/* The kind of an operation whose operands all hold type t computed in computeType, or -1. */
static inline int cs_uniform_kind(cudaDataType computeType, cudaDataType t, cudaDataType u, cudaDataType v)
{
    int k = cs_kind_of(t);
    return k >= 0 && u == t && v == t && cs_kind_compute[k] == computeType ? k : -1;
}

/* Copies element si of src to element di of dst (es bytes each). */
static inline void cs_copy_elem(void *dst, int64_t di, const void *src, int64_t si, size_t es)
{
    memcpy((char *)dst + di * (int64_t)es, (const char *)src + si * (int64_t)es, es);
}

/* ---- indices ------------------------------------------------------------------------- */

static inline int64_t cs_ix(const void *p, int wide, int64_t i)
{
    return wide ? ((const int64_t *)p)[i] : (int64_t)((const int32_t *)p)[i];
}
static inline void cs_ix_put(void *p, int wide, int64_t i, int64_t v)
{
    if (wide)
        ((int64_t *)p)[i] = v;
    else
        ((int32_t *)p)[i] = (int32_t)v;
}

/* ---- operand views, as a job carries them --------------------------------------------- */

/* A sparse matrix: compressed (CSR: majors are rows; CSC: majors are columns; entries
 * [off[m] - base, off[m + 1] - base) of major m, minor index ind[e] - base) or COO (entry e
 * at row off[e] - base, column ind[e] - base). Batch b's arrays start off_bstride and
 * ind_bstride elements (of their own types) after batch b - 1's. */
typedef struct cs_sp {
    const void *off, *ind;
    void *val;
    int64_t rows, cols, nnz;
    int64_t off_bstride, ind_bstride;
    unsigned char format;            /* cusparseFormat_t */
    unsigned char off64, ind64;      /* 64-bit offsets, indices */
    unsigned char base;              /* 0 or 1 */
} cs_sp;

/* A dense matrix as op() sees it: element (i, j) at p[i * rs + j * cs]; batch b's
 * b * bstride elements further. */
typedef struct cs_dn {
    void *p;
    int64_t rs, cs, bstride;
} cs_dn;

cs_sp cs_sp_view(const struct cusparseSpMatDescr *m);
/* A dense matrix, transposed (element (i, j) of the view is element (j, i)) or not. */
cs_dn cs_dn_view(const struct cusparseDnMatDescr *m, int transposed);
/* Batch b of a view (the pointers moved on; ind_bstride counts values too). */
cs_sp cs_sp_batch(const cs_sp *a, int kind, int64_t b);
void *cs_dn_batch(const cs_dn *d, int kind, int64_t b);
/* The majors of a compressed view (rows of CSR, columns of CSC). */
static inline int64_t cs_sp_majors(const cs_sp *a)
{
    return a->format == CUSPARSE_FORMAT_CSC ? a->cols : a->rows;
}
/* Are a sparse matrix's arrays there for an operation reading nnz entries? */
int cs_sp_ready(const struct cusparseSpMatDescr *m);

void cs_scalar_set(cs_scalar *s, cusparseHandle_t h, const void *p, int kind);

/* ---- running on the handle's stream (handle.c) -------------------------------------- */

typedef void (*cs_block_fn)(const void *job, unsigned block);
#define CS_JOB_MAX 256               /* bytes of a job (parallel_blocks.h's limit) */

/* fn(job, b) for b in [0, nblocks), queued on the handle's stream; the job is copied. */
cusparseStatus_t cs_launch(cusparseHandle_t h, cs_block_fn fn, const void *job, size_t bytes, int64_t nblocks);
/* Waits for the handle's stream (for the routines that report sizes on return). */
cusparseStatus_t cs_sync(cusparseHandle_t h);
/* Items per block for n items: a few chunks per worker, each at least least items. */
int64_t cs_chunk(int64_t n, int64_t least);
static inline int64_t cs_blocks(int64_t n, int64_t chunk)
{
    return n <= 0 ? 0 : (n + chunk - 1) / chunk;
}

#endif
