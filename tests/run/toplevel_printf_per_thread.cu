// Regression: a top-level printf with uniform arguments prints once per thread.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
#include <cstdio>
__global__ void hello() { printf("hello\n"); }
int main() { hello<<<1, 3>>>(); cudaDeviceSynchronize(); return 0; }
// CHECK: hello
// CHECK-NEXT: hello
// CHECK-NEXT: hello
// CHECK-NOT: hello
