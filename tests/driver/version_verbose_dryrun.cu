// --version prints nvcc's text (its first line is what tools match to know nvcc's options
// apply; CMake reads "release X.Y, VX.Y.Z"), saying it is cu2c and the CUDA release cu2c's
// runtime implements. -V is its short form. -v and --dryrun print nvcc's variable lines
// (CMake reads TOP, INCLUDES and LIBRARIES, and finds the link line by the LIBRARIES text in
// it) before anything else, even for an input they cannot build, then each step as `#$ `;
// --dryrun runs nothing and writes no output.
// RUN: %cu2cc --version | FileCheck %s --check-prefix=VERSION
// RUN: %cu2cc -V | FileCheck %s --check-prefix=VERSION
// VERSION:      nvcc: NVIDIA (R) Cuda compiler driver
// VERSION-NEXT: cu2cc: this is cu2c's nvcc-compatible driver
// VERSION-NEXT: Cuda compilation tools, release 12.8, V12.8.0
// RUN: not %cu2cc -v __cmake_determine_cuda 2>&1 | FileCheck %s --check-prefix=DETERMINE
// DETERMINE: #$ _NVVM_BRANCH_=nvvm
// DETERMINE: #$ TOP={{.*}}/bin/..
// DETERMINE: #$ NVVMIR_LIBRARY_DIR={{.*}}/bin/../nvvm/libdevice
// DETERMINE: cu2cc: error: unknown input file type '__cmake_determine_cuda'
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %cu2cc --dryrun %s -o app 2>&1 | FileCheck %s --check-prefix=DRY
// RUN: not test -e app
// DRY:      #$ _NVVM_BRANCH_=nvvm
// DRY:      #$ INCLUDES="-I{{.*}}/include"
// DRY:      #$ LIBRARIES=  [[LIBS:"-L.*/lib64"]]
// DRY:      #$ "{{.*}}/bin/cu2c" --lang=c++ -arch compute_80 {{.*}}version_verbose_dryrun.cu"
// DRY-NEXT: #$ c++ -std=gnu++17 {{.*}} -c "{{.*}}.cu.cpp" -o
// DRY-NEXT: #$ c++ {{(-m(arch|cpu)=native )?}}-o {{.*}} [[LIBS]] -Wl,--start-group "{{.*}}/libcu2c.a" -Wl,--end-group -lpthread -lm
// RUN: %cu2cc -v %s -o app 2> %t.err && ./app | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=DRY < %t.err
// RUN: %cu2cc --verbose -c %s -o x.o 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: #$ PATH=
// COMPILE: #$ c++ {{.*}} -c
// COMPILE-NOT: #$ c++ -o
// RUN: %cu2cc --help | FileCheck %s --check-prefix=HELP
// HELP: usage: cu2cc
// HELP: accepted and ignored
// OUT: sum 2
// RUN-CHECK
#include <cstdio>

__global__ void one(int *v) { v[threadIdx.x] = 1; }

int main() {
    int *d, h[2];
    cudaMalloc(&d, sizeof h);
    one<<<1, 2>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("sum %d\n", h[0] + h[1]);
    return 0;
}
