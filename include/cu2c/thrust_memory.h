/* cu2c/thrust_memory.h - thrust's device memory is libcu2c's: device_vector's storage
 * (thrust/system/omp/memory_resource.h), thrust::device_malloc/device_free and thrust's
 * temporary buffers for device algorithms (thrust/system/omp/detail/malloc_and_free.h) come
 * from cudaMalloc, as with CUDA's system, so that every CUDA call taking device memory takes
 * them (cudaMemset refuses memory the runtime did not allocate, as a GPU does), and a
 * kernel's fault or overrun in them is caught as in any device buffer. A failed allocation
 * throws thrust::system::detail::bad_alloc (a std::bad_alloc), as CUDA's system does.
 * Each allocation starts 256 bytes (cudaMalloc's alignment) into its cudaMalloc'd block:
 * thrust 1.17's head flags (unique, reduce_by_key...) read the element before the first
 * (detail/range/head_flags.h builds the pair before testing i == 0), harmless on a GPU,
 * reported by cu2cc -fsanitize=address (and outside the block at the start of a mapping). */
#ifndef CU2C_THRUST_MEMORY_H
#define CU2C_THRUST_MEMORY_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include <cuda_runtime_api.h>
#include <thrust/system/detail/bad_alloc.h>
#include <string>

enum { CU2C_THRUST_FRONT = 256 };

inline void *__cu2c_thrust_malloc(std::size_t bytes) {
    void *p = nullptr;
    cudaError_t e = bytes > (std::size_t)-1 - CU2C_THRUST_FRONT ? cudaErrorMemoryAllocation
                                                                : cudaMalloc(&p, bytes + CU2C_THRUST_FRONT);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();   /* reported by the exception, as thrust's CUDA system does */
        throw thrust::system::detail::bad_alloc(std::string("device allocation of ") +
                                                std::to_string(bytes) + " bytes: " + cudaGetErrorString(e));
    }
    return static_cast<char *>(p) + CU2C_THRUST_FRONT;
}

inline void __cu2c_thrust_free(void *p) {
    if (p)
        (void)cudaFree(static_cast<char *>(p) - CU2C_THRUST_FRONT);
}

#endif
