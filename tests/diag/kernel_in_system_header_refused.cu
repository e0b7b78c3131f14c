// A kernel defined in a system header cu2c does not translate (a directory the compiler
// searches by default, or one named with -idirafter) is refused where it is defined, naming
// the way to have it translated; no output is written. (The headers of directories named with
// -isystem are translated: run/kernels_in_headers_of_isystem_dirs.cu.)
// RUN: rm -f %t.c
// RUN: not %cu2c -idirafter %S/../run/Inputs/system_dir_kernels %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include <lib/saxpy_kernels.cuh>
int main() { return 0; }
// CHECK-DAG: lib/reduce_kernels.cuh:7:17: error: kernel 'lib_block_sums' is defined in a system header (of a directory the compiler searches by default, or named with -idirafter): cu2c translates kernels in the user's files and in directories named with -I or -isystem (name its directory so)
// CHECK-DAG: lib/saxpy_kernels.cuh:5:17: error: kernel 'lib_saxpy' is defined in a system header
