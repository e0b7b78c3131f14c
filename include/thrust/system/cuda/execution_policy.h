/* thrust/system/cuda/execution_policy.h - cu2c's: thrust's CUDA system's policies
 * (thrust::cuda::par, par_nosync, .on(stream)) on the OpenMP system, with what thrust's
 * headers bring (see cu2c/thrust_cuda_policy.h). The rest of thrust/system/cuda/ is refused. */
#include <thrust/execution_policy.h>
#include <cu2c/thrust_cuda_policy.h>
