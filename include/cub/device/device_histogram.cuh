/* cub/device/device_histogram.cuh - cub::DeviceHistogram: HistogramEven and HistogramRange
 * of one channel, on the caller's stream over every core (device_dispatch.cuh): each chunk's
 * histogram, then their sums. num_levels - 1 bins; samples outside [lower_level,
 * upper_level) (or the levels' range) are not counted. Multi-channel forms are not
 * provided. */
#ifndef CU2C_CUB_DEVICE_HISTOGRAM_CUH
#define CU2C_CUB_DEVICE_HISTOGRAM_CUH

#include <cub/device/device_dispatch.cuh>

namespace cub {
struct DeviceHistogram {
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t Cu2cHistogram(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                     CounterT *d_histogram, int num_levels, LevelT lower_level, LevelT upper_level,
                                     const LevelT *d_levels, OffsetT num_samples, cudaStream_t stream,
                                     bool debug_synchronous) {
        cu2c_detail::Chunks ch = cu2c_detail::chunks_for((long long)num_samples);
        int bins = num_levels - 1;
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes,
                                    sizeof(CounterT) * (size_t)ch.count * (size_t)(bins > 0 ? bins : 1), &err))
            return err;
        if (num_levels < 2 || num_samples < 0 || (!d_levels && !(lower_level < upper_level)))
            return cudaErrorInvalidValue;
        CounterT *hist = (CounterT *)d_temp_storage;
        int used = num_samples > 0 ? ch.count : 0;
        if (used)
            Cu2cHistogramChunks<SampleIteratorT, CounterT, LevelT><<<ch.count, 1, 0, stream>>>(
                d_samples, (long long)num_samples, (long long)ch.size, bins, lower_level, upper_level, d_levels, hist);
        int per = bins < 64 ? bins : 64;
        Cu2cHistogramSum<CounterT><<<(bins + per - 1) / per, 1, 0, stream>>>(hist, used, bins, per, d_histogram);
        return cu2c_detail::launched(stream, debug_synchronous);
    }
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                     CounterT *d_histogram, int num_levels, LevelT lower_level, LevelT upper_level,
                                     OffsetT num_samples, cudaStream_t stream = 0, bool debug_synchronous = false) {
        return Cu2cHistogram(d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, lower_level,
                             upper_level, (const LevelT *)NULL, num_samples, stream, debug_synchronous);
    }
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                      CounterT *d_histogram, int num_levels, LevelT *d_levels, OffsetT num_samples,
                                      cudaStream_t stream = 0, bool debug_synchronous = false) {
        return Cu2cHistogram(d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, LevelT(), LevelT(),
                             (const LevelT *)d_levels, num_samples, stream, debug_synchronous);
    }
};
} // namespace cub

#endif
