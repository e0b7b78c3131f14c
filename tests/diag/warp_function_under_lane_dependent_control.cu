// A warp function reached by some lanes of a warp only is refused where it is written: under
// an if splitting a warp (threadIdx.x < 16, lane == 0, through a local holding threadIdx.x),
// in a loop whose trip count differs between lanes and in the condition of a loop (its
// result differs between warps).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void half_warp(int *out) {
    int v = out[threadIdx.x];
    if (threadIdx.x < 16)
        v = __shfl_down_sync(0xffffu, v, 8);
    out[threadIdx.x] = v;
}
// CHECK: [[FILE]]:10:13: error: __shfl_down_sync() under lane-dependent control: the condition of the 'if' at line 9 (threadIdx.x < 16) splits a warp

__global__ void first_lane(unsigned *out) {
    int t = threadIdx.x;
    int lane = t % 32;
    if (lane == 0) {
        out[t / 32] = __ballot_sync(1u, out[t] != 0);
    }
}
// CHECK: [[FILE]]:19:23: error: __ballot_sync() under lane-dependent control: the condition of the 'if' at line 18 (lane == 0) splits a warp

__global__ void lane_loop(float *out) {
    float v = out[threadIdx.x];
    for (int i = 0; i < (int)threadIdx.x; i++)
        v += __shfl_xor_sync(0xffffffffu, v, 1);
    out[threadIdx.x] = v;
}
// CHECK: [[FILE]]:27:14: error: __shfl_xor_sync() under lane-dependent control: the condition of the 'for' at line 26 (i < (int)threadIdx.x) varies with threadIdx.x

__global__ void vote_loop(int *out) {
    int v = out[threadIdx.x];
    while (__any_sync(0xffffffffu, v > 0))
        v -= 1;
    out[threadIdx.x] = v;
}
// CHECK: [[FILE]]:34:12: error: __any_sync() under lane-dependent control: the condition of the 'while' at line 34 (__any_sync(0xffffffffu, v > 0)) varies with threadIdx.x, threadIdx.y and threadIdx.z
