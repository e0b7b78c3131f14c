/* runtime/graph.c - CUDA Graphs: graphs of nodes, executable graphs and their launches.
 *
 * A kernel, copy, set or host node holds the operation it runs (an rt_op never submitted).
 * Nodes made through the API are captured from the ordinary asynchronous call on a private
 * stream (rt_capture_call), so they are checked exactly as that call is and hold the same
 * operation; stream capture (graph_capture.c) makes them the same way. Instantiating orders
 * the nodes so that each follows its dependencies and copies their operations; a launch
 * queues a copy of each in that order on the launch stream, which keeps every dependency
 * (independent branches do not run side by side). Event, empty and child-graph nodes are
 * what they say. Memory-allocation, external-semaphore and conditional nodes are refused
 * with cudaErrorNotSupported. The graph lock guards graphs and nodes; launches do not take
 * it (a launch may itself be captured). */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

int rt_graph_has_node(cudaGraph_t graph, cudaGraphNode_t node)
{
    return rt_valid_graph(graph) && rt_valid_node(node) && node->graph == graph;
}

/* ---- Nodes ----------------------------------------------------------------------------------- */

static int rt_node_add_dep(struct CUgraphNode_st *n, struct CUgraphNode_st *d)
{
    for (size_t i = 0; i < n->ndeps; i++)
        if (n->deps[i] == d)
            return 1;
    if (n->ndeps == n->cap_deps) {
        size_t cap = n->cap_deps ? n->cap_deps * 2 : 4;
        struct CUgraphNode_st **a = realloc(n->deps, cap * sizeof *a);
        if (!a)
            return 0;
        n->deps = a;
        n->cap_deps = cap;
    }
    n->deps[n->ndeps++] = d;
    return 1;
}

static void rt_node_free(struct CUgraphNode_st *n)
{
    if (n->op)
        rt_op_discard(n->op);
    if (n->child)
        cudaGraphDestroy(n->child);
    free(n->deps);
    n->magic = 0;
    free(n);
}

/* A new node of type in g after deps (checked: nodes of g). Lock held. */
struct CUgraphNode_st *rt_graph_node_new(cudaGraph_t g, enum cudaGraphNodeType type,
                                          struct CUgraphNode_st *const *deps, size_t ndeps)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 16;
        struct CUgraphNode_st **a = realloc(g->nodes, cap * sizeof *a);
        if (!a)
            return NULL;
        g->nodes = a;
        g->cap = cap;
    }
    struct CUgraphNode_st *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    n->magic = RT_NODE_MAGIC;
    n->graph = g;
    n->index = g->n;
    n->type = type;
    for (size_t i = 0; i < ndeps; i++)
        if (!rt_node_add_dep(n, deps[i])) {
            rt_node_free(n);
            return NULL;
        }
    g->nodes[g->n++] = n;
    return n;
}

static enum cudaGraphNodeType rt_op_node_type(const rt_op *op)
{
    if (op->kind == RT_OP_KERNEL)
        return cudaGraphNodeTypeKernel;
    if (op->kind == RT_OP_HOST)
        return cudaGraphNodeTypeHost;
    return op->u.copy.src ? cudaGraphNodeTypeMemcpy : cudaGraphNodeTypeMemset;
}

struct CUgraphNode_st *rt_graph_add_op(cudaGraph_t graph, rt_op *op, struct CUgraphNode_st *const *deps,
                                      size_t ndeps)
{
    struct CUgraphNode_st *n = rt_graph_node_new(graph, rt_op_node_type(op), deps, ndeps);
    if (!n) {
        rt_op_discard(op);
        return NULL;
    }
    n->op = op;
    return n;
}

/* Pushes m on a walk's stack unless the walk has seen it; 0 when memory runs out. */
static int rt_walk_push(struct CUgraphNode_st ***stack, size_t *top, size_t *cap, struct CUgraphNode_st *m,
                        unsigned long long walk)
{
    if (m->seen == walk)
        return 1;
    m->seen = walk;
    if (*top == *cap) {
        size_t c = *cap ? *cap * 2 : 64;
        struct CUgraphNode_st **a = realloc(*stack, c * sizeof *a);
        if (!a)
            return 0;
        *stack = a;
        *cap = c;
    }
    (*stack)[(*top)++] = m;
    return 1;
}

/* Each node is visited once per walk (a graph of forks and joins has exponentially many
 * paths): a node's `seen` is the walk that last reached it. Out of memory answers no, which
 * makes callers refuse rather than accept. Lock held. */
int rt_graph_reaches(struct CUgraphNode_st *const *of, size_t n, cudaGraphNode_t node)
{
    static unsigned long long walks;
    unsigned long long walk = ++walks;
    struct CUgraphNode_st **stack = NULL;
    size_t top = 0, cap = 0;
    int found = 0, ok = 1;
    for (size_t i = 0; ok && !found && i < n; i++) {
        ok = rt_walk_push(&stack, &top, &cap, of[i], walk);
        while (ok && !found && top) {
            struct CUgraphNode_st *m = stack[--top];
            found = m == node;
            for (size_t d = 0; ok && !found && d < m->ndeps; d++)
                ok = rt_walk_push(&stack, &top, &cap, m->deps[d], walk);
        }
    }
    free(stack);
    return found;
}

/* Checks a node-making call's graph and dependencies (lock held). */
cudaError_t rt_graph_check_deps(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n)
{
    if (!rt_valid_graph(g) || (n && !deps))
        return cudaErrorInvalidValue;
    for (size_t i = 0; i < n; i++) {
        if (!rt_graph_has_node(g, deps[i]))
            return cudaErrorInvalidValue;
        for (size_t j = 0; j < i; j++)
            if (deps[j] == deps[i])
                return cudaErrorInvalidValue;   /* CUDA refuses a dependency named twice */
    }
    return cudaSuccess;
}

/* The operation an asynchronous call queues, captured on a private stream (so it is checked as
 * the call checks it), into *op; the call's error otherwise. One builder for the process,
 * serialised: nodes are made rarely, and nothing is left per thread when threads end. */
typedef cudaError_t (*rt_async_call)(const void *arg, cudaStream_t stream);

static pthread_mutex_t rt_builder_lock = PTHREAD_MUTEX_INITIALIZER;
static cudaStream_t rt_builder;
static cudaGraph_t rt_scratch;

static cudaError_t rt_capture_call(rt_async_call call, const void *arg, rt_op **op)
{
    *op = NULL;
    pthread_mutex_lock(&rt_builder_lock);
    cudaError_t e = cudaSuccess;
    if (!rt_builder)
        e = cudaStreamCreateWithFlags(&rt_builder, cudaStreamNonBlocking);
    if (e == cudaSuccess && !rt_scratch)
        e = cudaGraphCreate(&rt_scratch, 0);
    if (e == cudaSuccess)
        e = cudaStreamBeginCaptureToGraph(rt_builder, rt_scratch, NULL, NULL, 0, cudaStreamCaptureModeRelaxed);
    if (e != cudaSuccess) {
        pthread_mutex_unlock(&rt_builder_lock);
        return e;
    }
    cudaError_t ce = call(arg, rt_builder);
    cudaGraph_t g;
    e = cudaStreamEndCapture(rt_builder, &g);
    pthread_mutex_lock(&rt_graph_lock);
    if (ce == cudaSuccess && e == cudaSuccess && rt_scratch->n == 1) {
        *op = rt_scratch->nodes[0]->op;
        rt_scratch->nodes[0]->op = NULL;
    }
    for (size_t i = 0; i < rt_scratch->n; i++)
        rt_node_free(rt_scratch->nodes[i]);
    rt_scratch->n = 0;
    pthread_mutex_unlock(&rt_graph_lock);
    pthread_mutex_unlock(&rt_builder_lock);
    if (ce != cudaSuccess) {
        rt_clear_error();   /* the call's failure is the API's answer, not a left-over error */
        return ce;
    }
    return e != cudaSuccess ? e : *op ? cudaSuccess : cudaErrorInvalidValue;
}

static cudaError_t rt_call_kernel(const void *arg, cudaStream_t stream)
{
    const struct cudaKernelNodeParams *p = arg;
    if (p->extra)
        return cudaErrorNotSupported;   /* the driver's packed arguments */
    return cudaLaunchKernel(p->func, p->gridDim, p->blockDim, p->kernelParams, p->sharedMemBytes, stream);
}

static cudaError_t rt_call_memcpy(const void *arg, cudaStream_t stream)
{
    return cudaMemcpy3DAsync(arg, stream);
}

static cudaError_t rt_call_memset(const void *arg, cudaStream_t stream)
{
    const struct cudaMemsetParams *p = arg;
    return rt_memset_elements(p->dst, p->pitch, p->value, p->elementSize, p->width, p->height, stream);
}

static cudaError_t rt_call_host(const void *arg, cudaStream_t stream)
{
    const struct cudaHostNodeParams *p = arg;
    return cudaLaunchHostFunc(stream, p->fn, p->userData);
}

static cudaError_t rt_call_memcpy1d(const void *arg, cudaStream_t stream)
{
    const rt_memcpy1d *p = arg;
    return cudaMemcpyAsync(p->dst, p->src, p->count, p->kind, stream);
}

static const rt_async_call rt_calls[] = {
    [RT_CALL_KERNEL] = rt_call_kernel, [RT_CALL_MEMCPY] = rt_call_memcpy, [RT_CALL_MEMCPY1D] = rt_call_memcpy1d,
    [RT_CALL_MEMSET] = rt_call_memset, [RT_CALL_HOST] = rt_call_host,
};

cudaError_t rt_graph_make_op(rt_call_kind kind, const void *params, rt_op **op)
{
    return rt_capture_call(rt_calls[kind], params, op);
}

/* Adds a node running what call(arg) queues. */
static cudaError_t rt_add_call_node(cudaGraphNode_t *pNode, cudaGraph_t g, const cudaGraphNode_t *deps,
                                    size_t ndeps, rt_async_call call, const void *arg)
{
    if (!pNode || !arg)
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_graph_lock);
    cudaError_t e = rt_graph_check_deps(g, deps, ndeps);
    pthread_mutex_unlock(&rt_graph_lock);
    if (e != cudaSuccess)
        return rt_error(e);
    rt_op *op;
    if ((e = rt_capture_call(call, arg, &op)) != cudaSuccess)
        return rt_error(e);
    pthread_mutex_lock(&rt_graph_lock);
    e = rt_graph_check_deps(g, deps, ndeps);   /* unchanged meanwhile, unless the program races */
    struct CUgraphNode_st *n = e == cudaSuccess ? rt_graph_add_op(g, op, deps, ndeps) : NULL;
    pthread_mutex_unlock(&rt_graph_lock);
    if (e != cudaSuccess) {
        rt_op_discard(op);
        return rt_error(e);
    }
    if (!n)
        return rt_error(cudaErrorMemoryAllocation);
    *pNode = n;
    return cudaSuccess;
}

/* Replaces an op node's operation with what call(arg) queues, if it is a node of type. */
static cudaError_t rt_set_call_node(cudaGraphNode_t node, enum cudaGraphNodeType type, rt_async_call call,
                                    const void *arg)
{
    if (!rt_valid_node(node) || !arg || node->type != type)
        return rt_error(cudaErrorInvalidValue);
    rt_op *op;
    cudaError_t e = rt_capture_call(call, arg, &op);
    if (e != cudaSuccess)
        return rt_error(e);
    pthread_mutex_lock(&rt_graph_lock);
    rt_op *old = node->op;
    node->op = op;
    pthread_mutex_unlock(&rt_graph_lock);
    rt_op_discard(old);
    return cudaSuccess;
}

/* A node with no operation: empty, event, child-graph and (graph_memory.c) memory nodes. */
cudaError_t rt_add_plain_node(cudaGraphNode_t *pNode, cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps,
                              enum cudaGraphNodeType type, cudaEvent_t event, cudaGraph_t child, void *dptr,
                              size_t bytes)
{
    if (!pNode)
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_graph_lock);
    cudaError_t e = rt_graph_check_deps(g, deps, ndeps);
    struct CUgraphNode_st *n = e == cudaSuccess ? rt_graph_node_new(g, type, deps, ndeps) : NULL;
    if (e == cudaSuccess && !n)
        e = cudaErrorMemoryAllocation;
    if (n) {
        n->event = event;
        n->child = child;
        n->dptr = dptr;
        n->bytes = bytes;
        *pNode = n;
    }
    pthread_mutex_unlock(&rt_graph_lock);
    return rt_error(e);
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams)
{
    return rt_add_call_node(pGraphNode, graph, pDependencies, numDependencies, rt_call_kernel, pNodeParams);
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *p)
{
    if (!rt_valid_node(node) || !p || node->type != cudaGraphNodeTypeKernel)
        return rt_error(cudaErrorInvalidValue);
    const rt_job *j = &node->op->u.job;
    p->func = (void *)j->stub;
    p->gridDim = j->grid;
    p->blockDim = j->block;
    p->sharedMemBytes = (unsigned)j->shmem;
    p->kernelParams = j->args;
    p->extra = NULL;
    return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *p)
{
    return rt_set_call_node(node, cudaGraphNodeTypeKernel, rt_call_kernel, p);
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *pCopyParams)
{
    return rt_add_call_node(pGraphNode, graph, pDependencies, numDependencies, rt_call_memcpy, pCopyParams);
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    rt_memcpy1d p = { dst, src, count, kind };
    if (count == 0)
        return rt_error(cudaErrorInvalidValue);   /* a node must copy something */
    return rt_add_call_node(pGraphNode, graph, pDependencies, numDependencies, rt_call_memcpy1d, &p);
}

/* A copy or set node's parameters as its operation holds them. */
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p)
{
    if (!rt_valid_node(node) || !p || node->type != cudaGraphNodeTypeMemcpy)
        return rt_error(cudaErrorInvalidValue);
    const rt_copy *c = &node->op->u.copy;
    memset(p, 0, sizeof *p);
    p->srcPtr = (struct cudaPitchedPtr){ (void *)c->src, c->spitch, c->width, c->spitch ? c->sslice / c->spitch : 0 };
    p->dstPtr = (struct cudaPitchedPtr){ c->dst, c->dpitch, c->width, c->dpitch ? c->dslice / c->dpitch : 0 };
    p->extent = (struct cudaExtent){ c->width, c->height, c->depth };
    p->kind = cudaMemcpyDefault;
    return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p)
{
    return rt_set_call_node(node, cudaGraphNodeTypeMemcpy, rt_call_memcpy, p);
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src, size_t count,
                                           enum cudaMemcpyKind kind)
{
    rt_memcpy1d p = { dst, src, count, kind };
    return rt_set_call_node(node, cudaGraphNodeTypeMemcpy, rt_call_memcpy1d, &p);
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *pMemsetParams)
{
    return rt_add_call_node(pGraphNode, graph, pDependencies, numDependencies, rt_call_memset, pMemsetParams);
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p)
{
    if (!rt_valid_node(node) || !p || node->type != cudaGraphNodeTypeMemset)
        return rt_error(cudaErrorInvalidValue);
    const rt_copy *c = &node->op->u.copy;
    unsigned elem = c->elem > 1 ? c->elem : 1;
    p->dst = c->dst;
    p->pitch = c->dpitch;
    p->value = (unsigned)c->value & (elem == 4 ? 0xffffffffu : elem == 2 ? 0xffffu : 0xffu);
    p->elementSize = elem;
    p->width = c->width / elem;
    p->height = c->height;
    return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p)
{
    return rt_set_call_node(node, cudaGraphNodeTypeMemset, rt_call_memset, p);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams)
{
    return rt_add_call_node(pGraphNode, graph, pDependencies, numDependencies, rt_call_host, pNodeParams);
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p)
{
    if (!rt_valid_node(node) || !p || node->type != cudaGraphNodeTypeHost)
        return rt_error(cudaErrorInvalidValue);
    p->fn = node->op->u.host.fn;
    p->userData = node->op->u.host.data;
    return cudaSuccess;
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p)
{
    return rt_set_call_node(node, cudaGraphNodeTypeHost, rt_call_host, p);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies)
{
    return rt_add_plain_node(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeEmpty, NULL,
                             NULL, NULL, 0);
}

static cudaError_t rt_add_event_node(cudaGraphNode_t *pNode, cudaGraph_t g, const cudaGraphNode_t *deps,
                                     size_t ndeps, enum cudaGraphNodeType type, cudaEvent_t event)
{
    if (!event || event->magic != RT_EVENT_MAGIC)
        return rt_error(cudaErrorInvalidValue);
    return rt_add_plain_node(pNode, g, deps, ndeps, type, event, NULL, NULL, 0);
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                        cudaEvent_t event)
{
    return rt_add_event_node(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeEventRecord,
                             event);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                      cudaEvent_t event)
{
    return rt_add_event_node(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeWaitEvent,
                             event);
}

static cudaError_t rt_node_event(cudaGraphNode_t node, enum cudaGraphNodeType type, cudaEvent_t *get,
                                 cudaEvent_t set)
{
    if (!rt_valid_node(node) || node->type != type || (get ? 0 : !set || set->magic != RT_EVENT_MAGIC))
        return rt_error(cudaErrorInvalidValue);
    if (get)
        *get = node->event;
    else
        node->event = set;
    return cudaSuccess;
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return event_out ? rt_node_event(node, cudaGraphNodeTypeEventRecord, event_out, NULL)
                     : rt_error(cudaErrorInvalidValue);
}

cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    return rt_node_event(node, cudaGraphNodeTypeEventRecord, NULL, event);
}

cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
    return event_out ? rt_node_event(node, cudaGraphNodeTypeWaitEvent, event_out, NULL)
                     : rt_error(cudaErrorInvalidValue);
}

cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event)
{
    return rt_node_event(node, cudaGraphNodeTypeWaitEvent, NULL, event);
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph)
{
    cudaGraph_t copy;
    if (!rt_valid_graph(childGraph) || childGraph == graph)
        return rt_error(cudaErrorInvalidValue);
    cudaError_t e = cudaGraphClone(&copy, childGraph);
    if (e != cudaSuccess)
        return e;
    e = rt_add_plain_node(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeGraph, NULL, copy,
                          NULL, 0);
    if (e != cudaSuccess)
        cudaGraphDestroy(copy);
    return e;
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph)
{
    if (!rt_valid_node(node) || !pGraph || node->type != cudaGraphNodeTypeGraph)
        return rt_error(cudaErrorInvalidValue);
    *pGraph = node->child;
    return cudaSuccess;
}

cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                const cudaGraphNode_t *pDependencies, const cudaGraphEdgeData *dependencyData,
                                size_t numDependencies, struct cudaGraphNodeParams *p)
{
    if (!p)
        return rt_error(cudaErrorInvalidValue);
    for (size_t i = 0; dependencyData && i < numDependencies; i++)
        if (dependencyData[i].from_port || dependencyData[i].to_port || dependencyData[i].type)
            return rt_error(cudaErrorNotSupported);   /* programmatic edges */
    const cudaGraphNode_t *d = pDependencies;
    size_t n = numDependencies;
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        struct cudaKernelNodeParams k = { p->kernel.func, p->kernel.gridDim, p->kernel.blockDim,
                                          p->kernel.sharedMemBytes, p->kernel.kernelParams, p->kernel.extra };
        return cudaGraphAddKernelNode(pGraphNode, graph, d, n, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        if (p->memcpy.flags)
            return rt_error(cudaErrorInvalidValue);
        return cudaGraphAddMemcpyNode(pGraphNode, graph, d, n, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        struct cudaMemsetParams m = { p->memset.dst, p->memset.pitch, p->memset.value, p->memset.elementSize,
                                      p->memset.width, p->memset.height };
        return cudaGraphAddMemsetNode(pGraphNode, graph, d, n, &m);
    }
    case cudaGraphNodeTypeHost: {
        struct cudaHostNodeParams h = { p->host.fn, p->host.userData };
        return cudaGraphAddHostNode(pGraphNode, graph, d, n, &h);
    }
    case cudaGraphNodeTypeGraph:
        return cudaGraphAddChildGraphNode(pGraphNode, graph, d, n, p->graph.graph);
    case cudaGraphNodeTypeEmpty:
        return cudaGraphAddEmptyNode(pGraphNode, graph, d, n);
    case cudaGraphNodeTypeWaitEvent:
        return cudaGraphAddEventWaitNode(pGraphNode, graph, d, n, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord:
        return cudaGraphAddEventRecordNode(pGraphNode, graph, d, n, p->eventRecord.event);
    case cudaGraphNodeTypeMemAlloc: {
        struct cudaMemAllocNodeParams a = { p->alloc.poolProps, p->alloc.accessDescs, p->alloc.accessDescCount,
                                            p->alloc.bytesize, NULL };
        cudaError_t e = cudaGraphAddMemAllocNode(pGraphNode, graph, d, n, &a);
        p->alloc.dptr = a.dptr;
        return e;
    }
    case cudaGraphNodeTypeMemFree:
        return cudaGraphAddMemFreeNode(pGraphNode, graph, d, n, p->free.dptr);
    default:   /* external-semaphore and conditional nodes */
        return rt_error(cudaErrorNotSupported);
    }
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                             const cudaGraphNode_t *pDependencies, size_t numDependencies,
                             struct cudaGraphNodeParams *nodeParams)
{
    return cudaGraphAddNode_v2(pGraphNode, graph, pDependencies, NULL, numDependencies, nodeParams);
}

/* Conditional nodes need the device to decide what a graph runs: not supported. */
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle *pHandle_out, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue, unsigned int flags)
{
    (void)pHandle_out;
    (void)graph;
    (void)defaultLaunchValue;
    (void)flags;
    return rt_error(cudaErrorNotSupported);
}


/* ---- Graphs ---------------------------------------------------------------------------------- */

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
    if (!pGraph || flags)
        return rt_error(cudaErrorInvalidValue);
    cudaGraph_t g = calloc(1, sizeof *g);
    if (!g)
        return rt_error(cudaErrorMemoryAllocation);
    g->magic = RT_GRAPH_MAGIC;
    *pGraph = g;
    return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
    pthread_mutex_lock(&rt_graph_lock);
    int ok = rt_valid_graph(graph);
    if (ok)
        graph->magic = 0;
    pthread_mutex_unlock(&rt_graph_lock);
    if (!ok)
        return rt_error(cudaErrorInvalidValue);
    for (size_t i = 0; i < graph->n; i++)
        rt_node_free(graph->nodes[i]);   /* child graphs destroyed outside the lock */
    free(graph->nodes);
    free(graph);
    return cudaSuccess;
}

/* A copy of g's nodes, dependencies and operations into empty c. Lock held. */
static cudaError_t rt_graph_copy(cudaGraph_t c, cudaGraph_t g, cudaGraph_t *children)
{
    for (size_t i = 0; i < g->n; i++) {
        const struct CUgraphNode_st *o = g->nodes[i];
        struct CUgraphNode_st *n = rt_graph_node_new(c, o->type, NULL, 0);
        if (!n)
            return cudaErrorMemoryAllocation;
        n->event = o->event;
        n->dptr = o->dptr;
        n->bytes = o->bytes;
        n->child = children[i];
        children[i] = NULL;
        if (o->op && !(n->op = rt_op_clone(o->op)))
            return cudaErrorMemoryAllocation;
        for (size_t d = 0; d < o->ndeps; d++)
            if (!rt_node_add_dep(n, c->nodes[o->deps[d]->index]))
                return cudaErrorMemoryAllocation;
    }
    return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph)
{
    if (!pGraphClone || !rt_valid_graph(originalGraph))
        return rt_error(cudaErrorInvalidValue);
    cudaGraph_t c;
    cudaError_t e = cudaGraphCreate(&c, 0);
    if (e != cudaSuccess)
        return e;
    /* child graphs first, outside the lock (cloning takes it) */
    size_t n = originalGraph->n;
    cudaGraph_t *children = calloc(n ? n : 1, sizeof *children);
    if (!children)
        e = cudaErrorMemoryAllocation;
    for (size_t i = 0; e == cudaSuccess && i < n; i++)
        if (originalGraph->nodes[i]->child)
            e = cudaGraphClone(&children[i], originalGraph->nodes[i]->child);
    if (e == cudaSuccess) {
        pthread_mutex_lock(&rt_graph_lock);
        e = rt_graph_copy(c, originalGraph, children);
        pthread_mutex_unlock(&rt_graph_lock);
    }
    for (size_t i = 0; children && i < n; i++)
        if (children[i])
            cudaGraphDestroy(children[i]);
    free(children);
    if (e != cudaSuccess) {
        cudaGraphDestroy(c);
        return rt_error(e);
    }
    *pGraphClone = c;
    return cudaSuccess;
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType)
{
    if (!rt_valid_node(node) || !pType)
        return rt_error(cudaErrorInvalidValue);
    *pType = node->type;
    return cudaSuccess;
}

/* The CUDA convention for lists: a NULL array asks for the count; else up to *count entries
 * are written and *count becomes the number written. */
static void rt_list_put(cudaGraphNode_t *out, size_t *count, size_t *written, cudaGraphNode_t n)
{
    if (out && *written < *count)
        out[*written] = n;
    (*written)++;
}

static cudaError_t rt_list_end(cudaGraphNode_t *out, size_t *count, size_t written)
{
    if (out && written < *count)
        for (size_t i = written; i < *count; i++)
            out[i] = NULL;
    if (!out || written < *count)
        *count = written;
    return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
    if (!rt_valid_graph(graph) || !numNodes)
        return rt_error(cudaErrorInvalidValue);
    size_t w = 0;
    for (size_t i = 0; i < graph->n; i++)
        rt_list_put(nodes, numNodes, &w, graph->nodes[i]);
    return rt_list_end(nodes, numNodes, w);
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes)
{
    if (!rt_valid_graph(graph) || !pNumRootNodes)
        return rt_error(cudaErrorInvalidValue);
    size_t w = 0;
    for (size_t i = 0; i < graph->n; i++)
        if (!graph->nodes[i]->ndeps)
            rt_list_put(pRootNodes, pNumRootNodes, &w, graph->nodes[i]);
    return rt_list_end(pRootNodes, pNumRootNodes, w);
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to, size_t *numEdges)
{
    if (!rt_valid_graph(graph) || !numEdges || (!from != !to))
        return rt_error(cudaErrorInvalidValue);
    size_t w = 0, wt = 0, count = *numEdges;
    for (size_t i = 0; i < graph->n; i++)
        for (size_t d = 0; d < graph->nodes[i]->ndeps; d++) {
            rt_list_put(from, numEdges, &w, graph->nodes[i]->deps[d]);
            rt_list_put(to, &count, &wt, graph->nodes[i]);
        }
    rt_list_end(to, &count, wt);
    return rt_list_end(from, numEdges, w);
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         size_t *pNumDependencies)
{
    if (!rt_valid_node(node) || !pNumDependencies)
        return rt_error(cudaErrorInvalidValue);
    size_t w = 0;
    for (size_t i = 0; i < node->ndeps; i++)
        rt_list_put(pDependencies, pNumDependencies, &w, node->deps[i]);
    return rt_list_end(pDependencies, pNumDependencies, w);
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           size_t *pNumDependentNodes)
{
    if (!rt_valid_node(node) || !pNumDependentNodes)
        return rt_error(cudaErrorInvalidValue);
    size_t w = 0;
    cudaGraph_t g = node->graph;
    for (size_t i = 0; i < g->n; i++)
        for (size_t d = 0; d < g->nodes[i]->ndeps; d++)
            if (g->nodes[i]->deps[d] == node)
                rt_list_put(pDependentNodes, pNumDependentNodes, &w, g->nodes[i]);
    return rt_list_end(pDependentNodes, pNumDependentNodes, w);
}

static cudaError_t rt_edit_deps(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                size_t n, int add)
{
    if (!rt_valid_graph(graph) || (n && (!from || !to)))
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_graph_lock);
    cudaError_t e = cudaSuccess;
    for (size_t i = 0; e == cudaSuccess && i < n; i++) {
        struct CUgraphNode_st *t = to[i];
        if (!rt_graph_has_node(graph, from[i]) || !rt_graph_has_node(graph, t) || from[i] == t) {
            e = cudaErrorInvalidValue;
            continue;
        }
        size_t k = 0;
        while (k < t->ndeps && t->deps[k] != from[i])
            k++;
        if (add && k == t->ndeps && !rt_node_add_dep(t, from[i]))
            e = cudaErrorMemoryAllocation;
        else if (!add && k == t->ndeps)
            e = cudaErrorInvalidValue;   /* no such edge */
        else if (!add)
            t->deps[k] = t->deps[--t->ndeps];
    }
    pthread_mutex_unlock(&rt_graph_lock);
    return rt_error(e);
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to,
                                     size_t numDependencies)
{
    return rt_edit_deps(graph, from, to, numDependencies, 1);
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to, size_t numDependencies)
{
    return rt_edit_deps(graph, from, to, numDependencies, 0);
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node)
{
    pthread_mutex_lock(&rt_graph_lock);
    if (!rt_valid_node(node)) {
        pthread_mutex_unlock(&rt_graph_lock);
        return rt_error(cudaErrorInvalidValue);
    }
    cudaGraph_t g = node->graph;
    size_t w = 0;
    for (size_t i = 0; i < g->n; i++) {
        struct CUgraphNode_st *m = g->nodes[i];
        if (m == node)
            continue;
        for (size_t d = 0; d < m->ndeps; d++)
            if (m->deps[d] == node)
                m->deps[d--] = m->deps[--m->ndeps];
        m->index = w;
        g->nodes[w++] = m;
    }
    g->n = w;
    node->magic = 0;
    pthread_mutex_unlock(&rt_graph_lock);
    rt_node_free(node);
    return cudaSuccess;
}
