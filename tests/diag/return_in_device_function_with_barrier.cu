// A return before the end of a device function holding a barrier (it would end the call for some
// threads only, around the callee's barriers) is refused at the return (not supported yet).
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__device__ void stage(float *s) {
    if (s[0] < 0.0f)
        return;
    s[threadIdx.x] *= 2.0f;
    __syncthreads();
}
__global__ void k(float *a) {
    stage(a);
}
// CHECK: [[FILE]]:6:9: error: return in 'stage', a device function holding a barrier, before its end: not supported yet
