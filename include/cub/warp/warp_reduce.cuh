/* cub/warp/warp_reduce.cuh - cub::WarpReduce: reductions over a (logical) warp.
 *
 * Written with __shfl_down_sync/__ballot_sync, which cu2c's translator runs as warp-scoped
 * steps; expanded into the calling kernel. The TempStorage is not needed (it stays empty), so
 * each warp may name its own (`WarpReduce(temp[warp_id]).Sum(x)`). LOGICAL_WARP_THREADS must
 * be a power of two from 1 to 32 (others are refused at compile time). Lane 0 of each logical
 * warp gets the result, as in CUB (the other lanes get partial results); segmented
 * reductions give each segment's result to its first lane. */
#ifndef CU2C_CUB_WARP_REDUCE_CUH
#define CU2C_CUB_WARP_REDUCE_CUH

#include <cub/config.cuh>
#include <cub/thread/thread_operators.cuh>

namespace cub {
/* The reductions every WarpReduce member makes (free functions: the object is not needed). */
/* reduction_op over the logical warp's lanes [lane, end) into lane (end: its segment's
 * end, relative to the logical warp) */
template <int LOGICAL_WARP_THREADS, typename T, typename ReductionOp>
__device__ T Cu2cWarpReduce(T input, ReductionOp reduction_op, int end) {
    int cu2c_lane = (threadIdx.x + (threadIdx.y + threadIdx.z * blockDim.y) * blockDim.x) % LOGICAL_WARP_THREADS;
    T cu2c_v = input;
    for (int cu2c_off = 1; cu2c_off < LOGICAL_WARP_THREADS; cu2c_off *= 2) {
        T cu2c_other = __shfl_down_sync(0xffffffffu, cu2c_v, cu2c_off, LOGICAL_WARP_THREADS);
        if (cu2c_lane + cu2c_off < end)
            cu2c_v = reduction_op(cu2c_v, cu2c_other);
    }
    return cu2c_v;
}
/* segments by flags: head (a segment starts at a flagged lane) or tail (ends at one) */
template <int LOGICAL_WARP_THREADS, typename T, typename FlagT, typename ReductionOp>
__device__ T Cu2cWarpSegmented(T input, FlagT flag, ReductionOp reduction_op, bool head) {
    int cu2c_linear = threadIdx.x + (threadIdx.y + threadIdx.z * blockDim.y) * blockDim.x;
    int cu2c_lane = cu2c_linear % LOGICAL_WARP_THREADS;
    int cu2c_base = (cu2c_linear % 32) - cu2c_lane;     /* the logical warp's first lane in its warp */
    unsigned cu2c_flags = __ballot_sync(0xffffffffu, flag ? 1 : 0);
    cu2c_flags = LOGICAL_WARP_THREADS == 32 ? cu2c_flags
                                            : (cu2c_flags >> cu2c_base) & ((1u << LOGICAL_WARP_THREADS) - 1u);
    /* the segment's end: the next head after this lane, or just past the next tail */
    unsigned cu2c_after = head ? (cu2c_flags >> cu2c_lane) >> 1 : cu2c_flags >> cu2c_lane;
    int cu2c_end = cu2c_after ? cu2c_lane + __ffs(cu2c_after) : LOGICAL_WARP_THREADS;
    return cub::Cu2cWarpReduce<LOGICAL_WARP_THREADS>(input, reduction_op, cu2c_end);
}
template <typename T, int LOGICAL_WARP_THREADS = CUB_PTX_WARP_THREADS, int PTX_ARCH = CUB_PTX_ARCH>
class WarpReduce {
    static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32 &&
                      (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                  "cu2c's cub::WarpReduce supports LOGICAL_WARP_THREADS = 1, 2, 4, 8, 16 or 32 only");

public:
    struct _TempStorage {
        int unused;
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    __device__ WarpReduce(TempStorage &) {}

    __device__ T Sum(T input) { return cub::Cu2cWarpReduce<LOGICAL_WARP_THREADS>(input, cub::Sum(), LOGICAL_WARP_THREADS); }
    __device__ T Sum(T input, int valid_items) { return cub::Cu2cWarpReduce<LOGICAL_WARP_THREADS>(input, cub::Sum(), valid_items); }
    template <typename ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op) {
        return cub::Cu2cWarpReduce<LOGICAL_WARP_THREADS>(input, reduction_op, LOGICAL_WARP_THREADS);
    }
    template <typename ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op, int valid_items) {
        return cub::Cu2cWarpReduce<LOGICAL_WARP_THREADS>(input, reduction_op, valid_items);
    }
    template <typename FlagT> __device__ T HeadSegmentedSum(T input, FlagT head_flag) {
        return cub::Cu2cWarpSegmented<LOGICAL_WARP_THREADS>(input, head_flag, cub::Sum(), true);
    }
    template <typename FlagT> __device__ T TailSegmentedSum(T input, FlagT tail_flag) {
        return cub::Cu2cWarpSegmented<LOGICAL_WARP_THREADS>(input, tail_flag, cub::Sum(), false);
    }
    template <typename ReductionOp, typename FlagT>
    __device__ T HeadSegmentedReduce(T input, FlagT head_flag, ReductionOp reduction_op) {
        return cub::Cu2cWarpSegmented<LOGICAL_WARP_THREADS>(input, head_flag, reduction_op, true);
    }
    template <typename ReductionOp, typename FlagT>
    __device__ T TailSegmentedReduce(T input, FlagT tail_flag, ReductionOp reduction_op) {
        return cub::Cu2cWarpSegmented<LOGICAL_WARP_THREADS>(input, tail_flag, reduction_op, false);
    }
};
} // namespace cub

#endif
