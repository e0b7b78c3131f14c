/* thrust/system/omp/detail/par.h - cu2c's: thrust's own (#include_next), whose par_t
 * (thrust::device, thrust::omp::par) then waits for queued kernels before thrust touches
 * device memory (see cu2c/thrust_wait.h). */
#ifndef CU2C_THRUST_OMP_PAR_H
#define CU2C_THRUST_OMP_PAR_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include_next <thrust/system/omp/detail/par.h>
#include <cu2c/thrust_wait.h>

CU2C_THRUST_WAITING_CAST(thrust::system::omp::detail::par_t)

#endif
