/* host_defines.h - where CUDA keeps __host__, __device__, __align__ and friends; cu2c's
 * definitions (parse time and compile time) are in cu2c/defs.h. */
#ifndef CU2C_HOST_DEFINES_H
#define CU2C_HOST_DEFINES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cu2c/defs.h"

#endif
