/* nvtx3/nvToolsExtCuda.h - NVTX's naming of driver API objects (devices, contexts, streams,
 * events) for a profiler: no-ops, as nvtx3/nvToolsExt.h explains. */
#ifndef CU2C_NVTOOLSEXT_CUDA_H
#define CU2C_NVTOOLSEXT_CUDA_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include "nvToolsExt.h"
#include <cuda.h>

static inline void nvtxNameCuDeviceA(CUdevice device, const char *name) { (void)device; (void)name; }
static inline void nvtxNameCuDeviceW(CUdevice device, const wchar_t *name) { (void)device; (void)name; }
static inline void nvtxNameCuContextA(CUcontext context, const char *name) { (void)context; (void)name; }
static inline void nvtxNameCuContextW(CUcontext context, const wchar_t *name) { (void)context; (void)name; }
static inline void nvtxNameCuStreamA(CUstream stream, const char *name) { (void)stream; (void)name; }
static inline void nvtxNameCuStreamW(CUstream stream, const wchar_t *name) { (void)stream; (void)name; }
static inline void nvtxNameCuEventA(CUevent event, const char *name) { (void)event; (void)name; }
static inline void nvtxNameCuEventW(CUevent event, const wchar_t *name) { (void)event; (void)name; }

#ifdef UNICODE
#define nvtxNameCuDevice nvtxNameCuDeviceW
#define nvtxNameCuContext nvtxNameCuContextW
#define nvtxNameCuStream nvtxNameCuStreamW
#define nvtxNameCuEvent nvtxNameCuEventW
#else
#define nvtxNameCuDevice nvtxNameCuDeviceA
#define nvtxNameCuContext nvtxNameCuContextA
#define nvtxNameCuStream nvtxNameCuStreamA
#define nvtxNameCuEvent nvtxNameCuEventA
#endif

#endif
