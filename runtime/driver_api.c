/* runtime/driver_api.c - the CUDA driver API's everyday subset (cuda.h) on the runtime's one
 * device model: initialisation, devices and their attributes, contexts, memory, copies,
 * streams, events and error strings. Each call is the runtime call it stands for, with the
 * driver's error codes and without touching the runtime's last error.
 *
 * Contexts: each device has a primary context (cuDevicePrimaryCtxRetain); cuCtxCreate makes
 * others, which share the device's memory, streams and events as the primary one does (one
 * address space). Each host thread has a stack of current contexts (cuCtxPushCurrent,
 * cuCtxPopCurrent, cuCtxSetCurrent replacing its top). A thread with none uses the primary
 * context, as after the runtime API made it current: CUDA would answer
 * CUDA_ERROR_INVALID_CONTEXT to a thread that only called cuInit. The runtime API's first
 * calls (an allocation, a launch, device queries) initialise the driver, as in CUDA.
 * Not provided: modules and cuLaunchKernel (cuModuleLoad*, cuModuleGetFunction), arrays,
 * textures and surfaces, graphs, virtual memory management (cuMemCreate/Map/AddressReserve),
 * IPC. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "cuda.h"

struct CUctx_st {
    CUdevice device;
    unsigned flags;
    int destroyed;
    int primary;
};

static atomic_int rt_drv_ready;                 /* cuInit, or the runtime API, was called */
static struct CUctx_st rt_primary[RT_MAX_DEVICES];   /* each device's primary context */
static int rt_primary_refs[RT_MAX_DEVICES];

__attribute__((constructor)) static void rt_primary_init(void)
{
    for (int d = 0; d < RT_MAX_DEVICES; d++) {
        rt_primary[d].device = d;
        rt_primary[d].primary = 1;
    }
}
static pthread_mutex_t rt_drv_lock = PTHREAD_MUTEX_INITIALIZER;

#define RT_CTX_DEPTH 32
static __thread CUcontext rt_ctx_stack[RT_CTX_DEPTH];
static __thread int rt_ctx_depth;

/* The runtime's code as the driver's: the runtime-only codes below 100 are invalid values. */
static CUresult rt_drv_code(cudaError_t e)
{
    int c = (int)e;
    if (c > 8 && c < 100 && c != 34 && c != 35 && c != 36 && c != 46)
        return CUDA_ERROR_INVALID_VALUE;
    if (c == cudaErrorInvalidDevicePointer || c == cudaErrorInvalidMemcpyDirection)
        return CUDA_ERROR_INVALID_VALUE;
    return (CUresult)c;
}

/* A runtime call's result for the driver: the runtime's last error is what it was before. */
static CUresult rt_drv_result(cudaError_t e, cudaError_t before)
{
    if (e != cudaSuccess) {
        rt_clear_error();
        if (before != cudaSuccess)
            rt_error(before);
    }
    return rt_drv_code(e);
}

#define RT_DRV(call)                                         \
    do {                                                     \
        cudaError_t before_ = cudaPeekAtLastError();         \
        return rt_drv_result((call), before_);               \
    } while (0)

/* The calling thread's context: its top, else the primary one. */
static CUcontext rt_current(void)
{
    return rt_ctx_depth ? rt_ctx_stack[rt_ctx_depth - 1] : &rt_primary[rt_current_device()];
}

/* The runtime's current device follows the thread's context, as CUDA's does. */
static void rt_follow_context(void)
{
    if (rt_ctx_depth)
        rt_use_device(rt_ctx_stack[rt_ctx_depth - 1]->device);
}

void rt_driver_device_set(int d)
{
    if (rt_ctx_depth)
        rt_ctx_stack[rt_ctx_depth - 1] = &rt_primary[d];
}

/* The checks a call using the device starts with. */
#define RT_DRV_CONTEXT()                                     \
    do {                                                     \
        if (!rt_drv_ready)                                   \
            return CUDA_ERROR_NOT_INITIALIZED;               \
        if (rt_current()->destroyed)                         \
            return CUDA_ERROR_CONTEXT_IS_DESTROYED;          \
    } while (0)

static CUresult rt_drv_device(CUdevice dev)
{
    if (!rt_drv_ready)
        return CUDA_ERROR_NOT_INITIALIZED;
    int n = 0;
    cudaGetDeviceCount(&n);
    return dev >= 0 && dev < n ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

/* The checks a call naming a device starts with. */
#define RT_DRV_DEVICE(dev)                                   \
    do {                                                     \
        CUresult r_ = rt_drv_device(dev);                    \
        if (r_ != CUDA_SUCCESS)                              \
            return r_;                                       \
    } while (0)

/* `return`s a runtime allocation's result, its pointer (the call writes p_) into *out. */
#define RT_DRV_POINTER(out, call)                            \
    do {                                                     \
        void *p_ = NULL;                                     \
        cudaError_t before_ = cudaPeekAtLastError();         \
        CUresult r_ = rt_drv_result((call), before_);        \
        if (r_ == CUDA_SUCCESS)                              \
            *(out) = (CUdeviceptr)(uintptr_t)p_;             \
        return r_;                                           \
    } while (0)

static struct cudaDeviceProp rt_drv_props(CUdevice dev)
{
    struct cudaDeviceProp p;
    cudaGetDeviceProperties(&p, dev);
    return p;
}

/* ---- initialisation, version, devices ------------------------------------------------------ */

CUresult cuInit(unsigned int flags)
{
    if (flags != 0)
        return CUDA_ERROR_INVALID_VALUE;
    rt_driver_initialised();
    return CUDA_SUCCESS;
}

/* The runtime API initialises the driver, as CUDA's does (calls cuInit): a program that
 * allocated or launched through it may call the driver without cuInit of its own. */
void rt_driver_initialised(void)
{
    atomic_store_explicit(&rt_drv_ready, 1, memory_order_relaxed);
}

CUresult cuDriverGetVersion(int *version)
{
    if (!version)
        return CUDA_ERROR_INVALID_VALUE;
    *version = CUDA_VERSION;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count)
{
    if (!rt_drv_ready)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!count)
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV(cudaGetDeviceCount(count));
}

CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
    if (!device)
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV_DEVICE(ordinal);
    *device = ordinal;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    if (!name || len <= 0)
        return CUDA_ERROR_INVALID_VALUE;
    snprintf(name, (size_t)len, "%s", rt_drv_props(dev).name);
    return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    if (!bytes)
        return CUDA_ERROR_INVALID_VALUE;
    *bytes = rt_drv_props(dev).totalGlobalMem;
    return CUDA_SUCCESS;
}

/* CUdevice_attribute's values are cudaDeviceAttr's, as in CUDA. */
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attrib, CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    if (!value)
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV(cudaDeviceGetAttribute(value, (enum cudaDeviceAttr)attrib, dev));
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    if (!major || !minor)
        return CUDA_ERROR_INVALID_VALUE;
    struct cudaDeviceProp p = rt_drv_props(dev);
    *major = p.major;
    *minor = p.minor;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetPCIBusId(char *bus, int len, CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    RT_DRV(cudaDeviceGetPCIBusId(bus, len, dev));
}

/* ---- contexts ------------------------------------------------------------------------------- */

CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    if (!ctx)
        return CUDA_ERROR_INVALID_VALUE;
    pthread_mutex_lock(&rt_drv_lock);
    rt_primary_refs[dev]++;
    rt_primary[dev].destroyed = 0;
    pthread_mutex_unlock(&rt_drv_lock);
    *ctx = &rt_primary[dev];
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    pthread_mutex_lock(&rt_drv_lock);
    int ok = rt_primary_refs[dev] > 0;
    rt_primary_refs[dev] -= ok;
    pthread_mutex_unlock(&rt_drv_lock);
    return ok ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

CUresult cuDevicePrimaryCtxReset_v2(CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    int was = rt_current_device();
    rt_use_device(dev);
    cudaError_t before = cudaPeekAtLastError(), e = cudaDeviceReset();
    rt_use_device(was);
    return rt_drv_result(e, before);
}

CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active)
{
    RT_DRV_DEVICE(dev);
    if (!flags || !active)
        return CUDA_ERROR_INVALID_VALUE;
    *flags = rt_primary[dev].flags;
    *active = rt_primary_refs[dev] > 0;
    return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice dev, unsigned int flags)
{
    RT_DRV_DEVICE(dev);
    rt_primary[dev].flags = flags;
    return CUDA_SUCCESS;
}

CUresult cuCtxCreate_v2(CUcontext *ctx, unsigned int flags, CUdevice dev)
{
    RT_DRV_DEVICE(dev);
    if (!ctx)
        return CUDA_ERROR_INVALID_VALUE;
    if (rt_ctx_depth == RT_CTX_DEPTH)
        return CUDA_ERROR_OUT_OF_MEMORY;
    CUcontext c = calloc(1, sizeof *c);
    if (!c)
        return CUDA_ERROR_OUT_OF_MEMORY;
    c->device = dev;
    c->flags = flags;
    rt_ctx_stack[rt_ctx_depth++] = c;
    *ctx = c;
    rt_follow_context();
    return CUDA_SUCCESS;
}

/* A destroyed context stays allocated, marked: later uses of the handle are errors. */
CUresult cuCtxDestroy_v2(CUcontext ctx)
{
    if (!rt_drv_ready)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!ctx || ctx->destroyed || ctx->primary)
        return CUDA_ERROR_INVALID_CONTEXT;
    cudaDeviceSynchronize();
    ctx->destroyed = 1;
    for (int i = 0; i < rt_ctx_depth; i++)
        if (rt_ctx_stack[i] == ctx) {
            memmove(rt_ctx_stack + i, rt_ctx_stack + i + 1, (size_t)(rt_ctx_depth - i - 1) * sizeof ctx);
            rt_ctx_depth--;
            i--;
        }
    rt_follow_context();
    return CUDA_SUCCESS;
}

CUresult cuCtxGetCurrent(CUcontext *ctx)
{
    if (!rt_drv_ready)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!ctx)
        return CUDA_ERROR_INVALID_VALUE;
    *ctx = rt_current();
    return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext ctx)
{
    if (!rt_drv_ready)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (ctx && ctx->destroyed)
        return CUDA_ERROR_INVALID_CONTEXT;
    if (!ctx) {
        if (rt_ctx_depth)
            rt_ctx_depth--;
        rt_follow_context();
        return CUDA_SUCCESS;
    }
    if (rt_ctx_depth)
        rt_ctx_stack[rt_ctx_depth - 1] = ctx;
    else
        rt_ctx_stack[rt_ctx_depth++] = ctx;
    rt_follow_context();
    return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent_v2(CUcontext ctx)
{
    if (!rt_drv_ready)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!ctx || ctx->destroyed)
        return CUDA_ERROR_INVALID_CONTEXT;
    if (rt_ctx_depth == RT_CTX_DEPTH)
        return CUDA_ERROR_OUT_OF_MEMORY;
    rt_ctx_stack[rt_ctx_depth++] = ctx;
    rt_follow_context();
    return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent_v2(CUcontext *ctx)
{
    if (!rt_drv_ready)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!rt_ctx_depth)
        return CUDA_ERROR_INVALID_CONTEXT;
    CUcontext c = rt_ctx_stack[--rt_ctx_depth];
    if (ctx)
        *ctx = c;
    rt_follow_context();
    return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *dev)
{
    RT_DRV_CONTEXT();
    if (!dev)
        return CUDA_ERROR_INVALID_VALUE;
    *dev = rt_current()->device;
    return CUDA_SUCCESS;
}

CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version)
{
    if (!rt_drv_ready)
        return CUDA_ERROR_NOT_INITIALIZED;
    if (!version)
        return CUDA_ERROR_INVALID_VALUE;
    if (ctx && ctx->destroyed)
        return CUDA_ERROR_INVALID_CONTEXT;
    *version = 3020;    /* CUDA's value for every context since CUDA 3.2 */
    return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaDeviceSynchronize());
}

/* ---- memory --------------------------------------------------------------------------------- */

static void *rt_ptr(CUdeviceptr p)
{
    return (void *)(uintptr_t)p;
}

CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemGetInfo(free_bytes, total));
}

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytes)
{
    RT_DRV_CONTEXT();
    if (!dptr || bytes == 0)    /* the driver refuses a size of 0 */
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV_POINTER(dptr, cudaMalloc(&p_, bytes));
}

CUresult cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pitch, size_t width, size_t height, unsigned int elem)
{
    RT_DRV_CONTEXT();
    if (!dptr || !pitch || (elem != 4 && elem != 8 && elem != 16))
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV_POINTER(dptr, cudaMallocPitch(&p_, pitch, width, height));
}

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytes, unsigned int flags)
{
    RT_DRV_CONTEXT();
    if (!dptr || bytes == 0)
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV_POINTER(dptr, cudaMallocManaged(&p_, bytes, flags));
}

CUresult cuMemFree_v2(CUdeviceptr dptr)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaFree(rt_ptr(dptr)));
}

CUresult cuMemAllocHost_v2(void **pp, size_t bytes)
{
    RT_DRV_CONTEXT();
    if (!pp)
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV(cudaMallocHost(pp, bytes));
}

CUresult cuMemHostAlloc(void **pp, size_t bytes, unsigned int flags)
{
    RT_DRV_CONTEXT();
    if (!pp)
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV(cudaHostAlloc(pp, bytes, flags));
}

CUresult cuMemFreeHost(void *p)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaFreeHost(p));
}

CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *dptr, void *p, unsigned int flags)
{
    RT_DRV_CONTEXT();
    if (!dptr)
        return CUDA_ERROR_INVALID_VALUE;
    RT_DRV_POINTER(dptr, cudaHostGetDevicePointer(&p_, p, flags));
}

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemcpy(rt_ptr(dst), rt_ptr(src), bytes, cudaMemcpyDefault));
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemcpyAsync(rt_ptr(dst), rt_ptr(src), bytes, cudaMemcpyDefault, s));
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemcpy(rt_ptr(dst), src, bytes, cudaMemcpyHostToDevice));
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemcpy(dst, rt_ptr(src), bytes, cudaMemcpyDeviceToHost));
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemcpy(rt_ptr(dst), rt_ptr(src), bytes, cudaMemcpyDeviceToDevice));
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes, CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemcpyAsync(rt_ptr(dst), src, bytes, cudaMemcpyHostToDevice, s));
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes, CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemcpyAsync(dst, rt_ptr(src), bytes, cudaMemcpyDeviceToHost, s));
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemcpyAsync(rt_ptr(dst), rt_ptr(src), bytes, cudaMemcpyDeviceToDevice, s));
}

/* cuMemsetD16/D32 fill elements wider than a byte: done on the host after the device's
 * earlier work, as the driver's synchronous forms order themselves. */
static CUresult rt_memset_wide(CUdeviceptr dst, const void *value, unsigned size, size_t n, CUstream s, int async)
{
    RT_DRV_CONTEXT();
    if (!dst && n)
        return CUDA_ERROR_INVALID_VALUE;
    cudaError_t before = cudaPeekAtLastError();
    cudaError_t e = async ? cudaStreamSynchronize(s) : cudaDeviceSynchronize();
    if (e != cudaSuccess)
        return rt_drv_result(e, before);
    unsigned char *p = rt_ptr(dst);
    for (size_t i = 0; i < n; i++)
        memcpy(p + i * size, value, size);
    return CUDA_SUCCESS;
}

CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value, size_t n)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemset(rt_ptr(dst), value, n));
}

CUresult cuMemsetD16_v2(CUdeviceptr dst, unsigned short value, size_t n)
{
    return rt_memset_wide(dst, &value, sizeof value, n, NULL, 0);
}

CUresult cuMemsetD32_v2(CUdeviceptr dst, unsigned int value, size_t n)
{
    return rt_memset_wide(dst, &value, sizeof value, n, NULL, 0);
}

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t n, CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaMemsetAsync(rt_ptr(dst), value, n, s));
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t n, CUstream s)
{
    return rt_memset_wide(dst, &value, sizeof value, n, s, 1);
}

/* ---- streams and events --------------------------------------------------------------------- */

CUresult cuStreamCreate(CUstream *s, unsigned int flags)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaStreamCreateWithFlags(s, flags));
}

CUresult cuStreamCreateWithPriority(CUstream *s, unsigned int flags, int priority)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaStreamCreateWithPriority(s, flags, priority));
}

CUresult cuStreamDestroy_v2(CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaStreamDestroy(s));
}

CUresult cuStreamSynchronize(CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaStreamSynchronize(s));
}

CUresult cuStreamQuery(CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaStreamQuery(s));
}

CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned int flags)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaStreamWaitEvent(s, e, flags));
}

CUresult cuEventCreate(CUevent *e, unsigned int flags)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaEventCreateWithFlags(e, flags));
}

CUresult cuEventDestroy_v2(CUevent e)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaEventDestroy(e));
}

CUresult cuEventRecord(CUevent e, CUstream s)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaEventRecord(e, s));
}

CUresult cuEventSynchronize(CUevent e)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaEventSynchronize(e));
}

CUresult cuEventQuery(CUevent e)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaEventQuery(e));
}

CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent end)
{
    RT_DRV_CONTEXT();
    RT_DRV(cudaEventElapsedTime(ms, start, end));
}

/* ---- errors --------------------------------------------------------------------------------- */

static const struct { CUresult code; const char *name; } rt_drv_names[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED"},
    {CUDA_ERROR_STUB_LIBRARY, "CUDA_ERROR_STUB_LIBRARY"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT"},
    {CUDA_ERROR_CONTEXT_ALREADY_CURRENT, "CUDA_ERROR_CONTEXT_ALREADY_CURRENT"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND"},
    {CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"},
    {CUDA_ERROR_CONTEXT_IS_DESTROYED, "CUDA_ERROR_CONTEXT_IS_DESTROYED"},
    {CUDA_ERROR_ASSERT, "CUDA_ERROR_ASSERT"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED"},
    {CUDA_ERROR_NOT_PERMITTED, "CUDA_ERROR_NOT_PERMITTED"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN"},
};

CUresult cuGetErrorName(CUresult error, const char **str)
{
    if (!str)
        return CUDA_ERROR_INVALID_VALUE;
    for (size_t i = 0; i < sizeof rt_drv_names / sizeof *rt_drv_names; i++)
        if (rt_drv_names[i].code == error) {
            *str = rt_drv_names[i].name;
            return CUDA_SUCCESS;
        }
    *str = NULL;
    return CUDA_ERROR_INVALID_VALUE;
}

/* The driver's descriptions are the runtime's for the codes they share (CUDA's own). */
CUresult cuGetErrorString(CUresult error, const char **str)
{
    const char *name;
    if (!str)
        return CUDA_ERROR_INVALID_VALUE;
    if (cuGetErrorName(error, &name) != CUDA_SUCCESS) {
        *str = NULL;
        return CUDA_ERROR_INVALID_VALUE;
    }
    *str = error == CUDA_ERROR_INVALID_CONTEXT ? "invalid device context"
         : error == CUDA_ERROR_NOT_FOUND ? "named symbol not found"
         : error == CUDA_ERROR_DEINITIALIZED ? "driver shutting down"
         : error == CUDA_ERROR_CONTEXT_ALREADY_CURRENT ? "context already current"
         : cudaGetErrorString((cudaError_t)error);
    return CUDA_SUCCESS;
}
