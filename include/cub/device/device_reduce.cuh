/* cub/device/device_reduce.cuh - cub::DeviceReduce (Sum, Min, Max, ArgMin, ArgMax, Reduce)
 * and cub::DeviceSegmentedReduce, on the caller's stream over every core (device_dispatch.cuh):
 * chunks reduced in parallel, then their partials in order (a float sum may differ from
 * CUB's in its last bits). */
#ifndef CU2C_CUB_DEVICE_REDUCE_CUH
#define CU2C_CUB_DEVICE_REDUCE_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
/* What DeviceReduce::Sum adds in, as CUB: the output's value type (a count of bools into an
 * int64_t), or the input's when the output iterator's is void */
template <typename InputIteratorT, typename OutputIteratorT> struct Cu2cSumType {
    typedef typename IteratorValue<OutputIteratorT>::Type Out;
    typedef typename If<Equals<Out, void>::VALUE != 0, typename IteratorValue<InputIteratorT>::Type, Out>::Type Type;
};

struct DeviceReduce {
    template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename T>
    static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, ReductionOpT reduction_op, T init,
                              cudaStream_t stream = 0, bool debug_synchronous = false) {
        cu2c_detail::Chunks ch;
        cudaError_t err;
        if (cu2c_detail::chunked_start(d_temp_storage, temp_storage_bytes, num_items, sizeof(T), &ch, &err))
            return err;
        T *partials = (T *)d_temp_storage;
        if (num_items > 0)
            Cu2cReduceChunks<InputIteratorT, ReductionOpT, T><<<ch.count, 1, 0, stream>>>(d_in, num_items, ch.size,
                                                                                     reduction_op, partials);
        Cu2cReduceFinish<ReductionOpT, T, OutputIteratorT><<<1, 1, 0, stream>>>(partials, num_items > 0 ? ch.count : 0,
                                                                              reduction_op, init, d_out);
        return cu2c_detail::launched(stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                           int num_items, cudaStream_t stream = 0, bool debug_synchronous = false) {
        typedef typename Cu2cSumType<InputIteratorT, OutputIteratorT>::Type T;
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
        cu2c_detail::Chunks ch;
        cudaError_t err;
        if (cu2c_detail::chunked_start(d_temp_storage, temp_storage_bytes, num_items, sizeof(KeyValuePair<int, T>),
                                       &ch, &err))
            return err;
        KeyValuePair<int, T> *partials = (KeyValuePair<int, T> *)d_temp_storage;
        if (num_items > 0)
            Cu2cArgChunks<InputIteratorT, T><<<ch.count, 1, 0, stream>>>(d_in, num_items, ch.size, max, partials);
        T empty = max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
        Cu2cArgFinish<T, OutputIteratorT><<<1, 1, 0, stream>>>(partials, num_items > 0 ? ch.count : 0, max, empty, d_out);
        return cu2c_detail::launched(stream, debug_synchronous);
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
        if (cu2c_detail::checked_start(d_temp_storage, temp_storage_bytes, num_segments, 1, &err))
            return err;
        if (num_segments == 0)
            return cudaSuccess;
        cu2c_detail::Chunks ch = cu2c_detail::chunks_for((long long)num_segments * 64);
        int per = (num_segments + ch.count - 1) / ch.count;
        Cu2cSegmentedReduce<InputIteratorT, OutputIteratorT, OffsetIteratorT, ReductionOp, T>
            <<<(num_segments + per - 1) / per, 1, 0, stream>>>(d_in, d_out, num_segments, per, d_begin_offsets,
                                                              d_end_offsets, reduction_op, initial_value);
        return cu2c_detail::launched(stream, debug_synchronous);
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
