// Warp-synchronous code through volatile shared memory relies on a warp's lockstep, which
// threads run one after another do not have: refused, never silently wrong.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__device__ void warp_reduce(volatile float *s, int t) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
}
__global__ void reduce(float *out, const float *in) {
    __shared__ float s[64];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x < 32)
        warp_reduce(s, threadIdx.x);
    out[0] = s[0];
}
// CHECK: [[FILE]]:4:45: error: volatile in device code (warp-synchronous programming) is not supported yet
