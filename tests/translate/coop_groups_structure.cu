// Cooperative groups become the barriers and warp functions they are: block.sync() a block
// barrier; a tile's shfl_xor a warp function of width 16 (which every thread runs: no flags
// of who runs, CU2C_WARP_SHFL_ALL); its ballot a vote over the tile's
// lanes (a mask built from the thread's index), the result shifted to the tile's own bits
// where it is read; cg::reduce combined by cooperative_groups.h's __cu2c_reduce with
// the tile's size and the operation as written; grid sync a call into the runtime. Methods
// reading the thread's index (thread_rank) stay as written: the header's macros pass the
// thread loop's own threadIdx in.
// RUN: %cu2c %s -o - | FileCheck %s
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void groups(const int *in, int *out) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    int v = in[block.thread_rank()];
    block.sync();
    int s = tile.shfl_xor(v, 8);
    unsigned b = tile.ballot(s > 0);
    int r = cg::reduce(tile, s, cg::plus<int>());
    out[block.thread_rank()] = r + (int)b;
    cg::this_grid().sync();
}
// CHECK: { int v = in[block.thread_rank()];
// CHECK-NEXT: /* __syncthreads() */;
// CHECK-NEXT: { for (int __cu2c_tz
// CHECK-SAME: __cu2c_wv0[{{[^]]*}}] = (v); __cu2c_wln[{{[^]]*}}] = (int)(8); __cu2c_wwd[{{[^]]*}}] = (int)(16); }
// CHECK-SAME: CU2C_WARP_SHFL_ALL(CU2C_SHFL_XOR, {{.*}}, __cu2c_wln, __cu2c_wwd, __cu2c_wv0, __cu2c_wr0);
// CHECK-SAME: int s = __cu2c_wr0[{{[^]]*}}];
// CHECK-NEXT: = (unsigned)(CU2C_CG_TILE_MASK(16, threadIdx, blockDim)); __cu2c_wv1[{{[^]]*}}] = (s > 0); }
// CHECK-SAME: CU2C_WARP_VOTE(CU2C_VOTE_BALLOT, {{.*}}, __cu2c_wact, __cu2c_wmk, __cu2c_wv1, __cu2c_wr1);
// CHECK-SAME: unsigned b = CU2C_CG_TILE_BITS(16, threadIdx, blockDim, __cu2c_wr1[{{[^]]*}}]);
// CHECK-NEXT: cooperative_groups::__cu2c_reduce(16, {{.*}}, __cu2c_wact, __cu2c_wmk, __cu2c_wv2, __cu2c_wr2, cg::plus<int>());
// CHECK-SAME: int r = __cu2c_wr2[{{[^]]*}}];
// CHECK-NEXT: out[block.thread_rank()] = r + (int)b;
// CHECK-NEXT: cu2c_grid_sync(__cu2c_b);
