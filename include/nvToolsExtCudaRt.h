/* nvToolsExtCudaRt.h - nvtx3/nvToolsExtCudaRt.h under NVTX's older path (CUDA's include/ directly). */
#ifndef CU2C_NVTOOLSEXTCUDART_TOP_H
#define CU2C_NVTOOLSEXTCUDART_TOP_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include "nvtx3/nvToolsExtCudaRt.h"
#endif
