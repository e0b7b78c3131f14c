// An if holding for one lane in M at most (the thread's index mod M, a power of two, equal to
// something uniform), last in its thread loop, makes that loop step over x by M from the
// first thread that may pass, instead of testing every thread; the test itself stays. A
// tile's thread_rank() counts along the linear index, equal to x's mod M only in a block of
// one dimension or of rows of a multiple of M threads: elsewhere the loop steps by 1. A
// lane out of [0, M) lets no thread through: step 1, the test says no.
// RUN: %cu2c %s -o - | FileCheck %s
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void warp_sums(const float *in, float *sums) {
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = 16; o > 0; o /= 2)
        v += warp.shfl_down(v, o);
    if (warp.thread_rank() == 0)
        sums[blockIdx.x * 8 + warp.meta_group_rank()] = v;
}
// CHECK-LABEL: void __cu2c_body_warp_sums(
// CHECK: { const long long __cu2c_lc = (long long)(unsigned int)(0); const int __cu2c_sx = (__cu2c_bx % 32 == 0 || __cu2c_by * __cu2c_bz == 1) && __cu2c_lc >= 0 && __cu2c_lc < 32 ? 32 : 1, __cu2c_s0 = __cu2c_sx > 1 ? (int)__cu2c_lc : 0;
// CHECK-SAME: for (int __cu2c_tx = CU2C_STEP_FROM(0, __cu2c_s0, __cu2c_sx); __cu2c_tx < __cu2c_bx; __cu2c_tx += __cu2c_sx) {
// CHECK-SAME: if (warp.thread_rank() == 0)

__global__ void lanes(int *out, int c) {
    int lane = threadIdx.x & 15;
    out[threadIdx.x] = 0;
    __syncthreads();
    if (lane == c + 1)
        out[threadIdx.x] = 1;
}
// CHECK-LABEL: void __cu2c_body_lanes(
// CHECK: /* __syncthreads() */
// CHECK: { const long long __cu2c_lc = (long long)(int)(c + 1); const int __cu2c_sx = __cu2c_lc >= 0 && __cu2c_lc < 16 ? 16 : 1, __cu2c_s0 = __cu2c_sx > 1 ? (int)__cu2c_lc : 0;
// CHECK-SAME: for (int __cu2c_tx = CU2C_STEP_FROM(0, __cu2c_s0, __cu2c_sx); __cu2c_tx < __cu2c_bx; __cu2c_tx += __cu2c_sx)
// CHECK-SAME: __typeof__(int) lane = (threadIdx.x & 15);
// CHECK-SAME: if (lane == c + 1)

// not the lane part of the index (mod 24, a lane varying by thread): every thread tested
__global__ void not_lanes(int *out, int c) {
    out[threadIdx.x] = 0;
    __syncthreads();
    if (threadIdx.x % 24 == c)
        out[threadIdx.x] = 1;
    __syncthreads();
    if (threadIdx.x % 32 == threadIdx.y)
        out[threadIdx.x] = 2;
}
// CHECK-LABEL: void __cu2c_body_not_lanes(
// CHECK-NOT: __cu2c_sx
// CHECK: void __cu2c_blk_not_lanes(
