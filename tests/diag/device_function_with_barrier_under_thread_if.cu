// A device function holding a barrier called by some threads only: a barrier under
// thread-dependent control, refused at the call.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__device__ void f(int *s) {
    s[threadIdx.x] = 1;
    __syncthreads();
}
__global__ void k(int *s) {
    if (threadIdx.x < 3)
        f(s);
}
// CHECK: [[FILE]]:10:9: error: barrier under thread-dependent control: the condition of the 'if' at line 9 (threadIdx.x < 3) varies with threadIdx.x
