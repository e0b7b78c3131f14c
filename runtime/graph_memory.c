/* runtime/graph_memory.c - graph memory nodes: allocations that belong to a graph.
 *
 * On a GPU an allocation node's address is fixed when the node is made and backed by memory
 * while the graph runs between the allocation and its free (a free node, or cudaFree /
 * cudaFreeAsync outside the graph), so later launches and other graphs may reuse it. Here
 * the memory is allocated when the node is made and kept until the program ends: every use
 * CUDA allows finds it there, and no free can pull it from under a later launch, at the cost
 * of the footprint CUDA saves by reusing it (graphs that free what they allocate use the
 * same address on every launch, so the cost is per node, not per launch). Allocation and free
 * nodes therefore do nothing when launched, and frees of graph memory outside graphs succeed
 * and leave it. Its counts are cudaDeviceGetGraphMemAttribute's (used and reserved alike).
 * A capture's cudaMallocAsync and cudaFreeAsync become such nodes. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

cudaError_t rt_graph_memory_alloc(void **dptr, size_t bytes)
{
    if (!bytes)
        return cudaErrorInvalidValue;
    return rt_alloc_from_pool(dptr, bytes, rt_graph_pool());
}

/* What an allocation node's pool properties may ask: pinned memory of device 0. */
static cudaError_t rt_check_alloc_props(const struct cudaMemPoolProps *p)
{
    if (p->allocType != cudaMemAllocationTypePinned)
        return cudaErrorInvalidValue;
    if (p->location.type != cudaMemLocationTypeDevice)
        return cudaErrorNotSupported;   /* graph memory on the host */
    return rt_valid_device(p->location.id) ? cudaSuccess : cudaErrorInvalidDevice;
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *p)
{
    if (!pGraphNode || !p || !p->bytesize || (p->accessDescCount && !p->accessDescs))
        return rt_error(cudaErrorInvalidValue);
    cudaError_t e = rt_check_alloc_props(&p->poolProps);
    if (e != cudaSuccess)
        return rt_error(e);
    for (size_t i = 0; i < p->accessDescCount; i++) {
        const struct cudaMemLocation *l = &p->accessDescs[i].location;
        if (l->type != cudaMemLocationTypeDevice || !rt_valid_device(l->id))
            return rt_error(cudaErrorInvalidValue);
    }
    void *dptr;
    e = rt_graph_memory_alloc(&dptr, p->bytesize);   /* a failure is recorded by both calls */
    if (e == cudaSuccess)
        e = rt_add_plain_node(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeMemAlloc, NULL,
                              NULL, dptr, p->bytesize);
    if (e != cudaSuccess)
        return e;   /* the memory, if any, stays graph memory: harmless */
    p->dptr = dptr;
    return cudaSuccess;
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, struct cudaMemAllocNodeParams *params_out)
{
    if (!node || node->magic != RT_NODE_MAGIC || node->type != cudaGraphNodeTypeMemAlloc || !params_out)
        return rt_error(cudaErrorInvalidValue);
    memset(params_out, 0, sizeof *params_out);
    params_out->poolProps.allocType = cudaMemAllocationTypePinned;
    params_out->poolProps.location.type = cudaMemLocationTypeDevice;
    params_out->bytesize = node->bytes;
    params_out->dptr = node->dptr;
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dptr)
{
    if (!pGraphNode || !rt_is_graph_memory(dptr))
        return rt_error(cudaErrorInvalidValue);
    return rt_add_plain_node(pGraphNode, graph, pDependencies, numDependencies, cudaGraphNodeTypeMemFree, NULL, NULL,
                             dptr, 0);
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out)
{
    if (!node || node->magic != RT_NODE_MAGIC || node->type != cudaGraphNodeTypeMemFree || !dptr_out)
        return rt_error(cudaErrorInvalidValue);
    memcpy(dptr_out, &node->dptr, sizeof node->dptr);
    return cudaSuccess;
}

cudaError_t cudaDeviceGraphMemTrim(int device)
{
    return device == 0 ? cudaSuccess : rt_error(cudaErrorInvalidDevice);
}

/* The graph pool's counts under the names of the graph memory attributes. */
static enum cudaMemPoolAttr rt_pool_attr_of(enum cudaGraphMemAttributeType attr)
{
    switch (attr) {
    case cudaGraphMemAttrUsedMemCurrent: return cudaMemPoolAttrUsedMemCurrent;
    case cudaGraphMemAttrUsedMemHigh: return cudaMemPoolAttrUsedMemHigh;
    case cudaGraphMemAttrReservedMemCurrent: return cudaMemPoolAttrReservedMemCurrent;
    case cudaGraphMemAttrReservedMemHigh: return cudaMemPoolAttrReservedMemHigh;
    default: return (enum cudaMemPoolAttr)0;
    }
}

cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
    if (!rt_valid_device(device))
        return rt_error(cudaErrorInvalidDevice);
    enum cudaMemPoolAttr a = rt_pool_attr_of(attr);
    if (!a || !value)
        return rt_error(cudaErrorInvalidValue);
    return cudaMemPoolGetAttribute(rt_graph_pool(), a, value);
}

/* Only the high-water marks may be set, to 0 (they restart from the current use). */
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
    if (!rt_valid_device(device))
        return rt_error(cudaErrorInvalidDevice);
    if ((attr != cudaGraphMemAttrUsedMemHigh && attr != cudaGraphMemAttrReservedMemHigh) || !value)
        return rt_error(cudaErrorInvalidValue);
    return cudaMemPoolSetAttribute(rt_graph_pool(), rt_pool_attr_of(attr), value);
}
