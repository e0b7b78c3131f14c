// Cooperative groups' warp methods where cu2c cannot give CUDA's result are refused where
// they are written: in a template where the group's type (so the tile's size) depends on a
// parameter (a method; cg::reduce over such a group is run: see
// run/coop_groups_reduce_in_template_functions.cu). (Inside ?: and in a return leaving a
// device function early they run on the fiber engine: run/fibers_cooperative_groups.cu.)
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <int N>
__global__ void generic(int *out) {
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(cg::this_thread_block());
    out[threadIdx.x] = tile.shfl_xor(out[threadIdx.x], 1);
}

int main() {
    generic<16><<<1, 32>>>(nullptr);
}
// CHECK: [[FILE]]:15:24: error: shfl_xor() on a group whose type depends on a template parameter is not supported yet
