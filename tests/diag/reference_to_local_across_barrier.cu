// A reference bound to a local (whose per-thread copy lives only as long as a thread loop),
// or to what a call returns, used across a barrier: refused, naming it. References bound to
// memory are supported (see tests/run/reference_locals_across_barriers.cu).
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__device__ float &pick(float *a, float &b) { return b; }
__global__ void k(float *a) {
    float v = a[threadIdx.x];
    float &r = v;
    float &p = pick(a, v);
    __syncthreads();
    a[threadIdx.x] = r + p;
}
// CHECK: [[FILE]]:10:12: error: reference 'r' bound to a local (or through a call) used across thread loops (e.g. a barrier): not supported yet (use a pointer)
// CHECK: [[FILE]]:11:12: error: reference 'p' bound to a local (or through a call) used across thread loops (e.g. a barrier): not supported yet (use a pointer)
