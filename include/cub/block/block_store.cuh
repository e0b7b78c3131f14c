/* cub/block/block_store.cuh - cub::BlockStore and the Store* functions: each thread's
 * ITEMS_PER_THREAD items into a block's tile of memory.
 *
 * Every BlockStoreAlgorithm gives CUB's arrangement: BLOCK_STORE_STRIPED a striped one (thread
 * t holds items t, t + BLOCK_THREADS, ...), all others a blocked one (thread t holds items
 * t * ITEMS_PER_THREAD ...), written directly (the block's threads run on one core: no exchange
 * through shared memory is needed). The TempStorage stays unused. */
#ifndef CU2C_CUB_BLOCK_STORE_CUH
#define CU2C_CUB_BLOCK_STORE_CUH

#include <cub/config.cuh>

namespace cub {
enum BlockStoreAlgorithm {
    BLOCK_STORE_DIRECT,
    BLOCK_STORE_STRIPED,
    BLOCK_STORE_VECTORIZE,
    BLOCK_STORE_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
};

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                                  int valid_items) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid * ITEMS_PER_THREAD + i < valid_items)
            block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}
template <typename T, int ITEMS_PER_THREAD>
__device__ void StoreDirectBlockedVectorized(int linear_tid, T *block_ptr, T (&items)[ITEMS_PER_THREAD]) {
    StoreDirectBlocked(linear_tid, block_ptr, items);
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        block_itr[linear_tid + i * BLOCK_THREADS] = items[i];
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                                  int valid_items) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid + i * BLOCK_THREADS < valid_items)
            block_itr[linear_tid + i * BLOCK_THREADS] = items[i];
}
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int PTX_ARCH = CUB_PTX_ARCH>
class BlockStore {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct _TempStorage {
        int unused;
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    __device__ BlockStore() {}
    __device__ BlockStore(TempStorage &) {}

    template <typename OutputIteratorT> __device__ void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        if (ALGORITHM == BLOCK_STORE_STRIPED)
            StoreDirectStriped<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>(cu2c_tid, block_itr, items);
        else
            StoreDirectBlocked(cu2c_tid, block_itr, items);
    }
    template <typename OutputIteratorT>
    __device__ void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        if (ALGORITHM == BLOCK_STORE_STRIPED)
            StoreDirectStriped<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>(cu2c_tid, block_itr, items, valid_items);
        else
            StoreDirectBlocked(cu2c_tid, block_itr, items, valid_items);
    }
};
} // namespace cub

#endif
