/* cub/block/block_radix_sort.cuh - cub::BlockRadixSort: sorts a block's tile of keys (and
 * values) held ITEMS_PER_THREAD per thread.
 *
 * Expanded into the calling kernel by cu2c: the threads store their items in the __shared__
 * TempStorage, one thread sorts the tile with a stable least-significant-digit radix sort over
 * bits [begin_bit, end_bit) of CUB's bit-twiddled keys (unsigned and signed integers, float,
 * double), and the threads take their sorted items back, blocked or striped: the same order as
 * CUB's (equal keys keep their order; -0.0 sorts before +0.0). The template parameters after
 * ValueT are accepted and change nothing. */
#ifndef CU2C_CUB_BLOCK_RADIX_SORT_CUH
#define CU2C_CUB_BLOCK_RADIX_SORT_CUH

#include <cub/config.cuh>
#include <cub/block/block_scan.cuh>
#include <type_traits>

namespace cub {
/* CUB's radix key: the bits of k, made to order as unsigned integers do */
template <typename KeyT> __host__ __device__ unsigned long long Cu2cRadixKey(KeyT k) {
    static_assert(std::is_integral<KeyT>::value || std::is_same<KeyT, float>::value ||
                      std::is_same<KeyT, double>::value,
                  "cu2c's CUB radix sorts keys of integer, float and double types only");
    const int bits = (int)sizeof(KeyT) * 8;
    const unsigned long long high = 1ull << (bits - 1);
    const unsigned long long mask = bits == 64 ? ~0ull : (1ull << (bits == 64 ? 0 : bits)) - 1;
    unsigned long long u = 0;
    __builtin_memcpy(&u, &k, sizeof k);
    if (std::is_floating_point<KeyT>::value)
        u = (u & high) ? (~u & mask) : (u | high);
    else if (std::is_signed<KeyT>::value)
        u ^= high;
    return u & mask;
}

/* Sorts keys[0..n) (and values) stably by bits [begin_bit, end_bit) of their radix keys
 * (inverted when descending), 8 bits a pass, through keys2/values2. */
template <typename KeyT, typename ValueT>
__host__ __device__ void Cu2cRadixSortSerial(KeyT *keys, ValueT *values, KeyT *keys2, ValueT *values2, int n,
                                             int begin_bit, int end_bit, bool descending, bool with_values) {
    KeyT *src = keys, *dst = keys2;
    ValueT *vsrc = values, *vdst = values2;
    for (int bit = begin_bit; bit < end_bit; bit += 8) {
        int width = end_bit - bit < 8 ? end_bit - bit : 8;
        unsigned digit_mask = (1u << width) - 1u;
        int count[257] = {0};
        for (int i = 0; i < n; i++) {
            unsigned long long u = Cu2cRadixKey(src[i]);
            if (descending)
                u = ~u;
            count[((u >> bit) & digit_mask) + 1]++;
        }
        for (int d = 0; d < 256; d++)
            count[d + 1] += count[d];
        for (int i = 0; i < n; i++) {
            unsigned long long u = Cu2cRadixKey(src[i]);
            if (descending)
                u = ~u;
            int at = count[(u >> bit) & digit_mask]++;
            dst[at] = src[i];
            if (with_values)
                vdst[at] = vsrc[i];
        }
        KeyT *kt = src;
        src = dst;
        dst = kt;
        ValueT *vt = vsrc;
        vsrc = vdst;
        vdst = vt;
    }
    if (src != keys)
        for (int i = 0; i < n; i++) {
            keys[i] = src[i];
            if (with_values)
                values[i] = vsrc[i];
        }
}

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int PTX_ARCH = CUB_PTX_ARCH>
class BlockRadixSort {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct _TempStorage {
        KeyT keys[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
        KeyT keys2[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
        ValueT values[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
        ValueT values2[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    _TempStorage *temp_storage;

    __device__ BlockRadixSort(TempStorage &storage) : temp_storage(reinterpret_cast<_TempStorage *>(&storage)) {}
    template <int CU2C_N = 0> __device__ BlockRadixSort() {
        static_assert(CU2C_N != 0, "cu2c's cub::BlockRadixSort() without a TempStorage is not supported: "
                                   "construct it from a __shared__ TempStorage");
    }

    /* the sort every overload makes */
    __device__ void Cu2cSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit,
                             int end_bit, bool descending, bool striped, bool with_values) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            temp_storage->keys[cu2c_tid * ITEMS_PER_THREAD + i] = keys[i];
            if (with_values)
                temp_storage->values[cu2c_tid * ITEMS_PER_THREAD + i] = values[i];
        }
        __syncthreads();
        if (cu2c_tid == 0)
            cub::Cu2cRadixSortSerial(temp_storage->keys, temp_storage->values, temp_storage->keys2,
                                     temp_storage->values2, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD,
                                     begin_bit, end_bit, descending, with_values);
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int cu2c_at = striped ? cu2c_tid + i * (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) : cu2c_tid * ITEMS_PER_THREAD + i;
            keys[i] = temp_storage->keys[cu2c_at];
            if (with_values)
                values[i] = temp_storage->values[cu2c_at];
        }
        __syncthreads();
    }

    __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD]) {
        ValueT cu2c_values[ITEMS_PER_THREAD];
        int cu2c_end = (int)sizeof(KeyT) * 8;
        Cu2cSort(keys, cu2c_values, 0, cu2c_end, false, false, false);
    }

    __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit, int end_bit) {
        ValueT cu2c_values[ITEMS_PER_THREAD];
        Cu2cSort(keys, cu2c_values, begin_bit, end_bit, false, false, false);
    }

    __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD]) {
        int cu2c_end = (int)sizeof(KeyT) * 8;
        Cu2cSort(keys, values, 0, cu2c_end, false, false, true);
    }

    __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit, int end_bit) {
        Cu2cSort(keys, values, begin_bit, end_bit, false, false, true);
    }

    __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD]) {
        ValueT cu2c_values[ITEMS_PER_THREAD];
        int cu2c_end = (int)sizeof(KeyT) * 8;
        Cu2cSort(keys, cu2c_values, 0, cu2c_end, true, false, false);
    }

    __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit, int end_bit) {
        ValueT cu2c_values[ITEMS_PER_THREAD];
        Cu2cSort(keys, cu2c_values, begin_bit, end_bit, true, false, false);
    }

    __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD]) {
        int cu2c_end = (int)sizeof(KeyT) * 8;
        Cu2cSort(keys, values, 0, cu2c_end, true, false, true);
    }

    __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit, int end_bit) {
        Cu2cSort(keys, values, begin_bit, end_bit, true, false, true);
    }

    __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD]) {
        ValueT cu2c_values[ITEMS_PER_THREAD];
        int cu2c_end = (int)sizeof(KeyT) * 8;
        Cu2cSort(keys, cu2c_values, 0, cu2c_end, false, true, false);
    }

    __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit, int end_bit) {
        ValueT cu2c_values[ITEMS_PER_THREAD];
        Cu2cSort(keys, cu2c_values, begin_bit, end_bit, false, true, false);
    }

    __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD]) {
        int cu2c_end = (int)sizeof(KeyT) * 8;
        Cu2cSort(keys, values, 0, cu2c_end, false, true, true);
    }

    __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit, int end_bit) {
        Cu2cSort(keys, values, begin_bit, end_bit, false, true, true);
    }

    __device__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD]) {
        ValueT cu2c_values[ITEMS_PER_THREAD];
        int cu2c_end = (int)sizeof(KeyT) * 8;
        Cu2cSort(keys, cu2c_values, 0, cu2c_end, true, true, false);
    }

    __device__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit, int end_bit) {
        ValueT cu2c_values[ITEMS_PER_THREAD];
        Cu2cSort(keys, cu2c_values, begin_bit, end_bit, true, true, false);
    }

    __device__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD]) {
        int cu2c_end = (int)sizeof(KeyT) * 8;
        Cu2cSort(keys, values, 0, cu2c_end, true, true, true);
    }

    __device__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit, int end_bit) {
        Cu2cSort(keys, values, begin_bit, end_bit, true, true, true);
    }
};
} // namespace cub

#endif
