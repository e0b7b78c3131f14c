/* runtime/stream.c - stream management.
 *
 * A stream is a queue of operations (pool.c runs them) and belongs to the device current when
 * it was made. Each device's legacy default stream (handle NULL or cudaStreamLegacy, naming
 * the current device's) is static; cudaStreamPerThread is a blocking stream per host thread
 * and device, made on first use and left at thread exit. Destroyed streams go back to a
 * free list once their work is done, never to free(): dependencies and events may still name
 * them, and their counts only grow. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

struct CUstream_st rt_legacy_streams[RT_MAX_DEVICES];

__attribute__((constructor)) static void rt_legacy_streams_init(void)
{
    for (int d = 0; d < RT_MAX_DEVICES; d++) {
        rt_legacy_streams[d].magic = RT_STREAM_MAGIC;
        rt_legacy_streams[d].device = d;
        rt_legacy_streams[d].legacy = 1;
    }
}

static struct CUstream_st *rt_free_streams;   /* queue lock held */

/* Lock held. */
void rt_stream_recycle(struct CUstream_st *s)
{
    s->destroyed = 0;
    s->next_free = rt_free_streams;
    rt_free_streams = s;
}

static struct CUstream_st *rt_stream_new(unsigned flags)
{
    pthread_mutex_lock(&rt_queue_lock);
    struct CUstream_st *s = rt_free_streams;
    if (s)
        rt_free_streams = s->next_free;
    pthread_mutex_unlock(&rt_queue_lock);
    if (!s && !(s = calloc(1, sizeof *s)))
        return NULL;
    s->flags = flags;
    s->device = rt_current_device();
    s->legacy = 0;
    s->priority = 0;
    memset(s->attrs, 0, sizeof s->attrs);
    s->next_free = NULL;
    s->magic = RT_STREAM_MAGIC;
    return s;
}

/* Lock not held: the stream is recycled now if idle, else when its last operation is done. */
static void rt_stream_leave(struct CUstream_st *s)
{
    pthread_mutex_lock(&rt_queue_lock);
    s->magic = 0;
    if (s->head)
        s->destroyed = 1;
    else
        rt_stream_recycle(s);
    pthread_mutex_unlock(&rt_queue_lock);
}

/* ---- The per-thread default stream ---------------------------------------------------------- */

static pthread_key_t rt_per_thread_key;
static pthread_once_t rt_per_thread_once = PTHREAD_ONCE_INIT;
static _Thread_local struct CUstream_st *rt_per_thread[RT_MAX_DEVICES];

/* The key's value is the thread's rt_per_thread (still there while destructors run). */
static void rt_per_thread_exit(void *arg)
{
    struct CUstream_st **streams = arg;
    for (int d = 0; d < RT_MAX_DEVICES; d++)
        if (streams[d])
            rt_stream_leave(streams[d]);
}

static void rt_per_thread_init(void)
{
    pthread_key_create(&rt_per_thread_key, rt_per_thread_exit);
}

/* --default-stream per-thread: handle 0 is the per-thread stream (set before main). */
static int rt_ptds;

void cu2c_default_stream_per_thread(void)
{
    rt_ptds = 1;
}

struct CUstream_st *rt_stream_of(cudaStream_t s)
{
    int d = rt_current_device();
    if (s == cudaStreamLegacy || (s == NULL && !rt_ptds))
        return &rt_legacy_streams[d];
    if (s == cudaStreamPerThread || s == NULL) {
        if (!rt_per_thread[d]) {
            pthread_once(&rt_per_thread_once, rt_per_thread_init);
            rt_per_thread[d] = rt_stream_new(cudaStreamDefault);
            if (rt_per_thread[d])
                pthread_setspecific(rt_per_thread_key, rt_per_thread);
        }
        return rt_per_thread[d];
    }
    return s != RT_ALL_STREAMS && s->magic == RT_STREAM_MAGIC ? s : NULL;
}

static int rt_special_stream(cudaStream_t s)
{
    return s == NULL || s == cudaStreamLegacy || s == cudaStreamPerThread;
}

int rt_valid_stream(cudaStream_t s)
{
    return rt_special_stream(s) || (s != RT_ALL_STREAMS && s->magic == RT_STREAM_MAGIC);
}

/* ---- The API -------------------------------------------------------------------------------- */

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags, int priority)
{
    RT_STICKY_CHECK();
    if (!pStream || flags > cudaStreamNonBlocking)
        return rt_error(cudaErrorInvalidValue);
    (void)priority;   /* 0 is the only priority (cudaDeviceGetStreamPriorityRange); CUDA clamps */
    struct CUstream_st *s = rt_stream_new(flags);
    if (!s)
        return rt_error(cudaErrorMemoryAllocation);
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
    if (rt_special_stream(stream) || !rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    rt_capture_leave(stream);
    rt_stream_leave(stream);
    return cudaSuccess;
}

/* Stream attributes: kept and given back; none changes what runs or in which order here. */
static int rt_stream_attr_slot(cudaLaunchAttributeID attr)
{
    switch (attr) {
    case cudaLaunchAttributeAccessPolicyWindow: return 0;
    case cudaLaunchAttributeSynchronizationPolicy: return 1;
    case cudaLaunchAttributeMemSyncDomainMap: return 2;
    case cudaLaunchAttributeMemSyncDomain: return 3;
    default: return -1;
    }
}

cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
                                   const cudaLaunchAttributeValue *value)
{
    struct CUstream_st *s = rt_stream_of(hStream);
    if (!rt_valid_stream(hStream) || !s)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (!value)
        return rt_error(cudaErrorInvalidValue);
    int slot = rt_stream_attr_slot(attr);
    if (attr == cudaLaunchAttributePriority)
        return cudaSuccess;   /* clamped to the only priority there is, 0 */
    if (slot < 0)
        return rt_error(cudaErrorInvalidValue);
    if (attr == cudaLaunchAttributeAccessPolicyWindow &&
        (value->accessPolicyWindow.hitRatio < 0.0f || value->accessPolicyWindow.hitRatio > 1.0f))
        return rt_error(cudaErrorInvalidValue);
    s->attrs[slot] = *value;
    return cudaSuccess;
}

cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaLaunchAttributeID attr,
                                   cudaLaunchAttributeValue *value_out)
{
    struct CUstream_st *s = rt_stream_of(hStream);
    if (!rt_valid_stream(hStream) || !s)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (!value_out)
        return rt_error(cudaErrorInvalidValue);
    int slot = rt_stream_attr_slot(attr);
    if (attr == cudaLaunchAttributePriority) {
        memset(value_out, 0, sizeof *value_out);
        value_out->priority = s->priority;
        return cudaSuccess;
    }
    if (slot < 0)
        return rt_error(cudaErrorInvalidValue);
    *value_out = s->attrs[slot];
    if (slot == 1 && !value_out->syncPolicy)
        value_out->syncPolicy = cudaSyncPolicyAuto;   /* the default */
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
    *flags = rt_special_stream(hStream) ? cudaStreamDefault : hStream->flags;
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (rt_capturing(stream)) {   /* its work is a graph's now: CUDA ends the capture */
        rt_capture_invalidate(stream);
        return rt_error(cudaErrorStreamCaptureUnsupported);
    }
    return rt_error(rt_sync(stream));
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    RT_STICKY_CHECK();
    if (!rt_valid_stream(stream) || !rt_stream_of(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (rt_capturing(stream)) {
        rt_capture_invalidate(stream);
        return rt_error(cudaErrorStreamCaptureUnsupported);
    }
    /* cudaErrorNotReady is an answer, not a failure: it is not recorded as the last error. */
    return rt_stream_idle(stream) ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags)
{
    if (!rt_valid_stream(stream) || !event || event->magic != RT_EVENT_MAGIC)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (flags > cudaEventWaitExternal)
        return rt_error(cudaErrorInvalidValue);
    cudaError_t ce;
    if (rt_capture_wait(stream, event, &ce))
        return rt_error(ce);
    rt_dep d = rt_event_last(event);
    /* An event never recorded, or whose work is done, orders nothing. */
    if (rt_dep_done(&d))
        return cudaSuccess;
    rt_op *op = rt_op_new(RT_OP_NOP, 0);
    if (!op)
        return rt_error(cudaErrorMemoryAllocation);
    return rt_error(rt_submit(stream, op, &d, 0));
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags)
{
    if (!callback || flags != 0)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    rt_op *op = rt_op_new(RT_OP_CALLBACK, 0);
    if (!op)
        return rt_error(cudaErrorMemoryAllocation);
    op->u.callback.fn = callback;
    op->u.callback.data = userData;
    op->u.callback.handle = stream;
    return rt_error(rt_submit(stream, op, NULL, 0));
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    if (!fn)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    rt_op *op = rt_op_new(RT_OP_HOST, 0);
    if (!op)
        return rt_error(cudaErrorMemoryAllocation);
    op->u.host.fn = fn;
    op->u.host.data = userData;
    return rt_error(rt_submit(stream, op, NULL, 0));
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
