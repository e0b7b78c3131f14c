/* cuda_texture_types.h - CUDA's header for the texture<T, dim, mode> template of texture references;
 * cu2c keeps them in cu2c/texture.h (cuda_runtime.h includes it). */
#ifndef CU2C_CUDA_TEXTURE_TYPES_H
#define CU2C_CUDA_TEXTURE_TYPES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cu2c/texture.h"

#endif
