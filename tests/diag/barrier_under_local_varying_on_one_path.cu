// Flow-sensitive variance still refuses a truly divergent barrier: m is uniform where it is
// declared, but one branch of a uniform if (holding a barrier) gives it a per-thread value,
// and both definitions reach the condition of the loop holding the next barrier.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__global__ void k(float *a, int n) {
    int m = n;
    if (n > 4) {
        m = threadIdx.x;
        __syncthreads();
    }
    for (int r = 0; r < m; r++) {
        a[r] += 1.0f;
        __syncthreads();
    }
}
// CHECK: [[FILE]]:13:9: error: barrier under thread-dependent control: the condition of the 'for' at line 11 (r < m) varies with threadIdx.x
// CHECK: [[FILE]]:6:9: note: 'm' varies with threadIdx.x
