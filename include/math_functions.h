/* math_functions.h - CUDA's header for the math library usable in kernels (<math.h> plus
 * rsqrtf, sincospif, erfinvf, ...); cu2c keeps it in cu2c/device.h. */
#ifndef CU2C_MATH_FUNCTIONS_H
#define CU2C_MATH_FUNCTIONS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cu2c/device.h"

#endif
