// An error in a kernel defined in an included header is located in the header, at its own
// line, although the header is spliced into the translation.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s
#include "Inputs/lane_split_syncwarp_kernel.cuh"
int main() { return 0; }
// CHECK: {{.*}}Inputs/lane_split_syncwarp_kernel.cuh:3:9: error: __syncwarp() under lane-dependent control: the condition of the 'if' at line 2 (threadIdx.x < 3) splits a warp, and the call's mask names every lane of it
