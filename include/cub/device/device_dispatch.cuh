/* cub/device/device_dispatch.cuh - what cu2c's device-wide algorithms share: CUB's
 * temp-storage protocol (a first call with d_temp_storage == NULL sets temp_storage_bytes and
 * does nothing else) and the queueing of the work on the stream (cudaLaunchHostFunc), so that
 * it runs in order with the stream's other work, as CUB's kernels do. The work runs on the
 * runtime's stream thread, one core. */
#ifndef CU2C_CUB_DEVICE_DISPATCH_CUH
#define CU2C_CUB_DEVICE_DISPATCH_CUH

#include <cub/config.cuh>
#include <cub/thread/thread_operators.cuh>
#include <limits>
#include <new>

namespace cub {
namespace cu2c_detail {
template <typename F> void run_queued(void *p) {
    F *f = static_cast<F *>(p);
    (*f)();
    delete f;
}

/* f queued on stream: cudaSuccess, or the error queueing it gave */
template <typename F> cudaError_t enqueue(cudaStream_t stream, const F &f, bool debug_synchronous) {
    F *p = new (std::nothrow) F(f);
    if (!p)
        return cudaErrorMemoryAllocation;
    cudaError_t e = cudaLaunchHostFunc(stream, run_queued<F>, p);
    if (e != cudaSuccess) {
        delete p;
        return e;
    }
    return debug_synchronous ? cudaStreamSynchronize(stream) : cudaSuccess;
}

/* The protocol's first call (true: *bytes set to need), or a check of the storage given */
inline bool size_query(void *d_temp_storage, size_t &temp_storage_bytes, size_t need, cudaError_t *err) {
    *err = cudaSuccess;
    if (need == 0)
        need = 1;
    if (!d_temp_storage) {
        temp_storage_bytes = need;
        return true;
    }
    if (temp_storage_bytes < need) {
        *err = cudaErrorInvalidValue;
        return true;
    }
    return false;
}
} // namespace cu2c_detail
} // namespace cub

#endif
