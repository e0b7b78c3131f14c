// A barrier under an if: refused with its location (barriers in control flow come later);
// no output file is written.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --strict-whitespace
// RUN: not test -e %t.c
__global__ void k(float *a) {
    if (threadIdx.x < 16)
        __syncthreads();
    a[threadIdx.x] = 1.0f;
}
// CHECK: [[FILE]]:8:9: error: __syncthreads() inside control flow or an expression is not supported yet (only a barrier statement at the top level of a kernel body)
// CHECK-NEXT: {{^}}        __syncthreads();
// CHECK-NEXT: {{^}}        ^
