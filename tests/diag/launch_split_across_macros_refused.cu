// A launch whose kernel and <<<...>>> are written in different macros cannot be rewritten in
// one place: refused where it is expanded, and no output is written. (A launch written whole
// in a macro's body runs: run/launches_in_macro_bodies.cu.)
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void k(int *p) { p[threadIdx.x] = 1; }
#define CFG <<<1, 32>>>
void f(int *p) { k CFG (p); }
// CHECK: [[FILE]]:8:18: error: cu2c cannot rewrite this kernel launch (is it written by a macro?)
