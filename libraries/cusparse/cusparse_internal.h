/* libraries/cusparse/cusparse_internal.h - what libcusparse's files share: the handle and the
 * descriptors (each with a magic number, so that a null or destroyed one is refused, best
 * effort). Internal names start with cs_. */
#ifndef CU2C_CUSPARSE_INTERNAL_H
#define CU2C_CUSPARSE_INTERNAL_H

#include "cuda_runtime_api.h"
#include "cusparse.h"

#define CS_HANDLE_MAGIC 0x43535048U  /* "CSPH" */
#define CS_SPMAT_MAGIC 0x4353504dU   /* "CSPM" */
#define CS_DNVEC_MAGIC 0x43534456U   /* "CSDV" */

struct cusparseContext {
    unsigned magic;
    cudaStream_t stream;             /* where its work is queued */
    cusparsePointerMode_t pointer_mode;
};

/* A sparse matrix: CSR only (the one format cu2c's SpMV takes). */
struct cusparseSpMatDescr {
    unsigned magic;
    cusparseFormat_t format;
    int64_t rows, cols, nnz;
    void *offsets, *indices, *values;   /* row offsets (rows + 1), column indices, values */
    cusparseIndexType_t offsets_type, indices_type;
    cusparseIndexBase_t base;
    cudaDataType value_type;
};

struct cusparseDnVecDescr {
    unsigned magic;
    int64_t size;
    void *values;
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

#endif
