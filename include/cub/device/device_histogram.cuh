/* cub/device/device_histogram.cuh - cub::DeviceHistogram: HistogramEven and HistogramRange
 * of one channel, queued on the stream (device_dispatch.cuh). num_levels - 1 bins; samples
 * outside [lower_level, upper_level) (or the levels' range) are not counted. Multi-channel
 * forms are not provided. */
#ifndef CU2C_CUB_DEVICE_HISTOGRAM_CUH
#define CU2C_CUB_DEVICE_HISTOGRAM_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
struct DeviceHistogram {
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                     CounterT *d_histogram, int num_levels, LevelT lower_level, LevelT upper_level,
                                     OffsetT num_samples, cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_levels < 2 || num_samples < 0 || !(lower_level < upper_level))
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() {
            int bins = num_levels - 1;
            for (int b = 0; b < bins; b++)
                d_histogram[b] = 0;
            for (OffsetT i = 0; i < num_samples; i++) {
                LevelT s = (LevelT)d_samples[i];
                if (s < lower_level || !(s < upper_level))
                    continue;
                long long b;
                if (std::numeric_limits<LevelT>::is_integer)
                    b = (long long)((double)((long long)s - (long long)lower_level) * bins /
                                    (double)((long long)upper_level - (long long)lower_level));
                else
                    b = (long long)(((double)s - (double)lower_level) * bins /
                                    ((double)upper_level - (double)lower_level));
                d_histogram[b < bins ? b : bins - 1]++;
            }
        }, debug_synchronous);
    }
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                      CounterT *d_histogram, int num_levels, LevelT *d_levels, OffsetT num_samples,
                                      cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, 1, &err))
            return err;
        if (num_levels < 2 || num_samples < 0)
            return cudaErrorInvalidValue;
        return cu2c_detail::enqueue(stream, [=]() {
            int bins = num_levels - 1;
            for (int b = 0; b < bins; b++)
                d_histogram[b] = 0;
            for (OffsetT i = 0; i < num_samples; i++) {
                LevelT s = (LevelT)d_samples[i];
                if (s < d_levels[0] || !(s < d_levels[bins]))
                    continue;
                int lo = 0, hi = bins;      /* levels[lo] <= s < levels[hi] */
                while (hi - lo > 1) {
                    int mid = (lo + hi) / 2;
                    if (s < d_levels[mid])
                        hi = mid;
                    else
                        lo = mid;
                }
                d_histogram[lo]++;
            }
        }, debug_synchronous);
    }
};
} // namespace cub

#endif
