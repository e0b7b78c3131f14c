/* runtime/event.c - event management.
 *
 * Recording queues an operation on the stream; when the work before it is done, the worker
 * that completed that work runs the record at once (pool.c), taking the time from
 * CLOCK_MONOTONIC. An event is complete when its last record has run. Events are recycled,
 * never freed (see stream.c); a record overtaken by a newer one, or by destruction, changes
 * nothing. */
#include <stdlib.h>
#include "internal.h"

static struct CUevent_st *rt_free_events;   /* queue lock held */

static int rt_valid_event(cudaEvent_t e)
{
    return e && e->magic == RT_EVENT_MAGIC;
}

void rt_event_fire(rt_op *op)
{
    struct CUevent_st *e = op->u.record.event;
    if (e->record_id == op->u.record.id) {
        e->time_ns = rt_now_ns();
        e->timed_id = op->u.record.id;
    }
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    RT_STICKY_CHECK();
    if (!event || (flags & ~(unsigned)(cudaEventBlockingSync | cudaEventDisableTiming |
                                       cudaEventInterprocess)))
        return rt_error(cudaErrorInvalidValue);
    /* Interprocess events must not time (CUDA's rule). */
    if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming))
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_queue_lock);
    struct CUevent_st *e = rt_free_events;
    if (e) {
        rt_free_events = e->next_free;
        e->record_id++;   /* a record still queued for the old event no longer matches */
        e->last.stream = NULL;
        e->last.seq = 0;
    }
    pthread_mutex_unlock(&rt_queue_lock);
    if (!e && !(e = calloc(1, sizeof *e)))
        return rt_error(cudaErrorMemoryAllocation);
    e->flags = flags;
    e->magic = RT_EVENT_MAGIC;
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
    if (rt_capturing(stream))
        return rt_error(rt_capture_record(event, stream));
    rt_capture_forget_event(event);
    rt_op *op = rt_op_new(RT_OP_RECORD, 0);
    if (!op)
        return rt_error(cudaErrorMemoryAllocation);
    pthread_mutex_lock(&rt_queue_lock);
    uint64_t id = ++event->record_id;
    pthread_mutex_unlock(&rt_queue_lock);
    op->u.record.event = event;
    op->u.record.id = id;
    rt_dep placed;
    cudaError_t e = rt_submit_at(stream, op, NULL, 0, &placed);
    if (e != cudaSuccess)
        return rt_error(e);
    pthread_mutex_lock(&rt_queue_lock);
    if (event->record_id == id)
        event->last = placed;
    pthread_mutex_unlock(&rt_queue_lock);
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(event, stream, cudaEventRecordDefault);
}

rt_dep rt_event_last(cudaEvent_t e)
{
    pthread_mutex_lock(&rt_queue_lock);
    rt_dep d = e->last;
    pthread_mutex_unlock(&rt_queue_lock);
    return d;
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    RT_STICKY_CHECK();
    if (!rt_valid_event(event))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (rt_capture_recorded(event))
        return rt_error(cudaErrorCapturedEvent);
    rt_dep d = rt_event_last(event);
    return rt_dep_done(&d) ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    if (!rt_valid_event(event))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (rt_on_worker())
        return rt_error(cudaErrorNotPermitted);
    if (rt_capture_recorded(event))
        return rt_error(cudaErrorCapturedEvent);
    rt_dep d = rt_event_last(event);
    rt_wait_dep(&d);
    return rt_error(rt_sticky_error());
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    if (!rt_valid_event(event))
        return rt_error(cudaErrorInvalidResourceHandle);
    rt_capture_forget_event(event);
    pthread_mutex_lock(&rt_queue_lock);
    event->magic = 0;
    event->next_free = rt_free_events;
    rt_free_events = event;
    pthread_mutex_unlock(&rt_queue_lock);
    return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_event(start) || !rt_valid_event(end))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (rt_capture_recorded(start) || rt_capture_recorded(end))
        return rt_error(cudaErrorCapturedEvent);
    /* As CUDA: events without timing, or never recorded, cannot be measured; events whose
     * work is not done yet are not ready. */
    if ((start->flags | end->flags) & cudaEventDisableTiming)
        return rt_error(cudaErrorInvalidResourceHandle);
    pthread_mutex_lock(&rt_queue_lock);
    rt_dep a = start->last, b = end->last;
    cudaError_t e = cudaSuccess;
    if (!a.stream || !b.stream)
        e = cudaErrorInvalidResourceHandle;
    else if (!rt_dep_done(&a) || !rt_dep_done(&b))
        e = cudaErrorNotReady;
    else
        *ms = (float)((double)(int64_t)(end->time_ns - start->time_ns) / 1e6);
    pthread_mutex_unlock(&rt_queue_lock);
    return e == cudaErrorNotReady ? e : rt_error(e);
}
