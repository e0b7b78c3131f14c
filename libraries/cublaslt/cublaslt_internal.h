/* libraries/cublaslt/cublaslt_internal.h - what libcublasLt's files share: the objects behind
 * cuBLASLt's opaque types (held in their CUDA-sized storage, so that programs may Init them in
 * place) and the job that runs a matmul. Jobs are queued like cuBLAS's (libraries/cublas:
 * cb_submit_on, on the stream cublasLtMatmul names). Internal names start with lt_. */
#ifndef CU2C_CUBLASLT_INTERNAL_H
#define CU2C_CUBLASLT_INTERNAL_H

#include <stdint.h>
#include "../cublas/cublas_internal.h"
#include "cublasLt.h"

#define LT_HANDLE_MAGIC 0x4c54484eU  /* "LTHN" */
#define LT_LAYOUT_MAGIC 0x4c544c59U  /* "LTLY" */
#define LT_DESC_MAGIC 0x4c544453U    /* "LTDS" */
#define LT_PREF_MAGIC 0x4c545052U    /* "LTPR" */

struct cublasLtContext {
    unsigned magic;
};

/* A matrix layout (in cublasLtMatrixLayoutOpaque_t). */
typedef struct lt_layout {
    uint32_t magic;
    int32_t type;                    /* cudaDataType */
    int32_t order;                   /* cublasLtOrder_t */
    int32_t batch_count;
    uint64_t rows, cols;
    int64_t ld;
    int64_t batch_stride;            /* elements between the batch's matrices */
    int64_t plane_offset;
    int32_t batch_mode;
} lt_layout;

/* A matmul descriptor (in cublasLtMatmulDescOpaque_t). */
typedef struct lt_desc {
    uint32_t magic;
    int32_t compute_type;            /* cublasComputeType_t */
    int32_t scale_type;              /* cudaDataType: alpha's and beta's */
    int32_t pointer_mode;            /* cublasLtPointerMode_t */
    int32_t transa, transb, transc;  /* cublasOperation_t */
    int32_t fill_mode;
    uint32_t epilogue;               /* cublasLtEpilogue_t */
    int32_t sm_count;
    int32_t aux_type, bias_type;     /* cudaDataType; -1: D's */
    int8_t fast_accum;
    const void *bias;
    int64_t bias_batch_stride;
    void *aux;
    int64_t aux_ld, aux_batch_stride, alpha_vector_batch_stride;
    const void *a_scale, *b_scale, *c_scale, *d_scale, *aux_scale;
    void *amax_d, *aux_amax;
} lt_desc;

/* A preference (in cublasLtMatmulPreferenceOpaque_t). */
typedef struct lt_pref {
    uint32_t magic;
    uint32_t search_mode, reduction_mask;
    uint32_t align_a, align_b, align_c, align_d;
    float max_waves;
    uint64_t max_workspace, impl_mask;
} lt_pref;

static inline lt_layout *lt_layout_of(cublasLtMatrixLayout_t l)
{
    return l && ((lt_layout *)l)->magic == LT_LAYOUT_MAGIC ? (lt_layout *)l : NULL;
}
static inline lt_desc *lt_desc_of(cublasLtMatmulDesc_t d)
{
    return d && ((lt_desc *)d)->magic == LT_DESC_MAGIC ? (lt_desc *)d : NULL;
}
static inline lt_pref *lt_pref_of(cublasLtMatmulPreference_t p)
{
    return p && ((lt_pref *)p)->magic == LT_PREF_MAGIC ? (lt_pref *)p : NULL;
}
static inline int lt_handle_valid(cublasLtHandle_t h)
{
    return h && h->magic == LT_HANDLE_MAGIC;
}

/* ---- convert.c ---------------------------------------------------------------------------- */

int lt_type_supported(int type);     /* FP32, FP64, FP16 or BF16 */
size_t lt_type_size(int type);
/* n elements of type from src, stride elements apart, into dst (and back) */
void lt_to_float(const void *src, int type, size_t stride, float *dst, size_t n);
void lt_to_double(const void *src, int type, size_t stride, double *dst, size_t n);
void lt_from_double(const double *src, void *dst, int type, size_t stride, size_t n);
/* Column c of layout l at base, as doubles (and back). */
void lt_load_column(const lt_layout *l, const void *base, uint64_t c, double *out);
void lt_store_column(const lt_layout *l, void *base, uint64_t c, const double *in);

/* ---- matmul.c ---------------------------------------------------------------------------- */

/* Whether the matmul desc describes over A, B, C, D can run here: CUBLAS_STATUS_SUCCESS,
 * INVALID_VALUE (shapes or pointers in conflict) or NOT_SUPPORTED (types, orders, modes). */
cublasStatus_t lt_matmul_check(const lt_desc *desc, const lt_layout *a, const lt_layout *b, const lt_layout *c,
                               const lt_layout *d);
/* The same and the epilogue's pointers (the heuristic does not look at them). */
cublasStatus_t lt_matmul_check_pointers(const lt_desc *desc, const lt_layout *d);

#endif
