/* nvToolsExt.h - NVTX under its older path (CUDA's include/ directly): the same no-op calls as
 * nvtx3/nvToolsExt.h, which has the why. */
#ifndef CU2C_NVTOOLSEXT_TOP_H
#define CU2C_NVTOOLSEXT_TOP_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include "nvtx3/nvToolsExt.h"
#endif
