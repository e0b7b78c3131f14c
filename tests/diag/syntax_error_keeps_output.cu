// clang's own error, located; an existing output file is left untouched.
// RUN: echo "previous output" > %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: FileCheck %s --check-prefix=KEPT < %t.c
__global__ void k(float *a) {
    a[threadIdx.x] = undeclared_thing;
}
// CHECK: [[FILE]]:6:22: error: use of undeclared identifier 'undeclared_thing'
// KEPT: previous output
