// A warp function reached by some lanes of a warp only is refused where it is written when its
// mask certainly names lanes that are not active there: under an if splitting a warp at a
// constant (threadIdx.x < 16, lane == 0, through a local holding threadIdx.x) with a mask
// naming every lane (0xffffffff, __syncwarp()), the lanes not taking it meeting the warp after
// it (lanes that leave the kernel instead have exited, which a mask may name:
// run/warp_mask_naming_lanes_that_exit.cu). The same ifs with masks naming the lanes
// taking them are CUDA's partial-warp idiom and are translated (run/warp_partial_if_*.cu), as
// are loops whose trip count differs between lanes (run/warp_loops_lanes_iterate_apart.cu:
// masks checked at run time).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void half_warp(int *out) {
    int v = out[threadIdx.x];
    if (threadIdx.x < 16)
        v = __shfl_down_sync(0xffffffffu, v, 8);
    out[threadIdx.x] = v;
    __syncwarp();
}
// CHECK: [[FILE]]:15:13: error: __shfl_down_sync() under lane-dependent control: the condition of the 'if' at line 14 (threadIdx.x < 16) splits a warp, and the call's mask names every lane of it (the lanes not taking this branch are not active: name only those that are)

__global__ void first_lane(unsigned *out) {
    int t = threadIdx.x;
    int lane = t % 32;
    if (lane == 0) {
        out[t / 32] = __ballot_sync(0xFFFFFFFF, out[t] != 0);
    }
    __syncwarp();
}
// CHECK: [[FILE]]:25:23: error: __ballot_sync() under lane-dependent control: the condition of the 'if' at line 24 (lane == 0) splits a warp

__global__ void sync_half(int *out) {
    if (threadIdx.x >= 8) {
        out[threadIdx.x] = 1;
        __syncwarp();
    }
    __syncwarp();
}
// CHECK: [[FILE]]:34:9: error: __syncwarp() under lane-dependent control: the condition of the 'if' at line 32 (threadIdx.x >= 8) splits a warp
