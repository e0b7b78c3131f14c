/* runtime/device.c - device, thread and version management: the one device cu2c offers is the
 * machine's CPU, described with the limits of a compute-capability-8.0 GPU.
 *
 * The properties are computed once (pthread_once) from the CPU and the worker count, so
 * cudaGetDeviceProperties and cudaDeviceGetAttribute always agree. */
#include <ctype.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

/* ---- Facts about the machine ------------------------------------------------------------- */

size_t rt_total_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return (size_t)4 << 30;
    return (size_t)pages * (size_t)page;
}

/* Each device's share of it: devices share the machine as they share its cores. */
size_t rt_device_memory(void)
{
    int n = rt_device_count();
    return rt_total_memory() / (size_t)(n > 1 ? n : 1);
}

/* The value of a "key : value" line of /proc/cpuinfo, trimmed; false if there is none. */
static int rt_cpuinfo(const char *key, char *out, size_t outsz)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return 0;
    char line[512];
    size_t klen = strlen(key);
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        if (strncmp(line, key, klen) != 0 || (line[klen] != ' ' && line[klen] != '\t' &&
                                               line[klen] != ':'))
            continue;
        char *v = strchr(line, ':');
        if (!v)
            continue;
        v++;
        while (isspace((unsigned char)*v))
            v++;
        size_t n = strlen(v);
        while (n > 0 && isspace((unsigned char)v[n - 1]))
            v[--n] = '\0';
        snprintf(out, outsz, "%s", v);
        found = 1;
    }
    fclose(f);
    return found;
}

/* CPU clock in kHz: the cpufreq maximum if the kernel exposes it, else cpuinfo's MHz. */
static int rt_clock_khz(void)
{
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
    if (f) {
        long khz = 0;
        int ok = fscanf(f, "%ld", &khz) == 1;
        fclose(f);
        if (ok && khz > 0 && khz < 100000000)
            return (int)khz;
    }
    char mhz[64];
    if (rt_cpuinfo("cpu MHz", mhz, sizeof mhz)) {
        double v = atof(mhz);
        if (v > 0 && v < 100000)
            return (int)(v * 1000);
    }
    return 2000000;
}

/* ---- Properties ---------------------------------------------------------------------------- */

static pthread_once_t rt_props_once = PTHREAD_ONCE_INIT;
static struct cudaDeviceProp rt_props;   /* what every device shares */

static void rt_init_props(void)
{
    struct cudaDeviceProp *p = &rt_props;
    memset(p, 0, sizeof *p);

    char model[200];
    if (!rt_cpuinfo("model name", model, sizeof model) &&     /* x86 */
        !rt_cpuinfo("Model", model, sizeof model) &&          /* arm boards */
        !rt_cpuinfo("cpu", model, sizeof model))              /* powerpc */
        snprintf(model, sizeof model, "unknown processor");
    snprintf(p->name, sizeof p->name, "cu2c CPU: %s", model);

    p->totalGlobalMem = rt_device_memory();
    p->sharedMemPerBlock = RT_SHARED_PER_BLOCK;
    p->regsPerBlock = 65536;
    p->warpSize = 32;
    p->memPitch = 2147483647;
    p->maxThreadsPerBlock = RT_MAX_THREADS_PER_BLOCK;
    p->maxThreadsDim[0] = RT_MAX_BLOCK_X;
    p->maxThreadsDim[1] = RT_MAX_BLOCK_Y;
    p->maxThreadsDim[2] = RT_MAX_BLOCK_Z;
    p->maxGridSize[0] = (int)RT_MAX_GRID_X;
    p->maxGridSize[1] = (int)RT_MAX_GRID_YZ;
    p->maxGridSize[2] = (int)RT_MAX_GRID_YZ;
    p->clockRate = rt_clock_khz();
    p->totalConstMem = 65536;
    p->major = 8;
    p->minor = 0;
    p->textureAlignment = 512;
    p->texturePitchAlignment = 32;
    /* Copies and kernels may overlap as far as programs can tell; samples refuse to run
     * without it. */
    p->deviceOverlap = 1;
    p->asyncEngineCount = 1;
    p->multiProcessorCount = rt_num_workers();
    p->integrated = 1;            /* the "device" uses the host's memory */
    p->canMapHostMemory = 1;
    p->computeMode = cudaComputeModeDefault;
    p->maxTexture1D = 131072;
    p->maxTexture1DMipmap = 32768;
    p->maxTexture2D[0] = 131072;
    p->maxTexture2D[1] = 65536;
    p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
    p->maxSurface1D = 32768;
    p->maxSurface2D[0] = 131072;
    p->maxSurface2D[1] = 65536;
    p->surfaceAlignment = 512;
    p->concurrentKernels = 1;
    p->cooperativeLaunch = 1;
    p->cooperativeMultiDeviceLaunch = 1;   /* CUDA 12's cudaLaunchCooperativeKernelMultiDevice */
    p->unifiedAddressing = 1;
    p->memoryClockRate = 1600000;
    p->memoryBusWidth = 64;
    long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    p->l2CacheSize = l2 > 0 && l2 < 0x7fffffff ? (int)l2 : 1 << 20;
    /* Access-policy windows and the persisting-L2 limit are accepted (as hints, which they
     * are), so the device says it has them, in an A100's proportions. */
    p->persistingL2CacheMaxSize = p->l2CacheSize / 4 * 3;
    p->accessPolicyMaxWindowSize = 128 << 20;
    p->maxThreadsPerMultiProcessor = 2048;
    p->globalL1CacheSupported = 1;
    p->localL1CacheSupported = 1;
    p->sharedMemPerMultiprocessor = RT_SHARED_PER_SM;
    p->regsPerMultiprocessor = 65536;
    p->managedMemory = 1;
    p->hostNativeAtomicSupported = 1;
    p->singleToDoublePrecisionPerfRatio = 2;
    p->pageableMemoryAccess = 1;  /* kernels may use malloc'd memory directly */
    p->concurrentManagedAccess = 1;
    p->canUseHostPointerForRegisteredMem = 1;
    p->sharedMemPerBlockOptin = RT_SHARED_PER_BLOCK_OPTIN;
    p->pageableMemoryAccessUsesHostPageTables = 1;
    p->directManagedMemAccessFromHost = 1;
    p->maxBlocksPerMultiProcessor = 32;
    p->hostRegisterSupported = 1;
    p->memoryPoolsSupported = 1;
}

/* What every device shares: all but its identity. */
static const struct cudaDeviceProp *rt_device_props(void)
{
    pthread_once(&rt_props_once, rt_init_props);
    return &rt_props;
}

/* Physical device i's properties: the shared ones, its UUID and its PCI bus (its index, which
 * cudaDeviceGetAttribute answers too). */
void rt_physical_props(int i, struct cudaDeviceProp *p)
{
    *p = *rt_device_props();
    rt_device_uuid(i, (unsigned char *)p->uuid.bytes);
    p->pciBusID = i;
}

/* ---- The device's cycle counter ----------------------------------------------------------- */

/* clock64() in device code (cu2c/device.h): cycles of a clock running at the clockRate the
 * properties report, so that code spinning clockRate * ms cycles (the samples' clock_block)
 * waits ms milliseconds. CLOCK_MONOTONIC (a vDSO read, cheap in a spin loop) scaled exactly:
 * floor(ns * kHz / 1e6), counted from the first use so that clock()'s 32 bits start low. */
static pthread_once_t rt_clock_once = PTHREAD_ONCE_INIT;
static long long rt_clock_rate_khz;
static struct timespec rt_clock_base;

static void rt_init_clock(void)
{
    rt_clock_rate_khz = rt_device_props()->clockRate;
    clock_gettime(CLOCK_MONOTONIC, &rt_clock_base);
}

static long long rt_clock_ns(void)
{
    pthread_once(&rt_clock_once, rt_init_clock);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)(ts.tv_sec - rt_clock_base.tv_sec) * 1000000000LL + (ts.tv_nsec - rt_clock_base.tv_nsec);
}

/* A block begins: no thread of it runs yet, nor spins (the runtime, before each block). */
void rt_clock_block(void)
{
    rt_spin_block_begins();
    cu2c_tls.clk_scale = 0;
    cu2c_tls.clk_last = -1;
}

/* The longest real time between two reads of one thread that its clock counts scaled: a
 * spin loop reads far more often; a longer gap is the thread's own work or the system
 * running something else, which the other threads would not have shortened on a GPU. */
#define RT_CLOCK_SCALED_GAP_NS 50000

/* The device's time in ns. In a kernel reading it, a thread's turn in a thread loop is
 * marked (CU2C_CLOCK_THREAD, kernel.h): the loop's clock starts at its first read, where
 * the worker's clock is (never behind a value read before); each thread starts at that
 * clock at its own first read and sees its time pass n times as fast (n: the block's
 * threads), as if they ran at once, over gaps between its reads up to
 * RT_CLOCK_SCALED_GAP_NS, and at the real rate past that (a thread preempted for a few
 * milliseconds does not see seconds pass: clock()'s 32 bits would wrap). A thread's reads
 * only grow; a kernel spinning on clock() in every thread waits its time once per block,
 * not once per thread. Elsewhere: the real time. */
static long long rt_device_ns(void)
{
    long long now = rt_clock_ns();
    long long fiber;
    if (rt_fiber_clock(now, rt_clock_ns, &fiber))
        return fiber;
    if (cu2c_tls.clk_scale <= 0)
        return now;
    if (cu2c_tls.clk_fresh) {
        if (cu2c_tls.clk_new_loop)
            cu2c_tls.clk_v0 = now > cu2c_tls.clk_max ? now : cu2c_tls.clk_max;
        cu2c_tls.clk_new_loop = 0;
        cu2c_tls.clk_fresh = 0;
        cu2c_tls.clk_ns = cu2c_tls.clk_v0;
        cu2c_tls.clk_t0 = now;
    }
    long long gap = now - cu2c_tls.clk_t0;
    long long scaled = gap < RT_CLOCK_SCALED_GAP_NS ? gap : RT_CLOCK_SCALED_GAP_NS;
    cu2c_tls.clk_ns += cu2c_tls.clk_scale * scaled + (gap - scaled);
    cu2c_tls.clk_t0 = now;
    if (cu2c_tls.clk_ns > cu2c_tls.clk_max)
        cu2c_tls.clk_max = cu2c_tls.clk_ns;
    return cu2c_tls.clk_ns;
}

long long cu2c_clock64(void)
{
    long long ns = rt_device_ns();
    /* whole milliseconds and the rest apart: ns * kHz would overflow after an hour */
    return ns / 1000000 * rt_clock_rate_khz + ns % 1000000 * rt_clock_rate_khz / 1000000;
}

/* %globaltimer in inline PTX (cu2c/device.h): nanoseconds on the same clock, from the same
 * start, as clock64()'s cycles. */
long long cu2c_globaltimer(void)
{
    return rt_device_ns();
}

/* %smid in inline PTX: the worker running the block (each worker is one multiprocessor of
 * the properties), 0 for a block run elsewhere (a host thread helping a launch). */
int cu2c_smid(void)
{
    rt_worker *w = rt_current_worker();
    int n = rt_device_props()->multiProcessorCount;
    return w && w->id >= 0 && w->id < n ? w->id : 0;
}

/* Blocks the device runs at once by its properties (multiProcessorCount x
 * maxBlocksPerMultiProcessor, what the occupancy calculator offers): the most spin helpers
 * and workers run together (spin_helpers.c). */
int rt_resident_blocks(void)
{
    const struct cudaDeviceProp *p = rt_device_props();
    return p->multiProcessorCount * p->maxBlocksPerMultiProcessor;
}

/* %nsmid: how many there are */
int cu2c_nsmid(void)
{
    return rt_device_props()->multiProcessorCount;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
    rt_driver_initialised();
    if (!prop)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_device(device))
        return rt_error(cudaErrorInvalidDevice);
    rt_physical_props(rt_device_physical(device), prop);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
    if (!value)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_device(device))
        return rt_error(cudaErrorInvalidDevice);
    /* the properties every device shares: only the PCI bus is the device's own here */
    const struct cudaDeviceProp *p = rt_device_props();
    int v;
    switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: v = p->maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: v = p->maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: v = p->maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: v = p->maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: v = p->maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: v = p->maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: v = p->maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: v = (int)p->sharedMemPerBlock; break;
    case cudaDevAttrTotalConstantMemory: v = (int)p->totalConstMem; break;
    case cudaDevAttrWarpSize: v = p->warpSize; break;
    case cudaDevAttrMaxPitch: v = (int)p->memPitch; break;
    case cudaDevAttrMaxRegistersPerBlock: v = p->regsPerBlock; break;
    case cudaDevAttrClockRate: v = p->clockRate; break;
    case cudaDevAttrTextureAlignment: v = (int)p->textureAlignment; break;
    case cudaDevAttrGpuOverlap: v = p->deviceOverlap; break;
    case cudaDevAttrMultiProcessorCount: v = p->multiProcessorCount; break;
    case cudaDevAttrKernelExecTimeout: v = p->kernelExecTimeoutEnabled; break;
    case cudaDevAttrIntegrated: v = p->integrated; break;
    case cudaDevAttrCanMapHostMemory: v = p->canMapHostMemory; break;
    case cudaDevAttrComputeMode: v = p->computeMode; break;
    case cudaDevAttrMaxTexture1DWidth: v = p->maxTexture1D; break;
    case cudaDevAttrMaxTexture2DWidth: v = p->maxTexture2D[0]; break;
    case cudaDevAttrMaxTexture2DHeight: v = p->maxTexture2D[1]; break;
    case cudaDevAttrMaxTexture3DWidth: v = p->maxTexture3D[0]; break;
    case cudaDevAttrMaxTexture3DHeight: v = p->maxTexture3D[1]; break;
    case cudaDevAttrMaxTexture3DDepth: v = p->maxTexture3D[2]; break;
    case cudaDevAttrSurfaceAlignment: v = (int)p->surfaceAlignment; break;
    case cudaDevAttrConcurrentKernels: v = p->concurrentKernels; break;
    case cudaDevAttrEccEnabled: v = p->ECCEnabled; break;
    case cudaDevAttrPciBusId: v = rt_device_physical(device); break;
    case cudaDevAttrPciDeviceId: v = p->pciDeviceID; break;
    case cudaDevAttrTccDriver: v = p->tccDriver; break;
    case cudaDevAttrMemoryClockRate: v = p->memoryClockRate; break;
    case cudaDevAttrGlobalMemoryBusWidth: v = p->memoryBusWidth; break;
    case cudaDevAttrL2CacheSize: v = p->l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: v = p->maxThreadsPerMultiProcessor; break;
    case cudaDevAttrAsyncEngineCount: v = p->asyncEngineCount; break;
    case cudaDevAttrUnifiedAddressing: v = p->unifiedAddressing; break;
    case cudaDevAttrPciDomainId: v = p->pciDomainID; break;
    case cudaDevAttrTexturePitchAlignment: v = (int)p->texturePitchAlignment; break;
    case cudaDevAttrMaxSurface1DWidth: v = p->maxSurface1D; break;
    case cudaDevAttrMaxSurface2DWidth: v = p->maxSurface2D[0]; break;
    case cudaDevAttrMaxSurface2DHeight: v = p->maxSurface2D[1]; break;
    case cudaDevAttrComputeCapabilityMajor: v = p->major; break;
    case cudaDevAttrComputeCapabilityMinor: v = p->minor; break;
    case cudaDevAttrMaxTexture1DMipmappedWidth: v = p->maxTexture1DMipmap; break;
    case cudaDevAttrStreamPrioritiesSupported: v = p->streamPrioritiesSupported; break;
    case cudaDevAttrGlobalL1CacheSupported: v = p->globalL1CacheSupported; break;
    case cudaDevAttrLocalL1CacheSupported: v = p->localL1CacheSupported; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: v = (int)p->sharedMemPerMultiprocessor; break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: v = p->regsPerMultiprocessor; break;
    case cudaDevAttrManagedMemory: v = p->managedMemory; break;
    case cudaDevAttrIsMultiGpuBoard: v = p->isMultiGpuBoard; break;
    case cudaDevAttrMultiGpuBoardGroupID: v = p->multiGpuBoardGroupID; break;
    case cudaDevAttrHostNativeAtomicSupported: v = p->hostNativeAtomicSupported; break;
    case cudaDevAttrSingleToDoublePrecisionPerfRatio: v = p->singleToDoublePrecisionPerfRatio; break;
    case cudaDevAttrPageableMemoryAccess: v = p->pageableMemoryAccess; break;
    case cudaDevAttrConcurrentManagedAccess: v = p->concurrentManagedAccess; break;
    case cudaDevAttrComputePreemptionSupported: v = p->computePreemptionSupported; break;
    case cudaDevAttrCanUseHostPointerForRegisteredMem: v = p->canUseHostPointerForRegisteredMem; break;
    case cudaDevAttrCooperativeLaunch: v = p->cooperativeLaunch; break;
    case cudaDevAttrCooperativeMultiDeviceLaunch: v = p->cooperativeMultiDeviceLaunch; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: v = (int)p->sharedMemPerBlockOptin; break;
    case cudaDevAttrPageableMemoryAccessUsesHostPageTables:
        v = p->pageableMemoryAccessUsesHostPageTables; break;
    case cudaDevAttrDirectManagedMemAccessFromHost: v = p->directManagedMemAccessFromHost; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: v = p->maxBlocksPerMultiProcessor; break;
    case cudaDevAttrMaxPersistingL2CacheSize: v = p->persistingL2CacheMaxSize; break;
    case cudaDevAttrMaxAccessPolicyWindowSize: v = p->accessPolicyMaxWindowSize; break;
    case cudaDevAttrReservedSharedMemoryPerBlock: v = (int)p->reservedSharedMemPerBlock; break;
    case cudaDevAttrHostRegisterSupported: v = p->hostRegisterSupported; break;
    case cudaDevAttrSparseCudaArraySupported: v = p->sparseCudaArraySupported; break;
    case cudaDevAttrHostRegisterReadOnlySupported: v = p->hostRegisterReadOnlySupported; break;
    case cudaDevAttrMemoryPoolsSupported: v = p->memoryPoolsSupported; break;
    case cudaDevAttrClusterLaunch: v = p->clusterLaunch; break;
    default:
        /* Attributes of features cu2c lacks (textures of other shapes, interop...) read 0;
         * values outside the enum are rejected as CUDA does. */
        if ((int)attr <= 0 || attr >= cudaDevAttrMax)
            return rt_error(cudaErrorInvalidValue);
        v = 0;
        break;
    }
    *value = v;
    return cudaSuccess;
}

/* ---- Flags (which device: devices.c) ------------------------------------------------------- */

static atomic_uint rt_device_flags = 0;

cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
    /* At most one scheduling mode; nothing outside cudaDeviceMask. */
    unsigned sched = flags & cudaDeviceScheduleMask;
    if ((flags & ~(unsigned)cudaDeviceMask) || (sched & (sched - 1)))
        return rt_error(cudaErrorInvalidValue);
    atomic_store(&rt_device_flags, flags);
    return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags)
{
    if (!flags)
        return rt_error(cudaErrorInvalidValue);
    /* Host memory is always mappable: CUDA reports the flag set on such devices. */
    *flags = atomic_load(&rt_device_flags) | cudaDeviceMapHost;
    return cudaSuccess;
}

/* ---- Device-wide state --------------------------------------------------------------------- */

cudaError_t cudaDeviceSynchronize(void)
{
    rt_driver_initialised();
    return rt_error(rt_sync_device(rt_current_device()));
}

cudaError_t cudaDeviceReset(void)
{
    if (rt_on_worker())
        return rt_error(cudaErrorNotPermitted);
    int d = rt_current_device();
    rt_sync_device(d);
    rt_free_device_allocations(d);
    rt_peer_reset(d);
    atomic_store(&rt_device_flags, 0);
    rt_clear_error();
    return cudaSuccess;
}

cudaError_t cudaThreadExit(void)
{
    return cudaDeviceReset();
}

cudaError_t cudaThreadSynchronize(void)
{
    return cudaDeviceSynchronize();
}

/* Limits are remembered for cudaDeviceGetLimit; none constrains a CPU thread. */
static size_t rt_limits[] = {
    [cudaLimitStackSize] = 1024,
    [cudaLimitPrintfFifoSize] = 1 << 20,
    [cudaLimitMallocHeapSize] = 8 << 20,
    [cudaLimitDevRuntimeSyncDepth] = 2,
    [cudaLimitDevRuntimePendingLaunchCount] = 2048,
    [cudaLimitMaxL2FetchGranularity] = 64,
    [cudaLimitPersistingL2CacheSize] = 0,
};
static pthread_mutex_t rt_limits_lock = PTHREAD_MUTEX_INITIALIZER;

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
    if ((unsigned)limit >= sizeof rt_limits / sizeof rt_limits[0])
        return rt_error(cudaErrorUnsupportedLimit);
    pthread_mutex_lock(&rt_limits_lock);
    rt_limits[limit] = value;
    pthread_mutex_unlock(&rt_limits_lock);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit)
{
    if (!pValue)
        return rt_error(cudaErrorInvalidValue);
    if ((unsigned)limit >= sizeof rt_limits / sizeof rt_limits[0])
        return rt_error(cudaErrorUnsupportedLimit);
    pthread_mutex_lock(&rt_limits_lock);
    *pValue = rt_limits[limit];
    pthread_mutex_unlock(&rt_limits_lock);
    return cudaSuccess;
}

/* Lines kept in the L2 as persisting go back to normal: there is no such cache state here. */
cudaError_t cudaCtxResetPersistingL2Cache(void)
{
    return cudaSuccess;
}

static atomic_int rt_cache_config = cudaFuncCachePreferNone;
static atomic_int rt_shmem_config = cudaSharedMemBankSizeFourByte;

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig)
{
    if (!pCacheConfig)
        return rt_error(cudaErrorInvalidValue);
    *pCacheConfig = (enum cudaFuncCache)atomic_load(&rt_cache_config);
    return cudaSuccess;
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig)
{
    if ((unsigned)cacheConfig > cudaFuncCachePreferEqual)
        return rt_error(cudaErrorInvalidValue);
    atomic_store(&rt_cache_config, (int)cacheConfig);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig)
{
    if (!pConfig)
        return rt_error(cudaErrorInvalidValue);
    *pConfig = (enum cudaSharedMemConfig)atomic_load(&rt_shmem_config);
    return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)
{
    if ((unsigned)config > cudaSharedMemBankSizeEightByte)
        return rt_error(cudaErrorInvalidValue);
    atomic_store(&rt_shmem_config, (int)config);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
    /* One priority level: streams are not prioritised. Either pointer may be NULL. */
    if (leastPriority)
        *leastPriority = 0;
    if (greatestPriority)
        *greatestPriority = 0;
    return cudaSuccess;
}

/* ---- Versions -------------------------------------------------------------------------------- */

cudaError_t cudaDriverGetVersion(int *driverVersion)
{
    if (!driverVersion)
        return rt_error(cudaErrorInvalidValue);
    *driverVersion = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion)
{
    if (!runtimeVersion)
        return rt_error(cudaErrorInvalidValue);
    *runtimeVersion = CUDART_VERSION;
    return cudaSuccess;
}
