/* cub/device/device_scan.cuh - cub::DeviceScan: inclusive and exclusive sums and scans over
 * num_items items (in place too), queued on the stream (device_dispatch.cuh). */
#ifndef CU2C_CUB_DEVICE_SCAN_CUH
#define CU2C_CUB_DEVICE_SCAN_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
struct DeviceScan {
    /* exclusive (with init) or inclusive (init unused) scan_op over d_in into d_out */
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename T>
    static cudaError_t Cu2cScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, ScanOpT scan_op, T init, bool inclusive, int num_items,
                                cudaStream_t stream, bool debug_synchronous) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_items < 0)
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() mutable {
            T acc = init;
            for (int i = 0; i < num_items; i++) {
                T v = d_in[i];
                if (inclusive) {
                    acc = i == 0 ? v : scan_op(acc, v);
                    d_out[i] = acc;
                } else {
                    d_out[i] = acc;
                    acc = scan_op(acc, v);
                }
            }
        }, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                    OutputIteratorT d_out, int num_items, cudaStream_t stream = 0,
                                    bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Cu2cScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cub::Sum(), T(), false, num_items, stream,
                        debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT>
    static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value, int num_items,
                                     cudaStream_t stream = 0, bool debug_synchronous = false) {
        return Cu2cScan(d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init_value, false, num_items, stream,
                        debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                    OutputIteratorT d_out, int num_items, cudaStream_t stream = 0,
                                    bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Cu2cScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cub::Sum(), T(), true, num_items, stream,
                        debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT>
    static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op, int num_items, cudaStream_t stream = 0,
                                     bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Cu2cScan(d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, T(), true, num_items, stream,
                        debug_synchronous);
    }
};
} // namespace cub

#endif
