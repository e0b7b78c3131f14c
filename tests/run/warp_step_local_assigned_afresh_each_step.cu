// A local declared without a value in a per-thread if (`int ss;`) and assigned afresh from a
// shuffle in each step between warp functions (`ss = __shfl_sync(m, seg, 0); if (lane < ss)
// ...`), in a kernel template: each step is a thread loop of its own, and the value one step
// leaves is never read by the next. cu2c declared it in the first step only, so the host
// compiler rejected the later steps ('ss' was not declared in this scope: HeCBench segsort).
// Each step now declares it anew. Results compared with a host model.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: segments ok
#include <cstdio>
template <class K>
__global__ void store(K *out, const int *seg, int nbins) {
    const int tid = threadIdx.x + blockIdx.x * blockDim.x;
    const int bin_it = tid / 32;
    K v = (K)(threadIdx.x * 2);
    int k = tid, seg_size = seg[tid];
    if (bin_it < nbins) {
        int lane_id = threadIdx.x & 31;
        v = __shfl_xor_sync(0xffffffff, v, 0x1);
        int kk;
        int ss;
        int base = (lane_id / 16) * 16;
        kk = __shfl_sync(0xffffffff, k, 0);
        ss = __shfl_sync(0xffffffff, seg_size, 0);
        if ((lane_id >> 4) == 0 && lane_id - base < ss) out[kk + lane_id - base] = v;
        kk = __shfl_sync(0xffffffff, k, 16);
        ss = __shfl_sync(0xffffffff, seg_size, 16);
        if ((lane_id >> 4) == 1 && lane_id - base < ss) out[kk + lane_id - base] = v;
    }
}
int main() {
    int *seg; float *out;
    cudaMallocManaged(&seg, 64 * sizeof(int));
    cudaMallocManaged(&out, 64 * sizeof(float));
    for (int i = 0; i < 64; i++) { seg[i] = 16; out[i] = -1; }
    store<float><<<1, 64>>>(out, seg, 2);
    cudaDeviceSynchronize();
    bool ok = true;
    for (int i = 0; i < 64; i++)   /* lane l of each warp stores lane l^1's value, 2 (t ^ 1) */
        ok &= out[i] == (float)(2 * (i ^ 1));
    printf("segments %s\n", ok ? "ok" : "WRONG");
    return !ok;
}
