// Reference parameters of a device function holding barriers, bound to the caller's locals (the
// samples' eigenvalues and dxtc): the parameter is the local under another name, per-thread or
// uniform (also a const reference to an `auto` block group, as shfl_scan writes it); what the
// function writes through it across its barriers is what the caller reads.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: ok
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ void minmax(const float *s, float &lo, unsigned short &hi_idx, float &other,
                       const cg::thread_block &cta) {
    lo = s[threadIdx.x];
    cg::sync(cta);
    float n = s[(threadIdx.x + 1) % blockDim.x];
    if (n < lo) { lo = n; hi_idx = (threadIdx.x + 1) % blockDim.x; }
    __syncthreads();
    other += 1.0f;
}
__global__ void k(const float *in, float *out, unsigned short *idx) {
    __shared__ float s[64];
    s[threadIdx.x] = in[threadIdx.x];
    float lo;
    unsigned short hi_idx = threadIdx.x;
    float u = 5.0f;
    __syncthreads();
    const auto cta = cg::this_thread_block();
    minmax(s, lo, hi_idx, u, cta);
    __syncthreads();
    out[threadIdx.x] = lo + u;
    idx[threadIdx.x] = hi_idx;
}
int main() {
    float h[64], o[64]; unsigned short ix[64];
    for (int i = 0; i < 64; i++) h[i] = (float)((i * 37) % 64);
    float *d, *dout; unsigned short *di;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o); cudaMalloc(&di, sizeof ix);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 64>>>(d, dout, di);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost); cudaMemcpy(ix, di, sizeof ix, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        float lo = h[t]; int hi = t; float n = h[(t + 1) % 64];
        if (n < lo) { lo = n; hi = (t + 1) % 64; }
        bad += o[t] != lo + 6.0f || ix[t] != hi;
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad); return bad;
}
