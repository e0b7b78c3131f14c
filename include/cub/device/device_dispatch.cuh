/* cub/device/device_dispatch.cuh - what cu2c's device-wide algorithms share: CUB's
 * temp-storage protocol (a first call with d_temp_storage == NULL sets temp_storage_bytes and
 * does nothing else), the split of the items into chunks, one per block of one thread (a few
 * blocks per core: the runtime spreads them over every core), and the launch checks. The
 * algorithms are kernels (device_kernels.cuh) launched on the caller's stream, in order with
 * its other work, as CUB's are. */
#ifndef CU2C_CUB_DEVICE_DISPATCH_CUH
#define CU2C_CUB_DEVICE_DISPATCH_CUH

#include <cub/config.cuh>
#include <cub/thread/thread_operators.cuh>
#include <cub/device/device_kernels.cuh>
#include <limits>

namespace cub {
namespace cu2c_detail {
/* n items in `count` chunks of `size` (the last one shorter), every chunk holding items */
struct Chunks {
    int count, size;
};
inline Chunks chunks_for(long long n) {
    int workers = 1;
    if (cudaDeviceGetAttribute(&workers, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess || workers < 1)
        workers = 1;
    long long want = (n + 4095) / 4096, most = 4LL * workers;
    want = want > most ? most : want < 1 ? 1 : want;
    long long size = (n + want - 1) / want;
    Chunks c;
    c.size = (int)(size < 1 ? 1 : size);
    c.count = (int)((n + c.size - 1) / c.size);
    if (c.count < 1)
        c.count = 1;
    return c;
}

/* bytes rounded up to a 256-byte boundary (the temp storage's pieces) */
inline size_t aligned(size_t bytes) {
    return (bytes + 255) / 256 * 256;
}

/* the launches' status; with debug_synchronous, the stream's once it has run them */
inline cudaError_t launched(cudaStream_t stream, bool debug_synchronous) {
    cudaError_t e = cudaPeekAtLastError();
    if (e == cudaSuccess && debug_synchronous)
        e = cudaStreamSynchronize(stream);
    return e;
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

/* The start of an algorithm over count items (or segments) keeping need bytes: size_query,
 * then a negative count refused. true: the caller returns *err. */
inline bool checked_start(void *d_temp_storage, size_t &temp_storage_bytes, int count, size_t need,
                          cudaError_t *err) {
    if (size_query(d_temp_storage, temp_storage_bytes, need, err))
        return true;
    if (count < 0) {
        *err = cudaErrorInvalidValue;
        return true;
    }
    return false;
}

/* The start of an algorithm that keeps partial_bytes per chunk: *ch the chunks of num_items,
 * then checked_start. true: the caller returns *err. */
inline bool chunked_start(void *d_temp_storage, size_t &temp_storage_bytes, int num_items, size_t partial_bytes,
                          Chunks *ch, cudaError_t *err) {
    *ch = chunks_for(num_items);
    return checked_start(d_temp_storage, temp_storage_bytes, num_items, partial_bytes * (size_t)ch->count, err);
}
} // namespace cu2c_detail
} // namespace cub

#endif
