/* cub/block/block_load.cuh - cub::BlockLoad and the Load* functions: a block's tile of
 * items from memory into each thread's ITEMS_PER_THREAD registers.
 *
 * Every BlockLoadAlgorithm gives CUB's arrangement: BLOCK_LOAD_STRIPED a striped one (thread
 * t gets items t, t + BLOCK_THREADS, ...), all others a blocked one (thread t gets items
 * t * ITEMS_PER_THREAD ...), read directly (the block's threads run on one core: no exchange
 * through shared memory is needed). The TempStorage stays unused. */
#ifndef CU2C_CUB_BLOCK_LOAD_CUH
#define CU2C_CUB_BLOCK_LOAD_CUH

#include <cub/config.cuh>

namespace cub {
enum BlockLoadAlgorithm {
    BLOCK_LOAD_DIRECT,
    BLOCK_LOAD_STRIPED,
    BLOCK_LOAD_VECTORIZE,
    BLOCK_LOAD_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
};

template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        items[i] = block_itr[linear_tid * ITEMS_PER_THREAD + i];
}
template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
                                  int valid_items) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid * ITEMS_PER_THREAD + i < valid_items)
            items[i] = block_itr[linear_tid * ITEMS_PER_THREAD + i];
}
template <typename InputT, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
                                  int valid_items, DefaultT oob_default) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        items[i] = linear_tid * ITEMS_PER_THREAD + i < valid_items ? (InputT)block_itr[linear_tid * ITEMS_PER_THREAD + i]
                                                                   : (InputT)oob_default;
}
template <typename T, int ITEMS_PER_THREAD>
__device__ void LoadDirectBlockedVectorized(int linear_tid, T *block_ptr, T (&items)[ITEMS_PER_THREAD]) {
    LoadDirectBlocked(linear_tid, block_ptr, items);
}
template <int BLOCK_THREADS, typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD]) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        items[i] = block_itr[linear_tid + i * BLOCK_THREADS];
}
template <int BLOCK_THREADS, typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
                                  int valid_items) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid + i * BLOCK_THREADS < valid_items)
            items[i] = block_itr[linear_tid + i * BLOCK_THREADS];
}
template <int BLOCK_THREADS, typename InputT, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
                                  int valid_items, DefaultT oob_default) {
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        items[i] = linear_tid + i * BLOCK_THREADS < valid_items ? (InputT)block_itr[linear_tid + i * BLOCK_THREADS]
                                                                : (InputT)oob_default;
}

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int PTX_ARCH = CUB_PTX_ARCH>
class BlockLoad {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct _TempStorage {
        int unused;
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    __device__ BlockLoad() {}
    __device__ BlockLoad(TempStorage &) {}

    template <typename InputIteratorT> __device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD]) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        if (ALGORITHM == BLOCK_LOAD_STRIPED)
            LoadDirectStriped<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>(cu2c_tid, block_itr, items);
        else
            LoadDirectBlocked(cu2c_tid, block_itr, items);
    }
    template <typename InputIteratorT>
    __device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        if (ALGORITHM == BLOCK_LOAD_STRIPED)
            LoadDirectStriped<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>(cu2c_tid, block_itr, items, valid_items);
        else
            LoadDirectBlocked(cu2c_tid, block_itr, items, valid_items);
    }
    template <typename InputIteratorT, typename DefaultT>
    __device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items,
                         DefaultT oob_default) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        if (ALGORITHM == BLOCK_LOAD_STRIPED)
            LoadDirectStriped<BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>(cu2c_tid, block_itr, items, valid_items,
                                                                      oob_default);
        else
            LoadDirectBlocked(cu2c_tid, block_itr, items, valid_items, oob_default);
    }
};
} // namespace cub

#endif
