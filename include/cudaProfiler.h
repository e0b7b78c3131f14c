/* cudaProfiler.h - the driver API's profiler control. cu2c has no profiler to start or
 * stop: cuProfilerStart and cuProfilerStop succeed and do nothing, as cudaProfilerStart and
 * cudaProfilerStop (cuda_profiler_api.h); cuProfilerInitialize (deprecated in CUDA, removed
 * from its profilers) is CUDA_ERROR_NOT_SUPPORTED. */
#ifndef CU2C_CUDAPROFILER_H
#define CU2C_CUDAPROFILER_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cuda.h"

typedef enum CUoutput_mode_enum {
    CU_OUT_KEY_VALUE_PAIR = 0x00,
    CU_OUT_CSV = 0x01
} CUoutput_mode;

static inline CUresult cuProfilerInitialize(const char *configFile, const char *outputFile, CUoutput_mode outputMode) {
    (void)configFile;
    (void)outputFile;
    (void)outputMode;
    return CUDA_ERROR_NOT_SUPPORTED;
}
static inline CUresult cuProfilerStart(void) { return CUDA_SUCCESS; }
static inline CUresult cuProfilerStop(void) { return CUDA_SUCCESS; }

#endif
