/* cu2c/thrust_wait.h - thrust's device algorithms wait for the kernels before them. On a GPU
 * a thrust algorithm, a device_vector's element access or copy runs on the default stream,
 * after the kernels (and copies) queued before it; here thrust's OpenMP system touches the
 * memory from the host at once, while libcu2c may still be running those kernels. Every
 * such operation reaches its execution policy through thrust::detail::derived_cast (thrust's
 * dispatch: algorithms, device_reference, copies between systems): its specialisations for
 * the OpenMP system's policies (tag: device_vector's iterators; par_t: thrust::device,
 * thrust::omp::par) first wait for the legacy default stream (and so for the blocking
 * streams), as a GPU would order them. Element accesses call it too (inside thrust's loops),
 * so it first asks, without a lock, whether any work is queued at all: one load when none.
 * An error the wait meets (a kernel's) is left to the program: sticky ones come back from
 * its next CUDA call, others are its last error (cudaGetLastError). Not thrown as
 * thrust::system_error (as CUDA's system would): thrust's headers may reach this one
 * before that class. */
#ifndef CU2C_THRUST_WAIT_H
#define CU2C_THRUST_WAIT_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include <cuda_runtime_api.h>

extern "C" int __cu2c_work_queued;   /* libcu2c: some stream has work queued */

inline void __cu2c_thrust_wait(void) {
    if (!__atomic_load_n(&__cu2c_work_queued, __ATOMIC_ACQUIRE))
        return;
    (void)cudaStreamSynchronize(cudaStreamLegacy);
}

/* derived_cast of policy P (a complete type) waits first */
#define CU2C_THRUST_WAITING_CAST(P)                                                          \
    THRUST_NAMESPACE_BEGIN namespace detail {                                                \
    template <> __host__ __device__ inline P &derived_cast<P>(execution_policy_base<P> & x) { \
        __cu2c_thrust_wait();                                                                \
        return static_cast<P &>(x);                                                          \
    }                                                                                        \
    template <>                                                                              \
    __host__ __device__ inline const P &derived_cast<P>(const execution_policy_base<P> &x) { \
        __cu2c_thrust_wait();                                                                \
        return static_cast<const P &>(x);                                                    \
    }                                                                                        \
    }                                                                                        \
    THRUST_NAMESPACE_END

#endif
