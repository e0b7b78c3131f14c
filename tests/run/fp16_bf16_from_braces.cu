// __half, half2, __nv_bfloat16 and __nv_bfloat162 from braces (`half2 r; r = {};`, `__half
// h{}`, `= {}`), as nvcc reads them: the class's own value-initialised zero, not an ambiguity
// with the assignment from the raw structs (which still works, from a __half_raw value).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: braces: 3 0 0 0 0 0 1 1.5
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdio>

__global__ void braces(float *o) {
    half2 r;
    r = {};
    __half h{};
    __half h2 = {};
    __nv_bfloat16 b{};
    __nv_bfloat162 b2;
    b2 = {};
    half2 q = {__float2half(1.0f), __float2half(2.0f)};
    r = r + q;
    __half_raw raw;
    raw.x = 0x3c00;     /* 1.0 */
    __half one;
    one = raw;
    __nv_bfloat162_raw braw;
    braw.x = 0x3fc0;    /* 1.5 */
    braw.y = 0x3fc0;
    __nv_bfloat162 onefive;
    onefive = braw;
    o[0] = __half2float(r.x) + __half2float(r.y);
    o[1] = __half2float(h);
    o[2] = __half2float(h2);
    o[3] = __bfloat162float(b);
    o[4] = __bfloat162float(b2.x);
    o[5] = __bfloat162float(b2.y);
    o[6] = __half2float(one);
    o[7] = __bfloat162float(onefive.y);
}

int main() {
    float *o;
    cudaMallocManaged(&o, 8 * sizeof(float));
    braces<<<1, 1>>>(o);
    cudaDeviceSynchronize();
    printf("braces: %g %g %g %g %g %g %g %g\n", o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7]);
    return 0;
}
