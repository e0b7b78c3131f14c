// Warp-synchronous code cu2c cannot run step by step is refused where it is written: a store
// into volatile memory whose old value is used (x++ in an expression), one written through a
// macro, one in a return statement, one in the header of a loop holding other steps. (Stores
// in a loop whose trip count differs between the lanes of a warp are run:
// run/warp_loops_lanes_iterate_apart.cu, the lanes taking their steps together while they
// iterate; so are steps in __host__ __device__ functions, called from kernels and from the
// host: run/host_device_warp_steps.cu.)
//
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void old_value(int *out) {
    __shared__ int s[32];
    volatile int *vs = s;
    vs[threadIdx.x] = 0;
    int old = vs[threadIdx.x]++;
    out[threadIdx.x] = old;
}
// CHECK: [[FILE]]:16:15: error: store into volatile memory (warp-synchronous code) whose old value is used (x++ inside an expression): not supported yet

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
// CHECK: [[FILE]]:27:9: error: store into volatile memory (warp-synchronous code) written through a macro: not supported yet

__device__ int store_and_return(volatile int *vs) {
    return vs[threadIdx.x] = 1;
}
__global__ void returns_store(int *out) {
    __shared__ int s[32];
    out[threadIdx.x] = store_and_return(s);
}
// CHECK: [[FILE]]:34:12: error: store into volatile memory (warp-synchronous code) in a return statement: not supported yet

__global__ void loop_header(int *out) {
    __shared__ int s[64];
    volatile int *vs = s;
    for (int i = 0; i < 4; vs[threadIdx.x] += 1, i++)
        vs[threadIdx.x + 32] = i;
    out[threadIdx.x] = s[threadIdx.x];
}
// CHECK: [[FILE]]:45:28: error: store into volatile memory in the condition or header of a statement holding barriers, warp functions or other volatile stores: not supported yet
