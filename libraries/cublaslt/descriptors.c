/* libraries/cublaslt/descriptors.c - cuBLASLt's handle, version and status names, matrix
 * layouts, matmul descriptors and preferences with their attributes (each attribute of its
 * CUDA size: a buffer of another size is CUBLAS_STATUS_INVALID_VALUE, as is an unknown
 * attribute), and the heuristic, which offers the one algorithm there is. */
#include <stdlib.h>
#include <string.h>
#include "cublaslt_internal.h"

_Static_assert(sizeof(lt_layout) <= sizeof(cublasLtMatrixLayoutOpaque_t), "lt_layout fits CUDA's layout");
_Static_assert(sizeof(lt_desc) <= sizeof(cublasLtMatmulDescOpaque_t), "lt_desc fits CUDA's descriptor");
_Static_assert(sizeof(lt_pref) <= sizeof(cublasLtMatmulPreferenceOpaque_t), "lt_pref fits CUDA's preference");

/* ---- the handle ------------------------------------------------------------------------ */

cublasStatus_t cublasLtCreate(cublasLtHandle_t *lightHandle)
{
    if (!lightHandle)
        return CUBLAS_STATUS_INVALID_VALUE;
    *lightHandle = NULL;
    int device;
    if (cudaGetDevice(&device) != cudaSuccess)
        return CUBLAS_STATUS_NOT_INITIALIZED;
    cb_init_blas_threads();
    cublasLtHandle_t h = calloc(1, sizeof *h);
    if (!h)
        return CUBLAS_STATUS_ALLOC_FAILED;
    h->magic = LT_HANDLE_MAGIC;
    *lightHandle = h;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle)
{
    if (!lt_handle_valid(lightHandle))
        return CUBLAS_STATUS_NOT_INITIALIZED;
    lightHandle->magic = 0;
    free(lightHandle);
    return CUBLAS_STATUS_SUCCESS;
}

const char *cublasLtGetStatusName(cublasStatus_t status)
{
    return cublasGetStatusName(status);
}

const char *cublasLtGetStatusString(cublasStatus_t status)
{
    return cublasGetStatusString(status);
}

size_t cublasLtGetVersion(void)
{
    return CUBLAS_VERSION;
}

size_t cublasLtGetCudartVersion(void)
{
    return CUDART_VERSION;
}

cublasStatus_t cublasLtGetProperty(libraryPropertyType type, int *value)
{
    return cublasGetProperty(type, value);
}

/* ---- attributes, by table -------------------------------------------------------------- */

/* An attribute: its number, where it is in the object and its size. */
typedef struct lt_attr {
    int id;
    size_t offset, size;
} lt_attr;

static const lt_attr *lt_find(const lt_attr *table, size_t n, int id)
{
    for (size_t i = 0; i < n; i++)
        if (table[i].id == id)
            return &table[i];
    return NULL;
}

static cublasStatus_t lt_set(void *object, const lt_attr *a, const void *buf, size_t size)
{
    if (!a || !buf || size != a->size)
        return CUBLAS_STATUS_INVALID_VALUE;
    memcpy((char *)object + a->offset, buf, size);
    return CUBLAS_STATUS_SUCCESS;
}

/* CUDA's rule: size 0 with sizeWritten asks for the size; otherwise the buffer must hold it. */
static cublasStatus_t lt_get(const void *object, const lt_attr *a, void *buf, size_t size, size_t *written)
{
    if (!a)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (size == 0 && written) {
        *written = a->size;
        return CUBLAS_STATUS_SUCCESS;
    }
    if (!buf || size < a->size)
        return CUBLAS_STATUS_INVALID_VALUE;
    memcpy(buf, (const char *)object + a->offset, a->size);
    if (written)
        *written = a->size;
    return CUBLAS_STATUS_SUCCESS;
}

#define LT_ATTR(id, type, field) {id, offsetof(type, field), sizeof(((type *)0)->field)}

/* ---- matrix layouts -------------------------------------------------------------------- */

static const lt_attr layout_attrs[] = {
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_TYPE, lt_layout, type),
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_ORDER, lt_layout, order),
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_ROWS, lt_layout, rows),
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_COLS, lt_layout, cols),
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_LD, lt_layout, ld),
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, lt_layout, batch_count),
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, lt_layout, batch_stride),
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET, lt_layout, plane_offset),
    LT_ATTR(CUBLASLT_MATRIX_LAYOUT_BATCH_MODE, lt_layout, batch_mode),
};

cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t matLayout, size_t size, cudaDataType type,
                                                 uint64_t rows, uint64_t cols, int64_t ld)
{
    if (!matLayout || size < sizeof(lt_layout))
        return CUBLAS_STATUS_INVALID_VALUE;
    memset(matLayout, 0, size);
    lt_layout *l = (lt_layout *)matLayout;
    *l = (lt_layout){LT_LAYOUT_MAGIC, type, CUBLASLT_ORDER_COL, 1, rows, cols, ld, 0, 0, 0};
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout, cudaDataType type, uint64_t rows,
                                          uint64_t cols, int64_t ld)
{
    if (!matLayout)
        return CUBLAS_STATUS_INVALID_VALUE;
    *matLayout = malloc(sizeof **matLayout);
    if (!*matLayout)
        return CUBLAS_STATUS_ALLOC_FAILED;
    return cublasLtMatrixLayoutInit_internal(*matLayout, sizeof **matLayout, type, rows, cols, ld);
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout)
{
    if (matLayout) {
        ((lt_layout *)matLayout)->magic = 0;
        free(matLayout);
    }
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t matLayout,
                                                cublasLtMatrixLayoutAttribute_t attr, const void *buf,
                                                size_t sizeInBytes)
{
    lt_layout *l = lt_layout_of(matLayout);
    if (!l)
        return CUBLAS_STATUS_INVALID_VALUE;
    return lt_set(l, lt_find(layout_attrs, sizeof layout_attrs / sizeof *layout_attrs, attr), buf, sizeInBytes);
}

cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t matLayout,
                                                cublasLtMatrixLayoutAttribute_t attr, void *buf,
                                                size_t sizeInBytes, size_t *sizeWritten)
{
    lt_layout *l = lt_layout_of(matLayout);
    if (!l)
        return CUBLAS_STATUS_INVALID_VALUE;
    return lt_get(l, lt_find(layout_attrs, sizeof layout_attrs / sizeof *layout_attrs, attr), buf, sizeInBytes,
                  sizeWritten);
}

/* ---- matmul descriptors ---------------------------------------------------------------- */

static const lt_attr desc_attrs[] = {
    LT_ATTR(CUBLASLT_MATMUL_DESC_COMPUTE_TYPE, lt_desc, compute_type),
    LT_ATTR(CUBLASLT_MATMUL_DESC_SCALE_TYPE, lt_desc, scale_type),
    LT_ATTR(CUBLASLT_MATMUL_DESC_POINTER_MODE, lt_desc, pointer_mode),
    LT_ATTR(CUBLASLT_MATMUL_DESC_TRANSA, lt_desc, transa),
    LT_ATTR(CUBLASLT_MATMUL_DESC_TRANSB, lt_desc, transb),
    LT_ATTR(CUBLASLT_MATMUL_DESC_TRANSC, lt_desc, transc),
    LT_ATTR(CUBLASLT_MATMUL_DESC_FILL_MODE, lt_desc, fill_mode),
    LT_ATTR(CUBLASLT_MATMUL_DESC_EPILOGUE, lt_desc, epilogue),
    LT_ATTR(CUBLASLT_MATMUL_DESC_BIAS_POINTER, lt_desc, bias),
    LT_ATTR(CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, lt_desc, bias_batch_stride),
    LT_ATTR(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, lt_desc, aux),
    LT_ATTR(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, lt_desc, aux_ld),
    LT_ATTR(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE, lt_desc, aux_batch_stride),
    LT_ATTR(CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE, lt_desc, alpha_vector_batch_stride),
    LT_ATTR(CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET, lt_desc, sm_count),
    LT_ATTR(CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, lt_desc, a_scale),
    LT_ATTR(CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, lt_desc, b_scale),
    LT_ATTR(CUBLASLT_MATMUL_DESC_C_SCALE_POINTER, lt_desc, c_scale),
    LT_ATTR(CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, lt_desc, d_scale),
    LT_ATTR(CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, lt_desc, amax_d),
    LT_ATTR(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, lt_desc, aux_type),
    LT_ATTR(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER, lt_desc, aux_scale),
    LT_ATTR(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER, lt_desc, aux_amax),
    LT_ATTR(CUBLASLT_MATMUL_DESC_FAST_ACCUM, lt_desc, fast_accum),
    LT_ATTR(CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, lt_desc, bias_type),
};

cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t matmulDesc, size_t size,
                                               cublasComputeType_t computeType, cudaDataType_t scaleType)
{
    if (!matmulDesc || size < sizeof(lt_desc))
        return CUBLAS_STATUS_INVALID_VALUE;
    memset(matmulDesc, 0, size);
    lt_desc *d = (lt_desc *)matmulDesc;
    d->magic = LT_DESC_MAGIC;
    d->compute_type = computeType;
    d->scale_type = scaleType;
    d->pointer_mode = CUBLASLT_POINTER_MODE_HOST;
    d->transa = d->transb = d->transc = CUBLAS_OP_N;
    d->fill_mode = CUBLAS_FILL_MODE_FULL;
    d->epilogue = CUBLASLT_EPILOGUE_DEFAULT;
    d->aux_type = d->bias_type = -1;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *matmulDesc, cublasComputeType_t computeType,
                                        cudaDataType_t scaleType)
{
    if (!matmulDesc)
        return CUBLAS_STATUS_INVALID_VALUE;
    *matmulDesc = malloc(sizeof **matmulDesc);
    if (!*matmulDesc)
        return CUBLAS_STATUS_ALLOC_FAILED;
    return cublasLtMatmulDescInit_internal(*matmulDesc, sizeof **matmulDesc, computeType, scaleType);
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc)
{
    if (matmulDesc) {
        ((lt_desc *)matmulDesc)->magic = 0;
        free(matmulDesc);
    }
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
                                              const void *buf, size_t sizeInBytes)
{
    lt_desc *d = lt_desc_of(matmulDesc);
    if (!d)
        return CUBLAS_STATUS_INVALID_VALUE;
    return lt_set(d, lt_find(desc_attrs, sizeof desc_attrs / sizeof *desc_attrs, attr), buf, sizeInBytes);
}

cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
                                              void *buf, size_t sizeInBytes, size_t *sizeWritten)
{
    lt_desc *d = lt_desc_of(matmulDesc);
    if (!d)
        return CUBLAS_STATUS_INVALID_VALUE;
    return lt_get(d, lt_find(desc_attrs, sizeof desc_attrs / sizeof *desc_attrs, attr), buf, sizeInBytes,
                  sizeWritten);
}

/* ---- preferences ----------------------------------------------------------------------- */

static const lt_attr pref_attrs[] = {
    LT_ATTR(CUBLASLT_MATMUL_PREF_SEARCH_MODE, lt_pref, search_mode),
    LT_ATTR(CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, lt_pref, max_workspace),
    LT_ATTR(CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK, lt_pref, reduction_mask),
    LT_ATTR(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, lt_pref, align_a),
    LT_ATTR(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, lt_pref, align_b),
    LT_ATTR(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, lt_pref, align_c),
    LT_ATTR(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, lt_pref, align_d),
    LT_ATTR(CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT, lt_pref, max_waves),
    LT_ATTR(CUBLASLT_MATMUL_PREF_IMPL_MASK, lt_pref, impl_mask),
};

cublasStatus_t cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t pref, size_t size)
{
    if (!pref || size < sizeof(lt_pref))
        return CUBLAS_STATUS_INVALID_VALUE;
    memset(pref, 0, size);
    lt_pref *p = (lt_pref *)pref;
    p->magic = LT_PREF_MAGIC;
    p->reduction_mask = CUBLASLT_REDUCTION_SCHEME_MASK;
    p->align_a = p->align_b = p->align_c = p->align_d = 256;
    p->impl_mask = ~(uint64_t)0;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref)
{
    if (!pref)
        return CUBLAS_STATUS_INVALID_VALUE;
    *pref = malloc(sizeof **pref);
    if (!*pref)
        return CUBLAS_STATUS_ALLOC_FAILED;
    return cublasLtMatmulPreferenceInit_internal(*pref, sizeof **pref);
}

cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref)
{
    if (pref) {
        ((lt_pref *)pref)->magic = 0;
        free(pref);
    }
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr, const void *buf,
                                                    size_t sizeInBytes)
{
    lt_pref *p = lt_pref_of(pref);
    if (!p)
        return CUBLAS_STATUS_INVALID_VALUE;
    return lt_set(p, lt_find(pref_attrs, sizeof pref_attrs / sizeof *pref_attrs, attr), buf, sizeInBytes);
}

cublasStatus_t cublasLtMatmulPreferenceGetAttribute(cublasLtMatmulPreference_t pref,
                                                    cublasLtMatmulPreferenceAttributes_t attr, void *buf,
                                                    size_t sizeInBytes, size_t *sizeWritten)
{
    lt_pref *p = lt_pref_of(pref);
    if (!p)
        return CUBLAS_STATUS_INVALID_VALUE;
    return lt_get(p, lt_find(pref_attrs, sizeof pref_attrs / sizeof *pref_attrs, attr), buf, sizeInBytes,
                  sizeWritten);
}

/* ---- the heuristic --------------------------------------------------------------------- */

/* The one algorithm: OpenBLAS's gemm and a pass for the epilogue, no workspace. */
static cublasLtMatmulHeuristicResult_t lt_the_algorithm(void)
{
    cublasLtMatmulHeuristicResult_t r;
    memset(&r, 0, sizeof r);
    r.algo.data[0] = LT_DESC_MAGIC;
    r.workspaceSize = 0;
    r.state = CUBLAS_STATUS_SUCCESS;
    r.wavesCount = 1.0f;
    return r;
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
                                              cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                              cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                              cublasLtMatmulPreference_t preference, int requestedAlgoCount,
                                              cublasLtMatmulHeuristicResult_t heuristicResultsArray[],
                                              int *returnAlgoCount)
{
    if (!lt_handle_valid(lightHandle))
        return CUBLAS_STATUS_NOT_INITIALIZED;
    if (requestedAlgoCount <= 0 || !heuristicResultsArray || !returnAlgoCount || !lt_pref_of(preference))
        return CUBLAS_STATUS_INVALID_VALUE;
    *returnAlgoCount = 0;
    lt_desc *d = lt_desc_of(operationDesc);
    if (!d)
        return CUBLAS_STATUS_INVALID_VALUE;
    cublasStatus_t st = lt_matmul_check(d, lt_layout_of(Adesc), lt_layout_of(Bdesc), lt_layout_of(Cdesc),
                                        lt_layout_of(Ddesc));
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    heuristicResultsArray[0] = lt_the_algorithm();
    *returnAlgoCount = 1;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulAlgoCheck(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
                                       cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
                                       cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
                                       const cublasLtMatmulAlgo_t *algo, cublasLtMatmulHeuristicResult_t *result)
{
    if (!lt_handle_valid(lightHandle))
        return CUBLAS_STATUS_NOT_INITIALIZED;
    lt_desc *d = lt_desc_of(operationDesc);
    if (!d || !algo || !result)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (algo->data[0] != LT_DESC_MAGIC)
        return CUBLAS_STATUS_INVALID_VALUE;
    cublasStatus_t st = lt_matmul_check(d, lt_layout_of(Adesc), lt_layout_of(Bdesc), lt_layout_of(Cdesc),
                                        lt_layout_of(Ddesc));
    if (st == CUBLAS_STATUS_SUCCESS)
        *result = lt_the_algorithm();
    return st;
}
