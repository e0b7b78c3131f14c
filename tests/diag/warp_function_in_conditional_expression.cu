// A warp function evaluated by some threads only, inside ?:, && or ||, is refused where it is
// written (its result would need every lane of the warp).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void conditional(int *out) {
    int v = out[threadIdx.x];
    out[threadIdx.x] = v > 0 ? __shfl_sync(0xffffffffu, v, 0) : v;
}
// CHECK: [[FILE]]:7:32: error: __shfl_sync() inside a conditional expression (?:, && or ||) is not supported yet (assign its result to a local first)
