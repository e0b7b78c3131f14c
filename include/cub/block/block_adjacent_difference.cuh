/* cub/block/block_adjacent_difference.cuh - cub::BlockAdjacentDifference: differences of
 * neighbouring items of a block's blocked arrangement (item i of thread t is item
 * t * ITEMS_PER_THREAD + i of the tile).
 *
 * Expanded into the calling kernel by cu2c (the members hold __syncthreads()): each thread
 * shares its first or last item through the __shared__ TempStorage, then computes its
 * outputs. Arguments in CUDA 12/13's order, input before output (CUB 1.x had output first;
 * the two agree when they are the same array, the common use). SubtractLeft gives
 * output[i] = op(input[i], previous item), the tile's first item copied (or op(first,
 * tile_predecessor_item)); SubtractRight gives op(input[i], next item), the tile's last item
 * copied (or op(last, tile_successor_item)). The partial-tile forms treat items at
 * valid_items and beyond as CUB does: copied unchanged. As in CUB, __syncthreads() before
 * reusing the TempStorage. */
#ifndef CU2C_CUB_BLOCK_ADJACENT_DIFFERENCE_CUH
#define CU2C_CUB_BLOCK_ADJACENT_DIFFERENCE_CUH

#include <cub/config.cuh>

namespace cub {
template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int PTX_ARCH = CUB_PTX_ARCH>
class BlockAdjacentDifference {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    typedef Cu2cEdgeItems<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z> _TempStorage;
    struct TempStorage : Uninitialized<_TempStorage> {};

    _TempStorage *temp_storage;

    __device__ BlockAdjacentDifference(TempStorage &storage)
        : temp_storage(reinterpret_cast<_TempStorage *>(&storage)) {}
    template <int CU2C_N = 0> __device__ BlockAdjacentDifference() {
        static_assert(CU2C_N != 0, "cu2c's cub::BlockAdjacentDifference() without a TempStorage is not "
                                   "supported: construct it from a __shared__ TempStorage");
    }

    /* output[i] = op(input[i], the item before it) for items with an index below valid_items
     * (except the tile's first, which is op(input[0], *predecessor) or copied), the others copied */
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void Cu2cSubtractLeft(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                     DifferenceOpT difference_op, int valid_items, T *predecessor) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        temp_storage->last_items[cu2c_tid] = input[ITEMS_PER_THREAD - 1];
        __syncthreads();
        for (int i = ITEMS_PER_THREAD - 1; i > 0; i--) {
            if (cu2c_tid * ITEMS_PER_THREAD + i < valid_items)
                output[i] = difference_op(input[i], input[i - 1]);
            else
                output[i] = input[i];
        }
        if (cu2c_tid * ITEMS_PER_THREAD >= valid_items)
            output[0] = input[0];
        else if (cu2c_tid > 0)
            output[0] = difference_op(input[0], temp_storage->last_items[cu2c_tid - 1]);
        else if (predecessor)
            output[0] = difference_op(input[0], *predecessor);
        else
            output[0] = input[0];
    }
    /* output[i] = op(input[i], the item after it) for items below valid_items - 1 (the tile's
     * last, when whole, is op(last, *successor) or copied), the others copied */
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void Cu2cSubtractRight(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                      DifferenceOpT difference_op, int valid_items, T *successor) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        temp_storage->first_items[cu2c_tid] = input[0];
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD - 1; i++) {
            if (cu2c_tid * ITEMS_PER_THREAD + i < valid_items - 1)
                output[i] = difference_op(input[i], input[i + 1]);
            else
                output[i] = input[i];
        }
        int cu2c_last = cu2c_tid * ITEMS_PER_THREAD + ITEMS_PER_THREAD - 1;
        if (cu2c_last < valid_items - 1)
            output[ITEMS_PER_THREAD - 1] =
                difference_op(input[ITEMS_PER_THREAD - 1], temp_storage->first_items[cu2c_tid + 1]);
        else if (cu2c_last == BLOCK_THREADS * ITEMS_PER_THREAD - 1 && valid_items == BLOCK_THREADS * ITEMS_PER_THREAD &&
                 successor)
            output[ITEMS_PER_THREAD - 1] = difference_op(input[ITEMS_PER_THREAD - 1], *successor);
        else
            output[ITEMS_PER_THREAD - 1] = input[ITEMS_PER_THREAD - 1];
    }

    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void SubtractLeft(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                 DifferenceOpT difference_op) {
        Cu2cSubtractLeft(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void SubtractLeft(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                 DifferenceOpT difference_op, T tile_predecessor_item) {
        Cu2cSubtractLeft(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, &tile_predecessor_item);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void SubtractLeftPartialTile(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                            DifferenceOpT difference_op, int valid_items) {
        Cu2cSubtractLeft(input, output, difference_op, valid_items, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void SubtractLeftPartialTile(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                            DifferenceOpT difference_op, int valid_items, T tile_predecessor_item) {
        Cu2cSubtractLeft(input, output, difference_op, valid_items, &tile_predecessor_item);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void SubtractRight(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                  DifferenceOpT difference_op) {
        Cu2cSubtractRight(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void SubtractRight(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                  DifferenceOpT difference_op, T tile_successor_item) {
        Cu2cSubtractRight(input, output, difference_op, BLOCK_THREADS * ITEMS_PER_THREAD, &tile_successor_item);
    }
    template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
    __device__ void SubtractRightPartialTile(T (&input)[ITEMS_PER_THREAD], OutputT (&output)[ITEMS_PER_THREAD],
                                             DifferenceOpT difference_op, int valid_items) {
        Cu2cSubtractRight(input, output, difference_op, valid_items, (T *)0);
    }
};
} // namespace cub

#endif
