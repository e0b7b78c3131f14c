/* builtin_types.h - CUDA's umbrella for the runtime's types: some programs include it
 * directly instead of cuda_runtime.h. */
#ifndef CU2C_BUILTIN_TYPES_H
#define CU2C_BUILTIN_TYPES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __BUILTIN_TYPES_H__ /* the CUDA toolkit's guard: programs test it (e.g. helper_cuda.h) */

#include "driver_types.h"
#include "texture_types.h"
#include "vector_types.h"

#endif
