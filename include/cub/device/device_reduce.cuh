/* cub/device/device_reduce.cuh - cub::DeviceReduce: Sum, Min, Max, ArgMin, ArgMax and Reduce
 * over num_items items, queued on the stream (device_dispatch.cuh). Items are combined in
 * order from the first (a float sum may differ from CUB's in its last bits). */
#ifndef CU2C_CUB_DEVICE_REDUCE_CUH
#define CU2C_CUB_DEVICE_REDUCE_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
struct DeviceReduce {
    template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename T>
    static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, ReductionOpT reduction_op, T init,
                              cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_items < 0)
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() mutable {
            T acc = init;
            for (int i = 0; i < num_items; i++)
                acc = reduction_op(acc, d_in[i]);
            *d_out = acc;
        }, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                           int num_items, cudaStream_t stream = 0, bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Sum(), T(), stream,
                      debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                           int num_items, cudaStream_t stream = 0, bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Min(),
                      std::numeric_limits<T>::max(), stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                           int num_items, cudaStream_t stream = 0, bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Max(),
                      std::numeric_limits<T>::lowest(), stream, debug_synchronous);
    }
    /* the first item with the smallest (ArgMin) or largest (ArgMax) value, as {offset, value};
     * {1, the type's largest/lowest value} for no items, as CUB gives */
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t Cu2cArg(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                               OutputIteratorT d_out, int num_items, bool max, cudaStream_t stream,
                               bool debug_synchronous) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_items < 0)
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() mutable {
            KeyValuePair<int, T> best(1, max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max());
            for (int i = 0; i < num_items; i++) {
                T v = d_in[i];
                if (i == 0 || (max ? v > best.value : v < best.value))
                    best = KeyValuePair<int, T>(i, v);
            }
            *d_out = best;
        }, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, cudaStream_t stream = 0,
                              bool debug_synchronous = false) {
        return Cu2cArg(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, false, stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, cudaStream_t stream = 0,
                              bool debug_synchronous = false) {
        return Cu2cArg(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, true, stream, debug_synchronous);
    }
};

/* cub::DeviceSegmentedReduce: one reduction per segment [d_begin_offsets[i], d_end_offsets[i]) */
struct DeviceSegmentedReduce {
    template <typename InputIteratorT, typename OutputIteratorT, typename OffsetIteratorT, typename ReductionOp,
              typename T>
    static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_segments, OffsetIteratorT d_begin_offsets,
                              OffsetIteratorT d_end_offsets, ReductionOp reduction_op, T initial_value,
                              cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_segments < 0)
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() mutable {
            for (int s = 0; s < num_segments; s++) {
                T acc = initial_value;
                for (auto i = d_begin_offsets[s]; i < d_end_offsets[s]; i++)
                    acc = reduction_op(acc, d_in[i]);
                d_out[s] = acc;
            }
        }, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename OffsetIteratorT>
    static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                           int num_segments, OffsetIteratorT d_begin_offsets, OffsetIteratorT d_end_offsets,
                           cudaStream_t stream = 0, bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,
                      cub::Sum(), T(), stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename OffsetIteratorT>
    static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                           int num_segments, OffsetIteratorT d_begin_offsets, OffsetIteratorT d_end_offsets,
                           cudaStream_t stream = 0, bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,
                      cub::Min(), std::numeric_limits<T>::max(), stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename OffsetIteratorT>
    static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                           int num_segments, OffsetIteratorT d_begin_offsets, OffsetIteratorT d_end_offsets,
                           cudaStream_t stream = 0, bool debug_synchronous = false) {
        typedef typename IteratorValue<InputIteratorT>::Type T;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,
                      cub::Max(), std::numeric_limits<T>::lowest(), stream, debug_synchronous);
    }
};
} // namespace cub

#endif
