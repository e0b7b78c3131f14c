/* cuda_profiler_api.h - profiler control: there is no CUDA profiler to start on the CPU, so
 * both calls succeed and do nothing (programs bracket their timed regions with them). */
#ifndef CU2C_CUDA_PROFILER_API_H
#define CU2C_CUDA_PROFILER_API_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __CUDA_PROFILER_API_H__
#include "cuda_runtime_api.h"
static inline cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
static inline cudaError_t cudaProfilerStop(void) { return cudaSuccess; }
#endif
