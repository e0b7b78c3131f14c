// Two kernels of one name: the host stub (named after the kernel) would be ambiguous, so
// the second is refused at its definition.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__global__ void fill(int *a) { a[threadIdx.x] = 1; }
__global__ void fill(float *a) { a[threadIdx.x] = 1.0f; }
// CHECK: [[FILE]]:5:17: error: overloaded kernel 'fill' is not supported yet
