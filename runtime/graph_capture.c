/* runtime/graph_capture.c - stream capture: work queued on a capturing stream becomes nodes of
 * a graph instead of running.
 *
 * rt_submit_at hands every operation queued on a capturing stream to rt_capture_submit, so the
 * kernels, copies, sets and host functions of every API call are captured the same way they
 * are queued. Each stream taking part keeps the nodes its next node depends on (cap_deps); an
 * event recorded there remembers them, and a stream waiting on such an event joins the capture
 * (or adds them to its own), which is how CUDA captures fork and join across streams. The
 * capture ends on the stream that began it, once every stream that joined has been joined
 * back into it. What cannot be captured ends the capture invalidated with CUDA's error, never
 * running anything. One lock (rt_graph_lock) guards captures and graphs. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

pthread_mutex_t rt_graph_lock = PTHREAD_MUTEX_INITIALIZER;

struct rt_capture {
    unsigned long long id;
    cudaGraph_t graph;
    int owns_graph;                    /* made by BeginCapture (ToGraph: the user's) */
    int invalidated;
    enum cudaStreamCaptureMode mode;
    struct CUstream_st *origin;
    struct CUstream_st **streams;      /* every stream taking part, origin first */
    size_t nstreams, cap_streams;
    struct rt_capture *next;           /* in rt_captures */
};

static struct rt_capture *rt_captures;  /* those going on (lock held) */
static unsigned long long rt_capture_ids;
static _Thread_local enum cudaStreamCaptureMode rt_thread_mode = cudaStreamCaptureModeGlobal;

static struct rt_capture *rt_capture_by_id(unsigned long long id)
{
    for (struct rt_capture *c = rt_captures; id && c; c = c->next)
        if (c->id == id)
            return c;
    return NULL;
}

/* Grows *arr (of *size) to hold n nodes; 0 when out of memory. */
static int rt_nodes_room(struct CUgraphNode_st ***arr, size_t *size, size_t n)
{
    if (n <= *size)
        return 1;
    size_t cap = *size ? *size * 2 : 4;
    while (cap < n)
        cap *= 2;
    struct CUgraphNode_st **a = realloc(*arr, cap * sizeof *a);
    if (!a)
        return 0;
    *arr = a;
    *size = cap;
    return 1;
}

static int rt_set_deps(struct CUstream_st *s, struct CUgraphNode_st *const *nodes, size_t n)
{
    if (!rt_nodes_room(&s->cap_deps, &s->cap_size, n))
        return 0;
    if (n)
        memmove(s->cap_deps, nodes, n * sizeof *nodes);
    s->cap_ndeps = n;
    return 1;
}

static int rt_add_deps(struct CUstream_st *s, struct CUgraphNode_st *const *nodes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < s->cap_ndeps && s->cap_deps[j] != nodes[i])
            j++;
        if (j < s->cap_ndeps)
            continue;
        if (!rt_nodes_room(&s->cap_deps, &s->cap_size, s->cap_ndeps + 1))
            return 0;
        s->cap_deps[s->cap_ndeps++] = nodes[i];
    }
    return 1;
}

static int rt_join(struct rt_capture *c, struct CUstream_st *s)
{
    if (c->nstreams == c->cap_streams) {
        size_t cap = c->cap_streams ? c->cap_streams * 2 : 4;
        struct CUstream_st **a = realloc(c->streams, cap * sizeof *a);
        if (!a)
            return 0;
        c->streams = a;
        c->cap_streams = cap;
    }
    c->streams[c->nstreams++] = s;
    s->cap_ndeps = 0;
    atomic_store_explicit(&s->capture, c, memory_order_release);
    return 1;
}

static void rt_leave(struct CUstream_st *s)
{
    atomic_store_explicit(&s->capture, NULL, memory_order_release);
    s->cap_ndeps = 0;
}

/* Ends c: every stream leaves it; the graph is the caller's. Lock held. */
static void rt_capture_end(struct rt_capture *c)
{
    for (size_t i = 0; i < c->nstreams; i++)
        rt_leave(c->streams[i]);
    struct rt_capture **p = &rt_captures;
    while (*p != c)
        p = &(*p)->next;
    *p = c->next;
    free(c->streams);
    free(c);
}

int rt_capturing(cudaStream_t stream)
{
    struct CUstream_st *s = rt_stream_of(stream);
    return s && atomic_load_explicit(&s->capture, memory_order_acquire) != NULL;
}

cudaError_t rt_capture_submit(struct CUstream_st *s, rt_op *op, int by_host)
{
    pthread_mutex_lock(&rt_graph_lock);
    struct rt_capture *c = atomic_load_explicit(&s->capture, memory_order_relaxed);
    cudaError_t e = cudaSuccess;
    if (!c)
        e = cudaErrorStreamCaptureInvalidated;   /* ended by another thread meanwhile */
    else if (c->invalidated)
        e = cudaErrorStreamCaptureInvalidated;
    else if (by_host || (op->kind != RT_OP_KERNEL && op->kind != RT_OP_COPY && op->kind != RT_OP_HOST) ||
             (op->kind == RT_OP_KERNEL && (op->u.job.args_borrowed || op->u.job.cooperative)))
        e = cudaErrorStreamCaptureUnsupported;   /* callbacks, stream-ordered frees, ... */
    if (e != cudaSuccess) {
        if (c)
            c->invalidated = 1;
        pthread_mutex_unlock(&rt_graph_lock);
        rt_op_discard(op);
        return e;
    }
    struct CUgraphNode_st *node = rt_graph_add_op(c->graph, op, s->cap_deps, s->cap_ndeps);
    if (!node || !rt_set_deps(s, &node, 1)) {
        c->invalidated = 1;
        e = cudaErrorMemoryAllocation;
    }
    pthread_mutex_unlock(&rt_graph_lock);
    return e;
}

cudaError_t rt_capture_memory_node(cudaStream_t stream, enum cudaGraphNodeType type, void **dptr, size_t bytes)
{
    cudaError_t e = cudaSuccess;
    if (type == cudaGraphNodeTypeMemAlloc && (e = rt_graph_memory_alloc(dptr, bytes)) != cudaSuccess)
        return e;
    pthread_mutex_lock(&rt_graph_lock);
    struct CUstream_st *s = rt_stream_of(stream);
    struct rt_capture *c = s ? atomic_load_explicit(&s->capture, memory_order_relaxed) : NULL;
    struct CUgraphNode_st *node = NULL;
    if (!c || c->invalidated)
        e = cudaErrorStreamCaptureInvalidated;
    else if (!(node = rt_graph_node_new(c->graph, type, s->cap_deps, s->cap_ndeps)) || !rt_set_deps(s, &node, 1))
        e = cudaErrorMemoryAllocation;
    if (node) {
        node->dptr = *dptr;
        node->bytes = bytes;
    }
    if (e != cudaSuccess && c)
        c->invalidated = 1;
    pthread_mutex_unlock(&rt_graph_lock);
    return e;
}

cudaError_t rt_capture_record(cudaEvent_t event, cudaStream_t stream)
{
    pthread_mutex_lock(&rt_graph_lock);
    struct CUstream_st *s = rt_stream_of(stream);
    struct rt_capture *c = s ? atomic_load_explicit(&s->capture, memory_order_relaxed) : NULL;
    cudaError_t e = cudaSuccess;
    if (!c || c->invalidated) {
        e = cudaErrorStreamCaptureInvalidated;
    } else if (!rt_nodes_room(&event->cap_nodes, &event->cap_size, s->cap_ndeps)) {
        c->invalidated = 1;
        e = cudaErrorMemoryAllocation;
    } else {
        if (s->cap_ndeps)
            memcpy(event->cap_nodes, s->cap_deps, s->cap_ndeps * sizeof *s->cap_deps);
        event->cap_n = s->cap_ndeps;
        event->cap_id = c->id;
    }
    pthread_mutex_unlock(&rt_graph_lock);
    return e;
}

int rt_capture_recorded(cudaEvent_t event)
{
    pthread_mutex_lock(&rt_graph_lock);
    int r = event->cap_id != 0;
    pthread_mutex_unlock(&rt_graph_lock);
    return r;
}

void rt_capture_forget_event(cudaEvent_t event)
{
    pthread_mutex_lock(&rt_graph_lock);
    event->cap_id = 0;
    event->cap_n = 0;
    pthread_mutex_unlock(&rt_graph_lock);
}

int rt_capture_wait(cudaStream_t stream, cudaEvent_t event, cudaError_t *e)
{
    pthread_mutex_lock(&rt_graph_lock);
    struct CUstream_st *s = rt_stream_of(stream);
    struct rt_capture *sc = s ? atomic_load_explicit(&s->capture, memory_order_relaxed) : NULL;
    struct rt_capture *ec = rt_capture_by_id(event->cap_id);
    int involved = sc || event->cap_id;
    *e = cudaSuccess;
    if (!involved) {
        pthread_mutex_unlock(&rt_graph_lock);
        return 0;
    }
    if (event->cap_id && !ec) {
        *e = cudaErrorCapturedEvent;              /* recorded in a capture that has ended */
    } else if (sc && (!ec || ec != sc)) {
        /* a dependency on work outside the capture: CUDA refuses to cross its boundary */
        *e = cudaErrorStreamCaptureIsolation;
        sc->invalidated = 1;
    } else if (s->legacy) {
        *e = cudaErrorStreamCaptureImplicit;      /* the legacy stream cannot be captured */
        ec->invalidated = 1;
    } else if (!sc) {
        if (!rt_join(ec, s) || !rt_set_deps(s, event->cap_nodes, event->cap_n))
            *e = cudaErrorMemoryAllocation;
    } else if (!rt_add_deps(s, event->cap_nodes, event->cap_n)) {
        *e = cudaErrorMemoryAllocation;
    }
    pthread_mutex_unlock(&rt_graph_lock);
    return 1;
}

void rt_capture_invalidate(cudaStream_t stream)
{
    pthread_mutex_lock(&rt_graph_lock);
    struct CUstream_st *s = rt_stream_of(stream);
    struct rt_capture *c = s ? atomic_load_explicit(&s->capture, memory_order_relaxed) : NULL;
    if (c)
        c->invalidated = 1;
    pthread_mutex_unlock(&rt_graph_lock);
}

void rt_capture_leave(cudaStream_t stream)
{
    pthread_mutex_lock(&rt_graph_lock);
    struct CUstream_st *s = rt_stream_of(stream);
    struct rt_capture *c = s ? atomic_load_explicit(&s->capture, memory_order_relaxed) : NULL;
    cudaGraph_t orphan = NULL;
    if (c) {
        /* a stream that joined and was joined back may go (its work is the origin's too) */
        int joined = c->origin != s;
        for (size_t j = 0; joined && j < s->cap_ndeps; j++)
            joined = rt_graph_reaches(c->origin->cap_deps, c->origin->cap_ndeps, s->cap_deps[j]);
        if (!joined)
            c->invalidated = 1;
        if (c->origin == s) {   /* nobody can end it now */
            orphan = c->owns_graph ? c->graph : NULL;
            rt_capture_end(c);
        } else {
            size_t i = 0;
            while (c->streams[i] != s)
                i++;
            c->streams[i] = c->streams[--c->nstreams];
            rt_leave(s);
        }
    }
    pthread_mutex_unlock(&rt_graph_lock);
    if (orphan)
        cudaGraphDestroy(orphan);
}

/* ---- The API ------------------------------------------------------------------------------- */

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                          const cudaGraphNode_t *dependencies,
                                          const cudaGraphEdgeData *dependencyData,
                                          size_t numDependencies, enum cudaStreamCaptureMode mode)
{
    struct CUstream_st *s = rt_stream_of(stream);
    if (!rt_valid_stream(stream) || !s)
        return rt_error(cudaErrorInvalidResourceHandle);
    if ((unsigned)mode > cudaStreamCaptureModeRelaxed || (numDependencies && !dependencies))
        return rt_error(cudaErrorInvalidValue);
    for (size_t i = 0; dependencyData && i < numDependencies; i++)
        if (dependencyData[i].from_port || dependencyData[i].to_port || dependencyData[i].type)
            return rt_error(cudaErrorNotSupported);   /* programmatic edges */
    if (s->legacy)
        return rt_error(cudaErrorStreamCaptureUnsupported);
    int owns = !graph;
    if (owns) {
        cudaError_t e = cudaGraphCreate(&graph, 0);
        if (e != cudaSuccess)
            return e;
    }
    pthread_mutex_lock(&rt_graph_lock);
    cudaError_t e = cudaSuccess;
    struct rt_capture *c = NULL;
    if (atomic_load_explicit(&s->capture, memory_order_relaxed))
        e = cudaErrorIllegalState;
    for (size_t i = 0; e == cudaSuccess && i < numDependencies; i++)
        if (!rt_graph_has_node(graph, dependencies[i]))
            e = cudaErrorInvalidValue;
    if (e == cudaSuccess && !(c = calloc(1, sizeof *c)))
        e = cudaErrorMemoryAllocation;
    if (e == cudaSuccess) {
        c->id = ++rt_capture_ids;
        c->graph = graph;
        c->owns_graph = owns;
        c->mode = mode;
        c->origin = s;
        if (!rt_join(c, s) || !rt_set_deps(s, dependencies, numDependencies)) {
            rt_leave(s);
            free(c->streams);
            free(c);
            e = cudaErrorMemoryAllocation;
        } else {
            c->next = rt_captures;
            rt_captures = c;
        }
    }
    pthread_mutex_unlock(&rt_graph_lock);
    if (e != cudaSuccess && owns)
        cudaGraphDestroy(graph);
    return rt_error(e);
}

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
    return cudaStreamBeginCaptureToGraph(stream, NULL, NULL, NULL, 0, mode);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
    struct CUstream_st *s = rt_stream_of(stream);
    if (!rt_valid_stream(stream) || !s)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (!pGraph)
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_graph_lock);
    struct rt_capture *c = atomic_load_explicit(&s->capture, memory_order_relaxed);
    if (!c || c->origin != s) {
        pthread_mutex_unlock(&rt_graph_lock);
        return rt_error(c ? cudaErrorStreamCaptureUnmatched : cudaErrorIllegalState);
    }
    cudaError_t e = c->invalidated ? cudaErrorStreamCaptureInvalidated : cudaSuccess;
    /* every stream that joined must have been joined back: its last nodes precede the
     * origin's */
    for (size_t i = 1; e == cudaSuccess && i < c->nstreams; i++) {
        struct CUstream_st *t = c->streams[i];
        for (size_t j = 0; j < t->cap_ndeps; j++)
            if (!rt_graph_reaches(s->cap_deps, s->cap_ndeps, t->cap_deps[j]))
                e = cudaErrorStreamCaptureUnjoined;
    }
    cudaGraph_t g = c->graph;
    int owns = c->owns_graph;
    rt_capture_end(c);
    pthread_mutex_unlock(&rt_graph_lock);
    if (e != cudaSuccess) {
        if (owns)
            cudaGraphDestroy(g);
        *pGraph = NULL;
        return rt_error(e);
    }
    *pGraph = g;
    return cudaSuccess;
}

static enum cudaStreamCaptureStatus rt_status(struct CUstream_st *s)
{
    struct rt_capture *c = atomic_load_explicit(&s->capture, memory_order_relaxed);
    return !c ? cudaStreamCaptureStatusNone
              : c->invalidated ? cudaStreamCaptureStatusInvalidated : cudaStreamCaptureStatusActive;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
    struct CUstream_st *s = rt_stream_of(stream);
    if (!rt_valid_stream(stream) || !s)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (!pCaptureStatus)
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_graph_lock);
    *pCaptureStatus = rt_status(s);
    pthread_mutex_unlock(&rt_graph_lock);
    return cudaSuccess;
}

cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                        unsigned long long *id_out, cudaGraph_t *graph_out,
                                        const cudaGraphNode_t **dependencies_out,
                                        const cudaGraphEdgeData **edgeData_out, size_t *numDependencies_out)
{
    static _Thread_local cudaGraphEdgeData *zeros;   /* default edges, as many as asked */
    static _Thread_local size_t nzeros;
    struct CUstream_st *s = rt_stream_of(stream);
    if (!rt_valid_stream(stream) || !s)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (!captureStatus_out)
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_graph_lock);
    struct rt_capture *c = atomic_load_explicit(&s->capture, memory_order_relaxed);
    *captureStatus_out = rt_status(s);
    size_t n = c ? s->cap_ndeps : 0;
    if (id_out && c)
        *id_out = c->id;
    if (graph_out && c)
        *graph_out = c->graph;
    if (dependencies_out && c)
        *dependencies_out = s->cap_deps;
    if (numDependencies_out && c)
        *numDependencies_out = n;
    cudaError_t e = cudaSuccess;
    if (edgeData_out && c) {
        if (n > nzeros) {
            cudaGraphEdgeData *z = realloc(zeros, n * sizeof *z);
            if (z) {
                zeros = z;
                memset(zeros + nzeros, 0, (n - nzeros) * sizeof *z);
                nzeros = n;
            }
        }
        if (n > nzeros)
            e = cudaErrorMemoryAllocation;
        *edgeData_out = zeros;
    }
    pthread_mutex_unlock(&rt_graph_lock);
    return rt_error(e);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out, cudaGraph_t *graph_out,
                                     const cudaGraphNode_t **dependencies_out, size_t *numDependencies_out)
{
    return cudaStreamGetCaptureInfo_v3(stream, captureStatus_out, id_out, graph_out, dependencies_out, NULL,
                                       numDependencies_out);
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                size_t numDependencies, unsigned int flags)
{
    struct CUstream_st *s = rt_stream_of(stream);
    if (!rt_valid_stream(stream) || !s)
        return rt_error(cudaErrorInvalidResourceHandle);
    if (flags > cudaStreamSetCaptureDependencies || (numDependencies && !dependencies))
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_graph_lock);
    struct rt_capture *c = atomic_load_explicit(&s->capture, memory_order_relaxed);
    cudaError_t e = !c ? cudaErrorIllegalState : c->invalidated ? cudaErrorStreamCaptureInvalidated : cudaSuccess;
    for (size_t i = 0; e == cudaSuccess && i < numDependencies; i++)
        if (!rt_graph_has_node(c->graph, dependencies[i]))
            e = cudaErrorInvalidValue;
    if (e == cudaSuccess && !(flags == cudaStreamSetCaptureDependencies
                                  ? rt_set_deps(s, dependencies, numDependencies)
                                  : rt_add_deps(s, dependencies, numDependencies)))
        e = cudaErrorMemoryAllocation;
    pthread_mutex_unlock(&rt_graph_lock);
    return rt_error(e);
}

/* The mode only decides which calls CUDA refuses during other threads' captures; cu2c refuses
 * what cannot be captured on the capturing streams themselves, whatever the mode. */
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
    if (!mode || (unsigned)*mode > cudaStreamCaptureModeRelaxed)
        return rt_error(cudaErrorInvalidValue);
    enum cudaStreamCaptureMode old = rt_thread_mode;
    rt_thread_mode = *mode;
    *mode = old;
    return cudaSuccess;
}
