/* cuda_pipeline.h - CUDA's pipeline primitives for cu2c (see cuda_pipeline_primitives.h). */
#ifndef CU2C_CUDA_PIPELINE_H
#define CU2C_CUDA_PIPELINE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include "cuda_pipeline_primitives.h"
#endif
