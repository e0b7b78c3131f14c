/* cu2c/thrust_cuda_policy.h - the execution policies of thrust's CUDA system, on the OpenMP
 * system: thrust::cuda::par and thrust::cuda::par_nosync (also as thrust::system::cuda::),
 * and their .on(stream). Each is a policy of the OpenMP system (thrust's own customisation:
 * a struct deriving from thrust::omp::execution_policy<itself>), so every algorithm takes it
 * and runs on the cores as thrust::device does. The order is CUDA's: before thrust touches
 * device memory through one (thrust::detail::derived_cast, see cu2c/thrust_wait.h), par and
 * par_nosync wait for the legacy default stream as thrust::device does, `.on(s)` for the
 * work queued on s. An algorithm returns when its work is done, which par_nosync allows (it
 * only permits not waiting). Not here: policies with an allocator (`par(alloc)`),
 * thrust::cuda::pointer, vector and the rest of thrust/system/cuda/. */
#ifndef CU2C_THRUST_CUDA_POLICY_H
#define CU2C_THRUST_CUDA_POLICY_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include <cuda_runtime_api.h>
#include <thrust/system/omp/execution_policy.h>
#include <cu2c/thrust_wait.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace cuda {
namespace detail {
/* a policy running after the work queued on its stream */
struct cu2c_stream_par_t : thrust::system::omp::detail::execution_policy<cu2c_stream_par_t> {
    cudaStream_t stream;
    __host__ __device__ explicit cu2c_stream_par_t(cudaStream_t s) : stream(s) {}
};
struct par_t : thrust::system::omp::detail::execution_policy<par_t> {
    __host__ __device__ constexpr par_t() {}
    __host__ cu2c_stream_par_t on(cudaStream_t s) const { return cu2c_stream_par_t(s); }
};
struct par_nosync_t : thrust::system::omp::detail::execution_policy<par_nosync_t> {
    __host__ __device__ constexpr par_nosync_t() {}
    __host__ cu2c_stream_par_t on(cudaStream_t s) const { return cu2c_stream_par_t(s); }
};
} // namespace detail
static const detail::par_t par;
static const detail::par_nosync_t par_nosync;
} // namespace cuda
} // namespace system
namespace cuda {
using thrust::system::cuda::par;
using thrust::system::cuda::par_nosync;
} // namespace cuda

namespace detail {
template <>
__host__ __device__ inline system::cuda::detail::cu2c_stream_par_t &
derived_cast<system::cuda::detail::cu2c_stream_par_t>(execution_policy_base<system::cuda::detail::cu2c_stream_par_t> &x) {
    if (__atomic_load_n(&__cu2c_work_queued, __ATOMIC_ACQUIRE))
        (void)cudaStreamSynchronize(static_cast<system::cuda::detail::cu2c_stream_par_t &>(x).stream);
    return static_cast<system::cuda::detail::cu2c_stream_par_t &>(x);
}
template <>
__host__ __device__ inline const system::cuda::detail::cu2c_stream_par_t &
derived_cast<system::cuda::detail::cu2c_stream_par_t>(
    const execution_policy_base<system::cuda::detail::cu2c_stream_par_t> &x) {
    if (__atomic_load_n(&__cu2c_work_queued, __ATOMIC_ACQUIRE))
        (void)cudaStreamSynchronize(static_cast<const system::cuda::detail::cu2c_stream_par_t &>(x).stream);
    return static_cast<const system::cuda::detail::cu2c_stream_par_t &>(x);
}
} // namespace detail
THRUST_NAMESPACE_END

CU2C_THRUST_WAITING_CAST(thrust::system::cuda::detail::par_t)
CU2C_THRUST_WAITING_CAST(thrust::system::cuda::detail::par_nosync_t)

#endif
