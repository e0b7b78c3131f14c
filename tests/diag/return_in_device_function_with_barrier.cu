// A return before the end of a device function holding a barrier, taken by some threads only
// (they would leave the call around the callee's barriers), is refused at the return (not
// supported yet); returns under block-uniform conditions are supported.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__device__ void stage(float *s) {
    if (threadIdx.x > 5)
        return;
    s[threadIdx.x] *= 2.0f;
    __syncthreads();
}
__global__ void k(float *a) {
    stage(a);
}
// CHECK: [[FILE]]:7:9: error: return under thread-dependent control in a device function holding a barrier, before its end: not supported yet (the statement varies with threadIdx.x)
