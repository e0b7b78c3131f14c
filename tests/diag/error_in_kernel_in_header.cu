// An error in a kernel defined in an included header is located in the header, at its own
// line, although the header is spliced into the translation.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s
#include "Inputs/divergent_barrier_kernel.cuh"
int main() { return 0; }
// CHECK: {{.*}}Inputs/divergent_barrier_kernel.cuh:3:9: error: barrier under thread-dependent control: the condition of the 'if' at line 2 (threadIdx.x < 3) varies with threadIdx.x
