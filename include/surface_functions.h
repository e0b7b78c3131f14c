/* surface_functions.h - CUDA's header for surface functions and types; cu2c keeps them in
 * cu2c/surface.h (cuda_runtime.h includes it). */
#ifndef CU2C_SURFACE_FUNCTIONS_H
#define CU2C_SURFACE_FUNCTIONS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cu2c/surface.h"

#endif
