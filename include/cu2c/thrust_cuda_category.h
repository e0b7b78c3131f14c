/* cu2c/thrust_cuda_category.h - thrust::cuda_category(), the error category of CUDA's
 * runtime errors (thrust::system_error(e, thrust::cuda_category()) as programs throw and
 * catch them; thrust's CUDA system, which declares it, is not used here): its name is
 * "cuda", its messages are cudaGetErrorString's. */
#ifndef CU2C_THRUST_CUDA_CATEGORY_H
#define CU2C_THRUST_CUDA_CATEGORY_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include <cuda_runtime_api.h>
#include <thrust/system/error_code.h>
#include <string>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace cuda {
namespace detail {
class cu2c_cuda_error_category : public error_category {
  public:
    const char *name(void) const override { return "cuda"; }
    std::string message(int ev) const override {
        return cudaGetErrorString(static_cast<cudaError_t>(ev));
    }
};
} // namespace detail

inline const error_category &cuda_category(void) {
    static const detail::cu2c_cuda_error_category category;
    return category;
}
} // namespace cuda
} // namespace system
using system::cuda::cuda_category;
THRUST_NAMESPACE_END

#endif
