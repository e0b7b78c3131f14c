// cuBLAS's legacy API (<cublas.h>: no handle, cublasInit, character arguments) is not
// provided: its header stops the build with an error naming <cublas_v2.h>, the API that is.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s
#include <cublas.h>
__global__ void k(float *a) { a[threadIdx.x] = 0; }
// CHECK: cublas.h:{{[0-9]+}}:{{[0-9]+}}: error: "cu2c provides cuBLAS's v2 API only: include <cublas_v2.h>; the legacy API of <cublas.h> (cublasInit, cublasAlloc, character arguments) is not provided"
