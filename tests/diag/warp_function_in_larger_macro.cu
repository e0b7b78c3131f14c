// A warp function in a macro whose body is more than the call, or in a macro invoked through
// another macro, or a group's method in a macro: the invocation cannot stand for the call, so
// each is refused where it is invoked.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define SHFL(v, o) __shfl_down_sync(0xffffffff, v, o)
#define RED(v) v += SHFL(v, 16)
#define ADD(v, o) v += __shfl_down_sync(0xffffffff, v, o)
#define TSHFL(t, v) t.shfl_down(v, 1)
__global__ void k(int *out) {
    int v = out[threadIdx.x];
    RED(v);
    ADD(v, 8);
    cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
    v += TSHFL(t, v);
    out[threadIdx.x] = v;
}
// CHECK: [[FILE]]:15:5: error: __shfl_down_sync() written inside a macro whose body is more than this call (or a macro of a macro) is not supported yet
// CHECK: [[FILE]]:16:5: error: __shfl_down_sync() written inside a macro whose body is more than this call (or a macro of a macro) is not supported yet
// CHECK: [[FILE]]:18:10: error: thread_block_tile::shfl_down() written inside a macro is not supported yet
