/* cuda_runtime.h - what CUDA programs include: the runtime API, the built-in types, the
 * declaration qualifiers and the device-side functions.
 *
 * The C API (cuda_runtime_api.h) has CUDA's C signatures without default arguments. This
 * file adds what CUDA programs write on top of them:
 * - C++ (parsing and g++ output): CUDA's convenience templates and overloads, with CUDA's
 *   exact signatures and defaults (cudaMalloc(T **, size_t), cudaMemcpyToSymbol(const T &,
 *   ...), cudaLaunchKernel(const T *, ...), cudaMemcpyAsync without a stream, ...);
 * - C output: function-like macros under the same names that add the casts and the default
 *   arguments the C++ overloads would have supplied, so translated calls compile unchanged.
 *   (A macro does not expand inside its own expansion, so each calls the real function.)
 *   Code that defines these functions (libcu2c) includes cuda_runtime_api.h instead, or
 *   defines CU2C_NO_API_MACROS.
 * At parse time it also declares the launch-configuration hooks clang lowers k<<<...>>>
 * into. */
#ifndef CU2C_CUDA_RUNTIME_H
#define CU2C_CUDA_RUNTIME_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __CUDA_RUNTIME_H__ /* the CUDA toolkit's guard: programs test it (e.g. helper_cuda.h) */

#include "cu2c/defs.h"

#include "driver_types.h"
#include "vector_types.h"
#include "vector_functions.h"
#include "driver_functions.h"
#include "cuda_runtime_api.h"
#include "device_launch_parameters.h"
#include "cu2c/device.h"
#include "channel_descriptor.h"
#include "cu2c/texture.h"
#include "cu2c/surface.h"

#ifdef CU2C_PARSING
/* clang turns k<<<g, b, s, st>>>(args) into a call of one of these (which one depends on
 * the CUDA version it assumes); the translator recognises both. Never called at run time. */
extern "C" int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                 cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                size_t sharedMem = 0, cudaStream_t stream = 0);
#endif

#ifdef __cplusplus

/* ---- Default arguments CUDA's C API has in C++ ---------------------------------------- */

static inline cudaError_t cudaEventRecord(cudaEvent_t event)
{
    return cudaEventRecord(event, (cudaStream_t)0);
}
static inline cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream = 0)
{
    return cudaEventRecordWithFlags(event, stream, 0u);
}
static inline cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event)
{
    return cudaStreamWaitEvent(stream, event, 0u);
}
static inline cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                          enum cudaMemcpyKind kind)
{
    return cudaMemcpyAsync(dst, src, count, kind, (cudaStream_t)0);
}
static inline cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                              int srcDevice, size_t count)
{
    return cudaMemcpyPeerAsync(dst, dstDevice, src, srcDevice, count, (cudaStream_t)0);
}
static inline cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                                            size_t spitch, size_t width, size_t height,
                                            enum cudaMemcpyKind kind)
{
    return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, (cudaStream_t)0);
}
static inline cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count)
{
    return cudaMemsetAsync(devPtr, value, count, (cudaStream_t)0);
}
static inline cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width,
                                            size_t height)
{
    return cudaMemset2DAsync(devPtr, pitch, value, width, height, (cudaStream_t)0);
}
static inline cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice)
{
    return cudaMemPrefetchAsync(devPtr, count, dstDevice, (cudaStream_t)0);
}

static inline cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                          size_t width, size_t height = 0)
{
    return cudaMallocArray(array, desc, width, height, 0u);
}
static inline cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                                            struct cudaExtent extent)
{
    return cudaMalloc3DArray(array, desc, extent, 0u);
}
static inline cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                                   const struct cudaChannelFormatDesc *desc,
                                                   struct cudaExtent extent, unsigned int numLevels)
{
    return cudaMallocMipmappedArray(mipmappedArray, desc, extent, numLevels, 0u);
}
static inline cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                                   const void *src, size_t spitch, size_t width,
                                                   size_t height, enum cudaMemcpyKind kind)
{
    return cudaMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind,
                                    (cudaStream_t)0);
}
static inline cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                                                     size_t wOffset, size_t hOffset, size_t width,
                                                     size_t height, enum cudaMemcpyKind kind)
{
    return cudaMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height, kind,
                                      (cudaStream_t)0);
}
static inline cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                                 const void *src, size_t count,
                                                 enum cudaMemcpyKind kind)
{
    return cudaMemcpyToArrayAsync(dst, wOffset, hOffset, src, count, kind, (cudaStream_t)0);
}
static inline cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset,
                                                   size_t hOffset, size_t count,
                                                   enum cudaMemcpyKind kind)
{
    return cudaMemcpyFromArrayAsync(dst, src, wOffset, hOffset, count, kind, (cudaStream_t)0);
}

/* ---- CUDA's C++ convenience API ------------------------------------------------------- */

/* CUDA arrays of T's channel format. */
template <class T> static inline cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc &desc, size_t width, size_t height = 0, unsigned int flags = 0)
{
    return cudaMallocArray(array, &desc, width, height, flags);
}

/* Texture references: the texture<T, dim, mode> itself, its own channel format by default
 * (a size of UINT_MAX means the whole allocation). */
template <class T, int dim, enum cudaTextureReadMode mode> static inline cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr, const struct cudaChannelFormatDesc &desc, size_t size = UINT_MAX)
{
    return cudaBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode> static inline cudaError_t cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr, size_t size = UINT_MAX)
{
    return cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode> static inline cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr, const struct cudaChannelFormatDesc &desc, size_t width, size_t height, size_t pitch)
{
    return cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode mode> static inline cudaError_t cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr, size_t width, size_t height, size_t pitch)
{
    return cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width, height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode mode> static inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode> &tex, cudaArray_const_t array, const struct cudaChannelFormatDesc &desc)
{
    return cudaBindTextureToArray(&tex, array, &desc);
}
template <class T, int dim, enum cudaTextureReadMode mode> static inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode> &tex, cudaArray_const_t array)
{
    struct cudaChannelFormatDesc desc;
    cudaError_t e = cudaGetChannelDesc(&desc, array);
    return e == cudaSuccess ? cudaBindTextureToArray(&tex, array, &desc) : e;
}
template <class T, int dim, enum cudaTextureReadMode mode> static inline cudaError_t cudaUnbindTexture(const struct texture<T, dim, mode> &tex)
{
    return cudaUnbindTexture(&tex);
}
template <class T, int dim, enum cudaTextureReadMode mode> static inline cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const struct texture<T, dim, mode> &tex)
{
    return cudaGetTextureAlignmentOffset(offset, &tex);
}
/* Surface references: the array's own channel format by default, as in CUDA. */
template <class T, int dim> static inline cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf, cudaArray_const_t array, const struct cudaChannelFormatDesc &desc)
{
    return cudaBindSurfaceToArray(&surf, array, &desc);
}
template <class T, int dim> static inline cudaError_t cudaBindSurfaceToArray(const struct surface<T, dim> &surf, cudaArray_const_t array)
{
    struct cudaChannelFormatDesc desc;
    cudaError_t e = cudaGetChannelDesc(&desc, array);
    return e == cudaSuccess ? cudaBindSurfaceToArray(&surf, array, &desc) : e;
}

static inline cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags)
{
    return cudaEventCreateWithFlags(event, flags);
}
static inline cudaError_t cudaMallocHost(void **ptr, size_t size, unsigned int flags)
{
    return cudaHostAlloc(ptr, size, flags);
}
template <class T> static inline cudaError_t cudaMallocHost(T **ptr, size_t size, unsigned int flags = 0)
{
    return cudaMallocHost((void **)(void *)ptr, size, flags);
}
template <class T> static inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags)
{
    return cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T> static inline cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags)
{
    return cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}
template <class T> static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal)
{
    return cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{
    return cudaMalloc((void **)(void *)devPtr, size);
}
template <class T> static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height)
{
    return cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T> static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream)
{
    return cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T> static inline cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T *devPtr, size_t length = 0, unsigned int flags = cudaMemAttachSingle)
{
    return cudaStreamAttachMemAsync(stream, (void *)devPtr, length, flags);
}

/* Symbols are passed by reference: the runtime receives the variable's address. */
template <class T> static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
    return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T> static inline cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0)
{
    return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <class T> static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
    return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class T> static inline cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0)
{
    return cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <class T> static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol)
{
    return cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T> static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{
    return cudaGetSymbolSize(size, (const void *)&symbol);
}

/* Kernels are passed as functions (T is the kernel's function type). */
template <class T> static inline cudaError_t cudaLaunchKernel(const T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{
    return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
/* nvcc deduces const T * from a kernel name; clang and g++ do not match a function type
 * against const T, so kernels named directly take this overload. */
template <class R, class... A> static inline cudaError_t cudaLaunchKernel(R (*func)(A...), dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{
    return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
static inline cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *l, unsigned int n)
{
    return cudaLaunchCooperativeKernelMultiDevice(l, n, 0u);
}
template <class T> static inline cudaError_t cudaLaunchCooperativeKernel(const T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{
    return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class R, class... A> static inline cudaError_t cudaLaunchCooperativeKernel(R (*func)(A...), dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0)
{
    return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T> static inline cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig)
{
    return cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T> static inline cudaError_t cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config)
{
    return cudaFuncSetSharedMemConfig((const void *)func, config);
}
template <class T> static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry)
{
    return cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T> static inline cudaError_t cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value)
{
    return cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T> static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func, int blockSize, size_t dynamicSMemSize)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}
/* On the CPU any block size is fully occupied: the largest allowed (a multiple of 32) keeps
 * the thread loops long; the grid that fills the workers follows from it. */
template <class T> static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0)
{
    if (!minGridSize || !blockSize)
        return cudaErrorInvalidValue;
    int bs = blockSizeLimit > 0 && blockSizeLimit < 1024 ? blockSizeLimit : 1024;
    if (bs > 32)
        bs -= bs % 32;
    int per_sm = 0;
    cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, (const void *)func, bs, dynamicSMemSize);
    if (e != cudaSuccess)
        return e;
    int dev = 0, sms = 1;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    *blockSize = bs;
    *minGridSize = (per_sm > 0 ? per_sm : 1) * sms;
    return cudaSuccess;
}
template <class T> static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}

#elif !defined(CU2C_NO_API_MACROS) /* C */

/* CU2C_ARGC(...) counts 1 to 9 arguments; CU2C_BY_ARGC(f, ...) calls f<N>(...). */
#define CU2C_ARGC_(_1, _2, _3, _4, _5, _6, _7, _8, _9, n, ...) n
#define CU2C_ARGC(...) CU2C_ARGC_(__VA_ARGS__, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define CU2C_CAT_(a, b) a##b
#define CU2C_CAT(a, b) CU2C_CAT_(a, b)
#define CU2C_BY_ARGC(f, ...) CU2C_CAT(f, CU2C_ARGC(__VA_ARGS__))(__VA_ARGS__)

/* Launch shapes given as integers (C++ converts them to dim3 implicitly). */
static inline dim3 cu2c_rt_dim3_from_dim3(dim3 d) { return d; }
static inline dim3 cu2c_rt_dim3_from_uint3(uint3 u) { dim3 d = {u.x, u.y, u.z}; return d; }
static inline dim3 cu2c_rt_dim3_from_uint(unsigned long long n) { dim3 d = {(unsigned int)n, 1, 1}; return d; }
#define CU2C_RT_DIM3(v) _Generic((v), dim3: cu2c_rt_dim3_from_dim3, uint3: cu2c_rt_dim3_from_uint3, \
                                 default: cu2c_rt_dim3_from_uint)(v)

/* Memory: any T ** is accepted where C wants void **. */
#define cudaMalloc(p, size) cudaMalloc((void **)(p), (size))
#define cudaMallocHost(...) CU2C_BY_ARGC(cu2c_rt_cudaMallocHost, __VA_ARGS__)
#define cu2c_rt_cudaMallocHost2(p, size) cudaMallocHost((void **)(p), (size))
#define cu2c_rt_cudaMallocHost3(p, size, flags) cudaHostAlloc((void **)(p), (size), (flags))
#define cudaHostAlloc(p, size, flags) cudaHostAlloc((void **)(p), (size), (flags))
#define cudaHostGetDevicePointer(p, host, flags) cudaHostGetDevicePointer((void **)(p), (host), (flags))
#define cudaMallocManaged(...) CU2C_BY_ARGC(cu2c_rt_cudaMallocManaged, __VA_ARGS__)
#define cu2c_rt_cudaMallocManaged2(p, size) cudaMallocManaged((void **)(p), (size), cudaMemAttachGlobal)
#define cu2c_rt_cudaMallocManaged3(p, size, flags) cudaMallocManaged((void **)(p), (size), (flags))
#define cudaMallocPitch(p, pitch, width, height) cudaMallocPitch((void **)(p), (pitch), (width), (height))
#define cudaMallocAsync(p, size, stream) cudaMallocAsync((void **)(p), (size), (stream))
#define cudaStreamAttachMemAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaStreamAttachMemAsync, __VA_ARGS__)
#define cu2c_rt_cudaStreamAttachMemAsync2(s, p) cudaStreamAttachMemAsync((s), (void *)(p), 0, cudaMemAttachSingle)
#define cu2c_rt_cudaStreamAttachMemAsync3(s, p, len) cudaStreamAttachMemAsync((s), (void *)(p), (len), cudaMemAttachSingle)
#define cu2c_rt_cudaStreamAttachMemAsync4(s, p, len, flags) cudaStreamAttachMemAsync((s), (void *)(p), (len), (flags))

/* Symbols: C++ passes the variable by reference, so C takes its address. */
#define cudaMemcpyToSymbol(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpyToSymbol, __VA_ARGS__)
#define cu2c_rt_cudaMemcpyToSymbol3(sym, src, n) cudaMemcpyToSymbol((const void *)&(sym), (src), (n), 0, cudaMemcpyHostToDevice)
#define cu2c_rt_cudaMemcpyToSymbol4(sym, src, n, off) cudaMemcpyToSymbol((const void *)&(sym), (src), (n), (off), cudaMemcpyHostToDevice)
#define cu2c_rt_cudaMemcpyToSymbol5(sym, src, n, off, kind) cudaMemcpyToSymbol((const void *)&(sym), (src), (n), (off), (kind))
#define cudaMemcpyToSymbolAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpyToSymbolAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpyToSymbolAsync3(sym, src, n) cudaMemcpyToSymbolAsync((const void *)&(sym), (src), (n), 0, cudaMemcpyHostToDevice, (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyToSymbolAsync4(sym, src, n, off) cudaMemcpyToSymbolAsync((const void *)&(sym), (src), (n), (off), cudaMemcpyHostToDevice, (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyToSymbolAsync5(sym, src, n, off, kind) cudaMemcpyToSymbolAsync((const void *)&(sym), (src), (n), (off), (kind), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyToSymbolAsync6(sym, src, n, off, kind, s) cudaMemcpyToSymbolAsync((const void *)&(sym), (src), (n), (off), (kind), (s))
#define cudaMemcpyFromSymbol(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpyFromSymbol, __VA_ARGS__)
#define cu2c_rt_cudaMemcpyFromSymbol3(dst, sym, n) cudaMemcpyFromSymbol((dst), (const void *)&(sym), (n), 0, cudaMemcpyDeviceToHost)
#define cu2c_rt_cudaMemcpyFromSymbol4(dst, sym, n, off) cudaMemcpyFromSymbol((dst), (const void *)&(sym), (n), (off), cudaMemcpyDeviceToHost)
#define cu2c_rt_cudaMemcpyFromSymbol5(dst, sym, n, off, kind) cudaMemcpyFromSymbol((dst), (const void *)&(sym), (n), (off), (kind))
#define cudaMemcpyFromSymbolAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpyFromSymbolAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpyFromSymbolAsync3(dst, sym, n) cudaMemcpyFromSymbolAsync((dst), (const void *)&(sym), (n), 0, cudaMemcpyDeviceToHost, (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyFromSymbolAsync4(dst, sym, n, off) cudaMemcpyFromSymbolAsync((dst), (const void *)&(sym), (n), (off), cudaMemcpyDeviceToHost, (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyFromSymbolAsync5(dst, sym, n, off, kind) cudaMemcpyFromSymbolAsync((dst), (const void *)&(sym), (n), (off), (kind), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyFromSymbolAsync6(dst, sym, n, off, kind, s) cudaMemcpyFromSymbolAsync((dst), (const void *)&(sym), (n), (off), (kind), (s))
#define cudaGetSymbolAddress(p, sym) cudaGetSymbolAddress((void **)(p), (const void *)&(sym))
#define cudaGetSymbolSize(size, sym) cudaGetSymbolSize((size), (const void *)&(sym))

/* Stream arguments that default to the legacy default stream. */
#define cudaMemcpyAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpyAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpyAsync4(dst, src, n, kind) cudaMemcpyAsync((dst), (src), (n), (kind), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyAsync5(dst, src, n, kind, s) cudaMemcpyAsync((dst), (src), (n), (kind), (s))
#define cudaMemcpyPeerAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpyPeerAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpyPeerAsync5(dst, dd, src, sd, n) cudaMemcpyPeerAsync((dst), (dd), (src), (sd), (n), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyPeerAsync6(dst, dd, src, sd, n, s) cudaMemcpyPeerAsync((dst), (dd), (src), (sd), (n), (s))
#define cudaMemcpy2DAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpy2DAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpy2DAsync7(dst, dp, src, sp, w, h, kind) cudaMemcpy2DAsync((dst), (dp), (src), (sp), (w), (h), (kind), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpy2DAsync8(dst, dp, src, sp, w, h, kind, s) cudaMemcpy2DAsync((dst), (dp), (src), (sp), (w), (h), (kind), (s))
#define cudaMemsetAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemsetAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemsetAsync3(p, v, n) cudaMemsetAsync((p), (v), (n), (cudaStream_t)0)
#define cu2c_rt_cudaMemsetAsync4(p, v, n, s) cudaMemsetAsync((p), (v), (n), (s))
#define cudaMemset2DAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemset2DAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemset2DAsync5(p, pitch, v, w, h) cudaMemset2DAsync((p), (pitch), (v), (w), (h), (cudaStream_t)0)
#define cu2c_rt_cudaMemset2DAsync6(p, pitch, v, w, h, s) cudaMemset2DAsync((p), (pitch), (v), (w), (h), (s))
#define cudaMemPrefetchAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemPrefetchAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemPrefetchAsync3(p, n, dev) cudaMemPrefetchAsync((p), (n), (dev), (cudaStream_t)0)
#define cu2c_rt_cudaMemPrefetchAsync4(p, n, dev, s) cudaMemPrefetchAsync((p), (n), (dev), (s))

/* CUDA arrays and textures: CUDA's default arguments. */
#define cudaMallocArray(...) CU2C_BY_ARGC(cu2c_rt_cudaMallocArray, __VA_ARGS__)
#define cu2c_rt_cudaMallocArray3(a, d, w) cudaMallocArray((a), (d), (w), 0, 0u)
#define cu2c_rt_cudaMallocArray4(a, d, w, h) cudaMallocArray((a), (d), (w), (h), 0u)
#define cu2c_rt_cudaMallocArray5(a, d, w, h, f) cudaMallocArray((a), (d), (w), (h), (f))
#define cudaMalloc3DArray(...) CU2C_BY_ARGC(cu2c_rt_cudaMalloc3DArray, __VA_ARGS__)
#define cu2c_rt_cudaMalloc3DArray3(a, d, e) cudaMalloc3DArray((a), (d), (e), 0u)
#define cu2c_rt_cudaMalloc3DArray4(a, d, e, f) cudaMalloc3DArray((a), (d), (e), (f))
#define cudaMallocMipmappedArray(...) CU2C_BY_ARGC(cu2c_rt_cudaMallocMipmappedArray, __VA_ARGS__)
#define cu2c_rt_cudaMallocMipmappedArray4(a, d, e, n) cudaMallocMipmappedArray((a), (d), (e), (n), 0u)
#define cu2c_rt_cudaMallocMipmappedArray5(a, d, e, n, f) cudaMallocMipmappedArray((a), (d), (e), (n), (f))
#define cudaMemcpy2DToArrayAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpy2DToArrayAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpy2DToArrayAsync8(a, x, y, src, sp, w, h, kind) cudaMemcpy2DToArrayAsync((a), (x), (y), (src), (sp), (w), (h), (kind), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpy2DToArrayAsync9(a, x, y, src, sp, w, h, kind, s) cudaMemcpy2DToArrayAsync((a), (x), (y), (src), (sp), (w), (h), (kind), (s))
#define cudaMemcpy2DFromArrayAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpy2DFromArrayAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpy2DFromArrayAsync8(dst, dp, a, x, y, w, h, kind) cudaMemcpy2DFromArrayAsync((dst), (dp), (a), (x), (y), (w), (h), (kind), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpy2DFromArrayAsync9(dst, dp, a, x, y, w, h, kind, s) cudaMemcpy2DFromArrayAsync((dst), (dp), (a), (x), (y), (w), (h), (kind), (s))
#define cudaMemcpyToArrayAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpyToArrayAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpyToArrayAsync6(a, x, y, src, n, kind) cudaMemcpyToArrayAsync((a), (x), (y), (src), (n), (kind), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyToArrayAsync7(a, x, y, src, n, kind, s) cudaMemcpyToArrayAsync((a), (x), (y), (src), (n), (kind), (s))
#define cudaMemcpyFromArrayAsync(...) CU2C_BY_ARGC(cu2c_rt_cudaMemcpyFromArrayAsync, __VA_ARGS__)
#define cu2c_rt_cudaMemcpyFromArrayAsync6(dst, a, x, y, n, kind) cudaMemcpyFromArrayAsync((dst), (a), (x), (y), (n), (kind), (cudaStream_t)0)
#define cu2c_rt_cudaMemcpyFromArrayAsync7(dst, a, x, y, n, kind, s) cudaMemcpyFromArrayAsync((dst), (a), (x), (y), (n), (kind), (s))

/* Events and streams. */
#define cudaEventCreate(...) CU2C_BY_ARGC(cu2c_rt_cudaEventCreate, __VA_ARGS__)
#define cu2c_rt_cudaEventCreate1(e) cudaEventCreate(e)
#define cu2c_rt_cudaEventCreate2(e, flags) cudaEventCreateWithFlags((e), (flags))
#define cudaEventRecord(...) CU2C_BY_ARGC(cu2c_rt_cudaEventRecord, __VA_ARGS__)
#define cu2c_rt_cudaEventRecord1(e) cudaEventRecord((e), (cudaStream_t)0)
#define cu2c_rt_cudaEventRecord2(e, s) cudaEventRecord((e), (s))
#define cudaEventRecordWithFlags(...) CU2C_BY_ARGC(cu2c_rt_cudaEventRecordWithFlags, __VA_ARGS__)
#define cu2c_rt_cudaEventRecordWithFlags1(e) cudaEventRecordWithFlags((e), (cudaStream_t)0, 0u)
#define cu2c_rt_cudaEventRecordWithFlags2(e, s) cudaEventRecordWithFlags((e), (s), 0u)
#define cu2c_rt_cudaEventRecordWithFlags3(e, s, f) cudaEventRecordWithFlags((e), (s), (f))
#define cudaStreamWaitEvent(...) CU2C_BY_ARGC(cu2c_rt_cudaStreamWaitEvent, __VA_ARGS__)
#define cu2c_rt_cudaStreamWaitEvent2(s, e) cudaStreamWaitEvent((s), (e), 0u)
#define cu2c_rt_cudaStreamWaitEvent3(s, e, f) cudaStreamWaitEvent((s), (e), (f))

/* Kernels: C++ takes the kernel function itself; C needs the cast to const void *. */
#define cudaLaunchKernel(...) CU2C_BY_ARGC(cu2c_rt_cudaLaunchKernel, __VA_ARGS__)
#define cu2c_rt_cudaLaunchKernel4(f, g, b, args) cudaLaunchKernel((const void *)(f), CU2C_RT_DIM3(g), CU2C_RT_DIM3(b), (args), 0, (cudaStream_t)0)
#define cu2c_rt_cudaLaunchKernel5(f, g, b, args, shm) cudaLaunchKernel((const void *)(f), CU2C_RT_DIM3(g), CU2C_RT_DIM3(b), (args), (shm), (cudaStream_t)0)
#define cu2c_rt_cudaLaunchKernel6(f, g, b, args, shm, s) cudaLaunchKernel((const void *)(f), CU2C_RT_DIM3(g), CU2C_RT_DIM3(b), (args), (shm), (s))
#define cudaLaunchCooperativeKernelMultiDevice(...) CU2C_BY_ARGC(cu2c_rt_cudaLaunchCooperativeKernelMultiDevice, __VA_ARGS__)
#define cu2c_rt_cudaLaunchCooperativeKernelMultiDevice2(l, n) cudaLaunchCooperativeKernelMultiDevice((l), (n), 0u)
#define cu2c_rt_cudaLaunchCooperativeKernelMultiDevice3(l, n, f) cudaLaunchCooperativeKernelMultiDevice((l), (n), (f))
#define cudaLaunchCooperativeKernel(...) CU2C_BY_ARGC(cu2c_rt_cudaLaunchCooperativeKernel, __VA_ARGS__)
#define cu2c_rt_cudaLaunchCooperativeKernel4(f, g, b, args) cudaLaunchCooperativeKernel((const void *)(f), CU2C_RT_DIM3(g), CU2C_RT_DIM3(b), (args), 0, (cudaStream_t)0)
#define cu2c_rt_cudaLaunchCooperativeKernel5(f, g, b, args, shm) cudaLaunchCooperativeKernel((const void *)(f), CU2C_RT_DIM3(g), CU2C_RT_DIM3(b), (args), (shm), (cudaStream_t)0)
#define cu2c_rt_cudaLaunchCooperativeKernel6(f, g, b, args, shm, s) cudaLaunchCooperativeKernel((const void *)(f), CU2C_RT_DIM3(g), CU2C_RT_DIM3(b), (args), (shm), (s))
#define cudaFuncSetCacheConfig(f, c) cudaFuncSetCacheConfig((const void *)(f), (c))
#define cudaFuncSetSharedMemConfig(f, c) cudaFuncSetSharedMemConfig((const void *)(f), (c))
#define cudaFuncGetAttributes(attr, f) cudaFuncGetAttributes((attr), (const void *)(f))
#define cudaFuncSetAttribute(f, attr, v) cudaFuncSetAttribute((const void *)(f), (attr), (v))
#define cudaOccupancyMaxActiveBlocksPerMultiprocessor(nb, f, bs, shm) \
    cudaOccupancyMaxActiveBlocksPerMultiprocessor((nb), (const void *)(f), (bs), (shm))
#define cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(nb, f, bs, shm, flags) \
    cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags((nb), (const void *)(f), (bs), (shm), (flags))

#endif /* C */

/* nvcc --default-stream per-thread (cu2cc defines the macro as nvcc does): stream 0 means the
 * calling host thread's default stream, in the whole program. */
#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM) && !defined(CU2C_PARSING)
#ifdef __cplusplus
extern "C"
#endif
void cu2c_default_stream_per_thread(void);
__attribute__((constructor)) static void cu2c_per_thread_default_stream(void)
{
    cu2c_default_stream_per_thread();
}
#endif

/* nvcc defines __CUDACC__ for .cu files (clang only in its own CUDA wrapper headers, which
 * the translator does not use); programs test it to pick their CUDA code paths, so it is
 * defined in both runs. Defined last: glibc and libstdc++ read it too, and then turn off
 * _Float128, which <tgmath.h> cannot do without. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
/* nvcc defines __NVCC__ for every file it compiles; programs test it (rather than __CUDACC__)
 * to tell nvcc from clang's CUDA. cu2cc defines these macros on the command line, for .c and
 * .cpp files too, as nvcc does; here they hold for cu2c's parse and for translated code
 * compiled by hand. */
#ifndef __NVCC__
#define __NVCC__ 1
#endif
/* The nvcc release whose language cu2c accepts (programs test it for *_sync intrinsics) and
 * the runtime API version, both the release of CUDART_VERSION (cu2cc reads it from there). */
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 8
#define __CUDACC_VER_BUILD__ 0
#endif
#ifndef __CUDA_API_VER_MAJOR__
#define __CUDA_API_VER_MAJOR__ 12
#define __CUDA_API_VER_MINOR__ 8
#endif

#endif
