/* device_launch_parameters.h - threadIdx, blockIdx, blockDim, gridDim (parse time only).
 *
 * At parse time they are declared as CUDA's device built-in variables, so kernels
 * type-check and host code that touches them is rejected as by nvcc. In translated code the
 * translator declares the four as locals of each generated block function (per thread loop
 * iteration for threadIdx), so they must NOT be declared here: a global of the same name
 * would silently stand in for a local the translator forgot. warpSize is in cu2c/device.h. */
#ifndef CU2C_DEVICE_LAUNCH_PARAMETERS_H
#define CU2C_DEVICE_LAUNCH_PARAMETERS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __DEVICE_LAUNCH_PARAMETERS_H__ /* the CUDA toolkit's guard: programs test it (e.g. helper_cuda.h) */

#include "cu2c/defs.h"
#include "vector_types.h"

#ifdef CU2C_PARSING
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
#endif

#endif
