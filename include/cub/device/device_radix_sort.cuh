/* cub/device/device_radix_sort.cuh - cub::DeviceRadixSort: SortKeys, SortPairs and their
 * Descending forms, on pointers or DoubleBuffers, over bits [begin_bit, end_bit), queued on the
 * stream (device_dispatch.cuh). A stable LSD radix sort over CUB's bit-twiddled keys: the same
 * order as CUB's. The pointer forms need temp storage for a copy of the keys and values; the
 * DoubleBuffer forms none (their result is in Current(), the selector flipped at the call). */
#ifndef CU2C_CUB_DEVICE_RADIX_SORT_CUH
#define CU2C_CUB_DEVICE_RADIX_SORT_CUH

#include <cub/device/device_dispatch.cuh>
#include <cub/block/block_radix_sort.cuh>

namespace cub {
struct DeviceRadixSort {
    /* keys_in (and values_in) sorted into keys_out (values_out) through scratch buffers */
    template <typename KeyT, typename ValueT>
    static cudaError_t Cu2cSort(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *keys_in, KeyT *keys_out,
                                const ValueT *values_in, ValueT *values_out, KeyT *kscratch, ValueT *vscratch,
                                bool need_scratch, int num_items, int begin_bit, int end_bit, bool descending,
                                cudaStream_t stream, bool debug_synchronous) {
        bool with_values = values_out != NULL;
        size_t need = need_scratch ? (size_t)(num_items > 0 ? num_items : 0) *
                                         (sizeof(KeyT) + (with_values ? sizeof(ValueT) : 0)) + 16
                                   : 1;
        cudaError_t err;
        if (cu2c_detail::size_query(d_temp_storage, temp_storage_bytes, need, &err))
            return err;
        if (num_items < 0 || begin_bit < 0 || end_bit > (int)sizeof(KeyT) * 8 || begin_bit > end_bit)
            return cudaErrorInvalidValue;
        if (need_scratch) {
            kscratch = (KeyT *)d_temp_storage;
            size_t vat = ((size_t)num_items * sizeof(KeyT) + 15) / 16 * 16;
            vscratch = with_values ? (ValueT *)((char *)d_temp_storage + vat) : NULL;
        }
        return cu2c_detail::enqueue(stream, [=]() {
            if (keys_out != keys_in)
                for (int i = 0; i < num_items; i++)
                    keys_out[i] = keys_in[i];
            if (with_values && values_out != values_in)
                for (int i = 0; i < num_items; i++)
                    values_out[i] = values_in[i];
            Cu2cRadixSortSerial(keys_out, values_out, kscratch, vscratch, num_items, begin_bit, end_bit, descending,
                                with_values);
        }, debug_synchronous);
    }
    template <typename KeyT, typename ValueT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items,
                                 int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0,
                                 bool debug_synchronous = false) {
        return Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                        (KeyT *)NULL, (ValueT *)NULL, true, num_items, begin_bit, end_bit, false, stream, debug_synchronous);
    }
    template <typename KeyT, typename ValueT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, int num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t e = Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
                                 d_values.Current(), d_values.Alternate(), d_keys.Current(), d_values.Current(), false,
                                 num_items, begin_bit, end_bit, false, stream, debug_synchronous);
        if (d_temp_storage && e == cudaSuccess) {
            d_keys.selector ^= 1;
            d_values.selector ^= 1;
        }
        return e;
    }
    template <typename KeyT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0, bool debug_synchronous = false) {
        return Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const NullType *)NULL,
                        (NullType *)NULL, (KeyT *)NULL, (NullType *)NULL, true, num_items, begin_bit, end_bit, false,
                        stream, debug_synchronous);
    }
    template <typename KeyT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t e = Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
                                 (const NullType *)NULL, (NullType *)NULL, d_keys.Current(), (NullType *)NULL, false,
                                 num_items, begin_bit, end_bit, false, stream, debug_synchronous);
        if (d_temp_storage && e == cudaSuccess)
            d_keys.selector ^= 1;
        return e;
    }

    template <typename KeyT, typename ValueT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items,
                                 int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0,
                                 bool debug_synchronous = false) {
        return Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                        (KeyT *)NULL, (ValueT *)NULL, true, num_items, begin_bit, end_bit, true, stream, debug_synchronous);
    }
    template <typename KeyT, typename ValueT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, int num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t e = Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
                                 d_values.Current(), d_values.Alternate(), d_keys.Current(), d_values.Current(), false,
                                 num_items, begin_bit, end_bit, true, stream, debug_synchronous);
        if (d_temp_storage && e == cudaSuccess) {
            d_keys.selector ^= 1;
            d_values.selector ^= 1;
        }
        return e;
    }
    template <typename KeyT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0, bool debug_synchronous = false) {
        return Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const NullType *)NULL,
                        (NullType *)NULL, (KeyT *)NULL, (NullType *)NULL, true, num_items, begin_bit, end_bit, true,
                        stream, debug_synchronous);
    }
    template <typename KeyT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0, bool debug_synchronous = false) {
        cudaError_t e = Cu2cSort(d_temp_storage, temp_storage_bytes, d_keys.Current(), d_keys.Alternate(),
                                 (const NullType *)NULL, (NullType *)NULL, d_keys.Current(), (NullType *)NULL, false,
                                 num_items, begin_bit, end_bit, true, stream, debug_synchronous);
        if (d_temp_storage && e == cudaSuccess)
            d_keys.selector ^= 1;
        return e;
    }
};
} // namespace cub

#endif
