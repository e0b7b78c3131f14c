/* cub/device/device_select.cuh - cub::DeviceSelect: If, Flagged and Unique, keeping the
 * selected items' order, queued on the stream (device_dispatch.cuh). */
#ifndef CU2C_CUB_DEVICE_SELECT_CUH
#define CU2C_CUB_DEVICE_SELECT_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
struct DeviceSelect {
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT, typename SelectOp>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                          NumSelectedIteratorT d_num_selected_out, int num_items, SelectOp select_op,
                          cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_items < 0)
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() mutable {
            int n = 0;
            for (int i = 0; i < num_items; i++) {
                typename IteratorValue<InputIteratorT>::Type v = d_in[i];
                if (select_op(v))
                    d_out[n++] = v;
            }
            *d_num_selected_out = n;
        }, debug_synchronous);
    }
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT, typename NumSelectedIteratorT>
    static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                               FlagIterator d_flags, OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                               int num_items, cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_items < 0)
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() mutable {
            int n = 0;
            for (int i = 0; i < num_items; i++)
                if (d_flags[i])
                    d_out[n++] = d_in[i];
            *d_num_selected_out = n;
        }, debug_synchronous);
    }
    /* the first item of each run of equal consecutive items */
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT>
    static cudaError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out, int num_items,
                              cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_items < 0)
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() mutable {
            int n = 0;
            typename IteratorValue<InputIteratorT>::Type prev = typename IteratorValue<InputIteratorT>::Type();
            for (int i = 0; i < num_items; i++) {
                typename IteratorValue<InputIteratorT>::Type v = d_in[i];
                if (i == 0 || !(v == prev))
                    d_out[n++] = v;
                prev = v;
            }
            *d_num_selected_out = n;
        }, debug_synchronous);
    }
};
} // namespace cub

#endif
