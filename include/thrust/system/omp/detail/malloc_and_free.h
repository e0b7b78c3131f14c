/* thrust/system/omp/detail/malloc_and_free.h - cu2c's: thrust's own (#include_next: the
 * OpenMP system takes the sequential malloc and free), then malloc and free for the OpenMP
 * system's policies, more specialised, found by thrust's dispatch (argument-dependent
 * lookup): thrust::device_malloc, device_free and the temporary buffers of device
 * algorithms take libcu2c's device memory (cu2c/thrust_memory.h). */
#ifndef CU2C_THRUST_OMP_MALLOC_AND_FREE_H
#define CU2C_THRUST_OMP_MALLOC_AND_FREE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include_next <thrust/system/omp/detail/malloc_and_free.h>
#include <thrust/system/omp/detail/execution_policy.h>
#include <thrust/detail/raw_pointer_cast.h>
#include <cu2c/thrust_memory.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace omp {
namespace detail {
template <typename DerivedPolicy>
inline void *malloc(execution_policy<DerivedPolicy> &, std::size_t n) {
    return __cu2c_thrust_malloc(n);
}

template <typename DerivedPolicy, typename Pointer>
inline void free(execution_policy<DerivedPolicy> &, Pointer ptr) {
    __cu2c_thrust_free(thrust::raw_pointer_cast(ptr));
}
} // namespace detail
} // namespace omp
} // namespace system
THRUST_NAMESPACE_END

#endif
