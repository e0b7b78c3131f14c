// A C program stays C; launches with int shapes, shared bytes and a stream become
// a pushed configuration then a call of the kernel's host stub (nvcc's own scheme), on the
// same lines.
// RUN: %cu2c %s -o - | FileCheck %s
#include <stdio.h>
#include <cuda_runtime.h>

__global__ void fill(int *a, int v) {
    a[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main(void) {
    int *a;
    cudaStream_t s;
    cudaMalloc((void **)&a, 1024 * sizeof(int));
    cudaStreamCreate(&s);
    fill<<<4, 256>>>(a, 1);
    fill<<<2 * 2, 256, 0>>>(a, 2);
    fill<<<4,
           256, 16, s>>>(a, 3);
    return 0;
}
// CHECK: /* cu2c: C - translated from
// CHECK: {{^}}    (cu2c_push_call_configuration(CU2C_DIM3(4), CU2C_DIM3(256), (size_t)(0), (cudaStream_t)(0)) ? (void)0 : fill(a, 1));
// CHECK-NEXT: {{^}}    (cu2c_push_call_configuration(CU2C_DIM3(2 * 2), CU2C_DIM3(256), (size_t)(0), (cudaStream_t)(0)) ? (void)0 : fill(a, 2));
// CHECK-NEXT: {{^}}    (cu2c_push_call_configuration(CU2C_DIM3(4), CU2C_DIM3(256), (size_t)(16), (cudaStream_t)(s)) ? (void)0 : fill
// CHECK-NEXT: {{^}}(a, 3));
// CHECK-NEXT: {{^}}    return 0;
