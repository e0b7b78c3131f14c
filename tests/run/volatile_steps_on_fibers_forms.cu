// Legacy warp-synchronous code (volatile shared memory, lanes in lockstep, no __syncwarp) in
// forms thread loops cannot run step by step: a store whose old value is used (`int prev =
// v[i]++`), a store in a return statement (a device function's last step), a store in a
// for-loop's header holding other steps. They run on the fiber engine, whose lanes meet at
// each store: every lane reads before any lane writes, as in lockstep.
// RUN: %cu2c %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: static void __cu2c_fib_steps(
#include <cstdio>

__device__ int warp_sum_returned(volatile int *s, int t) {
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    return s[t] += s[t + 1];
}

__global__ void steps(const int *in, int *out) {
    __shared__ int sums[64];
    __shared__ int counts[32];
    __shared__ int scan[32];
    volatile int *vs = sums, *vc = counts, *vscan = scan;
    int t = threadIdx.x;
    sums[t] = in[t];
    sums[t + 32] = 0;
    counts[t] = t;
    scan[t] = in[t];
    __syncwarp();
    int total = warp_sum_returned(vs, t);              // every lane's running sum at its lane
    int prev = vc[(t + 1) % 32]++;                      // each lane reads its neighbour's count before any lane adds
    for (int d = 1; d < 32; d *= 2, vscan[t] = t >= d / 2 && d > 1 ? vscan[t] : vscan[t])
        vscan[t] += t >= d ? vscan[t - d] : 0;          // a lockstep inclusive scan
    __syncwarp();
    out[t] = total;
    out[32 + t] = prev;
    out[64 + t] = counts[t];
    out[96 + t] = scan[t];
}

int main() {
    int h[32], o[128];
    for (int i = 0; i < 32; i++) h[i] = (i * 7) % 11 + 1;
    int *d, *dout;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    steps<<<1, 32>>>(d, dout);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = err != cudaSuccess;
    if (bad) printf("kernel: %s\n", cudaGetErrorString(err));
    // the lockstep model: each step, every lane reads, then every lane writes
    int s[64] = {0};
    for (int i = 0; i < 32; i++) s[i] = h[i];
    for (int off = 16; off >= 1; off /= 2) {
        int r[32];
        for (int i = 0; i < 32; i++) r[i] = s[i] + s[i + off];
        for (int i = 0; i < 32; i++) s[i] = r[i];
    }
    int sc[32];
    for (int i = 0; i < 32; i++) sc[i] = h[i];
    for (int dd = 1; dd < 32; dd *= 2) {
        int r[32];
        for (int i = 0; i < 32; i++) r[i] = sc[i] + (i >= dd ? sc[i - dd] : 0);
        for (int i = 0; i < 32; i++) sc[i] = r[i];
    }
    for (int i = 0; i < 32; i++) {
        int want[4] = {s[i], (i + 1) % 32, i + 1, sc[i]};
        for (int f = 0; f < 4; f++)
            if (o[f * 32 + i] != want[f] && bad++ < 8) printf("lane %d value %d: %d, want %d\n", i, f, o[f * 32 + i], want[f]);
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
