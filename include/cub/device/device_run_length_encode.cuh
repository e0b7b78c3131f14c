/* cub/device/device_run_length_encode.cuh - cub::DeviceRunLengthEncode (Encode,
 * NonTrivialRuns) with CUB's two-call protocol, as a kernel of one thread launched on the
 * caller's stream (in order with its other work): one pass over the items, which a run's
 * boundaries make sequential (memory-bound: a few ns an item). Equality is the items' ==,
 * as CUB's default equality operator. */
#ifndef CU2C_CUB_DEVICE_RUN_LENGTH_ENCODE_CUH
#define CU2C_CUB_DEVICE_RUN_LENGTH_ENCODE_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
/* Encode: each run's first item and length, and the number of runs */
template <typename InputIteratorT, typename UniqueOutputIteratorT, typename LengthsOutputIteratorT,
          typename NumRunsOutputIteratorT>
__global__ void Cu2cRunLengthEncode(InputIteratorT d_in, UniqueOutputIteratorT d_unique_out,
                                    LengthsOutputIteratorT d_counts_out, NumRunsOutputIteratorT d_num_runs_out,
                                    int num_items) {
    int runs = 0;
    for (int i = 0; i < num_items;) {
        int j = i + 1;
        while (j < num_items && d_in[j] == d_in[i])
            j++;
        d_unique_out[runs] = d_in[i];
        d_counts_out[runs] = j - i;
        runs++;
        i = j;
    }
    *d_num_runs_out = runs;
}

/* NonTrivialRuns: the offset and length of each run of more than one item, and their number */
template <typename InputIteratorT, typename OffsetsOutputIteratorT, typename LengthsOutputIteratorT,
          typename NumRunsOutputIteratorT>
__global__ void Cu2cNonTrivialRuns(InputIteratorT d_in, OffsetsOutputIteratorT d_offsets_out,
                                   LengthsOutputIteratorT d_lengths_out, NumRunsOutputIteratorT d_num_runs_out,
                                   int num_items) {
    int runs = 0;
    for (int i = 0; i < num_items;) {
        int j = i + 1;
        while (j < num_items && d_in[j] == d_in[i])
            j++;
        if (j - i > 1) {
            d_offsets_out[runs] = i;
            d_lengths_out[runs] = j - i;
            runs++;
        }
        i = j;
    }
    *d_num_runs_out = runs;
}

struct DeviceRunLengthEncode {
    template <typename InputIteratorT, typename UniqueOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t Encode(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              UniqueOutputIteratorT d_unique_out, LengthsOutputIteratorT d_counts_out,
                              NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream = 0,
                              bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_items < 0)
            return cudaErrorInvalidValue;
        Cu2cRunLengthEncode<InputIteratorT, UniqueOutputIteratorT, LengthsOutputIteratorT, NumRunsOutputIteratorT>
            <<<1, 1, 0, stream>>>(d_in, d_unique_out, d_counts_out, d_num_runs_out, num_items);
        return cu2c_detail::launched(stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OffsetsOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t NonTrivialRuns(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                      OffsetsOutputIteratorT d_offsets_out, LengthsOutputIteratorT d_lengths_out,
                                      NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream = 0,
                                      bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_items < 0)
            return cudaErrorInvalidValue;
        Cu2cNonTrivialRuns<InputIteratorT, OffsetsOutputIteratorT, LengthsOutputIteratorT, NumRunsOutputIteratorT>
            <<<1, 1, 0, stream>>>(d_in, d_offsets_out, d_lengths_out, d_num_runs_out, num_items);
        return cu2c_detail::launched(stream, debug_synchronous);
    }
};
} // namespace cub

#endif
