/* cub/device/device_scan.cuh - cub::DeviceScan: inclusive and exclusive sums and scans over
 * num_items items (in place too), on the caller's stream over every core (device_dispatch.cuh):
 * the chunks' reductions, their prefixes in order, then each chunk scanned from its prefix. */
#ifndef CU2C_CUB_DEVICE_SCAN_CUH
#define CU2C_CUB_DEVICE_SCAN_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
struct DeviceScan {
    /* exclusive (from init) or inclusive (init unused) scan_op over d_in into d_out */
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename T>
    static cudaError_t Cu2cScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, ScanOpT scan_op, T init, bool inclusive, int num_items,
                                cudaStream_t stream, bool debug_synchronous) {
        cu2c_detail::Chunks ch;
        cudaError_t err;
        if (cu2c_detail::chunked_start(d_temp_storage, temp_storage_bytes, num_items, sizeof(T), &ch, &err))
            return err;
        if (num_items == 0)
            return cudaSuccess;
        T *partials = (T *)d_temp_storage;
        Cu2cReduceChunks<InputIteratorT, ScanOpT, T><<<ch.count, 1, 0, stream>>>(d_in, num_items, ch.size, scan_op,
                                                                                partials);
        Cu2cScanPartials<ScanOpT, T><<<1, 1, 0, stream>>>(partials, ch.count, scan_op, init, !inclusive);
        Cu2cScanChunks<InputIteratorT, OutputIteratorT, ScanOpT, T><<<ch.count, 1, 0, stream>>>(
            d_in, d_out, num_items, ch.size, scan_op, partials, !inclusive, inclusive);
        return cu2c_detail::launched(stream, debug_synchronous);
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
