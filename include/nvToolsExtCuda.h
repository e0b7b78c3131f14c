/* nvToolsExtCuda.h - nvtx3/nvToolsExtCuda.h under NVTX's older path (CUDA's include/ directly). */
#ifndef CU2C_NVTOOLSEXTCUDA_TOP_H
#define CU2C_NVTOOLSEXTCUDA_TOP_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include "nvtx3/nvToolsExtCuda.h"
#endif
