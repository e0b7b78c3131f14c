/* cub/device/device_run_length_encode.cuh - cub::DeviceRunLengthEncode (Encode,
 * NonTrivialRuns) with CUB's two-call protocol, as a kernel of one thread launched on the
 * caller's stream (in order with its other work): one pass over the items, which a run's
 * boundaries make sequential (memory-bound: a few ns an item). Equality is the items' ==,
 * as CUB's default equality operator. */
#ifndef CU2C_CUB_DEVICE_RUN_LENGTH_ENCODE_CUH
#define CU2C_CUB_DEVICE_RUN_LENGTH_ENCODE_CUH

#include <cub/device/device_dispatch.cuh>
#include <type_traits>

namespace cub {
/* What a run starting at item i stores first: its offset (true_type) or its first item */
template <typename InputIteratorT>
__device__ int __cu2c_run_first(std::true_type, int i, InputIteratorT) {
    return i;
}
template <typename InputIteratorT>
__device__ auto __cu2c_run_first(std::false_type, int i, InputIteratorT d_in) -> decltype(d_in[i]) {
    return d_in[i];
}

/* The runs of equal items of d_in, in order: each run's first item (Encode) or, of the runs
 * of more than one item, its offset (NonTrivialRuns: Offsets), its length, and their number */
template <bool Offsets, typename InputIteratorT, typename FirstsOutputIteratorT, typename LengthsOutputIteratorT,
          typename NumRunsOutputIteratorT>
__global__ void Cu2cRuns(InputIteratorT d_in, FirstsOutputIteratorT d_firsts_out, LengthsOutputIteratorT d_lengths_out,
                         NumRunsOutputIteratorT d_num_runs_out, int num_items) {
    int runs = 0;
    for (int i = 0; i < num_items;) {
        int j = i + 1;
        while (j < num_items && d_in[j] == d_in[i])
            j++;
        if (!Offsets || j - i > 1) {
            d_firsts_out[runs] = __cu2c_run_first(std::integral_constant<bool, Offsets>(), i, d_in);
            d_lengths_out[runs] = j - i;
            runs++;
        }
        i = j;
    }
    *d_num_runs_out = runs;
}

struct DeviceRunLengthEncode {
    template <bool Offsets, typename InputIteratorT, typename FirstsOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t __cu2c_runs(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                   FirstsOutputIteratorT d_firsts_out, LengthsOutputIteratorT d_lengths_out,
                                   NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream,
                                   bool debug_synchronous) {
        cudaError_t err;
        if (cu2c_detail::checked_start(d_temp_storage, temp_storage_bytes, num_items, 1, &err))
            return err;
        Cu2cRuns<Offsets, InputIteratorT, FirstsOutputIteratorT, LengthsOutputIteratorT, NumRunsOutputIteratorT>
            <<<1, 1, 0, stream>>>(d_in, d_firsts_out, d_lengths_out, d_num_runs_out, num_items);
        return cu2c_detail::launched(stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename UniqueOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t Encode(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              UniqueOutputIteratorT d_unique_out, LengthsOutputIteratorT d_counts_out,
                              NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream = 0,
                              bool debug_synchronous = false) {
        return __cu2c_runs<false>(d_temp_storage, temp_storage_bytes, d_in, d_unique_out, d_counts_out,
                                  d_num_runs_out, num_items, stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OffsetsOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t NonTrivialRuns(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                      OffsetsOutputIteratorT d_offsets_out, LengthsOutputIteratorT d_lengths_out,
                                      NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream = 0,
                                      bool debug_synchronous = false) {
        return __cu2c_runs<true>(d_temp_storage, temp_storage_bytes, d_in, d_offsets_out, d_lengths_out,
                                 d_num_runs_out, num_items, stream, debug_synchronous);
    }
};
} // namespace cub

#endif
