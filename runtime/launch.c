/* runtime/launch.c - execution control: the kernel registry, the `<<<...>>>` configuration
 * stack, cudaLaunchKernel and the per-kernel attributes.
 *
 * A kernel is known by its host stub's address: the translator registers (stub, block
 * function) pairs from constructors before main, so the registry must work before anything
 * else is initialised; it is a hash map behind a statically initialised mutex. A launch is
 * checked against the device's limits here, then handed to the worker pool as a job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* threadIdx & co. for device functions that read them (see cu2c/kernel.h) */
__thread cu2c_tls_t cu2c_tls;

/* ---- Registry ----------------------------------------------------------------------------- */

static pthread_mutex_t rt_kernels_lock = PTHREAD_MUTEX_INITIALIZER;
static rt_kernel **rt_kernels;   /* open addressing on the stub address; entries never move */
static size_t rt_kernels_cap, rt_kernels_len;

static size_t rt_kernel_slot(const void *stub, size_t cap)
{
    uint64_t h = (uint64_t)(uintptr_t)stub * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 32) & (cap - 1);
}

/* The entry for stub, or the empty slot it would take. Lock held, cap > 0. */
static rt_kernel **rt_kernel_find(const void *stub)
{
    size_t i = rt_kernel_slot(stub, rt_kernels_cap);
    while (rt_kernels[i] && rt_kernels[i]->stub != stub)
        i = (i + 1) & (rt_kernels_cap - 1);
    return &rt_kernels[i];
}

static int rt_kernels_grow(void)
{
    size_t cap = rt_kernels_cap ? rt_kernels_cap * 2 : 64, oldcap = rt_kernels_cap;
    rt_kernel **old = rt_kernels, **t = calloc(cap, sizeof *t);
    if (!t)
        return 0;
    rt_kernels = t;
    rt_kernels_cap = cap;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i])
            *rt_kernel_find(old[i]->stub) = old[i];
    free(old);
    return 1;
}

void cu2c_register_kernel(const void *stub, cu2c_block_fn fn, const char *name,
                          int nargs, const size_t *arg_sizes)
{
    if (!stub || !fn || nargs < 0)
        return;
    pthread_mutex_lock(&rt_kernels_lock);
    rt_kernel *k = NULL;
    if (rt_kernels_cap) {
        rt_kernel **slot = rt_kernel_find(stub);
        k = *slot;
    }
    if (k) {
        /* Registered twice (the same stub in two constructors): the last one wins. */
        k->fn = fn;
        k->name = name;
    } else if ((rt_kernels_len + 1 <= rt_kernels_cap / 2 || rt_kernels_grow()) &&
               (k = calloc(1, sizeof *k)) != NULL) {
        k->stub = stub;
        k->fn = fn;
        k->name = name;
        k->nargs = nargs;
        k->max_dyn_shared = RT_SHARED_PER_BLOCK;
        k->carveout = cudaSharedmemCarveoutDefault;
        if (nargs > 0 && arg_sizes) {
            k->arg_sizes = malloc((size_t)nargs * sizeof *k->arg_sizes);
            if (k->arg_sizes)
                memcpy(k->arg_sizes, arg_sizes, (size_t)nargs * sizeof *k->arg_sizes);
        }
        *rt_kernel_find(stub) = k;
        rt_kernels_len++;
    } else {
        /* Before main there is nobody to return an error to; launches of this kernel will
         * report cudaErrorInvalidDeviceFunction. */
        fprintf(stderr, "cu2c: out of memory registering kernel %s\n", name ? name : "?");
    }
    pthread_mutex_unlock(&rt_kernels_lock);
}

/* A snapshot of what a launch needs, taken under the lock (cudaFuncSetAttribute may change
 * the limit from another thread). */
typedef struct rt_kernel_info {
    cu2c_block_fn fn;
    const char *name;
    size_t max_dyn_shared;
    size_t static_shared;
    int nargs;
    const size_t *arg_sizes;   /* NULL if unknown: the launch then waits for its blocks */
} rt_kernel_info;

static int rt_kernel_get(const void *func, rt_kernel_info *info)
{
    int found = 0;
    pthread_mutex_lock(&rt_kernels_lock);
    if (func && rt_kernels_cap) {
        rt_kernel *k = *rt_kernel_find(func);
        if (k) {
            info->fn = k->fn;
            info->name = k->name;
            info->max_dyn_shared = k->max_dyn_shared;
            info->static_shared = k->static_shared;
            info->nargs = k->nargs;
            info->arg_sizes = k->arg_sizes;
            found = 1;
        }
    }
    pthread_mutex_unlock(&rt_kernels_lock);
    return found;
}

void cu2c_set_static_shared(const void *stub, size_t bytes)
{
    pthread_mutex_lock(&rt_kernels_lock);
    rt_kernel *k = stub && rt_kernels_cap ? *rt_kernel_find(stub) : NULL;
    if (k)
        k->static_shared = bytes;
    pthread_mutex_unlock(&rt_kernels_lock);
}

/* ---- Launching ------------------------------------------------------------------------------ */

/* The limits of a compute-capability-8.x GPU, checked before anything runs. */
static int rt_valid_config(dim3 grid, dim3 block)
{
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return 0;
    if (block.x > RT_MAX_BLOCK_X || block.y > RT_MAX_BLOCK_Y || block.z > RT_MAX_BLOCK_Z)
        return 0;
    if ((uint64_t)block.x * block.y * block.z > RT_MAX_THREADS_PER_BLOCK)
        return 0;
    return grid.x <= RT_MAX_GRID_X && grid.y <= RT_MAX_GRID_YZ && grid.z <= RT_MAX_GRID_YZ;
}

/* A launch on stream; cooperative: every block at once (multi: of the multi-device launch
 * whose grid `rank` it is); check_only: the checks alone, nothing queued. */
static cudaError_t rt_launch_in(const void *func, dim3 grid, dim3 block, void **args, size_t shmem,
                                cudaStream_t stream, int cooperative, struct rt_multi *multi, unsigned rank,
                                int check_only)
{
    if (rt_sticky_error())
        return rt_sticky_error();
    rt_kernel_info k;
    if (!rt_kernel_get(func, &k))
        return cudaErrorInvalidDeviceFunction;
    /* From a kernel (dynamic parallelism) or a host function (CUDA forbids it there). */
    if (rt_on_worker())
        return cudaErrorNotSupported;
    if (k.nargs > 0 && !args)
        return cudaErrorInvalidValue;
    if (!rt_valid_stream(stream))
        return cudaErrorInvalidResourceHandle;
    if (!rt_valid_config(grid, block))
        return cudaErrorInvalidConfiguration;
    /* Recent CUDA versions answer "invalid argument" to more dynamic shared memory than the
     * kernel may use (48 KiB unless raised with cudaFuncSetAttribute), static included. */
    size_t limit = k.max_dyn_shared > RT_SHARED_PER_BLOCK ? RT_SHARED_PER_BLOCK_OPTIN : RT_SHARED_PER_BLOCK;
    if (shmem > k.max_dyn_shared || k.static_shared + shmem > limit)
        return cudaErrorInvalidValue;
    if (cooperative) {
        /* every block at once: no more than the occupancy calculator says the device holds */
        int per_sm = 0;
        uint64_t threads = (uint64_t)block.x * block.y * block.z;
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func, (int)threads, shmem) != cudaSuccess)
            return cudaErrorInvalidDeviceFunction;
        if ((uint64_t)grid.x * grid.y * grid.z > (uint64_t)per_sm * (uint64_t)rt_num_workers())
            return cudaErrorCooperativeLaunchTooLarge;
    }
    if (check_only)
        return cudaSuccess;

    /* The launch returns before its blocks run, so it takes a copy of the arguments (each
     * 16-aligned, after the pointer array the block function reads). */
    int copy = k.nargs == 0 || k.arg_sizes;
    size_t bytes = (size_t)(copy ? k.nargs : 0) * sizeof(void *);
    for (int i = 0; copy && i < k.nargs; i++)
        bytes = ((bytes + 15) & ~(size_t)15) + k.arg_sizes[i];
    rt_op *op = rt_op_new(RT_OP_KERNEL, bytes);
    if (!op)
        return cudaErrorMemoryAllocation;
    rt_job *job = &op->u.job;
    job->fn = k.fn;
    job->stub = func;
    job->name = k.name;
    job->args = args;
    if (copy && k.nargs) {
        void **argv = op->extra;
        size_t at = (size_t)k.nargs * sizeof(void *);
        for (int i = 0; i < k.nargs; i++) {
            at = (at + 15) & ~(size_t)15;
            argv[i] = (char *)op->extra + at;
            memcpy(argv[i], args[i], k.arg_sizes[i]);
            at += k.arg_sizes[i];
        }
        job->args = argv;
    }
    job->grid = grid;
    job->block = block;
    job->shmem = shmem;
    job->cooperative = cooperative;
    job->multi = multi;
    job->multi_rank = rank;
    job->nargs = k.nargs;
    job->args_borrowed = !copy && k.nargs > 0;
    rt_dep placed;
    cudaError_t e = rt_submit_at(stream, op, NULL, 0, &placed);
    if (e == cudaSuccess && !copy)
        rt_wait_dep(&placed);   /* the arguments are used in place */
    return e;
}

static cudaError_t rt_launch(const void *func, dim3 grid, dim3 block, void **args, size_t shmem,
                             cudaStream_t stream, int cooperative)
{
    return rt_launch_in(func, grid, block, args, shmem, stream, cooperative, NULL, 0, 0);
}

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem, cudaStream_t stream)
{
    return rt_error(rt_launch(func, gridDim, blockDim, args, sharedMem, stream, 0));
}

cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream)
{
    return rt_error(rt_launch(func, gridDim, blockDim, args, sharedMem, stream, 1));
}

/* Every stream of the list waits for the work queued so far on all the others (events). */
static cudaError_t rt_streams_meet(const struct cudaLaunchParams *l, unsigned n)
{
    cudaEvent_t ev[RT_MAX_DEVICES];
    unsigned made = 0;
    cudaError_t e = cudaSuccess;
    for (; made < n && e == cudaSuccess; made++) {
        if ((e = cudaEventCreateWithFlags(&ev[made], cudaEventDisableTiming)) != cudaSuccess)
            break;
        e = cudaEventRecord(ev[made], l[made].stream);
    }
    for (unsigned i = 0; i < n && e == cudaSuccess; i++)
        for (unsigned j = 0; j < n && e == cudaSuccess; j++)
            if (i != j)
                e = cudaStreamWaitEvent(l[i].stream, ev[j], 0);
    for (unsigned i = 0; i < made; i++)
        cudaEventDestroy(ev[i]);
    return e;
}

/* CUDA 12's deprecated multi-device launch (gone from CUDA 13): one grid per device, the same
 * kernel and shape on each, their blocks all at once so that multi_grid_group::sync() can
 * wait for all of them (cooperative.c). Unless flags say otherwise, each kernel waits for
 * the work queued on every listed stream before it, and work queued after it on any of them
 * waits for every kernel. */
cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList, unsigned int numDevices,
                                                   unsigned int flags)
{
    struct cudaLaunchParams *l = launchParamsList;
    if (!l || numDevices == 0 || (flags & ~(unsigned)(cudaCooperativeLaunchMultiDeviceNoPreSync |
                                                     cudaCooperativeLaunchMultiDeviceNoPostSync)))
        return rt_error(cudaErrorInvalidValue);
    if (numDevices > (unsigned)rt_device_count())
        return rt_error(cudaErrorInvalidDevice);
    int used[RT_MAX_DEVICES] = {0};
    for (unsigned i = 0; i < numDevices; i++) {
        /* streams the program created: the default streams name no device of their own */
        if (l[i].stream == NULL || l[i].stream == cudaStreamLegacy || l[i].stream == cudaStreamPerThread ||
            !rt_valid_stream(l[i].stream))
            return rt_error(cudaErrorInvalidResourceHandle);
        if (rt_capturing(l[i].stream))
            return rt_error(cudaErrorStreamCaptureUnsupported);
        int d = l[i].stream->device;
        if (used[d]++)
            return rt_error(cudaErrorInvalidDevice);   /* two kernels on one device */
        if (l[i].func != l[0].func || l[i].gridDim.x != l[0].gridDim.x || l[i].gridDim.y != l[0].gridDim.y ||
            l[i].gridDim.z != l[0].gridDim.z || l[i].blockDim.x != l[0].blockDim.x ||
            l[i].blockDim.y != l[0].blockDim.y || l[i].blockDim.z != l[0].blockDim.z ||
            l[i].sharedMem != l[0].sharedMem)
            return rt_error(cudaErrorInvalidValue);
        cudaError_t e = rt_launch_in(l[i].func, l[i].gridDim, l[i].blockDim, l[i].args, l[i].sharedMem,
                                     l[i].stream, 1, NULL, 0, 1);
        if (e != cudaSuccess)
            return rt_error(e);
    }
    uint64_t nblocks = (uint64_t)l[0].gridDim.x * l[0].gridDim.y * l[0].gridDim.z;
    struct rt_multi *m = rt_multi_new(numDevices, nblocks);
    if (!m)
        return rt_error(cudaErrorMemoryAllocation);
    cudaError_t e = cudaSuccess;
    if (!(flags & cudaCooperativeLaunchMultiDeviceNoPreSync))
        e = rt_streams_meet(l, numDevices);
    unsigned launched = 0;   /* grids queued */
    while (e == cudaSuccess && launched < numDevices) {
        const struct cudaLaunchParams *p = &l[launched];
        e = rt_launch_in(p->func, p->gridDim, p->blockDim, p->args, p->sharedMem, p->stream, 1, m, launched, 0);
        launched += e == cudaSuccess;
    }
    if (e != cudaSuccess) {
        rt_multi_abandon(m, numDevices - launched);
        return rt_error(e);
    }
    if (!(flags & cudaCooperativeLaunchMultiDeviceNoPostSync))
        e = rt_streams_meet(l, numDevices);
    return rt_error(e);
}

/* cudaLaunchKernelEx: attributes that only steer a GPU's caches, scheduling or priorities are
 * accepted; cooperative launches run as such; clusters of one block are plain launches, larger
 * ones are not supported; an event asked for when the kernel triggers or completes is
 * recorded when it completes (no earlier trigger exists here, and later is what the event
 * promises at the latest). */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)
{
    if (!config || (config->numAttrs && !config->attrs))
        return rt_error(cudaErrorInvalidValue);
    int cooperative = 0;
    cudaEvent_t events[2] = { NULL, NULL };
    for (unsigned i = 0; i < config->numAttrs; i++) {
        const cudaLaunchAttribute *a = &config->attrs[i];
        switch (a->id) {
        case cudaLaunchAttributeIgnore:
        case cudaLaunchAttributeAccessPolicyWindow:
        case cudaLaunchAttributeSynchronizationPolicy:
        case cudaLaunchAttributeClusterSchedulingPolicyPreference:
        case cudaLaunchAttributeProgrammaticStreamSerialization:
        case cudaLaunchAttributePriority:
        case cudaLaunchAttributeMemSyncDomainMap:
        case cudaLaunchAttributeMemSyncDomain:
        case cudaLaunchAttributePreferredClusterDimension:
        case cudaLaunchAttributePreferredSharedMemoryCarveout:
            break;
        case cudaLaunchAttributeCooperative:
            cooperative = a->val.cooperative != 0;
            break;
        case cudaLaunchAttributeClusterDimension:
            if ((unsigned long long)a->val.clusterDim.x * a->val.clusterDim.y * a->val.clusterDim.z != 1)
                return rt_error(cudaErrorNotSupported);   /* thread block clusters */
            break;
        case cudaLaunchAttributeProgrammaticEvent:
            events[0] = a->val.programmaticEvent.event;
            break;
        case cudaLaunchAttributeLaunchCompletionEvent:
            events[1] = a->val.launchCompletionEvent.event;
            break;
        case cudaLaunchAttributeDeviceUpdatableKernelNode:
            return rt_error(cudaErrorNotSupported);
        default:
            return rt_error(cudaErrorInvalidValue);
        }
    }
    cudaError_t e = rt_launch(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes,
                              config->stream, cooperative);
    for (int i = 0; e == cudaSuccess && i < 2; i++)
        if (events[i])
            e = cudaEventRecord(events[i], config->stream);
    return rt_error(e);
}

/* The configurations pushed by `<<<...>>>` and not yet popped by a stub, per host thread. A
 * stack because a launch's arguments may contain launches; deeper than RT_CONFIG_DEPTH is
 * counted but not stored, and those launches fail rather than run with a wrong shape. */
#define RT_CONFIG_DEPTH 16
typedef struct {
    dim3 grid, block;
    size_t shmem;
    cudaStream_t stream;
} rt_config;

static _Thread_local rt_config rt_configs[RT_CONFIG_DEPTH];
static _Thread_local unsigned rt_config_depth;

int cu2c_push_call_configuration(dim3 grid, dim3 block, size_t shmem, cudaStream_t stream)
{
    rt_driver_initialised();
    if (rt_config_depth < RT_CONFIG_DEPTH) {
        rt_config c = { grid, block, shmem, stream };
        rt_configs[rt_config_depth] = c;
    }
    rt_config_depth++;
    return 0;
}

void cu2c_launch_stub(const void *stub, void **args)
{
    if (rt_config_depth == 0) {
        rt_error(cudaErrorMissingConfiguration);
        return;
    }
    unsigned d = --rt_config_depth;
    if (d >= RT_CONFIG_DEPTH) {
        rt_error(cudaErrorLaunchOutOfResources);
        return;
    }
    rt_config c = rt_configs[d];
    rt_error(rt_launch(stub, c.grid, c.block, args, c.shmem, c.stream, 0));
}

/* ---- Kernel attributes ------------------------------------------------------------------------ */

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
    cudaError_t e = cudaSuccess;
    pthread_mutex_lock(&rt_kernels_lock);
    rt_kernel *k = func && rt_kernels_cap ? *rt_kernel_find(func) : NULL;
    if (!k)
        e = cudaErrorInvalidDeviceFunction;
    else if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
        if (value < 0 || (size_t)value > RT_SHARED_PER_BLOCK_OPTIN)
            e = cudaErrorInvalidValue;
        else
            k->max_dyn_shared = (size_t)value;
    } else if (attr == cudaFuncAttributePreferredSharedMemoryCarveout) {
        if (value < -1 || value > 100)
            e = cudaErrorInvalidValue;
        else
            k->carveout = value;
    } else if ((int)attr < 0 || attr >= cudaFuncAttributeMax) {
        e = cudaErrorInvalidValue;
    }
    /* Cluster attributes are accepted: cu2c has no clusters to shape. */
    pthread_mutex_unlock(&rt_kernels_lock);
    return rt_error(e);
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
    if (!attr)
        return rt_error(cudaErrorInvalidValue);
    rt_kernel_info k;
    if (!rt_kernel_get(func, &k))
        return rt_error(cudaErrorInvalidDeviceFunction);
    memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = k.static_shared;
    attr->maxThreadsPerBlock = RT_MAX_THREADS_PER_BLOCK;
    attr->numRegs = 32;
    attr->ptxVersion = 80;
    attr->binaryVersion = 80;
    attr->maxDynamicSharedSizeBytes = (int)k.max_dyn_shared;
    attr->preferredShmemCarveout = cudaSharedmemCarveoutDefault;
    return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache cacheConfig)
{
    rt_kernel_info k;
    if (!rt_kernel_get(func, &k))
        return rt_error(cudaErrorInvalidDeviceFunction);
    if ((unsigned)cacheConfig > cudaFuncCachePreferEqual)
        return rt_error(cudaErrorInvalidValue);
    return cudaSuccess;  /* a CPU's caches are not partitioned */
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)
{
    rt_kernel_info k;
    if (!rt_kernel_get(func, &k))
        return rt_error(cudaErrorInvalidDeviceFunction);
    if ((unsigned)config > cudaSharedMemBankSizeEightByte)
        return rt_error(cudaErrorInvalidValue);
    return cudaSuccess;
}

/* ---- Occupancy ---------------------------------------------------------------------------------
 * What a compute-capability-8.0 multiprocessor would hold: 2048 threads, 32 blocks and
 * 164 KiB of shared memory. Programs use it to size grids; a worker runs one block at a
 * time whatever the answer. */

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
                                                                   const void *func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int flags)
{
    if (!numBlocks || blockSize <= 0 || flags > cudaOccupancyDisableCachingOverride)
        return rt_error(cudaErrorInvalidValue);
    rt_kernel_info k;
    if (!rt_kernel_get(func, &k))
        return rt_error(cudaErrorInvalidDeviceFunction);
    int n = 0;
    size_t per_block = k.static_shared + dynamicSMemSize;
    if (blockSize <= RT_MAX_THREADS_PER_BLOCK && dynamicSMemSize <= k.max_dyn_shared) {
        n = 2048 / blockSize;
        if (n > 32)
            n = 32;
        if (per_block && (size_t)n > RT_SHARED_PER_SM / per_block)
            n = (int)(RT_SHARED_PER_SM / per_block);
    }
    *numBlocks = n;
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize,
                                                          size_t dynamicSMemSize)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize,
                                                                  dynamicSMemSize,
                                                                  cudaOccupancyDefault);
}
