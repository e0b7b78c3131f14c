/* thrust/detail/config/config.h - cu2c's: thrust's configuration on the CPU. Every thrust
 * header includes this file first (through thrust/detail/config.h); cu2c's include folder is
 * searched before the one thrust lives in, so this runs first and then hands over to
 * thrust's own (#include_next). It makes:
 * - the device system OpenMP unless the program chose one (THRUST_DEVICE_SYSTEM): a
 *   device_vector lives in host memory (libcu2c's kernels and cudaMemcpy take its
 *   raw_pointer_cast), thrust::device algorithms run on all cores (-fopenmp: cu2cc adds it
 *   to .cu files including thrust). CUDA's system (GPU code) is refused here;
 * (thrust/system_error.h and thrust::cuda_category() come with the headers programs include,
 * cu2c/thrust_closure.h: including them here, in the middle of the first thrust header,
 * broke a program whose first was <thrust/functional.h>.) */
#ifndef CU2C_THRUST_CONFIG_H
#define CU2C_THRUST_CONFIG_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_OMP
#endif

#include_next <thrust/detail/config/config.h>

#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#error "cu2c: thrust's CUDA device system is not supported (no GPU code here): leave THRUST_DEVICE_SYSTEM to cu2c (OpenMP) or choose THRUST_DEVICE_SYSTEM_OMP, _CPP or _TBB"
#endif

#endif
