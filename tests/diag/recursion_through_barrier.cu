// A device function holding a barrier that calls itself cannot be expanded in place: refused.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__device__ void halve(float *s, int n) {
    if (n > 1) {
        if (threadIdx.x < n / 2)
            s[threadIdx.x] += s[threadIdx.x + n / 2];
        __syncthreads();
        halve(s, n / 2);
    }
}
__global__ void k(float *s) {
    halve(s, blockDim.x);
}
// CHECK: [[FILE]]:8:9: error: recursive call of 'halve', which holds a barrier: not supported
