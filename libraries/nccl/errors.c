/* libraries/nccl/errors.c - NCCL's result strings, the last error's message, the version,
 * and what NCCL offers beside communication: ncclMemAlloc (device memory, host memory here)
 * and ncclResetDebugInit. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

/* NCCL keeps one message per process: the last WARN it printed, from any thread (so that an
 * operation's failure on a worker can be read by the program's thread). */
static char nc_last_error[512];
static pthread_mutex_t nc_last_error_lock = PTHREAD_MUTEX_INITIALIZER;

ncclResult_t nc_error(ncclResult_t result, const char *fmt, ...)
{
    char msg[sizeof nc_last_error];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&nc_last_error_lock);
    memcpy(nc_last_error, msg, sizeof msg);
    pthread_mutex_unlock(&nc_last_error_lock);
    /* NCCL_DEBUG=WARN (or INFO...) prints it as NCCL does */
    const char *debug = getenv("NCCL_DEBUG");
    if (debug && *debug && strcmp(debug, "VERSION") != 0)
        fprintf(stderr, "NCCL WARN %s\n", msg);
    return result;
}

void nc_warn(const char *fmt, ...)
{
    const char *debug = getenv("NCCL_DEBUG");
    if (!debug || !*debug || strcmp(debug, "VERSION") == 0)
        return;
    char msg[sizeof nc_last_error];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "NCCL WARN %s\n", msg);
}

size_t nc_type_size(ncclDataType_t t)
{
    switch (t) {
    case ncclInt8: case ncclUint8: case ncclFloat8e4m3: case ncclFloat8e5m2: return 1;
    case ncclFloat16: case ncclBfloat16: return 2;
    case ncclInt32: case ncclUint32: case ncclFloat32: return 4;
    case ncclInt64: case ncclUint64: case ncclFloat64: return 8;
    case ncclNumTypes: break;
    }
    return 0;
}

const char *ncclGetErrorString(ncclResult_t result)
{
    switch (result) {
    case ncclSuccess: return "no error";
    case ncclUnhandledCudaError: return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
    case ncclSystemError: return "unhandled system error (run with NCCL_DEBUG=INFO for details)";
    case ncclInternalError: return "internal error - please report this issue to the NCCL developers";
    case ncclInvalidArgument: return "invalid argument (run with NCCL_DEBUG=WARN for details)";
    case ncclInvalidUsage: return "invalid usage (run with NCCL_DEBUG=WARN for details)";
    case ncclRemoteError: return "remote process exited or there was a network error";
    case ncclInProgress: return "NCCL operation in progress";
    case ncclNumResults: break;
    }
    return "unknown result code";
}

/* comm is unused, as in NCCL: the message is the process's last. */
const char *ncclGetLastError(ncclComm_t comm)
{
    (void)comm;
    return nc_last_error;
}

void ncclResetDebugInit(void)
{
}

ncclResult_t ncclGetVersion(int *version)
{
    if (!version)
        return nc_error(ncclInvalidArgument, "ncclGetVersion : version argument is NULL");
    *version = NCCL_VERSION_CODE;
    return ncclSuccess;
}

ncclResult_t ncclMemAlloc(void **ptr, size_t size)
{
    if (!ptr)
        return nc_error(ncclInvalidArgument, "ncclMemAlloc : ptr argument is NULL");
    cudaError_t e = cudaMalloc(ptr, size);
    if (e != cudaSuccess)
        return nc_error(ncclUnhandledCudaError, "ncclMemAlloc : cudaMalloc of %zu bytes failed: %s", size,
                        cudaGetErrorString(e));
    return ncclSuccess;
}

ncclResult_t ncclMemFree(void *ptr)
{
    cudaError_t e = cudaFree(ptr);
    if (e != cudaSuccess)
        return nc_error(ncclUnhandledCudaError, "ncclMemFree : cudaFree(%p) failed: %s", ptr, cudaGetErrorString(e));
    return ncclSuccess;
}

NC_PROFILING_NAME(ncclGetErrorString);
NC_PROFILING_NAME(ncclGetLastError);
NC_PROFILING_NAME(ncclResetDebugInit);
NC_PROFILING_NAME(ncclGetVersion);
NC_PROFILING_NAME(ncclMemAlloc);
NC_PROFILING_NAME(ncclMemFree);
