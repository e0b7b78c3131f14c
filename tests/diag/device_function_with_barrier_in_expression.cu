// A device function holding a barrier is expanded before the statement calling it; a call
// that runs only sometimes (a branch of ?:, the right of && or ||) cannot be moved so, and is
// refused (not supported yet).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__device__ float total(float *s) {
    __syncthreads();
    float t = s[0] + s[1];
    return t;
}
__global__ void k(float *s, float *out, int flag) {
    out[threadIdx.x] = flag ? total(s) : 0.0f;
}
// CHECK: [[FILE]]:11:31: error: call to 'total', which holds a barrier or __shared__ memory, in a part of an expression that runs only sometimes, or with such a call in its arguments: not supported yet
