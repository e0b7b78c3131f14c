// A header of a CUDA toolkit installation that cu2c does not provide (cublas_v2.h,
// curand.h...) is refused where it is included, instead of mixing the toolkit's headers with
// cu2c's. A stand-in toolkit directory keeps the test independent of what is installed.
// RUN: rm -rf %t.tk && mkdir -p %t.tk/cuda-99.0/include && echo "int fake;" > %t.tk/cuda-99.0/include/cufake.h
// RUN: not %cu2c -I %t.tk/cuda-99.0/include %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
#include <cstdio>
#include <cufake.h>
__global__ void k(int *a) { a[threadIdx.x] = fake; }
// CHECK: [[FILE]]:7:10: error: 'cufake.h' is a CUDA toolkit header cu2c does not provide: not supported yet
