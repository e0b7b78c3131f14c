// Rodinia srad's tree reduction: `if ((tx + 1) % i == 0)` with i the barrier loop's counter,
// the same i reused by a per-thread loop elsewhere in the kernel (so the local varies as a
// whole, but not where the guard reads it). The x loop steps by i from the first thread
// passing (tx = i - 1) instead of testing every thread; results as on a GPU, for block sizes
// that are and are not powers of two.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: __cu2c_s0 = __cu2c_sx > 1 ? (int)(__cu2c_lc - 1ll) : 0
// CHECK: for (int __cu2c_tx = CU2C_STEP_FROM(0, __cu2c_s0, __cu2c_sx); __cu2c_tx < __cu2c_bx; __cu2c_tx += __cu2c_sx)
// CHECK: if((__cu2c_sq || (
#include <cstdio>

#define MAXT 512

__global__ void reduce(const float *in, float *out, int n, int extra) {
    __shared__ float s[MAXT];
    int tx = threadIdx.x;
    int i;
    s[tx] = tx < n ? in[blockIdx.x * blockDim.x + tx] : 0.0f;
    __syncthreads();
    for (i = 2; i <= (int)blockDim.x; i = 2 * i) {
        if((tx+1) % i == 0)
            s[tx] = s[tx] + s[tx - i / 2];
        __syncthreads();
    }
    if (tx == blockDim.x - 1) {
        float v = s[tx];
        for (i = 0; i < extra; i++)         // i again, per thread
            v += 1.0f;
        out[blockIdx.x] = v;
    }
}

int main() {
    int bad = 0;
    const int sizes[3] = {256, 512, 96};
    for (int c = 0; c < 3; c++) {
        int bs = sizes[c], blocks = 5, n = bs;
        float h[5 * MAXT], o[5];
        for (int i = 0; i < blocks * bs; i++) h[i] = (float)(i % 7);
        float *din, *dout;
        cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
        cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
        reduce<<<blocks, bs>>>(din, dout, n, 3);
        cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
        for (int b = 0; b < blocks; b++) {
            // the GPU's tree: levels i = 2, 4, ... up to bs; for bs = 96 the top levels leave
            // thread 95 holding the sum of its level-32 group and the ones it reaches
            float s[MAXT];
            for (int t = 0; t < bs; t++) s[t] = h[b * bs + t];
            for (int i = 2; i <= bs; i *= 2)
                for (int t = bs - 1; t >= 0; t--)
                    if ((t + 1) % i == 0) s[t] = s[t] + s[t - i / 2];
            float want = s[bs - 1] + 3.0f;
            if (o[b] != want && bad++ < 8)
                printf("block size %d, block %d: %g, want %g\n", bs, b, o[b], want);
        }
        cudaFree(din); cudaFree(dout);
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
