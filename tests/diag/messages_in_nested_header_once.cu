// Messages about code in a header two levels down name that header's own lines, once each
// (clang's warning and cu2c's error alike), although the header is spliced into the
// translation; no output is written.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not test -e %t.c
#include "Inputs/nested/outer.cuh"
int main() { return 0; }
// CHECK: {{.*}}Inputs/nested/deeper/inner.cuh:1:2: warning: "a warning in a header two levels down" [-W#warnings]
// CHECK-NEXT: #warning "a warning in a header two levels down"
// CHECK: {{.*}}Inputs/nested/deeper/inner.cuh:4:9: error: __syncwarp() under lane-dependent control: the condition of the 'if' at line 3 (threadIdx.x < 3) splits a warp, and the call's mask names every lane of it
