// -arch, -code, -gencode and --generate-code choose what device code sees as __CUDA_ARCH__, as
// with nvcc: the highest compute capability they name (a GPU runs the newest code it is
// given), 800 when none is named (or native, all); cu2c -arch compute_NN likewise. cu2cc -v
// shows the architecture as nvcc's steps do (CMake reads it to find the default one).
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %cu2cc %s -o none && ./none | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: arch 800
// RUN: %cu2cc %s -arch=native -o native && ./native | FileCheck %s --check-prefix=DEFAULT
// RUN: %cu2cc %s -arch=sm_60 -o old && ./old | FileCheck %s --check-prefix=OLD
// OLD: arch 600, no fast path
// RUN: %cu2cc %s -gencode arch=compute_70,code=sm_70 -gencode=arch=compute_86,code=[sm_86,compute_86] -o two && ./two | FileCheck %s --check-prefix=HIGHEST
// HIGHEST: arch 860
// RUN: %cu2cc %s --generate-code=arch=compute_75,code=[compute_75,sm_75] -v -o one 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: -arch compute_75
// RUN: ./one | FileCheck %s --check-prefix=SEVENTY_FIVE
// SEVENTY_FIVE: arch 750
// RUN: %cu2c -arch compute_90 %s -o - | FileCheck %s --check-prefix=TRANSLATED
// TRANSLATED: #define __CU2C_ARCH__ 900
// RUN: not %cu2c -arch gfx90a %s -o %t.c 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: -arch takes compute_NN or sm_NN (e.g. compute_80), not 'gfx90a'
#include <cstdio>

__global__ void which(int *out) {
#if __CUDA_ARCH__ >= 700
    out[0] = __CUDA_ARCH__;
    out[1] = 1;
#elif defined(__CUDA_ARCH__)
    out[0] = __CUDA_ARCH__;
    out[1] = 0;
#endif
}

int main() {
    int *d, h[2] = {0, 0};
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    which<<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("arch %d%s\n", h[0], h[1] ? "" : ", no fast path");
    return 0;
}
