// Warp-synchronous code cu2c cannot run step by step is refused where it is written: a store
// into volatile memory written through a macro (neither engine can place its steps inside the
// macro's one expansion). (Stores whose old value is used, in a
// return statement or in a loop's header run on the fiber engine:
// run/volatile_steps_on_fibers_forms.cu; stores in a loop whose trip count differs between
// the lanes of a warp run on thread loops: run/warp_loops_lanes_iterate_apart.cu; so do steps
// in __host__ __device__ functions, called from kernels and from the host:
// run/host_device_warp_steps.cu.)
//
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
#define STEP(o) vs[threadIdx.x] += vs[threadIdx.x + o]
__global__ void through_macro(int *out) {
    __shared__ int s[64];
    volatile int *vs = s;
    vs[threadIdx.x] = out[threadIdx.x];
    if (threadIdx.x < 32) {
        STEP(16);
        STEP(8);
    }
}
// CHECK: [[FILE]]:19:9: error: store into volatile memory (warp-synchronous code) written through a macro: not supported yet
