// A user's -I naming cu2c's own include directory (a Makefile sharing one include variable
// with its .cpp files, CMake's CUDA::cudart) before or after their other directories, or as
// -isystem, or the working directory being it, or cuda_runtime.h included by its path: the
// kernels get their thread loops all the same (regression: the headers on disk were parsed
// as the user's, atomicAdd taken for a user function, and the counter read 2, not 256).
// RUN: %cu2cc %s -o %t.0 && %t.0 | FileCheck %s
// RUN: %cu2cc -I %root/include -I %S/Inputs %s -o %t.1 && %t.1 | FileCheck %s
// RUN: %cu2cc -I %S/Inputs -I%root/include/ %s -o %t.2 && %t.2 | FileCheck %s
// RUN: %cu2cc -isystem %root/include %s -o %t.3 && %t.3 | FileCheck %s
// RUN: %cu2cc -include %root/include/cuda_runtime.h %s -o %t.5 && %t.5 | FileCheck %s
// RUN: %cu2c --engine=loops -I%root/include %s -o - | FileCheck %s --check-prefix=LOOPS
// RUN: cd %root/include && %cu2cc %s -o %t.4 && %t.4 | FileCheck %s
#include <cstdio>
#include <cuda_runtime.h>

__global__ void count(int *c) { atomicAdd(c, 1); }
// LOOPS: for (int __cu2c_tx = 0; __cu2c_tx < __cu2c_bx; __cu2c_tx++) {{.*}} atomicAdd(c, 1);

int main() {
    int *c;
    cudaMallocManaged(&c, sizeof *c);
    *c = 0;
    count<<<2, 128>>>(c);
    cudaDeviceSynchronize();
    int n = *c;
    printf("count %d\n", n);
    cudaFree(c);
    return n != 256;
}
// CHECK: count 256
