/* runtime/event.c - event management.
 *
 * Work is complete when its call returns, so recording an event takes the time at once
 * (CLOCK_MONOTONIC) and an event is never pending: cudaEventQuery and cudaEventSynchronize
 * return at once, and cudaEventElapsedTime measures the host time between the records, which
 * is the time the work between them took. */
#include <stdlib.h>
#include <time.h>
#include "internal.h"

static int rt_valid_event(cudaEvent_t e)
{
    return e && e->magic == RT_EVENT_MAGIC;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    if (!event || (flags & ~(unsigned)(cudaEventBlockingSync | cudaEventDisableTiming |
                                       cudaEventInterprocess)))
        return rt_error(cudaErrorInvalidValue);
    /* Interprocess events must not time (CUDA's rule). */
    if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming))
        return rt_error(cudaErrorInvalidValue);
    struct CUevent_st *e = calloc(1, sizeof *e);
    if (!e)
        return rt_error(cudaErrorMemoryAllocation);
    e->magic = RT_EVENT_MAGIC;
    e->flags = flags;
    *event = e;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags)
{
    if (!rt_valid_event(event) || !rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (flags > cudaEventRecordExternal)
        return rt_error(cudaErrorInvalidValue);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    event->time_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    event->recorded = 1;
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(event, stream, cudaEventRecordDefault);
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    if (!rt_valid_event(event))
        return rt_error(cudaErrorInvalidResourceHandle);
    return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    if (!rt_valid_event(event))
        return rt_error(cudaErrorInvalidResourceHandle);
    return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    if (!rt_valid_event(event))
        return rt_error(cudaErrorInvalidResourceHandle);
    event->magic = 0;
    free(event);
    return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_event(start) || !rt_valid_event(end))
        return rt_error(cudaErrorInvalidResourceHandle);
    /* As CUDA: events without timing, or never recorded, cannot be measured. */
    if ((start->flags | end->flags) & cudaEventDisableTiming)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded)
        return rt_error(cudaErrorInvalidResourceHandle);
    *ms = (float)((double)((int64_t)(end->time_ns - start->time_ns)) / 1e6);
    return cudaSuccess;
}
