// Inline PTX in a kernel or a __device__ function would reach the host's assembler: refused
// where it is written, once per function; no output is written.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=error:
// RUN: not test -e %t.c
__device__ unsigned lane_id() {
    unsigned r;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
    return r;
}
__global__ void k(unsigned *out) {
    unsigned v;
    asm("mov.u32 %0, %%warpid;" : "=r"(v));
    out[threadIdx.x] = lane_id() + v;
}
// CHECK: [[FILE]]:8:5: error: inline assembly (PTX) in device code is not supported
// CHECK: [[FILE]]:13:5: error: inline assembly (PTX) in device code is not supported
