// clock() means libc's process time on the host and the cycle counter on the device: a
// __host__ __device__ function calling it from both sides gets a device copy
// (run/cuda_arch_host_device_both_sides.cu), but device code calling clock() through a macro
// defined outside it is refused where clock is named (renaming it would change the macro's
// host uses too).
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: not test -e %t.c
#include <ctime>
#define STAMP() clock()
__host__ __device__ long stamp() { return (long)clock(); }
__device__ long stamp_macro() { return (long)STAMP(); }
__global__ void k(long *out) { out[threadIdx.x] = stamp() + stamp_macro(); }
int main() { return (int)stamp(); }
// CHECK-NOT: __host__ __device__
// CHECK: [[FILE]]:12:46: error: clock() in device code written in a macro defined outside the function: not supported
