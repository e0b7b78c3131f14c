// clock() means libc's process time on the host and the cycle counter on the device: cu2c
// compiles one copy of a __host__ __device__ function, so one calling clock() from both sides
// is refused, and so is device code calling clock() through a macro defined outside it (its
// renaming would change the macro's host uses too). Both where clock is named.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: not test -e %t.c
#include <ctime>
#define STAMP() clock()
__host__ __device__ long stamp() { return (long)clock(); }
__device__ long stamp_macro() { return (long)STAMP(); }
__global__ void k(long *out) { out[threadIdx.x] = stamp() + stamp_macro(); }
int main() { return (int)stamp(); }
// CHECK: [[FILE]]:10:49: error: clock() in a __host__ __device__ function called from both host and device code: not supported
// CHECK: [[FILE]]:11:46: error: clock() in device code written in a macro defined outside the function: not supported
