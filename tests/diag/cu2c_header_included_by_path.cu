// One of cu2c's own headers reached by a path rather than through the include path would be
// parsed as a user's header (its builtins taken for user functions, kernels left without
// thread loops): refused where it is included.
// RUN: not %cu2c %s -I %root -o %t.c 2>&1 | FileCheck %s -DFILE=%s
#include <cstdio>
#include "include/cu2c/warp.h"
__global__ void k(int *a) { atomicAdd(a, 1); }
// CHECK: [[FILE]]:6:10: error: '{{.*}}include/cu2c/warp.h' is one of cu2c's own headers, included here by its path: include it as <cu2c/warp.h>
