/* thrust/system/omp/detail/execution_policy.h - cu2c's: thrust's own (#include_next), whose
 * tag (the system of device_vector's iterators) then waits for queued kernels before thrust
 * touches device memory (see cu2c/thrust_wait.h). */
#ifndef CU2C_THRUST_OMP_EXECUTION_POLICY_H
#define CU2C_THRUST_OMP_EXECUTION_POLICY_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include_next <thrust/system/omp/detail/execution_policy.h>
#include <cu2c/thrust_wait.h>

CU2C_THRUST_WAITING_CAST(thrust::system::omp::detail::tag)

#endif
