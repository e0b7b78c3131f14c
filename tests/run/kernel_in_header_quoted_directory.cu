// A kernel defined in a header, the .cu and its header under a directory whose name holds
// a '"' and a '\': the #line directives around the spliced header escape both paths.
// RUN: rm -rf %t.dir && mkdir -p '%t.dir/q"b\s'
// RUN: cp %S/Inputs/kernel_in_header/main.cu %S/Inputs/kernel_in_header/kern.cuh '%t.dir/q"b\s/'
// RUN: %cu2cc '%t.dir/q"b\s/main.cu' -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: kernel in header ok
