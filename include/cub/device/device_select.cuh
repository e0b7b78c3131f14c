/* cub/device/device_select.cuh - cub::DeviceSelect (If, Flagged, Unique), keeping the
 * selected items' order, on the caller's stream over every core (device_dispatch.cuh): the
 * chunks' counts, their prefixes, then each chunk's items written from its prefix. */
#ifndef CU2C_CUB_DEVICE_SELECT_CUH
#define CU2C_CUB_DEVICE_SELECT_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
/* the selection of the forms that take no functor (never called) */
struct Cu2cNoSelect {
    template <typename T> __host__ __device__ bool operator()(const T &) const { return false; }
};

struct DeviceSelect {
    /* mode 0: select_op, 1: d_flags, 2: the first of each run of equal items */
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT, typename NumSelectedIteratorT,
              typename SelectOp>
    static cudaError_t Cu2cSelect(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                  FlagIterator d_flags, OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                                  int num_items, SelectOp select_op, int mode, cudaStream_t stream,
                                  bool debug_synchronous) {
        cu2c_detail::Chunks ch;
        cudaError_t err;
        if (cu2c_detail::chunked_start(d_temp_storage, temp_storage_bytes, num_items, sizeof(int), &ch, &err))
            return err;
        int *counts = (int *)d_temp_storage;
        int used = num_items > 0 ? ch.count : 0;
        if (used)
            Cu2cSelectCount<InputIteratorT, FlagIterator, SelectOp><<<ch.count, 1, 0, stream>>>(
                d_in, d_flags, select_op, mode, num_items, ch.size, counts);
        Cu2cSelectTotal<NumSelectedIteratorT><<<1, 1, 0, stream>>>(counts, used, d_num_selected_out);
        if (used)
            Cu2cSelectScatter<InputIteratorT, FlagIterator, OutputIteratorT, SelectOp><<<ch.count, 1, 0, stream>>>(
                d_in, d_flags, d_out, select_op, mode, num_items, ch.size, counts);
        return cu2c_detail::launched(stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT, typename SelectOp>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                          NumSelectedIteratorT d_num_selected_out, int num_items, SelectOp select_op,
                          cudaStream_t stream = 0, bool debug_synchronous = false) {
        return Cu2cSelect(d_temp_storage, temp_storage_bytes, d_in, (const char *)NULL, d_out, d_num_selected_out,
                          num_items, select_op, 0, stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT, typename NumSelectedIteratorT>
    static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                               FlagIterator d_flags, OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                               int num_items, cudaStream_t stream = 0, bool debug_synchronous = false) {
        return Cu2cSelect(d_temp_storage, temp_storage_bytes, d_in, d_flags, d_out, d_num_selected_out, num_items,
                          Cu2cNoSelect(), 1, stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT>
    static cudaError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out, int num_items,
                              cudaStream_t stream = 0, bool debug_synchronous = false) {
        return Cu2cSelect(d_temp_storage, temp_storage_bytes, d_in, (const char *)NULL, d_out, d_num_selected_out,
                          num_items, Cu2cNoSelect(), 2, stream, debug_synchronous);
    }
};
} // namespace cub

#endif
