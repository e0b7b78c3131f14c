/* runtime/mem_pool.c - stream-ordered memory pools.
 *
 * A pool here is a budget and a set of counts, not a cache: its allocations are ordinary
 * device allocations (memory.c records which pool each came from), freed when their free
 * runs. So a pool's reserved memory is always its used memory, the release threshold and
 * the reuse policies are kept and reported but change nothing, and cudaMemPoolTrimTo has
 * nothing to release. maxSize is enforced. Each device's default pool is static; its current
 * pool (cudaDeviceSetMemPool) is the one cudaMallocAsync uses there. A destroyed pool goes once
 * its last allocation is freed, as CUDA allows. Exporting pools and pointers between
 * processes is not supported. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#define RT_POOL_MAGIC 0x504f4f4cU   /* "POOL" */

struct CUmemPoolHandle_st {
    unsigned magic;
    struct cudaMemPoolProps props;
    unsigned long long release_threshold;
    int reuse[3];                        /* the three reuse attributes, 1 by default */
    enum cudaMemAccessFlags host_access; /* what cudaMemPoolSetAccess gave the host */
    enum cudaMemAccessFlags peer_access[RT_MAX_DEVICES]; /* ... and other devices */
    pthread_mutex_t lock;
    size_t used, used_high;
    size_t live;                         /* allocations not yet freed */
    int destroyed;                       /* by the user: freed with its last allocation */
};

static struct CUmemPoolHandle_st rt_default_pools[RT_MAX_DEVICES];
static _Atomic(struct CUmemPoolHandle_st *) rt_current[RT_MAX_DEVICES];

__attribute__((constructor)) static void rt_default_pools_init(void)
{
    for (int d = 0; d < RT_MAX_DEVICES; d++) {
        struct CUmemPoolHandle_st *p = &rt_default_pools[d];
        p->magic = RT_POOL_MAGIC;
        p->props.allocType = cudaMemAllocationTypePinned;
        p->props.location.type = cudaMemLocationTypeDevice;
        p->props.location.id = d;
        p->reuse[0] = p->reuse[1] = p->reuse[2] = 1;
        pthread_mutex_init(&p->lock, NULL);
        atomic_store(&rt_current[d], p);
    }
}

static int rt_is_default_pool(cudaMemPool_t p)
{
    return p >= rt_default_pools && p < rt_default_pools + RT_MAX_DEVICES;
}
/* graph memory nodes' (graph_memory.c): never current, never destroyed */
static struct CUmemPoolHandle_st rt_graph_mem = {
    .magic = RT_POOL_MAGIC,
    .props = { .allocType = cudaMemAllocationTypePinned, .location = { cudaMemLocationTypeDevice, 0 } },
    .reuse = { 1, 1, 1 },
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

struct CUmemPoolHandle_st *rt_graph_pool(void)
{
    return &rt_graph_mem;
}

static int rt_valid_pool(cudaMemPool_t p)
{
    return p && p->magic == RT_POOL_MAGIC && !p->destroyed;
}

struct CUmemPoolHandle_st *rt_current_pool(void)
{
    return atomic_load(&rt_current[rt_current_device()]);
}

int rt_pool_take(struct CUmemPoolHandle_st *pool, size_t size)
{
    pthread_mutex_lock(&pool->lock);
    int ok = !pool->props.maxSize || (pool->used <= pool->props.maxSize && size <= pool->props.maxSize - pool->used);
    if (ok) {
        pool->used += size;
        pool->live++;
        if (pool->used > pool->used_high)
            pool->used_high = pool->used;
    }
    pthread_mutex_unlock(&pool->lock);
    return ok;
}

void rt_pool_give(struct CUmemPoolHandle_st *pool, size_t size)
{
    pthread_mutex_lock(&pool->lock);
    pool->used -= size;
    int gone = --pool->live == 0 && pool->destroyed;
    pthread_mutex_unlock(&pool->lock);
    if (gone) {
        pthread_mutex_destroy(&pool->lock);
        pool->magic = 0;
        free(pool);
    }
}

static cudaError_t rt_check_device(int device)
{
    return rt_valid_device(device) ? cudaSuccess : cudaErrorInvalidDevice;
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
    if (!memPool)
        return rt_error(cudaErrorInvalidValue);
    if (rt_check_device(device))
        return rt_error(cudaErrorInvalidDevice);
    *memPool = &rt_default_pools[device];
    return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
    if (!memPool)
        return rt_error(cudaErrorInvalidValue);
    if (rt_check_device(device))
        return rt_error(cudaErrorInvalidDevice);
    *memPool = atomic_load(&rt_current[device]);
    return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool)
{
    if (rt_check_device(device))
        return rt_error(cudaErrorInvalidDevice);
    if (!rt_valid_pool(memPool))
        return rt_error(cudaErrorInvalidValue);
    if (memPool->props.location.id != device)
        return rt_error(cudaErrorInvalidValue);   /* a pool of another device */
    atomic_store(&rt_current[device], memPool);
    return cudaSuccess;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const struct cudaMemPoolProps *p)
{
    if (!memPool || !p || p->allocType != cudaMemAllocationTypePinned)
        return rt_error(cudaErrorInvalidValue);
    if (p->location.type != cudaMemLocationTypeDevice)
        return rt_error(cudaErrorNotSupported);   /* pools of host memory */
    if (!rt_valid_device(p->location.id))
        return rt_error(cudaErrorInvalidDevice);
    if (p->handleTypes != cudaMemHandleTypeNone)
        return rt_error(cudaErrorNotSupported);   /* sharing between processes */
    cudaMemPool_t m = calloc(1, sizeof *m);
    if (!m)
        return rt_error(cudaErrorMemoryAllocation);
    m->magic = RT_POOL_MAGIC;
    m->props = *p;
    m->reuse[0] = m->reuse[1] = m->reuse[2] = 1;
    pthread_mutex_init(&m->lock, NULL);
    *memPool = m;
    return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool)
{
    if (!rt_valid_pool(memPool) || rt_is_default_pool(memPool))
        return rt_error(cudaErrorInvalidValue);
    /* the device's current pool goes back to the default one */
    int d = memPool->props.location.id;
    struct CUmemPoolHandle_st *expected = memPool;
    atomic_compare_exchange_strong(&rt_current[d], &expected, &rt_default_pools[d]);
    pthread_mutex_lock(&memPool->lock);
    memPool->destroyed = 1;
    int gone = memPool->live == 0;
    pthread_mutex_unlock(&memPool->lock);
    if (gone) {
        pthread_mutex_destroy(&memPool->lock);
        memPool->magic = 0;
        free(memPool);
    }
    return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    if (!rt_valid_pool(memPool) || !value)
        return rt_error(cudaErrorInvalidValue);
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&memPool->lock);
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
        memPool->reuse[attr - cudaMemPoolReuseFollowEventDependencies] = *(int *)value != 0;
        break;
    case cudaMemPoolAttrReleaseThreshold:
        memPool->release_threshold = *(unsigned long long *)value;
        break;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:   /* only a reset to 0 is allowed: to the current use */
        if (*(unsigned long long *)value != 0)
            e = cudaErrorInvalidValue;
        else
            memPool->used_high = memPool->used;
        break;
    default:
        e = cudaErrorInvalidValue;
    }
    pthread_mutex_unlock(&memPool->lock);
    return rt_error(e);
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
    if (!rt_valid_pool(memPool) || !value)
        return rt_error(cudaErrorInvalidValue);
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&memPool->lock);
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
        *(int *)value = memPool->reuse[attr - cudaMemPoolReuseFollowEventDependencies];
        break;
    case cudaMemPoolAttrReleaseThreshold:
        *(unsigned long long *)value = memPool->release_threshold;
        break;
    case cudaMemPoolAttrReservedMemCurrent:   /* nothing is kept past its free */
    case cudaMemPoolAttrUsedMemCurrent:
        *(unsigned long long *)value = memPool->used;
        break;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:
        *(unsigned long long *)value = memPool->used_high;
        break;
    default:
        e = cudaErrorInvalidValue;
    }
    pthread_mutex_unlock(&memPool->lock);
    return rt_error(e);
}

/* The pool's own device always reads and writes it; the host and other devices get what they are
 * given. */
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const struct cudaMemAccessDesc *descList, size_t count)
{
    if (!rt_valid_pool(memPool) || (count && !descList))
        return rt_error(cudaErrorInvalidValue);
    for (size_t i = 0; i < count; i++) {
        const struct cudaMemAccessDesc *d = &descList[i];
        if (d->flags != cudaMemAccessFlagsProtNone && d->flags != cudaMemAccessFlagsProtRead &&
            d->flags != cudaMemAccessFlagsProtReadWrite)
            return rt_error(cudaErrorInvalidValue);
        if (d->location.type == cudaMemLocationTypeDevice) {
            if (!rt_valid_device(d->location.id))
                return rt_error(cudaErrorInvalidDevice);
            if (d->location.id == memPool->props.location.id && d->flags != cudaMemAccessFlagsProtReadWrite)
                return rt_error(cudaErrorInvalidValue);   /* the owner's access cannot change */
        } else if (d->location.type != cudaMemLocationTypeHost) {
            return rt_error(cudaErrorInvalidValue);
        }
    }
    pthread_mutex_lock(&memPool->lock);
    for (size_t i = 0; i < count; i++)
        if (descList[i].location.type == cudaMemLocationTypeHost)
            memPool->host_access = descList[i].flags;
        else
            memPool->peer_access[descList[i].location.id] = descList[i].flags;
    pthread_mutex_unlock(&memPool->lock);
    return cudaSuccess;
}

cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                 struct cudaMemLocation *location)
{
    if (!flags || !rt_valid_pool(memPool) || !location)
        return rt_error(cudaErrorInvalidValue);
    if (location->type == cudaMemLocationTypeDevice) {
        if (!rt_valid_device(location->id))
            return rt_error(cudaErrorInvalidDevice);
        pthread_mutex_lock(&memPool->lock);
        *flags = location->id == memPool->props.location.id ? cudaMemAccessFlagsProtReadWrite
                                                             : memPool->peer_access[location->id];
        pthread_mutex_unlock(&memPool->lock);
    } else if (location->type == cudaMemLocationTypeHost) {
        pthread_mutex_lock(&memPool->lock);
        *flags = memPool->host_access;
        pthread_mutex_unlock(&memPool->lock);
    } else {
        return rt_error(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)
{
    (void)minBytesToKeep;
    return rt_valid_pool(memPool) ? cudaSuccess : rt_error(cudaErrorInvalidValue);
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream)
{
    if (!rt_valid_pool(memPool))
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (rt_capturing(stream))   /* a graph's allocation node (graph memory, not the pool's) */
        return rt_error(ptr ? rt_capture_memory_node(stream, cudaGraphNodeTypeMemAlloc, ptr, size)
                            : cudaErrorInvalidValue);
    return rt_alloc_from_pool(ptr, size, memPool);
}

/* Sharing pools and their memory between processes needs the driver's handles. */
cudaError_t cudaMemPoolExportToShareableHandle(void *shareableHandle, cudaMemPool_t memPool,
                                               enum cudaMemAllocationHandleType handleType, unsigned int flags)
{
    (void)shareableHandle;
    (void)handleType;
    (void)flags;
    return rt_error(rt_valid_pool(memPool) ? cudaErrorNotSupported : cudaErrorInvalidValue);
}

cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *memPool, void *shareableHandle,
                                                 enum cudaMemAllocationHandleType handleType, unsigned int flags)
{
    (void)memPool;
    (void)shareableHandle;
    (void)handleType;
    (void)flags;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaMemPoolExportPointer(struct cudaMemPoolPtrExportData *exportData, void *ptr)
{
    (void)exportData;
    (void)ptr;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaMemPoolImportPointer(void **ptr, cudaMemPool_t memPool, struct cudaMemPoolPtrExportData *exportData)
{
    (void)ptr;
    (void)memPool;
    (void)exportData;
    return rt_error(cudaErrorNotSupported);
}
