// Device functions holding warp functions, called leaving out arguments with defaults: a
// literal (`width = 32`), a macro (`width = WARP_SIZE`), an expression of constants, in
// function templates and overloads of one name (HeCBench collision's shfl_xor, dpid's
// float4 __shfl_down). The defaults were copied as empty text: `int w = ();`.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_ENGINE=fibers %cu2cc -O2 %s -o %t.fib && env CU2C_NUM_THREADS=2 timeout 60 %t.fib
#include <cstdio>
#include <cuda_runtime.h>

#define WARP_SIZE 32
#define FULL 0xffffffffu

template <typename T>
__device__ __forceinline__ T shfl_xor(const T val, int lane_mask, int width = WARP_SIZE) {
    return __shfl_xor_sync(FULL, val, lane_mask, width);
}

struct pair { int k; float v; };

__device__ __forceinline__ pair shfl_xor(const pair &p, int lane_mask, int width = WARP_SIZE) {
    pair r;
    r.k = __shfl_xor_sync(FULL, p.k, lane_mask, width);
    r.v = __shfl_xor_sync(FULL, p.v, lane_mask, width);
    return r;
}

__device__ __forceinline__ float4 shfl_down4(const float4 v, const unsigned src, const unsigned width = 32) {
    float4 o;
    o.x = __shfl_down_sync(FULL, v.x, src, width);
    o.y = __shfl_down_sync(FULL, v.y, src, width);
    o.z = __shfl_down_sync(FULL, v.z, src, width);
    o.w = __shfl_down_sync(FULL, v.w, src, width);
    return o;
}

__device__ int segment_sum(int v, int width = 2 * 8) {
    for (int d = width / 2; d > 0; d /= 2)
        v += __shfl_xor_sync(FULL, v, d, width);
    return v;
}

__global__ void kernel(int *xi, float *xp, float4 *x4, int *seg) {
    int t = threadIdx.x;
    xi[t] = shfl_xor(t * 3, 5);
    pair p = {t, t * 0.5f};
    pair q = shfl_xor(p, 1);
    xp[t] = q.k + q.v;
    float4 v = make_float4(t, 2 * t, 3 * t, 4 * t);
    float4 d = shfl_down4(v, 4);
    x4[t] = d;
    seg[t] = segment_sum(t) + segment_sum(t, 4) * 1000;
}

int main() {
    int *xi, *seg;
    float *xp;
    float4 *x4;
    cudaMallocManaged(&xi, 64 * sizeof(int));
    cudaMallocManaged(&seg, 64 * sizeof(int));
    cudaMallocManaged(&xp, 64 * sizeof(float));
    cudaMallocManaged(&x4, 64 * sizeof(float4));
    kernel<<<1, 64>>>(xi, xp, x4, seg);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("launch failed\n");
        return 1;
    }
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        int lane = t % 32, base = t - lane;
        int xo = base + (lane ^ 5);
        int po = base + (lane ^ 1);
        int dsrc = lane + 4 < 32 ? t + 4 : t;
        int s16 = 0, s4 = 0;
        for (int j = 0; j < 16; j++)
            s16 += base + (lane / 16) * 16 + j;
        for (int j = 0; j < 4; j++)
            s4 += base + (lane / 4) * 4 + j;
        if (xi[t] != xo * 3 || xp[t] != po + po * 0.5f || x4[t].x != dsrc || x4[t].w != 4 * dsrc ||
            seg[t] != s16 + s4 * 1000)
            if (bad++ < 5)
                printf("thread %d: %d %g %g %g %d, expected %d %g %d %d %d\n", t, xi[t], xp[t], x4[t].x, x4[t].w,
                       seg[t], xo * 3, po + po * 0.5f, dsrc, 4 * dsrc, s16 + s4 * 1000);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
