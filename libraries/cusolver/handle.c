/* libraries/cusolver/handle.c - cuSOLVER's dense handle (create, destroy, stream,
 * deterministic mode), cusolverDnParams_t, the library's version, and what every routine
 * uses: queueing a job on the handle's stream and finding LAPACK its workspace. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "cusolver_internal.h"

/* ---- jobs and workspace -------------------------------------------------------------- */

cusolverStatus_t sv_submit(cusolverDnHandle_t h, const void *proto, size_t bytes, void (*run)(cb_job *job))
{
    cb_job *job = cb_job_new(bytes, run);
    if (!job)
        return CUSOLVER_STATUS_ALLOC_FAILED;
    cb_job head = *job;
    memcpy(job, proto, bytes);
    *job = head;
    /* no wait: nothing comes back to host memory, so a capture into a graph works too */
    return cb_submit_on(h->stream, job, 0) == CUBLAS_STATUS_SUCCESS ? CUSOLVER_STATUS_SUCCESS
                                                                      : CUSOLVER_STATUS_EXECUTION_FAILED;
}

void *sv_scratch(void *user, int lwork, size_t elem, size_t bytes, void **owned)
{
    *owned = NULL;
    if (user && lwork > 0 && (size_t)lwork * elem >= bytes)
        return user;
    *owned = malloc(bytes ? bytes : 1);
    return *owned;
}

int sv_elements(size_t bytes, size_t elem)
{
    size_t count = (bytes + elem - 1) / elem;
    return count < 1 ? 1 : count > INT_MAX ? INT_MAX : (int)count;
}

size_t sv_query_count(cb_type t, const sv_query *q)
{
    double v = t == CB_S || t == CB_C ? (double)q->s[0] : q->d[0];
    return v > 1 ? (size_t)v : 1;
}

/* ---- the handle ---------------------------------------------------------------------- */

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle)
{
    if (!handle)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *handle = NULL;
    int device;
    if (cudaGetDevice(&device) != cudaSuccess)
        return CUSOLVER_STATUS_NOT_INITIALIZED;
    cb_init_blas_threads();   /* LAPACK's BLAS gets cu2c's workers, as cuBLAS's does */
    cusolverDnHandle_t h = calloc(1, sizeof *h);
    if (!h)
        return CUSOLVER_STATUS_ALLOC_FAILED;
    h->magic = SV_HANDLE_MAGIC;
    h->stream = NULL;
    h->deterministic = CUSOLVER_DETERMINISTIC_RESULTS;
    *handle = h;
    return CUSOLVER_STATUS_SUCCESS;
}

/* Queued jobs hold copies of what they need from the handle: it can go at once. */
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle)
{
    SV_CHECK_HANDLE(handle);
    handle->magic = 0;
    free(handle);
    return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId)
{
    SV_CHECK_HANDLE(handle);
    enum cudaStreamCaptureStatus capture;
    if (cudaStreamIsCapturing(streamId, &capture) == cudaErrorInvalidResourceHandle)
        return CUSOLVER_STATUS_INVALID_VALUE;
    handle->stream = streamId;
    return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *streamId)
{
    SV_CHECK_HANDLE(handle);
    if (!streamId)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *streamId = handle->stream;
    return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetDeterministicMode(cusolverDnHandle_t handle, cusolverDeterministicMode_t mode)
{
    SV_CHECK_HANDLE(handle);
    if (mode != CUSOLVER_DETERMINISTIC_RESULTS && mode != CUSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS)
        return CUSOLVER_STATUS_INVALID_VALUE;
    handle->deterministic = mode;
    return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetDeterministicMode(cusolverDnHandle_t handle, cusolverDeterministicMode_t *mode)
{
    SV_CHECK_HANDLE(handle);
    if (!mode)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *mode = handle->deterministic;
    return CUSOLVER_STATUS_SUCCESS;
}

/* ---- cusolverDnParams_t -------------------------------------------------------------- */

cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *params)
{
    if (!params)
        return CUSOLVER_STATUS_INVALID_VALUE;
    cusolverDnParams_t p = calloc(1, sizeof *p);
    if (!p)
        return CUSOLVER_STATUS_ALLOC_FAILED;
    p->magic = SV_PARAMS_MAGIC;
    *params = p;
    return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params)
{
    if (!params || params->magic != SV_PARAMS_MAGIC)
        return CUSOLVER_STATUS_INVALID_VALUE;
    params->magic = 0;
    free(params);
    return CUSOLVER_STATUS_SUCCESS;
}

/* getrf and potrf have ALG_0 and ALG_1, the batched syev ALG_0 only (cuSOLVER's lists) */
cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
                                         cusolverAlgMode_t algo)
{
    if (!params || params->magic != SV_PARAMS_MAGIC)
        return CUSOLVER_STATUS_INVALID_VALUE;
    int ok = (function == CUSOLVERDN_GETRF || function == CUSOLVERDN_POTRF)
                 ? algo == CUSOLVER_ALG_0 || algo == CUSOLVER_ALG_1
                 : function == CUSOLVERDN_SYEVBATCHED && algo == CUSOLVER_ALG_0;
    if (!ok)
        return CUSOLVER_STATUS_INVALID_VALUE;
    params->algo[function] = algo;
    return CUSOLVER_STATUS_SUCCESS;
}

/* ---- version ------------------------------------------------------------------------- */

cusolverStatus_t cusolverGetVersion(int *version)
{
    if (!version)
        return CUSOLVER_STATUS_INVALID_VALUE;
    *version = CUSOLVER_VERSION;
    return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int *value)
{
    if (!value)
        return CUSOLVER_STATUS_INVALID_VALUE;
    switch (type) {
    case MAJOR_VERSION: *value = CUSOLVER_VER_MAJOR; return CUSOLVER_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CUSOLVER_VER_MINOR; return CUSOLVER_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CUSOLVER_VER_PATCH; return CUSOLVER_STATUS_SUCCESS;
    }
    return CUSOLVER_STATUS_INVALID_VALUE;
}
