/* nvtx3/nvToolsExtCudaRt.h - NVTX's naming of runtime API objects (devices, streams, events)
 * for a profiler: no-ops, as nvtx3/nvToolsExt.h explains. */
#ifndef CU2C_NVTOOLSEXT_CUDART_H
#define CU2C_NVTOOLSEXT_CUDART_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include "nvToolsExt.h"
#include <cuda_runtime_api.h>

static inline void nvtxNameCudaDeviceA(int device, const char *name) { (void)device; (void)name; }
static inline void nvtxNameCudaDeviceW(int device, const wchar_t *name) { (void)device; (void)name; }
static inline void nvtxNameCudaStreamA(cudaStream_t stream, const char *name) { (void)stream; (void)name; }
static inline void nvtxNameCudaStreamW(cudaStream_t stream, const wchar_t *name) { (void)stream; (void)name; }
static inline void nvtxNameCudaEventA(cudaEvent_t event, const char *name) { (void)event; (void)name; }
static inline void nvtxNameCudaEventW(cudaEvent_t event, const wchar_t *name) { (void)event; (void)name; }

#ifdef UNICODE
#define nvtxNameCudaDevice nvtxNameCudaDeviceW
#define nvtxNameCudaStream nvtxNameCudaStreamW
#define nvtxNameCudaEvent nvtxNameCudaEventW
#else
#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
#endif

#endif
