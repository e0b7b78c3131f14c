/* cub/block/block_exchange.cuh - cub::BlockExchange: rearranges a block's items between the
 * blocked, striped and warp-striped arrangements, and scatters them by rank.
 *
 * Expanded into the calling kernel by cu2c (the members hold __syncthreads()): the items go
 * through the __shared__ TempStorage, written in one arrangement and read in the other. The
 * output arrays have the input's type (CUB lets OutputT differ). Warp-striped arrangements are
 * by warps of 32 threads. */
#ifndef CU2C_CUB_BLOCK_EXCHANGE_CUH
#define CU2C_CUB_BLOCK_EXCHANGE_CUH

#include <cub/config.cuh>

namespace cub {
template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int PTX_ARCH = CUB_PTX_ARCH>
class BlockExchange {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct _TempStorage {
        InputT buf[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    _TempStorage *temp_storage;

    __device__ BlockExchange(TempStorage &storage) : temp_storage(reinterpret_cast<_TempStorage *>(&storage)) {}
    template <int CU2C_N = 0> __device__ BlockExchange() {
        static_assert(CU2C_N != 0, "cu2c's cub::BlockExchange() without a TempStorage is not supported: "
                                   "construct it from a __shared__ TempStorage");
    }

    /* item i of the thread in arrangement `from` (0 blocked, 1 striped, 2 warp-striped, 3 by
     * ranks) into output[i] in arrangement `to` (0, 1 or 2) */
    __device__ void Cu2cExchange(InputT (&input)[ITEMS_PER_THREAD], InputT (&output)[ITEMS_PER_THREAD],
                                 int (&ranks)[ITEMS_PER_THREAD], int from, int to) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        int cu2c_warp = cu2c_tid / 32 * 32 * ITEMS_PER_THREAD, cu2c_lane = cu2c_tid % 32;
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int cu2c_at = from == 0   ? cu2c_tid * ITEMS_PER_THREAD + i
                          : from == 1 ? i * (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) + cu2c_tid
                          : from == 2 ? cu2c_warp + i * 32 + cu2c_lane
                                      : ranks[i];
            temp_storage->buf[cu2c_at] = input[i];
        }
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int cu2c_at = to == 0   ? cu2c_tid * ITEMS_PER_THREAD + i
                          : to == 1 ? i * (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) + cu2c_tid
                                    : cu2c_warp + i * 32 + cu2c_lane;
            output[i] = temp_storage->buf[cu2c_at];
        }
        __syncthreads();
    }
    __device__ void StripedToBlocked(InputT (&input_items)[ITEMS_PER_THREAD], InputT (&output_items)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        Cu2cExchange(input_items, output_items, cu2c_ranks, 1, 0);
    }
    __device__ void StripedToBlocked(InputT (&items)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        Cu2cExchange(items, items, cu2c_ranks, 1, 0);
    }

    __device__ void BlockedToStriped(InputT (&input_items)[ITEMS_PER_THREAD], InputT (&output_items)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        Cu2cExchange(input_items, output_items, cu2c_ranks, 0, 1);
    }
    __device__ void BlockedToStriped(InputT (&items)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        Cu2cExchange(items, items, cu2c_ranks, 0, 1);
    }

    __device__ void WarpStripedToBlocked(InputT (&input_items)[ITEMS_PER_THREAD], InputT (&output_items)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        Cu2cExchange(input_items, output_items, cu2c_ranks, 2, 0);
    }
    __device__ void WarpStripedToBlocked(InputT (&items)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        Cu2cExchange(items, items, cu2c_ranks, 2, 0);
    }

    __device__ void BlockedToWarpStriped(InputT (&input_items)[ITEMS_PER_THREAD], InputT (&output_items)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        Cu2cExchange(input_items, output_items, cu2c_ranks, 0, 2);
    }
    __device__ void BlockedToWarpStriped(InputT (&items)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        Cu2cExchange(items, items, cu2c_ranks, 0, 2);
    }

    template <typename OffsetT>
    __device__ void ScatterToBlocked(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            cu2c_ranks[i] = (int)ranks[i];
        Cu2cExchange(items, items, cu2c_ranks, 3, 0);
    }

    template <typename OffsetT>
    __device__ void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) {
        int cu2c_ranks[ITEMS_PER_THREAD];
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            cu2c_ranks[i] = (int)ranks[i];
        Cu2cExchange(items, items, cu2c_ranks, 3, 1);
    }
};
} // namespace cub

#endif
