// A kernel defined in a header the .cu includes (twice, with #pragma once): the header is
// spliced into the translation in place of its first #include.
// RUN: %cu2cc %S/Inputs/kernel_in_header/main.cu -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: kernel in header ok
