/* cub/block/block_discontinuity.cuh - cub::BlockDiscontinuity: flags the items of a block's
 * blocked arrangement that differ from their neighbours (item i of thread t is item
 * t * ITEMS_PER_THREAD + i of the tile).
 *
 * Expanded into the calling kernel by cu2c (the members hold __syncthreads()): each thread
 * shares its first and last items through the __shared__ TempStorage, then flags its own.
 * As in CUB:
 * - a head flag is flag_op(previous item, item), the tile's first item flagged 1 unless a
 *   tile_predecessor_item is given; a tail flag is flag_op(item, next item), the tile's last
 *   item flagged 1 unless a tile_successor_item is given;
 * - flag_op takes (a, b) or (a, b, index of b in the tile);
 * - __syncthreads() before reusing the TempStorage. */
#ifndef CU2C_CUB_BLOCK_DISCONTINUITY_CUH
#define CU2C_CUB_BLOCK_DISCONTINUITY_CUH

#include <cub/config.cuh>

namespace cub {
/* flag_op(a, b, b_index) where flag_op takes three arguments, else flag_op(a, b) */
template <typename FlagOp, typename T>
__host__ __device__ auto Cu2cApplyFlagOp(FlagOp &flag_op, T &a, T &b, int b_index, int)
    -> decltype(flag_op(a, b, b_index), bool()) {
    return flag_op(a, b, b_index);
}
template <typename FlagOp, typename T>
__host__ __device__ bool Cu2cApplyFlagOp(FlagOp &flag_op, T &a, T &b, int, long) {
    return flag_op(a, b);
}

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int PTX_ARCH = CUB_PTX_ARCH>
class BlockDiscontinuity {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    typedef Cu2cEdgeItems<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z> _TempStorage;
    struct TempStorage : Uninitialized<_TempStorage> {};

    _TempStorage *temp_storage;

    __device__ BlockDiscontinuity(TempStorage &storage) : temp_storage(reinterpret_cast<_TempStorage *>(&storage)) {}
    template <int CU2C_N = 0> __device__ BlockDiscontinuity() {
        static_assert(CU2C_N != 0, "cu2c's cub::BlockDiscontinuity() without a TempStorage is not supported: "
                                   "construct it from a __shared__ TempStorage");
    }

    /* head flags (when head_flags) and tail flags (when tail_flags); preds (when given) gets
     * each item's predecessor; predecessor/successor: the items beyond the tile, or none */
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void Cu2cFlag(FlagT *head_flags, FlagT *tail_flags, T (&input)[ITEMS_PER_THREAD], T *preds,
                             FlagOp flag_op, T *predecessor, T *successor) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        int cu2c_base = cu2c_tid * ITEMS_PER_THREAD;
        temp_storage->first_items[cu2c_tid] = input[0];
        temp_storage->last_items[cu2c_tid] = input[ITEMS_PER_THREAD - 1];
        __syncthreads();
        if (head_flags) {
            for (int i = ITEMS_PER_THREAD - 1; i > 0; i--) {
                if (preds)
                    preds[i] = input[i - 1];
                head_flags[i] = Cu2cApplyFlagOp(flag_op, input[i - 1], input[i], cu2c_base + i, 0);
            }
            T *cu2c_before = cu2c_tid > 0 ? &temp_storage->last_items[cu2c_tid - 1] : predecessor;
            if (cu2c_before && preds)
                preds[0] = *cu2c_before;
            head_flags[0] = cu2c_before ? Cu2cApplyFlagOp(flag_op, *cu2c_before, input[0], cu2c_base, 0) : 1;
        }
        if (tail_flags) {
            for (int i = 0; i < ITEMS_PER_THREAD - 1; i++)
                tail_flags[i] = Cu2cApplyFlagOp(flag_op, input[i], input[i + 1], cu2c_base + i + 1, 0);
            T *cu2c_after = cu2c_tid < BLOCK_THREADS - 1 ? &temp_storage->first_items[cu2c_tid + 1] : successor;
            tail_flags[ITEMS_PER_THREAD - 1] =
                cu2c_after ? Cu2cApplyFlagOp(flag_op, input[ITEMS_PER_THREAD - 1], *cu2c_after,
                                             cu2c_base + ITEMS_PER_THREAD, 0)
                           : 1;
        }
    }

    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
        Cu2cFlag(head_flags, (FlagT *)0, input, (T *)0, flag_op, (T *)0, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                              T tile_predecessor_item) {
        Cu2cFlag(head_flags, (FlagT *)0, input, (T *)0, flag_op, &tile_predecessor_item, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD],
                              T (&preds)[ITEMS_PER_THREAD], FlagOp flag_op) {
        Cu2cFlag(head_flags, (FlagT *)0, input, preds, flag_op, (T *)0, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD],
                              T (&preds)[ITEMS_PER_THREAD], FlagOp flag_op, T tile_predecessor_item) {
        Cu2cFlag(head_flags, (FlagT *)0, input, preds, flag_op, &tile_predecessor_item, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
        Cu2cFlag((FlagT *)0, tail_flags, input, (T *)0, flag_op, (T *)0, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                              T tile_successor_item) {
        Cu2cFlag((FlagT *)0, tail_flags, input, (T *)0, flag_op, (T *)0, &tile_successor_item);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], FlagT (&tail_flags)[ITEMS_PER_THREAD],
                                      T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
        Cu2cFlag(head_flags, tail_flags, input, (T *)0, flag_op, (T *)0, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], FlagT (&tail_flags)[ITEMS_PER_THREAD],
                                      T tile_successor_item, T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
        Cu2cFlag(head_flags, tail_flags, input, (T *)0, flag_op, (T *)0, &tile_successor_item);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], T tile_predecessor_item,
                                      FlagT (&tail_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD],
                                      FlagOp flag_op) {
        Cu2cFlag(head_flags, tail_flags, input, (T *)0, flag_op, &tile_predecessor_item, (T *)0);
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeadsAndTails(FlagT (&head_flags)[ITEMS_PER_THREAD], T tile_predecessor_item,
                                      FlagT (&tail_flags)[ITEMS_PER_THREAD], T tile_successor_item,
                                      T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {
        Cu2cFlag(head_flags, tail_flags, input, (T *)0, flag_op, &tile_predecessor_item, &tile_successor_item);
    }
};
} // namespace cub

#endif
