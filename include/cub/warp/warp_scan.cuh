/* cub/warp/warp_scan.cuh - cub::WarpScan: prefix scans over a (logical) warp.
 *
 * Written with __shfl_up_sync/__shfl_sync (warp-scoped steps for cu2c's translator) and
 * expanded into the calling kernel; the TempStorage stays unused. LOGICAL_WARP_THREADS must be
 * a power of two from 1 to 32. */
#ifndef CU2C_CUB_WARP_SCAN_CUH
#define CU2C_CUB_WARP_SCAN_CUH

#include <cub/config.cuh>
#include <cub/thread/thread_operators.cuh>

namespace cub {
/* The scan every WarpScan member makes (a free function: the object is not needed). */
/* inclusive scan into inclusive; exclusive gets the lane before's (lane 0: initial_value
 * when has_init, else left as it was); warp_aggregate the last lane's inclusive value */
template <int LOGICAL_WARP_THREADS, typename T, typename ScanOp>
__device__ void Cu2cWarpScan(T input, T &inclusive, T &exclusive, ScanOp scan_op, bool has_init, T initial_value,
                         T &warp_aggregate) {
    int cu2c_lane = (threadIdx.x + (threadIdx.y + threadIdx.z * blockDim.y) * blockDim.x) % LOGICAL_WARP_THREADS;
    T cu2c_v = input;
    for (int cu2c_off = 1; cu2c_off < LOGICAL_WARP_THREADS; cu2c_off *= 2) {
        T cu2c_other = __shfl_up_sync(0xffffffffu, cu2c_v, cu2c_off, LOGICAL_WARP_THREADS);
        if (cu2c_lane >= cu2c_off)
            cu2c_v = scan_op(cu2c_other, cu2c_v);
    }
    T cu2c_before = __shfl_up_sync(0xffffffffu, cu2c_v, 1, LOGICAL_WARP_THREADS);
    T cu2c_total = __shfl_sync(0xffffffffu, cu2c_v, LOGICAL_WARP_THREADS - 1, LOGICAL_WARP_THREADS);
    warp_aggregate = cu2c_total;
    if (has_init) {
        cu2c_v = scan_op(initial_value, cu2c_v);
        cu2c_before = cu2c_lane == 0 ? initial_value : scan_op(initial_value, cu2c_before);
    }
    inclusive = cu2c_v;
    if (has_init || cu2c_lane != 0)
        exclusive = cu2c_before;
}
template <typename T, int LOGICAL_WARP_THREADS = CUB_PTX_WARP_THREADS, int PTX_ARCH = CUB_PTX_ARCH>
class WarpScan {
    static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32 &&
                      (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                  "cu2c's cub::WarpScan supports LOGICAL_WARP_THREADS = 1, 2, 4, 8, 16 or 32 only");

public:
    struct _TempStorage {
        int unused;
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    __device__ WarpScan(TempStorage &) {}

    __device__ void InclusiveSum(T input, T &inclusive_output) {
        T cu2c_ex, cu2c_agg;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, inclusive_output, cu2c_ex, cub::Sum(), false, input, cu2c_agg);
    }
    __device__ void InclusiveSum(T input, T &inclusive_output, T &warp_aggregate) {
        T cu2c_ex;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, inclusive_output, cu2c_ex, cub::Sum(), false, input, warp_aggregate);
    }
    __device__ void ExclusiveSum(T input, T &exclusive_output) {
        T cu2c_in, cu2c_agg;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, cu2c_in, exclusive_output, cub::Sum(), true, T(), cu2c_agg);
    }
    __device__ void ExclusiveSum(T input, T &exclusive_output, T &warp_aggregate) {
        T cu2c_in;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, cu2c_in, exclusive_output, cub::Sum(), true, T(), warp_aggregate);
    }
    template <typename ScanOp> __device__ void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op) {
        T cu2c_ex, cu2c_agg;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, inclusive_output, cu2c_ex, scan_op, false, input, cu2c_agg);
    }
    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op, T &warp_aggregate) {
        T cu2c_ex;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, inclusive_output, cu2c_ex, scan_op, false, input, warp_aggregate);
    }
    template <typename ScanOp> __device__ void ExclusiveScan(T input, T &exclusive_output, ScanOp scan_op) {
        T cu2c_in, cu2c_agg;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, cu2c_in, exclusive_output, scan_op, false, input, cu2c_agg);
    }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op) {
        T cu2c_in, cu2c_agg;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, cu2c_in, exclusive_output, scan_op, true, initial_value, cu2c_agg);
    }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &exclusive_output, ScanOp scan_op, T &warp_aggregate) {
        T cu2c_in;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, cu2c_in, exclusive_output, scan_op, false, input, warp_aggregate);
    }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op, T &warp_aggregate) {
        T cu2c_in;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, cu2c_in, exclusive_output, scan_op, true, initial_value, warp_aggregate);
    }
    template <typename ScanOp>
    __device__ void Scan(T input, T &inclusive_output, T &exclusive_output, ScanOp scan_op) {
        T cu2c_agg;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, inclusive_output, exclusive_output, scan_op, false, input, cu2c_agg);
    }
    template <typename ScanOp>
    __device__ void Scan(T input, T &inclusive_output, T &exclusive_output, T initial_value, ScanOp scan_op) {
        T cu2c_agg;
        cub::Cu2cWarpScan<LOGICAL_WARP_THREADS>(input, inclusive_output, exclusive_output, scan_op, true, initial_value, cu2c_agg);
    }
    /* src_lane's input, in every lane of the logical warp */
    __device__ T Broadcast(T input, unsigned int src_lane) {
        return __shfl_sync(0xffffffffu, input, src_lane, LOGICAL_WARP_THREADS);
    }
};
} // namespace cub

#endif
