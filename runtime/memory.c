/* runtime/memory.c - memory management: allocation, copies, sets and symbols (CUDA arrays:
 * arrays.c).
 *
 * All "device" memory is host memory, so every copy direction is a memmove. What the runtime
 * must still know is which pointers it handed out: cudaFree of anything else is
 * cudaErrorInvalidValue, cudaPointerGetAttributes reports the kind, and cudaDeviceReset frees
 * them all. The allocations live in a hash map (pointer -> size, kind) behind one mutex; only
 * allocation calls touch it, never copies or kernels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <unistd.h>
#include "internal.h"

/* ---- The allocation map --------------------------------------------------------------------- */

typedef struct {
    void *ptr;           /* NULL: empty slot */
    size_t size;
    rt_mem_kind kind;
    unsigned flags;      /* cudaHostAlloc / cudaMallocManaged / cudaHostRegister flags */
    struct CUmemPoolHandle_st *pool;   /* the memory pool it came from, or NULL */
    int device;          /* the device current when it was made: it owns it */
} rt_alloc;

/* Bytes of device and managed memory each device holds (cudaMemGetInfo's used). */
static atomic_size_t rt_device_used[RT_MAX_DEVICES];

static int rt_counted(const rt_alloc *a)
{
    return a->kind == RT_MEM_DEVICE || a->kind == RT_MEM_MANAGED;
}

static pthread_mutex_t rt_allocs_lock = PTHREAD_MUTEX_INITIALIZER;
static rt_alloc *rt_allocs;      /* open addressing, linear probing; capacity a power of 2 */
static size_t rt_allocs_cap, rt_allocs_len;

/* The table lives in a mapping of its own between two inaccessible pages, not on the heap
 * beside the program's buffers: a kernel writing past the end of one cannot overwrite it (a
 * write running into it faults, reported as cudaErrorIllegalAddress), so cudaFree and
 * the copies keep working. Zeroed, as mmap gives it; NULL when out of memory. */
static rt_alloc *rt_table_new(size_t cap)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t bytes = (cap * sizeof(rt_alloc) + page - 1) / page * page;
    char *m = mmap(NULL, bytes + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    if (mprotect(m + page, bytes, PROT_READ | PROT_WRITE) != 0) {
        munmap(m, bytes + 2 * page);
        return NULL;
    }
    return (rt_alloc *)(void *)(m + page);
}

static void rt_table_free(rt_alloc *t, size_t cap)
{
    if (!t)
        return;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t bytes = (cap * sizeof(rt_alloc) + page - 1) / page * page;
    munmap((char *)t - page, bytes + 2 * page);
}

static size_t rt_slot_of(const void *p, size_t cap)
{
    uint64_t h = (uint64_t)(uintptr_t)p;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;     /* a 64-bit mixer: pointers share their low bits */
    h ^= h >> 33;
    return (size_t)h & (cap - 1);
}

/* Index of p's entry, or of the empty slot where it would go. Lock held, table not empty. */
static size_t rt_find_slot(const void *p)
{
    size_t i = rt_slot_of(p, rt_allocs_cap);
    while (rt_allocs[i].ptr && rt_allocs[i].ptr != p)
        i = (i + 1) & (rt_allocs_cap - 1);
    return i;
}

/* Keeps the load at most 1/2 so probes stay short. Lock held. */
static int rt_allocs_reserve(void)
{
    if (rt_allocs_len + 1 <= rt_allocs_cap / 2)
        return 1;
    size_t cap = rt_allocs_cap ? rt_allocs_cap * 2 : 64;
    rt_alloc *old = rt_allocs, *t = rt_table_new(cap);
    if (!t)
        return 0;
    size_t oldcap = rt_allocs_cap;
    rt_allocs = t;
    rt_allocs_cap = cap;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].ptr)
            rt_allocs[rt_find_slot(old[i].ptr)] = old[i];
    rt_table_free(old, oldcap);
    return 1;
}

static int rt_allocs_insert(rt_alloc a)
{
    a.device = rt_current_device();
    pthread_mutex_lock(&rt_allocs_lock);
    int ok = rt_allocs_reserve();
    if (ok) {
        rt_allocs[rt_find_slot(a.ptr)] = a;
        rt_allocs_len++;
        if (rt_counted(&a))
            atomic_fetch_add(&rt_device_used[a.device], a.size);
    }
    pthread_mutex_unlock(&rt_allocs_lock);
    return ok;
}

/* Removes slot i, moving later entries of its probe run back so lookups need no tombstones. */
static void rt_allocs_remove_slot(size_t i)
{
    size_t mask = rt_allocs_cap - 1, j = i;
    if (rt_counted(&rt_allocs[i]))
        atomic_fetch_sub(&rt_device_used[rt_allocs[i].device], rt_allocs[i].size);
    rt_allocs[i].ptr = NULL;
    for (;;) {
        j = (j + 1) & mask;
        if (!rt_allocs[j].ptr)
            break;
        size_t home = rt_slot_of(rt_allocs[j].ptr, rt_allocs_cap);
        /* j's entry may move to the hole i unless its home lies cyclically in (i, j]. */
        if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
            continue;
        rt_allocs[i] = rt_allocs[j];
        rt_allocs[j].ptr = NULL;
        i = j;
    }
    rt_allocs_len--;
}

/* Takes p's entry out of the map if it has one of the kinds in `kinds` (a bit set of
 * 1 << rt_mem_kind); returns whether it did. */
static int rt_allocs_take(const void *p, unsigned kinds, rt_alloc *out)
{
    int found = 0;
    pthread_mutex_lock(&rt_allocs_lock);
    if (rt_allocs_len) {
        size_t i = rt_find_slot(p);
        if (rt_allocs[i].ptr && (kinds & (1u << rt_allocs[i].kind))) {
            *out = rt_allocs[i];
            rt_allocs_remove_slot(i);
            found = 1;
        }
    }
    pthread_mutex_unlock(&rt_allocs_lock);
    return found;
}

/* The allocation containing p: an exact hit is O(1), an interior pointer (or one the runtime
 * does not know: a copy's host side) needs a scan of the table. */
static int rt_allocs_lookup(const void *p, rt_alloc *out)
{
    int found = 0;
    pthread_mutex_lock(&rt_allocs_lock);
    if (rt_allocs_len) {
        size_t i = rt_find_slot(p);
        if (rt_allocs[i].ptr) {
            *out = rt_allocs[i];
            found = 1;
        }
        for (size_t k = 0; !found && k < rt_allocs_cap; k++) {
            const char *b = rt_allocs[k].ptr;
            if (b && (const char *)p > b && (const char *)p < b + rt_allocs[k].size) {
                *out = rt_allocs[k];
                found = 1;
            }
        }
    }
    pthread_mutex_unlock(&rt_allocs_lock);
    return found;
}

void rt_free_device_allocations(int d)
{
    pthread_mutex_lock(&rt_allocs_lock);
    for (size_t i = 0; i < rt_allocs_cap;) {
        rt_alloc a = rt_allocs[i];
        if (!a.ptr || a.device != d) {
            i++;
            continue;
        }
        if (a.kind != RT_MEM_REGISTERED)
            rt_heap_free(a.ptr, a.size);
        rt_allocs_remove_slot(i);   /* a later entry may move into slot i: look at it again */
    }
    pthread_mutex_unlock(&rt_allocs_lock);
}

int rt_mem_track(void *p, size_t size, rt_mem_kind kind)
{
    rt_alloc a = { p, size, kind, 0, NULL, 0 };
    return rt_allocs_insert(a);
}

int rt_mem_untrack(const void *p, rt_mem_kind kind)
{
    rt_alloc a;
    return p && rt_allocs_take(p, 1u << kind, &a);
}

int rt_mem_is(const void *p, rt_mem_kind kind)
{
    int found = 0;
    pthread_mutex_lock(&rt_allocs_lock);
    if (p && rt_allocs_len) {
        size_t i = rt_find_slot(p);
        found = rt_allocs[i].ptr && rt_allocs[i].kind == kind;
    }
    pthread_mutex_unlock(&rt_allocs_lock);
    return found;
}

size_t rt_mem_extent(const void *p)
{
    rt_alloc a;
    if (!p || !rt_allocs_lookup(p, &a))
        return 0;
    return a.size - (size_t)((const char *)p - (const char *)a.ptr);
}

/* ---- Allocation ------------------------------------------------------------------------------
 * A fresh buffer costs a page fault per page on its first touch (zeroing the page included),
 * which for large buffers took most of a program's time: a program waits for those faults
 * where a GPU's memory is simply there. Large allocations are therefore aligned to a huge
 * page and marked MADV_HUGEPAGE (transparent huge pages in "madvise" mode, the usual setting):
 * one fault per 2 MiB instead of 512, and fewer TLB misses in kernels. The first touch itself
 * is spread over the workers by the copies and sets that fill the buffer (rt_copy_split) and
 * by the kernels that write it. Smaller ones are reused from size classes (device_heap.c,
 * which keeps every buffer away from the C heap's bookkeeping). */

/* An allocation of kind, from pool (NULL: none; its limit and counts then apply). */
static cudaError_t rt_alloc_memory_in(void **out, size_t size, rt_mem_kind kind, unsigned flags,
                                      struct CUmemPoolHandle_st *pool)
{
    rt_driver_initialised();
    RT_STICKY_CHECK();
    if (!out)
        return rt_error(cudaErrorInvalidValue);
    if (size == 0) {
        *out = NULL;   /* as CUDA: success, and nothing to free */
        return cudaSuccess;
    }
    if (!rt_device_count())
        return rt_error(cudaErrorNoDevice);
    /* A GPU cannot hand out more than it has; overcommit would let malloc "succeed". */
    size_t used = atomic_load(&rt_device_used[rt_current_device()]), total = rt_device_memory();
    if (size > total || ((kind == RT_MEM_DEVICE || kind == RT_MEM_MANAGED) && used > total - size))
        return rt_error(cudaErrorMemoryAllocation);
    if (pool && !rt_pool_take(pool, size))
        return rt_error(cudaErrorMemoryAllocation);   /* past the pool's maxSize */
    void *p = rt_heap_alloc(size);
    rt_alloc a = { p, size, kind, flags, pool, 0 };
    if (!p || !rt_allocs_insert(a)) {
        if (p)
            rt_heap_free(p, size);
        if (pool)
            rt_pool_give(pool, size);
        return rt_error(cudaErrorMemoryAllocation);
    }
    *out = p;
    return cudaSuccess;
}

static cudaError_t rt_alloc_memory(void **out, size_t size, rt_mem_kind kind, unsigned flags)
{
    return rt_alloc_memory_in(out, size, kind, flags, NULL);
}

cudaError_t rt_alloc_from_pool(void **out, size_t size, struct CUmemPoolHandle_st *pool)
{
    return rt_alloc_memory_in(out, size, RT_MEM_DEVICE, 0, pool);
}

int rt_is_graph_memory(const void *p)
{
    rt_alloc a;
    return p && rt_allocs_lookup(p, &a) && a.ptr == p && a.pool == rt_graph_pool();
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
    return rt_alloc_memory(devPtr, size, RT_MEM_DEVICE, 0);
}

/* From the device's current pool (cudaDeviceSetMemPool), as CUDA does. */
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream)
{
    if (!rt_valid_stream(hStream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (rt_capturing(hStream))   /* a graph's allocation node */
        return rt_error(devPtr ? rt_capture_memory_node(hStream, cudaGraphNodeTypeMemAlloc, devPtr, size)
                               : cudaErrorInvalidValue);
    return rt_alloc_memory_in(devPtr, size, RT_MEM_DEVICE, 0, rt_current_pool());
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
        return rt_error(cudaErrorInvalidValue);
    return rt_alloc_memory(devPtr, size, RT_MEM_MANAGED, flags);
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    return rt_alloc_memory(ptr, size, RT_MEM_HOST, cudaHostAllocDefault);
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
    if (flags & ~(unsigned)(cudaHostAllocPortable | cudaHostAllocMapped |
                            cudaHostAllocWriteCombined))
        return rt_error(cudaErrorInvalidValue);
    return rt_alloc_memory(pHost, size, RT_MEM_HOST, flags);
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
    if (!devPtr || !pitch)
        return rt_error(cudaErrorInvalidValue);
    /* Rows padded to the texture alignment, as a GPU's allocator does. */
    size_t p = (width + 511) / 512 * 512;
    if (p < width || (height && p > SIZE_MAX / height))
        return rt_error(cudaErrorMemoryAllocation);
    cudaError_t e = rt_alloc_memory(devPtr, p * height, RT_MEM_DEVICE, 0);
    if (e == cudaSuccess)
        *pitch = p;
    return e;
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent)
{
    if (!pitchedDevPtr)
        return rt_error(cudaErrorInvalidValue);
    if (extent.depth && extent.height > SIZE_MAX / extent.depth)
        return rt_error(cudaErrorMemoryAllocation);
    void *p = NULL;
    size_t pitch = 0;
    cudaError_t e = cudaMallocPitch(&p, &pitch, extent.width, extent.height * extent.depth);
    if (e == cudaSuccess) {
        pitchedDevPtr->ptr = p;
        pitchedDevPtr->pitch = pitch;
        pitchedDevPtr->xsize = extent.width;
        pitchedDevPtr->ysize = extent.height;
    }
    return e;
}

/* Device and managed memory go back through cudaFree, pinned host memory through
 * cudaFreeHost; anything else is not ours and is refused rather than freed. */
cudaError_t cudaFree(void *devPtr)
{
    rt_driver_initialised();
    RT_STICKY_CHECK();
    if (!devPtr)
        return cudaSuccess;
    /* As on a GPU, cudaFree waits for the device owning the memory: its queued work may
     * still use it. (Another device's kernels may use it too, through peer access: CUDA
     * leaves that to the program, as here.) */
    rt_alloc owner;
    int device = rt_allocs_lookup(devPtr, &owner) ? owner.device : rt_current_device();
    cudaError_t e = rt_sync_device(device);
    if (e != cudaSuccess)
        return rt_error(e);
    if (rt_is_graph_memory(devPtr))
        return cudaSuccess;   /* graph memory stays until exit (graph_memory.c) */
    rt_alloc a;
    if (!rt_allocs_take(devPtr, 1u << RT_MEM_DEVICE | 1u << RT_MEM_MANAGED, &a))
        return rt_error(cudaErrorInvalidValue);
    rt_heap_free(a.ptr, a.size);
    if (a.pool)
        rt_pool_give(a.pool, a.size);
    return cudaSuccess;
}

/* Stream-ordered: the pointer is checked and forgotten now, freed when the stream gets there. */
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream)
{
    RT_STICKY_CHECK();
    if (!rt_valid_stream(hStream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (!devPtr)
        return rt_error(cudaErrorInvalidValue);
    int graph = rt_is_graph_memory(devPtr);
    if (rt_capturing(hStream)) {   /* a graph's free node, of graph memory only */
        if (graph)
            return rt_error(rt_capture_memory_node(hStream, cudaGraphNodeTypeMemFree, &devPtr, 0));
        rt_capture_invalidate(hStream);
        return rt_error(cudaErrorStreamCaptureUnsupported);
    }
    if (graph)
        return cudaSuccess;   /* graph memory stays until exit (graph_memory.c) */
    rt_op *op = rt_op_new(RT_OP_FREE, 0);
    if (!op)
        return rt_error(cudaErrorMemoryAllocation);
    rt_alloc a;
    if (!rt_allocs_take(devPtr, 1u << RT_MEM_DEVICE | 1u << RT_MEM_MANAGED, &a)) {
        rt_op_discard(op);
        return rt_error(cudaErrorInvalidValue);
    }
    op->u.free.ptr = a.ptr;
    op->u.free.size = a.size;
    op->u.free.pool = a.pool;
    return rt_error(rt_submit(hStream, op, NULL, 0));
}

cudaError_t cudaFreeHost(void *ptr)
{
    RT_STICKY_CHECK();
    if (!ptr)
        return cudaSuccess;
    cudaError_t e = rt_sync(RT_ALL_STREAMS);
    if (e != cudaSuccess)
        return rt_error(e);
    rt_alloc a;
    if (!rt_allocs_take(ptr, 1u << RT_MEM_HOST, &a))
        return rt_error(cudaErrorInvalidValue);
    rt_heap_free(a.ptr, a.size);
    return cudaSuccess;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
    if (!ptr || size == 0 || flags > 0xf)
        return rt_error(cudaErrorInvalidValue);
    rt_alloc a;
    if (rt_allocs_lookup(ptr, &a))
        return rt_error(cudaErrorHostMemoryAlreadyRegistered);
    rt_alloc r = { ptr, size, RT_MEM_REGISTERED, flags, NULL, 0 };
    return rt_allocs_insert(r) ? cudaSuccess : rt_error(cudaErrorMemoryAllocation);
}

cudaError_t cudaHostUnregister(void *ptr)
{
    rt_sync(RT_ALL_STREAMS);   /* queued copies may still use it */
    rt_alloc a;
    if (!ptr || !rt_allocs_take(ptr, 1u << RT_MEM_REGISTERED, &a))
        return rt_error(cudaErrorHostMemoryNotRegistered);
    return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags)
{
    if (!pDevice || !pHost || flags != 0)
        return rt_error(cudaErrorInvalidValue);
    *pDevice = pHost;  /* one address space */
    return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost)
{
    rt_alloc a;
    if (!pFlags || !pHost || !rt_allocs_lookup(pHost, &a) ||
        (a.kind != RT_MEM_HOST && a.kind != RT_MEM_REGISTERED))
        return rt_error(cudaErrorInvalidValue);
    *pFlags = a.flags;
    return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr)
{
    if (!attributes)
        return rt_error(cudaErrorInvalidValue);
    rt_alloc a;
    attributes->device = rt_current_device();
    attributes->devicePointer = (void *)ptr;
    attributes->hostPointer = (void *)ptr;
    if (!ptr || !rt_allocs_lookup(ptr, &a)) {
        /* Ordinary host memory: CUDA 11+ reports it as unregistered, without error. */
        attributes->type = cudaMemoryTypeUnregistered;
        attributes->device = cudaInvalidDeviceId;
        attributes->devicePointer = NULL;
        return cudaSuccess;
    }
    attributes->device = a.device;
    switch (a.kind) {
    case RT_MEM_DEVICE:
        attributes->type = cudaMemoryTypeDevice;
        attributes->hostPointer = NULL;
        break;
    case RT_MEM_MANAGED:
        attributes->type = cudaMemoryTypeManaged;
        break;
    case RT_MEM_HOST:
    case RT_MEM_REGISTERED:
        attributes->type = cudaMemoryTypeHost;
        break;
    case RT_MEM_ARRAY:       /* handles, not memory a pointer may point into */
    case RT_MEM_TEXTURE:
    case RT_MEM_SURFACE:
    case RT_MEM_MIPMAP:
        attributes->type = cudaMemoryTypeUnregistered;
        attributes->device = cudaInvalidDeviceId;
        attributes->devicePointer = NULL;
        break;
    }
    return cudaSuccess;
}

/* Total is the current device's share of physical memory (totalGlobalMem); free is what it
 * has not allocated, at most what the kernel would give a new allocation (MemAvailable). */
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
    if (!free_bytes || !total_bytes)
        return rt_error(cudaErrorInvalidValue);
    size_t total = rt_device_memory(), avail = 0;
    size_t used = atomic_load(&rt_device_used[rt_current_device()]);
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        unsigned long long kb;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
                avail = (size_t)kb * 1024;
                break;
            }
        fclose(f);
    }
    if (avail == 0) {
        struct sysinfo si;
        if (sysinfo(&si) == 0)
            avail = (size_t)si.freeram * si.mem_unit;
    }
    size_t left = used < total ? total - used : 0;
    *free_bytes = avail < left ? avail : left;
    *total_bytes = total;
    return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                                 cudaStream_t stream)
{
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    if (!devPtr || count == 0)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_device(dstDevice) && dstDevice != cudaCpuDeviceId)
        return rt_error(cudaErrorInvalidDevice);
    return cudaSuccess;  /* memory is already where every "device" reads it */
}

/* A location is a device or the host (any NUMA node of it). */
static int rt_valid_location(struct cudaMemLocation l)
{
    return (l.type == cudaMemLocationTypeDevice && rt_valid_device(l.id)) || l.type == cudaMemLocationTypeHost ||
           l.type == cudaMemLocationTypeHostNuma || l.type == cudaMemLocationTypeHostNumaCurrent;
}

cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count, struct cudaMemLocation location,
                                    unsigned int flags, cudaStream_t stream)
{
    if (!rt_valid_location(location) || flags)
        return rt_error(location.type == cudaMemLocationTypeDevice ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
    return cudaMemPrefetchAsync(devPtr, count, location.type == cudaMemLocationTypeDevice ? location.id : cudaCpuDeviceId,
                                stream);
}

cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                             struct cudaMemLocation location)
{
    if (!rt_valid_location(location))
        return rt_error(location.type == cudaMemLocationTypeDevice ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
    return cudaMemAdvise(devPtr, count, advice, location.type == cudaMemLocationTypeDevice ? location.id : cudaCpuDeviceId);
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          int device)
{
    if (!devPtr || count == 0 || advice < cudaMemAdviseSetReadMostly ||
        advice > cudaMemAdviseUnsetAccessedBy)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_device(device) && device != cudaCpuDeviceId)
        return rt_error(cudaErrorInvalidDevice);
    return cudaSuccess;
}

/* ---- Copies and sets --------------------------------------------------------------------------
 * Every direction is a memmove (overlap is the user's problem on a GPU but costs nothing to
 * survive here), queued on a stream like any other work. The synchronous calls run theirs
 * on the calling thread when its turn comes. The Async ones return at once when both sides
 * are memory the runtime allocated or registered; pageable host memory (or a __device__
 * variable, which the runtime cannot tell from it) is copied while the caller waits, as CUDA
 * stages pageable copies. A side in an allocation must stay inside it (rt_range_fits); other
 * pointers are not checked: __device__ variables and pageable host memory are valid
 * sources and destinations. */

/* Large copies and sets are split into parts of about a huge page, aligned to huge pages of
 * the destination, so that the threads running them fault their own pages (in parallel) and
 * never share one. Below RT_SPLIT_MIN one thread does it all: waking workers costs more. */
#define RT_PART_BYTES ((size_t)2 << 20)   /* a huge page */
#define RT_SPLIT_MIN ((size_t)4 << 20)

/* The first byte of row r (rows counted over all slices) of one end. */
static char *rt_row_at(const char *base, size_t pitch, size_t slice, size_t height, uint64_t r)
{
    return (char *)base + (size_t)(r / height) * slice + (size_t)(r % height) * pitch;
}

/* The bytes from the first to one past the last an end of c touches. */
static void rt_copy_span(const char *base, size_t pitch, size_t slice, const rt_copy *c,
                         uintptr_t *lo, uintptr_t *hi)
{
    *lo = (uintptr_t)base;
    *hi = (uintptr_t)rt_row_at(base, pitch, slice, c->height,
                               (uint64_t)c->height * c->depth - 1) + c->width;
}

void rt_copy_split(rt_copy *c)
{
    c->nparts = c->row_parts = c->rows_per_part = 0;
    atomic_init(&c->next, 0);
    size_t rows, bytes;
    if (__builtin_mul_overflow(c->height, c->depth, &rows) ||
        __builtin_mul_overflow(rows, c->width, &bytes) || bytes < RT_SPLIT_MIN ||
        rt_num_workers() < 2)
        return;
    if (c->depth > 1 && c->dslice < (c->height - 1) * c->dpitch + c->width)
        return;   /* slices overlapping slices (ysize below the height): the last one wins */
    if (c->src) {
        uintptr_t dlo, dhi, slo, shi;
        rt_copy_span(c->dst, c->dpitch, c->dslice, c, &dlo, &dhi);
        rt_copy_span(c->src, c->spitch, c->sslice, c, &slo, &shi);
        if (dlo < shi && slo < dhi)
            return;   /* overlapping ends: one memmove per row, in order */
    }
    if (c->width >= RT_PART_BYTES) {
        /* Wide rows: part k of a row is the row's piece of the k-th huge page from the one
         * holding its first byte (the first and last pieces may be short or empty). */
        c->row_parts = (c->width + RT_PART_BYTES - 1) / RT_PART_BYTES + 1;
        c->nparts = (uint64_t)rows * c->row_parts;
    } else {
        c->rows_per_part = RT_PART_BYTES / c->width;
        c->nparts = (rows + c->rows_per_part - 1) / c->rows_per_part;
    }
    if (c->nparts < 2)
        c->nparts = c->row_parts = c->rows_per_part = 0;
}

static void rt_copy_bytes(const rt_copy *c, char *d, const char *s, size_t n)
{
    if (c->src) {
        memmove(d, s, n);
    } else if (c->elem == 2) {
        uint16_t v = (uint16_t)c->value;
        for (size_t i = 0; i + 2 <= n; i += 2)
            memcpy(d + i, &v, 2);
    } else if (c->elem == 4) {
        uint32_t v = (uint32_t)c->value;
        for (size_t i = 0; i + 4 <= n; i += 4)
            memcpy(d + i, &v, 4);
    } else {
        memset(d, (unsigned char)c->value, n);
    }
}

/* Rows [r0, r1) of c, whole. */
static void rt_copy_rows(const rt_copy *c, uint64_t r0, uint64_t r1)
{
    size_t y = (size_t)(r0 % c->height);
    char *d = rt_row_at(c->dst, c->dpitch, c->dslice, c->height, r0);
    const char *s = c->src ? rt_row_at(c->src, c->spitch, c->sslice, c->height, r0) : NULL;
    for (uint64_t r = r0; r < r1; r++) {
        rt_copy_bytes(c, d, s, c->width);
        if (++y < c->height) {
            d += c->dpitch;
            s = s ? s + c->spitch : NULL;
        } else {   /* the next slice's first row */
            y = 0;
            d += c->dslice - (c->height - 1) * c->dpitch;
            s = s ? s + c->sslice - (c->height - 1) * c->spitch : NULL;
        }
    }
}

static void rt_copy_part(const rt_copy *c, uint64_t u)
{
    if (!c->row_parts) {
        uint64_t rows = (uint64_t)c->height * c->depth, r0 = u * c->rows_per_part;
        rt_copy_rows(c, r0, r0 + c->rows_per_part < rows ? r0 + c->rows_per_part : rows);
        return;
    }
    uint64_t r = u / c->row_parts, k = u % c->row_parts;
    char *d = rt_row_at(c->dst, c->dpitch, c->dslice, c->height, r);
    uintptr_t lo = ((uintptr_t)d & ~(uintptr_t)(RT_PART_BYTES - 1)) + k * RT_PART_BYTES;
    uintptr_t hi = lo + RT_PART_BYTES, end = (uintptr_t)d + c->width;
    if (lo < (uintptr_t)d)
        lo = (uintptr_t)d;
    if (hi > end)
        hi = end;
    if (lo < hi)
        rt_copy_bytes(c, (char *)lo,
                      c->src ? rt_row_at(c->src, c->spitch, c->sslice, c->height, r) +
                                   (lo - (uintptr_t)d)
                             : NULL,
                      hi - lo);
}

void rt_copy_work(rt_copy *c)
{
    if (!c->nparts) {
        rt_copy_rows(c, 0, (uint64_t)c->height * c->depth);
        return;
    }
    for (;;) {
        uint64_t u = atomic_fetch_add_explicit(&c->next, 1, memory_order_relaxed);
        if (u >= c->nparts)
            return;
        rt_copy_part(c, u);
    }
}

int rt_valid_kind(enum cudaMemcpyKind kind)
{
    return (unsigned)kind <= cudaMemcpyDefault;
}

/* Whether p lies in memory the runtime allocated or registered. */
static int rt_known_memory(const void *p)
{
    rt_alloc a;
    return rt_allocs_lookup(p, &a);
}

/* Queues c on stream; the copy is done on return unless async (and both sides known). */
static cudaError_t rt_queue_copy(const rt_copy *c, cudaStream_t stream, int async)
{
    if (!rt_valid_stream(stream))
        return rt_error(cudaErrorInvalidResourceHandle);
    int by_host = !async || !rt_known_memory(c->dst) || (c->src && !rt_known_memory(c->src));
    if (by_host && async && rt_capturing(stream))
        by_host = 0;   /* becomes a graph's node, which runs when the graph is launched */
    if (by_host && rt_on_worker())
        return rt_error(cudaErrorNotPermitted);   /* a host function waiting on the device */
    rt_op *op = rt_op_new(RT_OP_COPY, 0);
    if (!op)
        return rt_error(cudaErrorMemoryAllocation);
    op->u.copy = *c;
    rt_copy_split(&op->u.copy);
    cudaError_t e = rt_submit(stream, op, NULL, by_host);
    if (e == cudaSuccess && by_host)
        e = rt_run_by_host(op);
    return rt_error(e);
}

/* Whether the span bytes from p stay inside the allocation p lies in (a copy or set past
 * its end is cudaErrorInvalidValue, as CUDA says); memory the runtime does not know (the
 * program's own host memory) cannot be checked and passes. */
static int rt_range_fits(const void *p, size_t span)
{
    rt_alloc a;
    if (!rt_allocs_lookup(p, &a))
        return 1;
    return span <= a.size - (size_t)((const char *)p - (const char *)a.ptr);
}

/* The bytes a copy's side touches, from its first: SIZE_MAX when that overflows. */
static size_t rt_side_bytes(size_t width, size_t height, size_t depth, size_t pitch, size_t slice)
{
    size_t rows, slices;
    if (__builtin_mul_overflow(height - 1, pitch, &rows) ||
        __builtin_mul_overflow(depth - 1, slice, &slices) ||
        __builtin_add_overflow(rows, slices, &rows) || __builtin_add_overflow(rows, width, &rows))
        return SIZE_MAX;
    return rows;
}

/* rt_copy3d, where a set repeats value's low elem bytes (1, 2 or 4). */
static cudaError_t rt_copy3d_elem(void *dst, size_t dpitch, size_t dheight, const void *src,
                                  size_t spitch, size_t sheight, int value, unsigned elem, size_t width,
                                  size_t height, size_t depth, int memset_call,
                                  cudaStream_t stream, int async)
{
    if (width > dpitch || (src && width > spitch))
        return rt_error(cudaErrorInvalidPitchValue);
    if (width == 0 || height == 0 || depth == 0)
        return rt_valid_stream(stream) ? cudaSuccess
                                       : rt_error(cudaErrorInvalidResourceHandle);
    if (!dst || (!memset_call && !src))
        return rt_error(cudaErrorInvalidValue);
    rt_copy c = { .dst = (char *)dst, .src = src, .value = value, .elem = elem, .width = width,
                  .height = height, .depth = depth, .dpitch = dpitch, .spitch = spitch,
                  .dslice = dpitch * dheight, .sslice = spitch * sheight };
    if (!rt_range_fits(dst, rt_side_bytes(width, height, depth, dpitch, c.dslice)) ||
        (src && !rt_range_fits(src, rt_side_bytes(width, height, depth, spitch, c.sslice))))
        return rt_error(cudaErrorInvalidValue);
    return rt_queue_copy(&c, stream, async);
}

/* A three-dimensional copy (src NULL: a set), checked as CUDA checks it. */
cudaError_t rt_copy3d(void *dst, size_t dpitch, size_t dheight, const void *src,
                      size_t spitch, size_t sheight, int value, size_t width,
                      size_t height, size_t depth, int memset_call,
                      cudaStream_t stream, int async)
{
    return rt_copy3d_elem(dst, dpitch, dheight, src, spitch, sheight, value, 1, width, height, depth,
                          memset_call, stream, async);
}

cudaError_t rt_memcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                             cudaStream_t stream, int async)
{
    if (!rt_valid_kind(kind))
        return rt_error(cudaErrorInvalidMemcpyDirection);
    if (count == 0)
        return cudaSuccess;
    if (!dst || !src)
        return rt_error(cudaErrorInvalidValue);
    return rt_copy3d(dst, count, 1, src, count, 1, 0, count, 1, 1, 0, stream, async);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    return rt_memcpy(dst, src, count, kind, 0, 0);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream)
{
    return rt_memcpy(dst, src, count, kind, stream, 1);
}

static cudaError_t rt_memcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch,
                               size_t width, size_t height, enum cudaMemcpyKind kind,
                               cudaStream_t stream, int async)
{
    if (!rt_valid_kind(kind))
        return rt_error(cudaErrorInvalidMemcpyDirection);
    return rt_copy3d(dst, dpitch, height, src, spitch, height, 0, width, height, 1, 0, stream,
                     async);
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind)
{
    return rt_memcpy2d(dst, dpitch, src, spitch, width, height, kind, 0, 0);
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream)
{
    return rt_memcpy2d(dst, dpitch, src, spitch, width, height, kind, stream, 1);
}

/* One end of a cudaMemcpy3D: the first byte, bytes per row, rows per slice. */
typedef struct {
    char *at;
    size_t pitch, rows;
} rt_end;

/* An array end: positions and the extent in its elements; the region must lie inside it. */
static int rt_array_end(const struct cudaArray *a, struct cudaPos pos, struct cudaExtent ext,
                        rt_end *e)
{
    if (pos.x > a->extent.width || ext.width > a->extent.width - pos.x || pos.y > a->rows ||
        ext.height > a->rows - pos.y || pos.z > a->slices || ext.depth > a->slices - pos.z)
        return 0;
    e->at = a->data + (pos.z * a->rows + pos.y) * a->pitch + pos.x * a->elem;
    e->pitch = a->pitch;
    e->rows = a->rows;
    return 1;
}

/* cudaMemcpy3D between pitched pointers and CUDA arrays. Where an array takes part the
 * extent counts its elements (the source's when both are arrays) and its position too; a
 * pointer's position is in bytes, rows and slices of ysize rows. */
static cudaError_t rt_memcpy3d(const struct cudaMemcpy3DParms *p, cudaStream_t stream, int async)
{
    if (!p || (p->srcArray && p->srcPtr.ptr) || (p->dstArray && p->dstPtr.ptr))
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_kind(p->kind))
        return rt_error(cudaErrorInvalidMemcpyDirection);
    const struct cudaArray *sa = p->srcArray, *da = p->dstArray;
    if ((sa && !rt_mem_is(sa, RT_MEM_ARRAY)) || (da && !rt_mem_is(da, RT_MEM_ARRAY)) ||
        (sa && da && sa->elem != da->elem))
        return rt_error(cudaErrorInvalidValue);
    size_t elem = sa ? sa->elem : da ? da->elem : 1;
    if (p->extent.width > SIZE_MAX / elem)
        return rt_error(cudaErrorInvalidValue);
    size_t width = p->extent.width * elem;
    const struct cudaPitchedPtr *d = &p->dstPtr, *s = &p->srcPtr;
    if ((!da && width + p->dstPos.x > d->pitch) || (!sa && width + p->srcPos.x > s->pitch))
        return rt_error(cudaErrorInvalidPitchValue);
    rt_end de = { NULL, 0, 0 }, se = { NULL, 0, 0 };
    if ((da && !rt_array_end(da, p->dstPos, p->extent, &de)) ||
        (sa && !rt_array_end(sa, p->srcPos, p->extent, &se)))
        return rt_error(cudaErrorInvalidValue);
    if (width == 0 || p->extent.height == 0 || p->extent.depth == 0)
        return cudaSuccess;
    if ((!da && !d->ptr) || (!sa && !s->ptr))
        return rt_error(cudaErrorInvalidValue);
    if (!da)
        de = (rt_end){ (char *)d->ptr + (p->dstPos.z * d->ysize + p->dstPos.y) * d->pitch +
                       p->dstPos.x, d->pitch, d->ysize };
    if (!sa)
        se = (rt_end){ (char *)s->ptr + (p->srcPos.z * s->ysize + p->srcPos.y) * s->pitch +
                       p->srcPos.x, s->pitch, s->ysize };
    return rt_copy3d(de.at, de.pitch, de.rows, se.at, se.pitch, se.rows, 0, width,
                     p->extent.height, p->extent.depth, 0, stream, async);
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
    return rt_memcpy3d(p, 0, 0);
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
    return rt_memcpy3d(p, stream, 1);
}

/* A set: of memory the runtime allocated or registered, or a variable (symbols.c); pageable
 * host memory (the C heap, a stack) is cudaErrorInvalidValue, as CUDA answers. */
static cudaError_t rt_memset_in(void *devPtr, size_t pitch, size_t ysize, int value, unsigned elem,
                                size_t width, size_t height, size_t depth, cudaStream_t stream, int async)
{
    rt_alloc a;
    if (devPtr && width && height && depth && !rt_allocs_lookup(devPtr, &a) && !rt_in_variable(devPtr))
        return rt_error(cudaErrorInvalidValue);
    return rt_copy3d_elem(devPtr, pitch, ysize, NULL, 0, 0, value, elem, width, height, depth, 1, stream,
                          async);
}

/* A set of bytes (cudaMemset and its 2-D, 3-D and Async forms). */
static cudaError_t rt_memset(void *devPtr, size_t pitch, size_t ysize, int value, size_t width,
                             size_t height, size_t depth, cudaStream_t stream, int async)
{
    return rt_memset_in(devPtr, pitch, ysize, value, 1, width, height, depth, stream, async);
}

cudaError_t rt_memset_elements(void *dst, size_t pitch, unsigned value, unsigned elem, size_t width,
                               size_t height, cudaStream_t stream)
{
    if ((elem != 1 && elem != 2 && elem != 4) || (uintptr_t)dst % elem)
        return rt_error(cudaErrorInvalidValue);
    size_t row;
    if (__builtin_mul_overflow(width, (size_t)elem, &row))
        return rt_error(cudaErrorInvalidValue);
    if (height <= 1 && pitch < row)
        pitch = row;   /* a single row may leave its pitch 0 */
    return rt_memset_in(dst, pitch, height, (int)value, elem, row, height, 1, stream, 1);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    return rt_memset(devPtr, count, 1, value, count, 1, 1, 0, 0);
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
{
    return rt_memset(devPtr, count, 1, value, count, 1, 1, stream, 1);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
    return rt_memset(devPtr, pitch, height, value, width, height, 1, 0, 0);
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width,
                              size_t height, cudaStream_t stream)
{
    return rt_memset(devPtr, pitch, height, value, width, height, 1, stream, 1);
}

cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent)
{
    return rt_memset(p.ptr, p.pitch, p.ysize, value, extent.width, extent.height, extent.depth,
                     0, 0);
}

cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                              cudaStream_t stream)
{
    return rt_memset(p.ptr, p.pitch, p.ysize, value, extent.width, extent.height, extent.depth,
                     stream, 1);
}
