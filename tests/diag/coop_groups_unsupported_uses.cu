// Cooperative groups' warp methods where cu2c cannot give CUDA's result are refused where
// they are written: inside ?:, and in a template where the group's type (so the tile's size)
// depends on a parameter.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void split(int *out) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = out[threadIdx.x];
    out[threadIdx.x] = v > 0 ? tile.shfl(v, 0) : v;
}

template <int N>
__global__ void generic(int *out) {
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(cg::this_thread_block());
    out[threadIdx.x] = tile.shfl_xor(out[threadIdx.x], 1);
}

int main() {
    generic<16><<<1, 32>>>(nullptr);
}
// CHECK-DAG: [[FILE]]:12:32: error: thread_block_tile::shfl() inside a part of an expression evaluated for some threads only (a branch of ?:, the right operand of && or ||) is not supported yet (assign its result to a local first)
// CHECK-DAG: [[FILE]]:18:24: error: shfl_xor() on a group whose type depends on a template parameter is not supported yet
