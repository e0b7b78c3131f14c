/* libraries/cusparse/handle.c - cuSPARSE's handle (create, destroy, stream, pointer mode,
 * version, error names), and how every operation's work reaches the handle's stream: one
 * kernel ("cusparse") whose blocks run a job's function, and the scalars a job carries. */
#include <stdlib.h>
#include "cusparse_internal.h"
#define LIB_PARALLEL_NAME "cusparse"
#include "../common/parallel_blocks.h"

_Static_assert(CS_JOB_MAX == LIB_PARALLEL_JOB_MAX, "a job travels with its launch");

cusparseStatus_t cusparseCreate(cusparseHandle_t *handle)
{
    if (!handle)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *handle = NULL;
    int device;
    if (cudaGetDevice(&device) != cudaSuccess)
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    cusparseHandle_t h = calloc(1, sizeof *h);
    if (!h)
        return CUSPARSE_STATUS_ALLOC_FAILED;
    h->magic = CS_HANDLE_MAGIC;
    h->pointer_mode = CUSPARSE_POINTER_MODE_HOST;
    *handle = h;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroy(cusparseHandle_t handle)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    handle->magic = 0;
    free(handle);
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!version)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *version = CUSPARSE_VERSION;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value)
{
    if (!value)
        return CUSPARSE_STATUS_INVALID_VALUE;
    switch (type) {
    case MAJOR_VERSION: *value = CUSPARSE_VER_MAJOR; return CUSPARSE_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CUSPARSE_VER_MINOR; return CUSPARSE_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CUSPARSE_VER_PATCH; return CUSPARSE_STATUS_SUCCESS;
    }
    return CUSPARSE_STATUS_INVALID_VALUE;
}

const char *cusparseGetErrorName(cusparseStatus_t status)
{
    switch (status) {
    case CUSPARSE_STATUS_SUCCESS: return "CUSPARSE_STATUS_SUCCESS";
    case CUSPARSE_STATUS_NOT_INITIALIZED: return "CUSPARSE_STATUS_NOT_INITIALIZED";
    case CUSPARSE_STATUS_ALLOC_FAILED: return "CUSPARSE_STATUS_ALLOC_FAILED";
    case CUSPARSE_STATUS_INVALID_VALUE: return "CUSPARSE_STATUS_INVALID_VALUE";
    case CUSPARSE_STATUS_ARCH_MISMATCH: return "CUSPARSE_STATUS_ARCH_MISMATCH";
    case CUSPARSE_STATUS_MAPPING_ERROR: return "CUSPARSE_STATUS_MAPPING_ERROR";
    case CUSPARSE_STATUS_EXECUTION_FAILED: return "CUSPARSE_STATUS_EXECUTION_FAILED";
    case CUSPARSE_STATUS_INTERNAL_ERROR: return "CUSPARSE_STATUS_INTERNAL_ERROR";
    case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
    case CUSPARSE_STATUS_ZERO_PIVOT: return "CUSPARSE_STATUS_ZERO_PIVOT";
    case CUSPARSE_STATUS_NOT_SUPPORTED: return "CUSPARSE_STATUS_NOT_SUPPORTED";
    case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES";
    }
    return "CUSPARSE_STATUS_UNKNOWN";
}

const char *cusparseGetErrorString(cusparseStatus_t status)
{
    switch (status) {
    case CUSPARSE_STATUS_SUCCESS: return "success";
    case CUSPARSE_STATUS_NOT_INITIALIZED: return "initialization error (a null or destroyed handle)";
    case CUSPARSE_STATUS_ALLOC_FAILED: return "out of memory";
    case CUSPARSE_STATUS_INVALID_VALUE: return "invalid value";
    case CUSPARSE_STATUS_ARCH_MISMATCH: return "architecture mismatch";
    case CUSPARSE_STATUS_MAPPING_ERROR: return "mapping error";
    case CUSPARSE_STATUS_EXECUTION_FAILED: return "execution failed";
    case CUSPARSE_STATUS_INTERNAL_ERROR: return "internal error";
    case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "matrix type not supported";
    case CUSPARSE_STATUS_ZERO_PIVOT: return "zero pivot";
    case CUSPARSE_STATUS_NOT_SUPPORTED: return "operation not supported";
    case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "insufficient resources";
    }
    return "unknown error";
}

cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    enum cudaStreamCaptureStatus capture;
    if (cudaStreamIsCapturing(streamId, &capture) == cudaErrorInvalidResourceHandle)
        return CUSPARSE_STATUS_INVALID_VALUE;
    handle->stream = streamId;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!streamId)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *streamId = handle->stream;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (!mode)
        return CUSPARSE_STATUS_INVALID_VALUE;
    *mode = handle->pointer_mode;
    return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode)
{
    if (!cs_valid_handle(handle))
        return CUSPARSE_STATUS_NOT_INITIALIZED;
    if (mode != CUSPARSE_POINTER_MODE_HOST && mode != CUSPARSE_POINTER_MODE_DEVICE)
        return CUSPARSE_STATUS_INVALID_VALUE;
    handle->pointer_mode = mode;
    return CUSPARSE_STATUS_SUCCESS;
}

/* ---- work on the stream ------------------------------------------------------------- */

cusparseStatus_t cs_launch(cusparseHandle_t h, cs_block_fn fn, const void *job, size_t bytes, int64_t nblocks)
{
    if (nblocks <= 0)
        return CUSPARSE_STATUS_SUCCESS;
    if (nblocks > 0x7fffffff)
        return CUSPARSE_STATUS_INTERNAL_ERROR;
    return lib_parallel_launch(h->stream, fn, job, bytes, (unsigned)nblocks) == cudaSuccess
               ? CUSPARSE_STATUS_SUCCESS
               : CUSPARSE_STATUS_EXECUTION_FAILED;
}

cusparseStatus_t cs_sync(cusparseHandle_t h)
{
    return cudaStreamSynchronize(h->stream) == cudaSuccess ? CUSPARSE_STATUS_SUCCESS
                                                           : CUSPARSE_STATUS_EXECUTION_FAILED;
}

/* A few chunks per worker balance uneven rows; a floor keeps a block's work above its cost. */
int64_t cs_chunk(int64_t n, int64_t least)
{
    int64_t chunks = n / (least > 0 ? least : 1), most = 4 * (int64_t)lib_parallel_workers();
    chunks = chunks < 1 ? 1 : chunks > most ? most : chunks;
    int64_t c = (n + chunks - 1) / chunks;
    return c < 1 ? 1 : c;
}

/* Host pointer mode: the value now (a kind's compute type: half and bf16 take a float). */
void cs_scalar_set(cs_scalar *s, cusparseHandle_t h, const void *p, int kind)
{
    static const size_t bytes[CS_NKINDS] = {4, 8, 8, 16, 4, 4};
    memset(s, 0, sizeof *s);
    if (h->pointer_mode == CUSPARSE_POINTER_MODE_DEVICE)
        s->ptr = p;
    else
        memcpy(s->value, p, bytes[kind]);
}
