/* libraries/cublas/handle.c - cuBLAS's handle (create, destroy, stream, pointer, atomics and
 * math modes), its version and status names, and the queueing of jobs on the handle's stream
 * that every routine uses. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "cublas_internal.h"

/* ---- jobs ------------------------------------------------------------------------------ */

/* Jobs captured into graphs: freed at exit (a graph may be launched until then). */
static pthread_mutex_t cb_kept_lock = PTHREAD_MUTEX_INITIALIZER;
static cb_job *cb_kept;
static pthread_once_t cb_kept_once = PTHREAD_ONCE_INIT;

static void cb_free_kept(void)
{
    pthread_mutex_lock(&cb_kept_lock);
    while (cb_kept) {
        cb_job *next = cb_kept->next_kept;
        free(cb_kept);
        cb_kept = next;
    }
    pthread_mutex_unlock(&cb_kept_lock);
}

static void cb_kept_init(void)
{
    atexit(cb_free_kept);
}

void *cb_job_new(size_t bytes, void (*run)(cb_job *job))
{
    cb_job *job = calloc(1, bytes);
    if (job)
        job->run = run;
    return job;
}

static void CUDART_CB cb_run(void *data)
{
    cb_job *job = data;
    job->run(job);
    if (!job->keep)
        free(job);
}

cublasStatus_t cb_submit(cublasHandle_t h, cb_job *job, int wait)
{
    return cb_submit_on(h->stream, job, wait);
}

cublasStatus_t cb_submit_on(cudaStream_t stream, cb_job *job, int wait)
{
    enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(stream, &capture) != cudaSuccess) {
        free(job);
        return CUBLAS_STATUS_EXECUTION_FAILED;
    }
    if (capture != cudaStreamCaptureStatusNone) {
        if (wait) {   /* the result would come when the graph runs, not now */
            free(job);
            return CUBLAS_STATUS_NOT_SUPPORTED;
        }
        pthread_once(&cb_kept_once, cb_kept_init);
        job->keep = 1;
        pthread_mutex_lock(&cb_kept_lock);
        job->next_kept = cb_kept;
        cb_kept = job;
        pthread_mutex_unlock(&cb_kept_lock);
    }
    if (cudaLaunchHostFunc(stream, cb_run, job) != cudaSuccess) {
        if (!job->keep)
            free(job);   /* a kept one stays on the list, freed at exit */
        return CUBLAS_STATUS_EXECUTION_FAILED;
    }
    if (wait && cudaStreamSynchronize(stream) != cudaSuccess)
        return CUBLAS_STATUS_EXECUTION_FAILED;
    return CUBLAS_STATUS_SUCCESS;
}

void cb_scalar_take(cublasHandle_t h, cb_scalar *s, const void *user, size_t bytes)
{
    s->by_value = h->pointer_mode == CUBLAS_POINTER_MODE_HOST;
    if (s->by_value)
        memcpy(s->value, user, bytes);
    else
        s->p = user;
}

/* ---- the handle ---------------------------------------------------------------------- */

/* OpenBLAS gets as many threads as cu2c has workers (CU2C_NUM_THREADS, else the cores). */
static void cb_set_blas_threads(void)
{
    int workers = 0;
    if (cudaDeviceGetAttribute(&workers, cudaDevAttrMultiProcessorCount, 0) == cudaSuccess && workers > 0)
        openblas_set_num_threads(workers);
}
static pthread_once_t cb_threads_once = PTHREAD_ONCE_INIT;

void cb_init_blas_threads(void)
{
    pthread_once(&cb_threads_once, cb_set_blas_threads);
}

cublasStatus_t cublasCreate_v2(cublasHandle_t *handle)
{
    if (!handle)
        return CUBLAS_STATUS_INVALID_VALUE;
    *handle = NULL;
    int device;
    if (cudaGetDevice(&device) != cudaSuccess)
        return CUBLAS_STATUS_NOT_INITIALIZED;
    cb_init_blas_threads();
    cublasHandle_t h = calloc(1, sizeof *h);
    if (!h)
        return CUBLAS_STATUS_ALLOC_FAILED;
    h->magic = CB_HANDLE_MAGIC;
    h->stream = NULL;
    h->pointer_mode = CUBLAS_POINTER_MODE_HOST;
    h->atomics_mode = CUBLAS_ATOMICS_NOT_ALLOWED;
    h->math_mode = CUBLAS_DEFAULT_MATH;
    *handle = h;
    return CUBLAS_STATUS_SUCCESS;
}

/* Queued jobs hold copies of what they need from the handle: it can go at once. */
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle)
{
    CB_CHECK_HANDLE(handle);
    handle->magic = 0;
    free(handle);
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int *version)
{
    CB_CHECK_HANDLE(handle);
    if (!version)
        return CUBLAS_STATUS_INVALID_VALUE;
    *version = CUBLAS_VERSION;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value)
{
    if (!value)
        return CUBLAS_STATUS_INVALID_VALUE;
    switch (type) {
    case MAJOR_VERSION: *value = CUBLAS_VER_MAJOR; return CUBLAS_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CUBLAS_VER_MINOR; return CUBLAS_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CUBLAS_VER_PATCH; return CUBLAS_STATUS_SUCCESS;
    }
    return CUBLAS_STATUS_INVALID_VALUE;
}

size_t cublasGetCudartVersion(void)
{
    return CUDART_VERSION;
}

cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void *workspace, size_t workspaceSizeInBytes)
{
    CB_CHECK_HANDLE(handle);
    if (!workspace && workspaceSizeInBytes)
        return CUBLAS_STATUS_INVALID_VALUE;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId)
{
    CB_CHECK_HANDLE(handle);
    enum cudaStreamCaptureStatus capture;
    if (cudaStreamIsCapturing(streamId, &capture) == cudaErrorInvalidResourceHandle)
        return CUBLAS_STATUS_INVALID_VALUE;
    handle->stream = streamId;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *streamId)
{
    CB_CHECK_HANDLE(handle);
    if (!streamId)
        return CUBLAS_STATUS_INVALID_VALUE;
    *streamId = handle->stream;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t *mode)
{
    CB_CHECK_HANDLE(handle);
    if (!mode)
        return CUBLAS_STATUS_INVALID_VALUE;
    *mode = handle->pointer_mode;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode)
{
    CB_CHECK_HANDLE(handle);
    if (mode != CUBLAS_POINTER_MODE_HOST && mode != CUBLAS_POINTER_MODE_DEVICE)
        return CUBLAS_STATUS_INVALID_VALUE;
    handle->pointer_mode = mode;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t *mode)
{
    CB_CHECK_HANDLE(handle);
    if (!mode)
        return CUBLAS_STATUS_INVALID_VALUE;
    *mode = handle->atomics_mode;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode)
{
    CB_CHECK_HANDLE(handle);
    if (mode != CUBLAS_ATOMICS_NOT_ALLOWED && mode != CUBLAS_ATOMICS_ALLOWED)
        return CUBLAS_STATUS_INVALID_VALUE;
    handle->atomics_mode = mode;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode)
{
    CB_CHECK_HANDLE(handle);
    if (!mode)
        return CUBLAS_STATUS_INVALID_VALUE;
    *mode = handle->math_mode;
    return CUBLAS_STATUS_SUCCESS;
}

/* A mode (0 to 3) with or without the reduced-precision flag. */
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode)
{
    CB_CHECK_HANDLE(handle);
    unsigned base = (unsigned)mode & ~(unsigned)CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION;
    if (base > CUBLAS_TF32_TENSOR_OP_MATH)
        return CUBLAS_STATUS_INVALID_VALUE;
    handle->math_mode = mode;
    return CUBLAS_STATUS_SUCCESS;
}

/* ---- status names -------------------------------------------------------------------- */

const char *cublasGetStatusName(cublasStatus_t status)
{
    switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
    }
    return "CUBLAS_STATUS_UNKNOWN";
}

const char *cublasGetStatusString(cublasStatus_t status)
{
    switch (status) {
    case CUBLAS_STATUS_SUCCESS: return "success";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "the handle is not initialized (null or destroyed)";
    case CUBLAS_STATUS_ALLOC_FAILED: return "the resource allocation failed";
    case CUBLAS_STATUS_INVALID_VALUE: return "an invalid numeric value was used as an argument";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "an absent device architectural feature is required";
    case CUBLAS_STATUS_MAPPING_ERROR: return "an access to GPU memory space failed";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "an internal operation failed";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
    case CUBLAS_STATUS_LICENSE_ERROR: return "error detected trying to check the license";
    }
    return "unknown error";
}
