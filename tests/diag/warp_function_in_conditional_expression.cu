// A warp function evaluated by some threads only, in a branch of ?: or on the right of && or
// ||, is refused where it is written (its result would need every lane of the warp, and its
// arguments may not be evaluable for the other threads). As the condition of ?: or on the
// left of && and || it runs for every thread and is supported (see
// tests/run/warp_vote_in_conditional_operator.cu).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void conditional(int *out) {
    int v = out[threadIdx.x];
    out[threadIdx.x] = v > 0 ? __shfl_sync(0xffffffffu, v, 0) : v;
    out[threadIdx.x] += __any_sync(0xffffffffu, v) ? v : __shfl_down_sync(0xffffffffu, v, 1);
    if (v > 3 && __all_sync(0xffffffffu, v > 1))
        out[threadIdx.x] = 0;
}
// CHECK: [[FILE]]:10:32: error: __shfl_sync() inside a part of an expression evaluated for some threads only (a branch of ?:, the right operand of && or ||) is not supported yet (assign its result to a local first)
// CHECK: [[FILE]]:11:58: error: __shfl_down_sync() inside a part of an expression evaluated for some threads only (a branch of ?:, the right operand of && or ||) is not supported yet (assign its result to a local first)
// CHECK: [[FILE]]:12:18: error: __all_sync() inside a part of an expression evaluated for some threads only (a branch of ?:, the right operand of && or ||) is not supported yet (assign its result to a local first)
