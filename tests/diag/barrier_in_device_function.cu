// A barrier inside a __device__ function is refused at the barrier (not supported yet).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__device__ void stage(float *s) {
    s[threadIdx.x] *= 2.0f;
    __syncthreads();
}
__global__ void k(float *a) {
    stage(a);
}
// CHECK: [[FILE]]:5:5: error: barrier in a device function is not supported yet
