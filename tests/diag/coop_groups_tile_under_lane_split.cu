// A tile's warp method under an if that splits the tile's lanes (threadIdx.x < 16 with a
// tile of 32), the other lanes meeting the tile after it, is refused like a divergent barrier,
// naming the method.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void split(int *out) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = out[threadIdx.x];
    if (threadIdx.x < 16)
        v = tile.shfl_down(v, 1);
    out[threadIdx.x] = v;
    tile.sync();
}
// CHECK: [[FILE]]:13:13: error: thread_block_tile::shfl_down() under lane-dependent control
