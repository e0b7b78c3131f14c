// Per-thread copies that g++ can vectorise around (hotspot's pattern): a promoted local
// varying in y only (`if (N < lo) N = lo;`) is read once per row before the x loop, so
// `tile[N][tx]` is a contiguous row; a promoted bool (`computed`) lives in an int array, a
// thread loop testing it then vectorises. The bool keeps C++'s meaning wherever it is stored:
// a float assigned to it, a bool parameter of an expanded function given a float, a bool
// returned from a float by an expanded function, each is true or false, never 0.25.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: int *__restrict __cu2c_p{{[0-9]+}} = (int *)
// CHECK: __cu2c_ty++) { __typeof__(int) N = __cu2c_p{{[0-9]+}}[__cu2c_ty];
#include <cstdio>

#define B 16

__device__ bool nonzero_after_barrier(float v) {
    __syncthreads();
    return v;                               // float to bool: 0.25f is true
}

__device__ void record(bool b, int *out) {
    __syncthreads();
    *out = b + 1;                           // 2 where b, 1 where not
}

__global__ void smooth(const float *in, float *out, int *flags, int lo, int hi) {
    __shared__ float tile[B][B];
    __shared__ float next[B][B];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int t = ty * B + tx;
    int N = ty - 1;
    int S = ty + 1;
    if (N < lo)                             // (clamped by an if: copies, not recomputed)
        N = lo;
    if (S > hi)
        S = hi;
    tile[ty][tx] = in[blockIdx.x * B * B + t];
    bool computed = false;
    __syncthreads();
    for (int i = 0; i < 2; i++) {
        computed = false;
        if (tx >= 1 + i && tx <= B - 2 - i) {
            computed = true;
            next[ty][tx] = tile[ty][tx] + 0.25f * (tile[N][tx] + tile[S][tx] - 2.0f * tile[ty][tx]);
        }
        __syncthreads();
        if (computed)
            tile[ty][tx] = next[ty][tx];
        __syncthreads();
    }
    bool frac = in[blockIdx.x * B * B + t] * 0.25f;     // 0.25, 0.5, 0: true, true, false
    __syncthreads();
    int *f = flags + 4 * (blockIdx.x * B * B + t);
    f[0] = computed + frac;
    f[1] = nonzero_after_barrier(in[blockIdx.x * B * B + t] * 0.25f) ? 7 : 3;
    record(in[blockIdx.x * B * B + t] * 0.25f, &f[2]);
    f[3] = frac ? 5 : 9;
    out[blockIdx.x * B * B + t] = tile[ty][tx];
}

int main() {
    const int blocks = 3, n = blocks * B * B, lo = 2, hi = 12;
    float h[n], o[n], want[n];
    int fl[4 * n];
    for (int i = 0; i < n; i++) h[i] = (float)(i % 3);     // 0, 1, 2
    for (int b = 0; b < blocks; b++) {
        float tile[B][B], next[B][B];
        bool computed[B][B];
        for (int y = 0; y < B; y++)
            for (int x = 0; x < B; x++) tile[y][x] = h[b * B * B + y * B + x];
        for (int i = 0; i < 2; i++) {
            for (int y = 0; y < B; y++)
                for (int x = 0; x < B; x++) {
                    int N = y - 1 < lo ? lo : y - 1, S = y + 1 > hi ? hi : y + 1;
                    computed[y][x] = x >= 1 + i && x <= B - 2 - i;
                    if (computed[y][x])
                        next[y][x] = tile[y][x] + 0.25f * (tile[N][x] + tile[S][x] - 2.0f * tile[y][x]);
                }
            for (int y = 0; y < B; y++)
                for (int x = 0; x < B; x++)
                    if (computed[y][x]) tile[y][x] = next[y][x];
        }
        for (int y = 0; y < B; y++)
            for (int x = 0; x < B; x++) want[b * B * B + y * B + x] = tile[y][x];
    }
    float *din, *dout;
    int *dfl;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o); cudaMalloc(&dfl, sizeof fl);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    smooth<<<blocks, dim3(B, B)>>>(din, dout, dfl, lo, hi);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpy(fl, dfl, sizeof fl, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int x = i % B;
        bool frac = h[i] != 0.0f, computed = x >= 2 && x <= B - 3;
        int wf[4] = {computed + frac, frac ? 7 : 3, frac ? 2 : 1, frac ? 5 : 9};
        if (o[i] != want[i] && bad++ < 8) printf("out[%d] = %g, want %g\n", i, o[i], want[i]);
        for (int k = 0; k < 4; k++)
            if (fl[4 * i + k] != wf[k] && bad++ < 8) printf("flags[%d][%d] = %d, want %d\n", i, k, fl[4 * i + k], wf[k]);
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
