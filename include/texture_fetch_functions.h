/* texture_fetch_functions.h - CUDA's header for texture reference fetches (tex1Dfetch, tex2D... on texture<> objects);
 * cu2c keeps them in cu2c/texture.h (cuda_runtime.h includes it). */
#ifndef CU2C_TEXTURE_FETCH_FUNCTIONS_H
#define CU2C_TEXTURE_FETCH_FUNCTIONS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cu2c/texture.h"

#endif
