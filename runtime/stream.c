/* runtime/stream.c - stream management.
 *
 * Every operation runs to completion before its call returns, so a stream is only a handle
 * with flags: synchronising or querying one finds nothing pending, and host functions and
 * callbacks run at once, in order, on the calling thread. The handle layout is in
 * internal.h; asynchronous streams will give it a queue of jobs. */
#include <stdlib.h>
#include "internal.h"

int rt_valid_stream(cudaStream_t s)
{
    return s == NULL || s == cudaStreamLegacy || s == cudaStreamPerThread ||
           s->magic == RT_STREAM_MAGIC;
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
    if (!pStream || flags > cudaStreamNonBlocking)
        return rt_error(cudaErrorInvalidValue);
    struct CUstream_st *s = malloc(sizeof *s);
    if (!s)
        return rt_error(cudaErrorMemoryAllocation);
    s->magic = RT_STREAM_MAGIC;
    s->flags = flags;
    s->priority = 0;   /* the only priority (cudaDeviceGetStreamPriorityRange); CUDA clamps */
    (void)priority;
    *pStream = s;
    return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
    return cudaStreamCreateWithPriority(pStream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream)
{
    return cudaStreamCreateWithPriority(pStream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    /* The default streams cannot be destroyed. */
    if (!stream || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
        stream->magic != RT_STREAM_MAGIC)
        return rt_error(cudaErrorInvalidResourceHandle);
    stream->magic = 0;
    free(stream);
    return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority)
{
    if (!priority)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(hStream))
        return rt_error(cudaErrorInvalidResourceHandle);
    *priority = 0;
    return cudaSuccess;
}

cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags)
{
    if (!flags)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(hStream))
        return rt_error(cudaErrorInvalidResourceHandle);
    *flags = hStream == NULL || hStream == cudaStreamLegacy || hStream == cudaStreamPerThread
                 ? cudaStreamDefault : hStream->flags;
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    return cudaSuccess;
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    return cudaSuccess;  /* all work is complete (not cudaErrorNotReady) */
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    if (!rt_valid_stream(stream) || !event || event->magic != RT_EVENT_MAGIC)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (flags > cudaEventWaitExternal)
        return rt_error(cudaErrorInvalidValue);
    return cudaSuccess;  /* the event's work is already done */
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags)
{
    if (!callback || flags != 0)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    callback(stream, cudaSuccess, userData);
    return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    if (!fn)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    fn(userData);
    return cudaSuccess;
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length,
                                     unsigned int flags)
{
    (void)devPtr;
    (void)length;
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost &&
        flags != cudaMemAttachSingle)
        return rt_error(cudaErrorInvalidValue);
    return cudaSuccess;
}
