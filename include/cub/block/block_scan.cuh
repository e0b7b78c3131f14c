/* cub/block/block_scan.cuh - cub::BlockScan: prefix scans over a thread block.
 *
 * Expanded into the calling kernel by cu2c (the members hold __syncthreads()): each thread
 * stores the reduction of its items in the __shared__ TempStorage, one thread turns them into
 * exclusive prefixes in thread order (and calls a block prefix callback once, as CUB's first
 * warp does), then each thread scans its own items. Every BlockScanAlgorithm is accepted and
 * gives this same scan. All of CUB's overloads: ExclusiveSum/ExclusiveScan/InclusiveSum/
 * InclusiveScan, with an initial value, a block aggregate or a block prefix callback, for one
 * item or ITEMS_PER_THREAD items per thread. As in CUB, call them from every thread, and
 * __syncthreads() before reusing the TempStorage. */
#ifndef CU2C_CUB_BLOCK_SCAN_CUH
#define CU2C_CUB_BLOCK_SCAN_CUH

#include <cub/config.cuh>
#include <cub/thread/thread_operators.cuh>

namespace cub {
enum BlockScanAlgorithm {
    BLOCK_SCAN_RAKING,
    BLOCK_SCAN_RAKING_MEMOIZE,
    BLOCK_SCAN_WARP_SCANS,
};

/* the callback of the overloads that take none (never called) */
template <typename T> struct Cu2cNoPrefix {
    __host__ __device__ T operator()(T a) { return a; }
};

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int PTX_ARCH = CUB_PTX_ARCH>
class BlockScan {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct _TempStorage {
        T partial[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
        T aggregate;
        T block_prefix;
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    _TempStorage *temp_storage;

    __device__ BlockScan(TempStorage &storage) : temp_storage(reinterpret_cast<_TempStorage *>(&storage)) {}
    template <int CU2C_N = 0> __device__ BlockScan() {
        static_assert(CU2C_N != 0, "cu2c's cub::BlockScan() without a TempStorage is not supported: "
                                   "construct it from a __shared__ TempStorage");
    }

    /* The scan every overload makes. mode: 1 inclusive, 2 with initial_value, 4 with
     * prefix_op; block_aggregate gets the items' reduction (without the initial value or
     * prefix). Without either, thread 0's exclusive first output is left unwritten. */
    template <int ITEMS_PER_THREAD, typename ScanOp, typename PrefixOp>
    __device__ void Cu2cScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op, int mode,
                             T initial_value, PrefixOp &prefix_op, T &block_aggregate) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        T cu2c_part = input[0];
        for (int i = 1; i < ITEMS_PER_THREAD; i++)
            cu2c_part = scan_op(cu2c_part, input[i]);
        temp_storage->partial[cu2c_tid] = cu2c_part;
        __syncthreads();
        if (cu2c_tid == 0) {
            T cu2c_run = temp_storage->partial[0];
            for (int i = 1; i < BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z; i++) {
                T cu2c_v = temp_storage->partial[i];
                temp_storage->partial[i] = cu2c_run;
                cu2c_run = scan_op(cu2c_run, cu2c_v);
            }
            temp_storage->aggregate = cu2c_run;
            if (mode & 4)
                temp_storage->block_prefix = prefix_op(cu2c_run);
        }
        __syncthreads();
        bool cu2c_have = true;
        T cu2c_prefix = temp_storage->partial[cu2c_tid];
        if (mode & 4)
            cu2c_prefix = cu2c_tid == 0 ? temp_storage->block_prefix
                                        : scan_op(temp_storage->block_prefix, temp_storage->partial[cu2c_tid]);
        else if (mode & 2)
            cu2c_prefix = cu2c_tid == 0 ? initial_value : scan_op(initial_value, temp_storage->partial[cu2c_tid]);
        else
            cu2c_have = cu2c_tid != 0;
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            T cu2c_v = input[i];
            if (mode & 1) {
                cu2c_prefix = cu2c_have || i > 0 ? scan_op(cu2c_prefix, cu2c_v) : cu2c_v;
                output[i] = cu2c_prefix;
            } else {
                if (cu2c_have || i > 0)
                    output[i] = cu2c_prefix;
                cu2c_prefix = cu2c_have || i > 0 ? scan_op(cu2c_prefix, cu2c_v) : cu2c_v;
            }
        }
        block_aggregate = temp_storage->aggregate;
    }

    /* Cu2cScan for one item per thread. Without an initial value or prefix, thread 0's
     * exclusive output is left as it was, as in CUB. */
    template <typename ScanOp, typename PrefixOp>
    __device__ void Cu2cScanOne(T input, T &output, ScanOp scan_op, int mode, T initial_value, PrefixOp &prefix_op,
                                T &block_aggregate) {
        T cu2c_in[1] = {input};
        T cu2c_out[1];
        Cu2cScan(cu2c_in, cu2c_out, scan_op, mode, initial_value, prefix_op, block_aggregate);
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        if (mode != 0 || cu2c_tid != 0)
            output = cu2c_out[0];
    }

    __device__ void ExclusiveSum(T input, T &output) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, cub::Sum(), 2, T(), cu2c_none, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD>
    __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, cub::Sum(), 2, T(), cu2c_none, cu2c_aggregate);
    }

    __device__ void ExclusiveSum(T input, T &output, T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, cub::Sum(), 2, T(), cu2c_none, block_aggregate);
    }

    template <int ITEMS_PER_THREAD>
    __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, cub::Sum(), 2, T(), cu2c_none, block_aggregate);
    }

    template <typename BlockPrefixCallbackOp>
    __device__ void ExclusiveSum(T input, T &output, BlockPrefixCallbackOp &block_prefix_callback_op) {
        T cu2c_aggregate;
        Cu2cScanOne(input, output, cub::Sum(), 4, T(), block_prefix_callback_op, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
    __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], BlockPrefixCallbackOp &block_prefix_callback_op) {
        T cu2c_aggregate;
        Cu2cScan(input, output, cub::Sum(), 4, T(), block_prefix_callback_op, cu2c_aggregate);
    }

    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, scan_op, 2, initial_value, cu2c_none, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename ScanOp>
    __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T initial_value, ScanOp scan_op) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, scan_op, 2, initial_value, cu2c_none, cu2c_aggregate);
    }

    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, scan_op, 2, initial_value, cu2c_none, block_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename ScanOp>
    __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T initial_value, ScanOp scan_op, T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, scan_op, 2, initial_value, cu2c_none, block_aggregate);
    }

    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, scan_op, 0, T(), cu2c_none, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename ScanOp>
    __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, scan_op, 0, T(), cu2c_none, cu2c_aggregate);
    }

    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op, T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, scan_op, 0, T(), cu2c_none, block_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename ScanOp>
    __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op, T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, scan_op, 0, T(), cu2c_none, block_aggregate);
    }

    template <typename ScanOp, typename BlockPrefixCallbackOp>
    __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op) {
        T cu2c_aggregate;
        Cu2cScanOne(input, output, scan_op, 4, T(), block_prefix_callback_op, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename ScanOp, typename BlockPrefixCallbackOp>
    __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op) {
        T cu2c_aggregate;
        Cu2cScan(input, output, scan_op, 4, T(), block_prefix_callback_op, cu2c_aggregate);
    }

    __device__ void InclusiveSum(T input, T &output) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, cub::Sum(), 1, T(), cu2c_none, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD>
    __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, cub::Sum(), 1, T(), cu2c_none, cu2c_aggregate);
    }

    __device__ void InclusiveSum(T input, T &output, T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, cub::Sum(), 1, T(), cu2c_none, block_aggregate);
    }

    template <int ITEMS_PER_THREAD>
    __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, cub::Sum(), 1, T(), cu2c_none, block_aggregate);
    }

    template <typename BlockPrefixCallbackOp>
    __device__ void InclusiveSum(T input, T &output, BlockPrefixCallbackOp &block_prefix_callback_op) {
        T cu2c_aggregate;
        Cu2cScanOne(input, output, cub::Sum(), 5, T(), block_prefix_callback_op, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
    __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], BlockPrefixCallbackOp &block_prefix_callback_op) {
        T cu2c_aggregate;
        Cu2cScan(input, output, cub::Sum(), 5, T(), block_prefix_callback_op, cu2c_aggregate);
    }

    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &output, ScanOp scan_op) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, scan_op, 1, T(), cu2c_none, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename ScanOp>
    __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op) {
        T cu2c_aggregate;
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, scan_op, 1, T(), cu2c_none, cu2c_aggregate);
    }

    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &output, ScanOp scan_op, T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScanOne(input, output, scan_op, 1, T(), cu2c_none, block_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename ScanOp>
    __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op, T &block_aggregate) {
        cub::Cu2cNoPrefix<T> cu2c_none;
        Cu2cScan(input, output, scan_op, 1, T(), cu2c_none, block_aggregate);
    }

    template <typename ScanOp, typename BlockPrefixCallbackOp>
    __device__ void InclusiveScan(T input, T &output, ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op) {
        T cu2c_aggregate;
        Cu2cScanOne(input, output, scan_op, 5, T(), block_prefix_callback_op, cu2c_aggregate);
    }

    template <int ITEMS_PER_THREAD, typename ScanOp, typename BlockPrefixCallbackOp>
    __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op, BlockPrefixCallbackOp &block_prefix_callback_op) {
        T cu2c_aggregate;
        Cu2cScan(input, output, scan_op, 5, T(), block_prefix_callback_op, cu2c_aggregate);
    }
};
} // namespace cub

#endif
