// A null character in the source (clang skips it with a warning) is refused at its place:
// cu2c would otherwise copy the text around it cut short. A directory given as the input is
// refused by name. Neither writes an output file.
// RUN: rm -rf %t.c %t.dir && mkdir -p %t.dir
// RUN: printf '__global__ void k(int *a) {\n  a[0] = 1;\000 a[1] = 2;\n}\n' > %t.cu
// RUN: not %cu2c %t.cu -o %t.c 2>&1 | FileCheck %s -DFILE=%t.cu --check-prefix=NUL
// RUN: test ! -e %t.c
// RUN: not %cu2c %t.dir -o %t.c 2>&1 | FileCheck %s -DDIR=%t.dir --check-prefix=DIR
// RUN: test ! -e %t.c
// NUL: [[FILE]]:2:12: error: null character in the source: not supported (remove it)
// DIR: cu2c: error: cannot open '[[DIR]]': Is a directory
