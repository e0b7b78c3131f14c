/* runtime/graph_exec.c - executable graphs: instantiation, launch and update.
 *
 * Instantiating a graph orders its nodes so that each comes after its dependencies (Kahn's
 * algorithm, ties in the order the nodes were added) and copies their operations, so the
 * graph may change or go without touching the executable graph. A launch queues a copy of
 * each node's operation on the launch stream in that order: stream order keeps every
 * dependency. Child graphs are instantiated with their parent and launched in its place. An
 * update takes new parameters from a graph of the same shape (node for node, in the order
 * the nodes were added, as a second capture of the same code makes it). */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static void rt_exec_free(cudaGraphExec_t x)
{
    for (size_t i = 0; i < x->n; i++) {
        if (x->nodes[i].op)
            rt_op_discard(x->nodes[i].op);
        if (x->nodes[i].child)
            rt_exec_free(x->nodes[i].child);
        free(x->nodes[i].deps);
    }
    free(x->nodes);
    x->magic = 0;
    free(x);
}

/* The graph's nodes in an order that keeps every dependency, as indices into its nodes, or
 * cudaErrorInvalidValue for a cycle: a depth-first walk from each node in the order they were
 * added, a node placed after its dependencies (linear in nodes and edges). Lock held. */
static cudaError_t rt_graph_order(cudaGraph_t g, size_t *order)
{
    size_t n = g->n, done = 0, top = 0;
    unsigned char *state = calloc(n ? n : 1, 1);   /* 0 new, 1 on the walk, 2 placed */
    size_t *stack = malloc((n ? n : 1) * sizeof *stack), *next = calloc(n ? n : 1, sizeof *next);
    cudaError_t e = state && stack && next ? cudaSuccess : cudaErrorMemoryAllocation;
    for (size_t i = 0; e == cudaSuccess && i < n; i++) {
        if (state[i])
            continue;
        state[i] = 1;
        stack[top++] = i;
        while (e == cudaSuccess && top) {
            const struct CUgraphNode_st *m = g->nodes[stack[top - 1]];
            if (next[m->index] == m->ndeps) {   /* every dependency placed */
                state[m->index] = 2;
                order[done++] = m->index;
                top--;
                continue;
            }
            size_t d = m->deps[next[m->index]++]->index;
            if (state[d] == 1)
                e = cudaErrorInvalidValue;   /* a cycle */
            else if (state[d] == 0) {
                state[d] = 1;
                stack[top++] = d;
            }
        }
    }
    free(state);
    free(stack);
    free(next);
    return e;
}

/* An executable copy of g. Lock held. */
static cudaError_t rt_instantiate(cudaGraph_t g, cudaGraphExec_t *out, cudaGraphNode_t *err_node)
{
    cudaGraphExec_t x = calloc(1, sizeof *x);
    size_t *order = malloc((g->n ? g->n : 1) * sizeof *order);
    if (x)
        x->nodes = calloc(g->n ? g->n : 1, sizeof *x->nodes);
    cudaError_t e = x && order && x->nodes ? cudaSuccess : cudaErrorMemoryAllocation;
    if (x)
        x->magic = RT_EXEC_MAGIC;
    if (e == cudaSuccess)
        e = rt_graph_order(g, order);
    for (size_t i = 0; e == cudaSuccess && i < g->n; i++) {
        const struct CUgraphNode_st *m = g->nodes[order[i]];
        rt_xnode *xn = &x->nodes[x->n++];
        xn->type = m->type;
        xn->index = order[i];
        xn->node = (cudaGraphNode_t)m;
        xn->event = m->event;
        if (m->ndeps && !(xn->deps = malloc(m->ndeps * sizeof *xn->deps)))
            e = cudaErrorMemoryAllocation;
        for (size_t d = 0; e == cudaSuccess && d < m->ndeps; d++)
            xn->deps[xn->ndeps++] = m->deps[d]->index;
        if (e == cudaSuccess && m->op && !(xn->op = rt_op_clone(m->op)))
            e = cudaErrorMemoryAllocation;
        if (e == cudaSuccess && m->child)
            e = rt_instantiate(m->child, &xn->child, NULL);
        if (e != cudaSuccess && err_node)
            *err_node = (cudaGraphNode_t)m;
    }
    free(order);
    if (e != cudaSuccess) {
        if (x)
            rt_exec_free(x);
        return e;
    }
    *out = x;
    return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams *params)
{
    if (!pGraphExec || !params)
        return rt_error(cudaErrorInvalidValue);
    params->errNode_out = NULL;
    params->result_out = cudaGraphInstantiateError;
    unsigned long long known = cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
                               cudaGraphInstantiateFlagUseNodePriority;
    if (params->flags & cudaGraphInstantiateFlagDeviceLaunch)
        return rt_error(cudaErrorNotSupported);   /* launches from kernels */
    if (!rt_valid_graph(graph) || (params->flags & ~known))
        return rt_error(cudaErrorInvalidValue);
    pthread_mutex_lock(&rt_graph_lock);
    cudaError_t e = rt_instantiate(graph, pGraphExec, &params->errNode_out);
    pthread_mutex_unlock(&rt_graph_lock);
    if (e == cudaSuccess) {
        (*pGraphExec)->flags = params->flags;
        params->result_out = cudaGraphInstantiateSuccess;
    } else if (e == cudaErrorInvalidValue) {
        params->result_out = cudaGraphInstantiateInvalidStructure;
    }
    return rt_error(e);
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags)
{
    cudaGraphInstantiateParams p = { flags, NULL, NULL, cudaGraphInstantiateSuccess };
    return cudaGraphInstantiateWithParams(pGraphExec, graph, &p);
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags)
{
    return cudaGraphInstantiateWithFlags(pGraphExec, graph, flags);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
    if (!rt_valid_exec(graphExec))
        return rt_error(cudaErrorInvalidValue);
    rt_exec_free(graphExec);
    return cudaSuccess;
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags)
{
    if (!rt_valid_exec(graphExec) || !flags)
        return rt_error(cudaErrorInvalidValue);
    *flags = graphExec->flags;
    return cudaSuccess;
}

/* Queues x's work on stream, node after node: each run of kernels, copies, sets and host
 * functions as one submission (their clones made in place of the array of their templates). */
static cudaError_t rt_launch_exec(cudaGraphExec_t x, cudaStream_t stream)
{
    size_t i = 0;
    while (i < x->n) {
        const rt_xnode *xn = &x->nodes[i];
        cudaError_t e = cudaSuccess;
        if (xn->op || xn->disabled) {
            size_t end = i;
            while (end < x->n && (x->nodes[end].op || x->nodes[end].disabled))
                end++;
            rt_op *local[32], **run = end - i <= 32 ? local : malloc((end - i) * sizeof *run);
            size_t n = 0;
            for (; run && i < end; i++)
                if (!x->nodes[i].disabled)
                    run[n++] = x->nodes[i].op;
            if (!run)
                e = cudaErrorMemoryAllocation;
            else if (n)
                e = rt_op_clone_batch(run, n, run) ? rt_submit_batch(stream, run, n) : cudaErrorMemoryAllocation;
            if (run != local)
                free(run);
            i = end;
            if (e != cudaSuccess)
                return e;
            continue;
        }
        if (xn->type == cudaGraphNodeTypeEventRecord)
            e = cudaEventRecord(xn->event, stream);
        else if (xn->type == cudaGraphNodeTypeWaitEvent)
            e = cudaStreamWaitEvent(stream, xn->event, 0);
        else if (xn->type == cudaGraphNodeTypeGraph)
            e = rt_launch_exec(xn->child, stream);
        if (e != cudaSuccess)
            return e;
        i++;   /* empty and memory nodes do nothing */
    }
    return cudaSuccess;
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    RT_STICKY_CHECK();
    if (!rt_valid_exec(graphExec))
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (rt_on_worker())
        return rt_error(cudaErrorNotSupported);   /* from a host node or callback */
    return rt_error(rt_launch_exec(graphExec, stream));
}

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
    if (!rt_valid_exec(graphExec))
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    return cudaSuccess;   /* nothing to move: the host's memory is the device's */
}

/* ---- Changing an executable graph ------------------------------------------------------------- */

/* x's node made from node, or NULL. */
static rt_xnode *rt_xnode_of(cudaGraphExec_t x, cudaGraphNode_t node)
{
    for (size_t i = 0; rt_valid_exec(x) && i < x->n; i++)
        if (x->nodes[i].node == node)
            return &x->nodes[i];
    return NULL;
}

/* x's copy of node, of type, gets the operation the parameters make (checked as the graph
 * node's setter checks them). */
static cudaError_t rt_exec_set(cudaGraphExec_t x, cudaGraphNode_t node, enum cudaGraphNodeType type,
                               rt_call_kind kind, const void *params)
{
    rt_xnode *xn = rt_xnode_of(x, node);
    if (!xn || xn->type != type || !params)
        return rt_error(cudaErrorInvalidValue);
    rt_op *op;
    cudaError_t e = rt_graph_make_op(kind, params, &op);
    if (e != cudaSuccess)
        return rt_error(e);
    rt_op_discard(xn->op);
    xn->op = op;
    return cudaSuccess;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams)
{
    return rt_exec_set(hGraphExec, node, cudaGraphNodeTypeKernel, RT_CALL_KERNEL, pNodeParams);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *pNodeParams)
{
    return rt_exec_set(hGraphExec, node, cudaGraphNodeTypeMemcpy, RT_CALL_MEMCPY, pNodeParams);
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                               const void *src, size_t count, enum cudaMemcpyKind kind)
{
    rt_memcpy1d p = { dst, src, count, kind };
    return rt_exec_set(hGraphExec, node, cudaGraphNodeTypeMemcpy, RT_CALL_MEMCPY1D, &p);
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *pNodeParams)
{
    return rt_exec_set(hGraphExec, node, cudaGraphNodeTypeMemset, RT_CALL_MEMSET, pNodeParams);
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *pNodeParams)
{
    return rt_exec_set(hGraphExec, node, cudaGraphNodeTypeHost, RT_CALL_HOST, pNodeParams);
}

cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                 cudaGraph_t childGraph)
{
    rt_xnode *xn = rt_xnode_of(hGraphExec, node);
    if (!xn || xn->type != cudaGraphNodeTypeGraph || !rt_valid_graph(childGraph))
        return rt_error(cudaErrorInvalidValue);
    cudaGraphExec_t child;
    pthread_mutex_lock(&rt_graph_lock);
    cudaError_t e = rt_instantiate(childGraph, &child, NULL);
    pthread_mutex_unlock(&rt_graph_lock);
    if (e != cudaSuccess)
        return rt_error(e);
    rt_exec_free(xn->child);
    xn->child = child;
    return cudaSuccess;
}

static cudaError_t rt_exec_set_event(cudaGraphExec_t x, cudaGraphNode_t node, enum cudaGraphNodeType type,
                                     cudaEvent_t event)
{
    rt_xnode *xn = rt_xnode_of(x, node);
    if (!xn || xn->type != type || !event || event->magic != RT_EVENT_MAGIC)
        return rt_error(cudaErrorInvalidValue);
    xn->event = event;
    return cudaSuccess;
}

cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                 cudaEvent_t event)
{
    return rt_exec_set_event(hGraphExec, hNode, cudaGraphNodeTypeEventRecord, event);
}

cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               cudaEvent_t event)
{
    return rt_exec_set_event(hGraphExec, hNode, cudaGraphNodeTypeWaitEvent, event);
}

/* Only kernel, copy and set nodes may be disabled, as in CUDA. */
static rt_xnode *rt_switchable(cudaGraphExec_t x, cudaGraphNode_t node)
{
    rt_xnode *xn = rt_xnode_of(x, node);
    return xn && (xn->type == cudaGraphNodeTypeKernel || xn->type == cudaGraphNodeTypeMemcpy ||
                  xn->type == cudaGraphNodeTypeMemset) ? xn : NULL;
}

cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int isEnabled)
{
    rt_xnode *xn = rt_switchable(hGraphExec, hNode);
    if (!xn)
        return rt_error(cudaErrorInvalidValue);
    xn->disabled = !isEnabled;
    return cudaSuccess;
}

cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, unsigned int *isEnabled)
{
    rt_xnode *xn = rt_switchable(hGraphExec, hNode);
    if (!xn || !isEnabled)
        return rt_error(cudaErrorInvalidValue);
    *isEnabled = !xn->disabled;
    return cudaSuccess;
}

/* Whether g's node m has the dependencies x's node had in its graph (by place). */
static int rt_same_deps(const struct CUgraphNode_st *m, const rt_xnode *xn)
{
    if (m->ndeps != xn->ndeps)
        return 0;
    for (size_t d = 0; d < m->ndeps; d++) {
        size_t j = 0;
        while (j < xn->ndeps && xn->deps[j] != m->deps[d]->index)
            j++;
        if (j == xn->ndeps)
            return 0;
    }
    return 1;
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo)
{
    cudaGraphExecUpdateResultInfo info = { cudaGraphExecUpdateSuccess, NULL, NULL };
    if (!rt_valid_exec(hGraphExec) || !rt_valid_graph(hGraph)) {
        if (resultInfo)
            *resultInfo = (cudaGraphExecUpdateResultInfo){ cudaGraphExecUpdateError, NULL, NULL };
        return rt_error(cudaErrorInvalidValue);
    }
    cudaGraphExec_t x = hGraphExec;
    pthread_mutex_lock(&rt_graph_lock);
    cudaGraph_t g = hGraph;
    if (g->n != x->n)
        info.result = cudaGraphExecUpdateErrorTopologyChanged;
    for (size_t i = 0; !info.result && i < x->n; i++) {
        const struct CUgraphNode_st *m = g->nodes[x->nodes[i].index];
        if (m->type != x->nodes[i].type)
            info.result = cudaGraphExecUpdateErrorNodeTypeChanged;
        else if (!rt_same_deps(m, &x->nodes[i]))
            info.result = cudaGraphExecUpdateErrorTopologyChanged;
        if (info.result)
            info.errorNode = (cudaGraphNode_t)m;
    }
    /* the new work, made before anything changes: all or nothing */
    rt_op **ops = info.result ? NULL : calloc(x->n ? x->n : 1, sizeof *ops);
    cudaGraphExec_t *children = info.result ? NULL : calloc(x->n ? x->n : 1, sizeof *children);
    cudaError_t e = info.result ? cudaErrorGraphExecUpdateFailure
                  : ops && children ? cudaSuccess : cudaErrorMemoryAllocation;
    for (size_t i = 0; e == cudaSuccess && i < x->n; i++) {
        const struct CUgraphNode_st *m = g->nodes[x->nodes[i].index];
        if (m->op && !(ops[i] = rt_op_clone(m->op)))
            e = cudaErrorMemoryAllocation;
        if (e == cudaSuccess && m->child && (e = rt_instantiate(m->child, &children[i], NULL)) != cudaSuccess) {
            info.result = cudaGraphExecUpdateError;
            info.errorNode = (cudaGraphNode_t)m;
        }
    }
    for (size_t i = 0; i < x->n; i++) {
        rt_xnode *xn = &x->nodes[i];
        if (e == cudaSuccess) {
            const struct CUgraphNode_st *m = g->nodes[xn->index];
            if (ops[i]) {
                rt_op_discard(xn->op);
                xn->op = ops[i];
            }
            if (children[i]) {
                rt_exec_free(xn->child);
                xn->child = children[i];
            }
            xn->event = m->event;
        } else {
            if (ops && ops[i])
                rt_op_discard(ops[i]);
            if (children && children[i])
                rt_exec_free(children[i]);
        }
    }
    pthread_mutex_unlock(&rt_graph_lock);
    free(ops);
    free(children);
    if (e != cudaSuccess && !info.result)
        info.result = cudaGraphExecUpdateError;
    if (resultInfo)
        *resultInfo = info;
    return rt_error(e != cudaSuccess && info.result ? cudaErrorGraphExecUpdateFailure : e);
}
