/* thrust/system/omp/memory_resource.h - cu2c's version of thrust's (1.17's names): the
 * OpenMP device system's memory resources, which device_vector allocates from, take their
 * memory from cudaMalloc (cu2c/thrust_memory.h) instead of operator new. Not #include_next:
 * the resources are typedefs. */
#ifndef CU2C_THRUST_OMP_MEMORY_RESOURCE_H
#define CU2C_THRUST_OMP_MEMORY_RESOURCE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include <thrust/detail/config.h>
#include <thrust/mr/memory_resource.h>
#include <thrust/mr/fancy_pointer_resource.h>
#include <thrust/system/omp/pointer.h>
#include <cu2c/thrust_memory.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace omp {
namespace detail {
/* Device memory of libcu2c (cudaMalloc's alignment, 256 bytes, covers any asked for). */
class cu2c_device_resource final : public thrust::mr::memory_resource<> {
  public:
    void *do_allocate(std::size_t bytes, std::size_t alignment) override {
        if (alignment > 256)
            throw thrust::system::detail::bad_alloc("device allocation aligned to more than 256 bytes");
        return __cu2c_thrust_malloc(bytes);
    }
    void do_deallocate(void *p, std::size_t, std::size_t) override {
        __cu2c_thrust_free(p);
    }
};

typedef thrust::mr::fancy_pointer_resource<cu2c_device_resource, thrust::omp::pointer<void>> native_resource;
typedef thrust::mr::fancy_pointer_resource<cu2c_device_resource, thrust::omp::universal_pointer<void>>
    universal_native_resource;
} // namespace detail

typedef detail::native_resource memory_resource;
typedef detail::universal_native_resource universal_memory_resource;
typedef detail::native_resource universal_host_pinned_memory_resource;
} // namespace omp
} // namespace system
THRUST_NAMESPACE_END

#endif
