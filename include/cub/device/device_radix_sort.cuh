/* cub/device/device_radix_sort.cuh - cub::DeviceRadixSort: SortKeys, SortPairs and their
 * Descending forms, on pointers or DoubleBuffers, over bits [begin_bit, end_bit), on the
 * caller's stream over every core (device_dispatch.cuh). A stable LSD radix sort over CUB's
 * bit-twiddled keys, 8 bits a pass: the same order as CUB's. The pointer forms need temp
 * storage for a copy of the keys and values; the DoubleBuffer forms only for the digit counts
 * (their result is in Current() afterwards, as in CUB). */
#ifndef CU2C_CUB_DEVICE_RADIX_SORT_CUH
#define CU2C_CUB_DEVICE_RADIX_SORT_CUH

#include <cub/device/device_dispatch.cuh>
#include <cub/block/block_radix_sort.cuh>

namespace cub {
struct DeviceRadixSort {
    /* keys_in (and values_in when values_out is given) sorted by passes of up to 8 bits: the
     * chunks' digit counts, their exclusive prefixes (digit-major: stable), the chunks'
     * scatter. Passes go between out and alt, starting so as to end in out; with double, the
     * buffers are a DoubleBuffer's (keys_in == out): the result is where the passes end, and
     * *ends_in_alt says whether that is alt. Temp storage: the counts, and alt when !double. */
    template <typename KeyT, typename ValueT>
    static cudaError_t Cu2cSort(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *keys_in, KeyT *out,
                                KeyT *alt, const ValueT *values_in, ValueT *values_out, ValueT *values_alt,
                                bool double_buffer, int num_items, int begin_bit, int end_bit, bool descending,
                                cudaStream_t stream, bool debug_synchronous, bool *ends_in_alt) {
        bool with_values = values_out != NULL;
        cu2c_detail::Chunks ch = cu2c_detail::chunks_for(num_items);
        size_t counts_bytes = cu2c_detail::aligned(sizeof(int) * 256 * (size_t)ch.count);
        size_t keys_bytes = double_buffer ? 0 : cu2c_detail::aligned(sizeof(KeyT) * (size_t)(num_items > 0 ? num_items : 0));
        size_t values_bytes = double_buffer || !with_values ? 0 : sizeof(ValueT) * (size_t)(num_items > 0 ? num_items : 0);
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, counts_bytes + keys_bytes + values_bytes, &err))
            return err;
        if (num_items < 0 || begin_bit < 0 || end_bit > (int)sizeof(KeyT) * 8 || begin_bit > end_bit)
            return cudaErrorInvalidValue;
        int *counts = (int *)d_temp_storage;
        if (!double_buffer) {
            alt = (KeyT *)((char *)d_temp_storage + counts_bytes);
            values_alt = with_values ? (ValueT *)((char *)d_temp_storage + counts_bytes + keys_bytes) : NULL;
        }
        int passes = (end_bit - begin_bit + 7) / 8;
        *ends_in_alt = double_buffer && passes % 2 == 1;
        if (num_items == 0)
            return cudaSuccess;
        if (passes == 0) {
            if (!double_buffer) {
                Cu2cCopyChunks<KeyT><<<ch.count, 1, 0, stream>>>(keys_in, out, num_items, ch.size);
                if (with_values)
                    Cu2cCopyChunks<ValueT><<<ch.count, 1, 0, stream>>>(values_in, values_out, num_items, ch.size);
            }
            return cu2c_detail::launched(stream, debug_synchronous);
        }
        /* the first pass's target: the passes alternate and the last one writes out */
        bool to_out = double_buffer ? false : passes % 2 == 1;
        const KeyT *ksrc = keys_in;
        const ValueT *vsrc = with_values ? values_in : NULL;
        for (int p = 0, bit = begin_bit; p < passes; p++, bit += 8) {
            int width = end_bit - bit < 8 ? end_bit - bit : 8;
            KeyT *kdst = to_out ? out : alt;
            ValueT *vdst = with_values ? (to_out ? values_out : values_alt) : NULL;
            Cu2cRadixCount<KeyT><<<ch.count, 1, 0, stream>>>(ksrc, num_items, ch.size, bit, width, descending, counts);
            Cu2cExclusiveCounts<int><<<1, 1, 0, stream>>>(counts, 256 * ch.count);
            Cu2cRadixScatter<KeyT, ValueT><<<ch.count, 1, 0, stream>>>(ksrc, vsrc, kdst, vdst, num_items, ch.size, bit,
                                                                      width, descending, counts);
            ksrc = kdst;
            vsrc = vdst;
            to_out = !to_out;
        }
        return cu2c_detail::launched(stream, debug_synchronous);
    }
    template <typename KeyT, typename ValueT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items,
                                 int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0,
                                 bool debug_synchronous = false) {
        bool alt;
        return Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (KeyT *)NULL, d_values_in,
                        d_values_out, (ValueT *)NULL, false, num_items, begin_bit, end_bit, false, stream,
                        debug_synchronous, &alt);
    }
    template <typename KeyT, typename ValueT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, int num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0, bool debug_synchronous = false) {
        bool alt;
        cudaError_t e = Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Current(),
                                 d_keys.Alternate(), d_values.Current(), d_values.Current(), d_values.Alternate(), true,
                                 num_items, begin_bit, end_bit, false, stream, debug_synchronous, &alt);
        if (d_temp_storage && e == cudaSuccess && alt) {
            d_keys.selector ^= 1;
            d_values.selector ^= 1;
        }
        return e;
    }
    template <typename KeyT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0, bool debug_synchronous = false) {
        bool alt;
        return Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (KeyT *)NULL, (const NullType *)NULL,
                        (NullType *)NULL, (NullType *)NULL, false, num_items, begin_bit, end_bit, false, stream,
                        debug_synchronous, &alt);
    }
    template <typename KeyT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0, bool debug_synchronous = false) {
        bool alt;
        cudaError_t e = Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Current(),
                                 d_keys.Alternate(), (const NullType *)NULL, (NullType *)NULL, (NullType *)NULL, true,
                                 num_items, begin_bit, end_bit, false, stream, debug_synchronous, &alt);
        if (d_temp_storage && e == cudaSuccess && alt)
            d_keys.selector ^= 1;
        return e;
    }

    template <typename KeyT, typename ValueT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items,
                                 int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0,
                                 bool debug_synchronous = false) {
        bool alt;
        return Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (KeyT *)NULL, d_values_in,
                        d_values_out, (ValueT *)NULL, false, num_items, begin_bit, end_bit, true, stream,
                        debug_synchronous, &alt);
    }
    template <typename KeyT, typename ValueT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, int num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0, bool debug_synchronous = false) {
        bool alt;
        cudaError_t e = Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Current(),
                                 d_keys.Alternate(), d_values.Current(), d_values.Current(), d_values.Alternate(), true,
                                 num_items, begin_bit, end_bit, true, stream, debug_synchronous, &alt);
        if (d_temp_storage && e == cudaSuccess && alt) {
            d_keys.selector ^= 1;
            d_values.selector ^= 1;
        }
        return e;
    }
    template <typename KeyT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0, bool debug_synchronous = false) {
        bool alt;
        return Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (KeyT *)NULL, (const NullType *)NULL,
                        (NullType *)NULL, (NullType *)NULL, false, num_items, begin_bit, end_bit, true, stream,
                        debug_synchronous, &alt);
    }
    template <typename KeyT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0, bool debug_synchronous = false) {
        bool alt;
        cudaError_t e = Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Current(),
                                 d_keys.Alternate(), (const NullType *)NULL, (NullType *)NULL, (NullType *)NULL, true,
                                 num_items, begin_bit, end_bit, true, stream, debug_synchronous, &alt);
        if (d_temp_storage && e == cudaSuccess && alt)
            d_keys.selector ^= 1;
        return e;
    }
};
} // namespace cub

#endif
