// A -I naming a folder of cu2c's headers that are not this cu2c's (another version's install,
// a stale copy): the parse would follow one text and the compiler another, so it is refused,
// naming the file. This cu2c's own folder is fine (tests/run/include_path_names_cu2c_headers.cu).
// RUN: rm -rf %t.inc && cp -R %root/include %t.inc && echo "/* changed */" >> %t.inc/driver_types.h
// RUN: not %cu2c -I %t.inc %s -o %t.c 2>&1 | FileCheck %s -DINC=%t.inc
#include <cstdio>
__global__ void k(int *a) { atomicAdd(a, 1); }
// CHECK: error: '[[INC]]/driver_types.h' is not this cu2c's <driver_types.h> (another version's?): give this cu2c's include folder, or none
