/* device_functions.h - CUDA's header for device intrinsics (__syncthreads, __popc, __mul24,
 * fences, ...); cu2c keeps them all in cu2c/device.h. */
#ifndef CU2C_DEVICE_FUNCTIONS_H
#define CU2C_DEVICE_FUNCTIONS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cu2c/device.h"

#endif
