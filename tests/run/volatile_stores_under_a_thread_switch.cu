// Stores into volatile shared memory under control that differs between a warp's lanes: a
// switch on threadIdx.x naming the threads that set a block's window (HeCBench merge), and a
// loop whose trip count differs per lane. Lanes there cannot step in lockstep, so the kernel
// runs on the fiber engine, whose steps reconverge as a warp does.
// RUN: %cu2c %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: static void __cu2c_fib_window(
#include <cstdio>

__global__ void window(const unsigned *in, unsigned *out) {
    volatile __shared__ unsigned top, bottom, left, right;
    volatile __shared__ unsigned counts[128];
    __shared__ float sentinels[2];
    switch (threadIdx.x) {
    case 0: top = in[blockIdx.x]; sentinels[0] = -1.0f; break;
    case 64: bottom = in[blockIdx.x + 1]; sentinels[1] = 1.0f; break;
    case 32: left = in[blockIdx.x + 2]; break;
    case 96: right = in[blockIdx.x + 3]; break;
    default: break;
    }
    counts[threadIdx.x] = 0;
    for (unsigned i = 0; i < threadIdx.x % 5; i++)   // 0 to 4 steps, by lane
        counts[threadIdx.x] += i + 1;
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x] = top + bottom * 10 + left * 100 + right * 1000 +
                                          (unsigned)(sentinels[1] - sentinels[0]) + counts[127 - threadIdx.x];
}

int main() {
    unsigned h[8] = {1, 2, 3, 4, 5, 6, 7, 8}, o[4 * 128];
    unsigned *d, *dout;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    window<<<4, 128>>>(d, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < 4; b++)
        for (int t = 0; t < 128; t++) {
            unsigned n = (127 - t) % 5, want = h[b] + h[b + 1] * 10 + h[b + 2] * 100 + h[b + 3] * 1000 + 2 + n * (n + 1) / 2;
            if (o[b * 128 + t] != want && bad++ < 8) printf("block %d thread %d: %u, want %u\n", b, t, o[b * 128 + t], want);
        }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
