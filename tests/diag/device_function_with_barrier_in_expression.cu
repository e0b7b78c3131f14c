// A device function holding a barrier is expanded where it is called as a statement of its
// own or as `T x = f(...)`; called inside another expression it is refused (not supported yet).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__device__ float total(float *s) {
    __syncthreads();
    float t = s[0] + s[1];
    return t;
}
__global__ void k(float *s, float *out) {
    out[threadIdx.x] = total(s) * 2.0f;
}
// CHECK: [[FILE]]:10:24: error: call to 'total', which holds a barrier or __shared__ memory, inside an expression: not supported yet (call it as a statement of its own, or as `T x = total(...);`)
