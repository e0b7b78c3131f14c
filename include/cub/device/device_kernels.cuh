/* cub/device/device_kernels.cuh - the kernels of cu2c's device-wide algorithms. Each runs in
 * blocks of one thread, block c working on chunk c of the items (items [c * size, c * size +
 * size) of n), in order: results are CUB's (a reduction combines the items in order within a
 * chunk, then the chunks in order; sorts and selections are stable). */
#ifndef CU2C_CUB_DEVICE_KERNELS_CUH
#define CU2C_CUB_DEVICE_KERNELS_CUH

#include <cub/config.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <limits>

namespace cub {
/* partials[c]: reduction_op over chunk c's items */
template <typename InputIteratorT, typename ReductionOpT, typename T>
__global__ void Cu2cReduceChunks(InputIteratorT d_in, int n, int size, ReductionOpT reduction_op, T *partials) {
    int b = blockIdx.x * size, e = n - b < size ? n : b + size;
    if (b >= e)
        return;
    T acc = d_in[b];
    for (int i = b + 1; i < e; i++)
        acc = reduction_op(acc, d_in[i]);
    partials[blockIdx.x] = acc;
}

/* *d_out: init combined with the chunks' partials in order */
template <typename ReductionOpT, typename T, typename OutputIteratorT>
__global__ void Cu2cReduceFinish(const T *partials, int used, ReductionOpT reduction_op, T init, OutputIteratorT d_out) {
    T acc = init;
    for (int c = 0; c < used; c++)
        acc = reduction_op(acc, partials[c]);
    *d_out = acc;
}

/* partials[c]: the first item of chunk c with the largest (max) or smallest value */
template <typename InputIteratorT, typename T>
__global__ void Cu2cArgChunks(InputIteratorT d_in, int n, int size, bool max, KeyValuePair<int, T> *partials) {
    int b = blockIdx.x * size, e = n - b < size ? n : b + size;
    if (b >= e)
        return;
    KeyValuePair<int, T> best(b, d_in[b]);
    for (int i = b + 1; i < e; i++) {
        T v = d_in[i];
        if (max ? v > best.value : v < best.value)
            best = KeyValuePair<int, T>(i, v);
    }
    partials[blockIdx.x] = best;
}

template <typename T, typename OutputIteratorT>
__global__ void Cu2cArgFinish(const KeyValuePair<int, T> *partials, int used, bool max, T empty, OutputIteratorT d_out) {
    KeyValuePair<int, T> best(1, empty);
    for (int c = 0; c < used; c++)
        if (c == 0 || (max ? partials[c].value > best.value : partials[c].value < best.value))
            best = partials[c];
    *d_out = best;
}

/* d_out[s]: reduction_op over segment s, for the `per` segments of this block */
template <typename InputIteratorT, typename OutputIteratorT, typename OffsetIteratorT, typename ReductionOpT, typename T>
__global__ void Cu2cSegmentedReduce(InputIteratorT d_in, OutputIteratorT d_out, int num_segments, int per,
                                    OffsetIteratorT d_begin_offsets, OffsetIteratorT d_end_offsets,
                                    ReductionOpT reduction_op, T init) {
    for (int s = blockIdx.x * per; s < num_segments && s < (int)(blockIdx.x + 1) * per; s++) {
        T acc = init;
        for (long long i = d_begin_offsets[s]; i < (long long)d_end_offsets[s]; i++)
            acc = reduction_op(acc, d_in[i]);
        d_out[s] = acc;
    }
}

/* partials (the chunks' reductions) become the chunks' exclusive prefixes (from init when
 * has_init; chunk 0 has none otherwise) */
template <typename ScanOpT, typename T> __global__ void Cu2cScanPartials(T *partials, int used, ScanOpT scan_op, T init,
                                                                         bool has_init) {
    T run = init;
    for (int c = 0; c < used; c++) {
        T v = partials[c];
        partials[c] = run;
        run = c == 0 && !has_init ? v : scan_op(run, v);
    }
}

template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename T>
__global__ void Cu2cScanChunks(InputIteratorT d_in, OutputIteratorT d_out, int n, int size, ScanOpT scan_op,
                               const T *prefixes, bool has_init, bool inclusive) {
    int b = blockIdx.x * size, e = n - b < size ? n : b + size;
    if (b >= e)
        return;
    bool have = has_init || blockIdx.x > 0;
    T acc = prefixes[blockIdx.x];
    for (int i = b; i < e; i++) {
        T v = d_in[i];
        if (inclusive) {
            acc = have ? scan_op(acc, v) : v;
            have = true;
            d_out[i] = acc;
        } else {
            d_out[i] = acc;
            acc = scan_op(acc, v);
        }
    }
}

/* counts[digit * chunks + c]: chunk c's keys with that digit (bits [bit, bit + width)) */
template <typename KeyT>
__global__ void Cu2cRadixCount(const KeyT *keys, int n, int size, int bit, int width, bool descending, int *counts) {
    int b = blockIdx.x * size, e = n - b < size ? n : b + size;
    int count[256];
    for (int d = 0; d < 256; d++)
        count[d] = 0;
    unsigned mask = (1u << width) - 1u;
    for (int i = b; i < e; i++) {
        unsigned long long u = Cu2cRadixKey(keys[i]);
        count[((descending ? ~u : u) >> bit) & mask]++;
    }
    for (int d = 0; d < 256; d++)
        counts[d * gridDim.x + blockIdx.x] = count[d];
}

/* counts[0..total) into exclusive prefixes */
template <typename CountT> __global__ void Cu2cExclusiveCounts(CountT *counts, int total) {
    CountT run = 0;
    for (int i = 0; i < total; i++) {
        CountT v = counts[i];
        counts[i] = run;
        run += v;
    }
}

/* chunk c's keys (and values) to where the prefixes put their digits, in order */
template <typename KeyT, typename ValueT>
__global__ void Cu2cRadixScatter(const KeyT *keys, const ValueT *values, KeyT *keys_out, ValueT *values_out, int n,
                                 int size, int bit, int width, bool descending, const int *offsets) {
    int b = blockIdx.x * size, e = n - b < size ? n : b + size;
    int at[256];
    for (int d = 0; d < 256; d++)
        at[d] = offsets[d * gridDim.x + blockIdx.x];
    unsigned mask = (1u << width) - 1u;
    for (int i = b; i < e; i++) {
        unsigned long long u = Cu2cRadixKey(keys[i]);
        int p = at[((descending ? ~u : u) >> bit) & mask]++;
        keys_out[p] = keys[i];
        if (values)
            values_out[p] = values[i];
    }
}

template <typename T> __global__ void Cu2cCopyChunks(const T *in, T *out, int n, int size) {
    int b = blockIdx.x * size, e = n - b < size ? n : b + size;
    for (int i = b; i < e; i++)
        out[i] = in[i];
}

/* is item i selected? mode 0: select_op(item), 1: its flag, 2: it differs from the one before */
template <typename InputIteratorT, typename FlagIterator, typename SelectOp>
__device__ bool Cu2cSelected(InputIteratorT d_in, FlagIterator d_flags, SelectOp select_op, int mode, int i) {
    if (mode == 0)
        return select_op(d_in[i]);
    if (mode == 1)
        return d_flags[i] ? true : false;
    return i == 0 || !(d_in[i] == d_in[i - 1]);
}

template <typename InputIteratorT, typename FlagIterator, typename SelectOp>
__global__ void Cu2cSelectCount(InputIteratorT d_in, FlagIterator d_flags, SelectOp select_op, int mode, int n, int size,
                                int *counts) {
    int b = blockIdx.x * size, e = n - b < size ? n : b + size, k = 0;
    for (int i = b; i < e; i++)
        k += Cu2cSelected(d_in, d_flags, select_op, mode, i);
    counts[blockIdx.x] = k;
}

/* counts into exclusive prefixes; *d_num_selected_out their total */
template <typename NumSelectedIteratorT>
__global__ void Cu2cSelectTotal(int *counts, int used, NumSelectedIteratorT d_num_selected_out) {
    int run = 0;
    for (int c = 0; c < used; c++) {
        int v = counts[c];
        counts[c] = run;
        run += v;
    }
    *d_num_selected_out = run;
}

template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT, typename SelectOp>
__global__ void Cu2cSelectScatter(InputIteratorT d_in, FlagIterator d_flags, OutputIteratorT d_out, SelectOp select_op,
                                  int mode, int n, int size, const int *offsets) {
    int b = blockIdx.x * size, e = n - b < size ? n : b + size, k = offsets[blockIdx.x];
    for (int i = b; i < e; i++)
        if (Cu2cSelected(d_in, d_flags, select_op, mode, i))
            d_out[k++] = d_in[i];
}

/* hist[c * bins + bin]: chunk c's samples in each bin, evenly (levels NULL) or by levels */
template <typename SampleIteratorT, typename CounterT, typename LevelT>
__global__ void Cu2cHistogramChunks(SampleIteratorT d_samples, long long n, long long size, int bins, LevelT lower,
                                    LevelT upper, const LevelT *levels, CounterT *hist) {
    long long b = blockIdx.x * size, e = n - b < size ? n : b + size;
    CounterT *h = hist + (size_t)blockIdx.x * bins;
    for (int k = 0; k < bins; k++)
        h[k] = 0;
    for (long long i = b; i < e; i++) {
        LevelT s = (LevelT)d_samples[i];
        if (!levels) {
            if (s < lower || !(s < upper))
                continue;
            long long k;
            if (std::numeric_limits<LevelT>::is_integer)
                k = (long long)(((long long)s - (long long)lower) * (long long)bins / ((long long)upper - (long long)lower));
            else
                k = (long long)(((double)s - (double)lower) / ((double)upper - (double)lower) * bins);
            h[k < bins ? k : bins - 1]++;
        } else {
            if (s < levels[0] || !(s < levels[bins]))
                continue;
            int lo = 0, hi = bins;      /* levels[lo] <= s < levels[hi] */
            while (hi - lo > 1) {
                int mid = (lo + hi) / 2;
                if (s < levels[mid])
                    hi = mid;
                else
                    lo = mid;
            }
            h[lo]++;
        }
    }
}

/* d_histogram[bin]: the chunks' counts summed, for this block's `per` bins */
template <typename CounterT>
__global__ void Cu2cHistogramSum(const CounterT *hist, int used, int bins, int per, CounterT *d_histogram) {
    for (int k = blockIdx.x * per; k < bins && k < (int)(blockIdx.x + 1) * per; k++) {
        CounterT s = 0;
        for (int c = 0; c < used; c++)
            s += hist[(size_t)c * bins + k];
        d_histogram[k] = s;
    }
}
} // namespace cub

#endif
