// RUN: python3 %S/Inputs/error_codes.py %root/include/driver_types.h > %t.c && %rtcc %t.c -o %t %rtlibs && %t | FileCheck %s
// cudaGetErrorName and cudaGetErrorString know every error code cudaError_t has (the list is
// read from the header, so a code added there without a name fails here).
// CHECK: {{[1-9][0-9]+}} codes checked, 0 wrong
