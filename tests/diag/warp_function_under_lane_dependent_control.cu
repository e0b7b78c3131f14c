// A warp function reached by some lanes of a warp only is refused where it is written when its
// mask certainly names lanes that are not active there: under an if splitting a warp at a
// constant (threadIdx.x < 16, lane == 0, through a local holding threadIdx.x) with a mask
// naming every lane (0xffffffff, __syncwarp()); in a loop whose trip count differs between
// lanes (also one bounded by a local declared under such an if: per thread); in a loop's
// condition (its result differs between warps). The same ifs with masks naming the lanes
// taking them are CUDA's partial-warp idiom and are translated (run/warp_partial_if_*.cu).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void half_warp(int *out) {
    int v = out[threadIdx.x];
    if (threadIdx.x < 16)
        v = __shfl_down_sync(0xffffffffu, v, 8);
    out[threadIdx.x] = v;
}
// CHECK: [[FILE]]:13:13: error: __shfl_down_sync() under lane-dependent control: the condition of the 'if' at line 12 (threadIdx.x < 16) splits a warp, and the call's mask names every lane of it (the lanes not taking this branch are not active: name only those that are)

__global__ void first_lane(unsigned *out) {
    int t = threadIdx.x;
    int lane = t % 32;
    if (lane == 0) {
        out[t / 32] = __ballot_sync(0xFFFFFFFF, out[t] != 0);
    }
}
// CHECK: [[FILE]]:22:23: error: __ballot_sync() under lane-dependent control: the condition of the 'if' at line 21 (lane == 0) splits a warp

__global__ void sync_half(int *out) {
    if (threadIdx.x >= 8) {
        out[threadIdx.x] = 1;
        __syncwarp();
    }
}
// CHECK: [[FILE]]:30:9: error: __syncwarp() under lane-dependent control: the condition of the 'if' at line 28 (threadIdx.x >= 8) splits a warp

__global__ void lane_loop(float *out) {
    float v = out[threadIdx.x];
    for (int i = 0; i < (int)threadIdx.x; i++)
        v += __shfl_xor_sync(0xffffffffu, v, 1);
    out[threadIdx.x] = v;
}
// CHECK: [[FILE]]:38:14: error: __shfl_xor_sync() under lane-dependent control: the condition of the 'for' at line 37 (i < (int)threadIdx.x) varies with threadIdx.x

__global__ void vote_loop(int *out) {
    int v = out[threadIdx.x];
    while (__any_sync(0xffffffffu, v > 0))
        v -= 1;
    out[threadIdx.x] = v;
}
// CHECK: [[FILE]]:45:12: error: __any_sync() under lane-dependent control: the condition of the 'while' at line 45 (__any_sync(0xffffffffu, v > 0)) varies with threadIdx.x, threadIdx.y and threadIdx.z

__global__ void bound_inside(int *out, const int *count) {
    int lane = threadIdx.x % 32;
    int v = out[threadIdx.x];
    if (lane < 8) {
        int n = count[0];
        for (int i = 0; i < n; i++)
            v += __shfl_xor_sync(0xffu, v, 1);
    }
    out[threadIdx.x] = v;
}
// CHECK: [[FILE]]:[[# @LINE - 4]]:18: error: __shfl_xor_sync() under lane-dependent control: the condition of the 'for' at line [[# @LINE - 5]] (i < n) varies with threadIdx.x, threadIdx.y and threadIdx.z
// CHECK: [[FILE]]:[[# @LINE - 7]]:13: note: 'n' is declared under the 'if' at line [[# @LINE - 8]], which runs per thread (its lanes may disagree): its locals are per thread (compute what the condition reads before that if)
