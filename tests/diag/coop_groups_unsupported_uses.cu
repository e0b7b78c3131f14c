// Cooperative groups' warp methods where cu2c cannot give CUDA's result are refused where
// they are written: inside ?:, in a template where the group's type (so the tile's size)
// depends on a parameter (a method; cg::reduce over such a group is run: see
// run/coop_groups_reduce_in_template_functions.cu), and in a return leaving an expanded
// device function early (its final return may give a warp function's result).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
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

__device__ int early(cg::thread_block_tile<32> &g, int v, int flag) {
    if (flag)
        return cg::reduce(g, v, cg::plus<int>());
    return v;
}

__global__ void early_return(int *out, int flag) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int r = early(tile, (int)threadIdx.x, flag);
    out[threadIdx.x] = r;
}

int main() {
    generic<16><<<1, 32>>>(nullptr);
    early_return<<<1, 32>>>(nullptr, 1);
}
// CHECK-DAG: [[FILE]]:15:32: error: thread_block_tile::shfl() inside a part of an expression evaluated for some threads only (a branch of ?:, the right operand of && or ||) is not supported yet (assign its result to a local first)
// CHECK-DAG: [[FILE]]:26:16: error: cooperative_groups::reduce() inside an expression is not supported yet
// CHECK-DAG: [[FILE]]:21:24: error: shfl_xor() on a group whose type depends on a template parameter is not supported yet
