// The macros nvcc predefines, as cu2cc defines them: for a .cu (when cu2c parses it and when
// the translation is compiled) __NVCC__, __CUDACC__, __CUDACC_VER_MAJOR__/MINOR__/BUILD__ and
// __CUDA_API_VER_MAJOR__/MINOR__ for the CUDA release cu2c's runtime is (CUDART_VERSION, also
// what cudaRuntimeGetVersion says); -rdc=true, --expt-relaxed-constexpr and
// --expt-extended-lambda add __CUDACC_RDC__, __CUDACC_RELAXED_CONSTEXPR__ and
// __CUDACC_EXTENDED_LAMBDA__. A .c or .cpp file (here this one, compiled with -x c and
// -x c++) gets __NVCC__ and the versions but not __CUDACC__, as with nvcc. cu2c alone, and its
// output compiled by hand, see them too (from cuda_runtime.h): here its C output.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s --check-prefixes=CHECK,CU
// RUN: %cu2cc -rdc=true --expt-relaxed-constexpr --expt-extended-lambda %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s --check-prefixes=CHECK,CU,FLAGS
// RUN: %cu2cc -x c++ %s -o %t && timeout 60 %t | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: %cu2cc -x c %s -o %t && timeout 60 %t | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: %cu2c --print-lang %s | grep -x c
// RUN: %cu2c %s -o %t.c && cc -O1 -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s --check-prefixes=CHECK,CU
#include <stdio.h>

#ifndef __NVCC__
#error "__NVCC__ is not defined"
#endif

#ifdef __CUDACC__
// Device code sees the same numbers (programs pick *_sync intrinsics by them).
__global__ void versions(int *out) {
#if __CUDACC_VER_MAJOR__ >= 9
    out[threadIdx.x] = threadIdx.x == 0 ? __CUDACC_VER_MAJOR__ : __CUDACC_VER_MINOR__;
#else
    out[threadIdx.x] = -1;
#endif
}
#endif

int main(void) {
    int bad = 0;
    printf("__NVCC__ %d\n", __NVCC__);
    printf("nvcc %d.%d.%d, api %d.%d\n", __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__,
           __CUDACC_VER_BUILD__, __CUDA_API_VER_MAJOR__, __CUDA_API_VER_MINOR__);
    bad |= __CUDA_API_VER_MAJOR__ != __CUDACC_VER_MAJOR__ || __CUDA_API_VER_MINOR__ != __CUDACC_VER_MINOR__;
#ifdef __CUDACC__
    printf("__CUDACC__ %d\n", __CUDACC__);
    int rt = 0, *d, h[2] = {0, 0};
    cudaRuntimeGetVersion(&rt);
    bad |= rt != CUDART_VERSION;
    bad |= CUDART_VERSION != __CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10;
    cudaMalloc((void **)&d, sizeof h);
    versions<<<1, 2>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    printf("kernel sees %d.%d\n", h[0], h[1]);
    bad |= h[0] != __CUDACC_VER_MAJOR__ || h[1] != __CUDACC_VER_MINOR__;
#else
    printf("no __CUDACC__\n");
#endif
#ifdef __CUDACC_RDC__
    printf("__CUDACC_RDC__\n");
#endif
#ifdef __CUDACC_RELAXED_CONSTEXPR__
    printf("__CUDACC_RELAXED_CONSTEXPR__\n");
#endif
#ifdef __CUDACC_EXTENDED_LAMBDA__
    printf("__CUDACC_EXTENDED_LAMBDA__\n");
#endif
    printf(bad ? "inconsistent\n" : "consistent\n");
    return bad;
}
// CHECK:      {{^}}__NVCC__ 1{{$}}
// CHECK-NEXT: {{^}}nvcc 12.8.0, api 12.8{{$}}
// CU-NEXT:    {{^}}__CUDACC__ 1{{$}}
// CU-NEXT:    {{^}}kernel sees 12.8{{$}}
// HOST-NEXT:  {{^}}no __CUDACC__{{$}}
// FLAGS-NEXT: {{^}}__CUDACC_RDC__{{$}}
// FLAGS-NEXT: {{^}}__CUDACC_RELAXED_CONSTEXPR__{{$}}
// FLAGS-NEXT: {{^}}__CUDACC_EXTENDED_LAMBDA__{{$}}
// CHECK-NEXT: {{^}}consistent{{$}}
