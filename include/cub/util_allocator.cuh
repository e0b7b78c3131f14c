/* cub/util_allocator.cuh - cub::CachingDeviceAllocator, CUB's allocator for temp storage:
 * here each DeviceAllocate is a cudaMalloc (on the stream's order, cudaMallocAsync when a
 * stream is given) and each DeviceFree its free; nothing is cached (cu2c's cudaMalloc is
 * already cheap), so the bin and cache limits given to the constructor change nothing. */
#ifndef CU2C_CUB_UTIL_ALLOCATOR_CUH
#define CU2C_CUB_UTIL_ALLOCATOR_CUH

#include <cub/config.cuh>

namespace cub {
struct CachingDeviceAllocator {
    static const unsigned int INVALID_BIN = (unsigned int)-1;
    static const size_t INVALID_SIZE = (size_t)-1;
    static const int INVALID_DEVICE_ORDINAL = -1;
    bool debug;

    CachingDeviceAllocator(unsigned int bin_growth, unsigned int min_bin = 1, unsigned int max_bin = INVALID_BIN,
                           size_t max_cached_bytes = INVALID_SIZE, bool skip_cleanup = false, bool debug_ = false)
        : debug(debug_) {
        (void)bin_growth, (void)min_bin, (void)max_bin, (void)max_cached_bytes, (void)skip_cleanup;
    }
    CachingDeviceAllocator(bool skip_cleanup = false, bool debug_ = false) : debug(debug_) { (void)skip_cleanup; }

    cudaError_t SetMaxCachedBytes(size_t) { return cudaSuccess; }
    cudaError_t DeviceAllocate(int device, void **d_ptr, size_t bytes, cudaStream_t active_stream = 0) {
        (void)device;
        return active_stream ? cudaMallocAsync(d_ptr, bytes, active_stream) : cudaMalloc(d_ptr, bytes);
    }
    cudaError_t DeviceAllocate(void **d_ptr, size_t bytes, cudaStream_t active_stream = 0) {
        return DeviceAllocate(INVALID_DEVICE_ORDINAL, d_ptr, bytes, active_stream);
    }
    cudaError_t DeviceFree(int device, void *d_ptr) {
        (void)device;
        return cudaFree(d_ptr);
    }
    cudaError_t DeviceFree(void *d_ptr) { return cudaFree(d_ptr); }
    cudaError_t FreeAllCached() { return cudaSuccess; }
};
} // namespace cub

#endif
