// A missing input file: an error naming it, exit status 1, nothing written.
// RUN: rm -f %t.c
// RUN: not %cu2c %t.does-not-exist.cu -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
// CHECK: cu2c: error: cannot open '{{.*}}does-not-exist.cu': No such file or directory
