// Kernel templates in the style of HeCBench hadamard (a fast Hadamard transform): local
// constants computed by constexpr functions from a traits class (`constexpr int kLog =
// cilog2(Traits::kN);`) and local aliases (`using vec_t = typename Traits::vec_t;`) given as
// template arguments to device function templates holding warp functions; a per-thread
// 2-D array passed to such a template, which shuffles and writes its elements in place.
// - the template arguments were declared where the kernel's constants are not in scope;
// - a constexpr local was taken for a per-thread value (its initialiser calls a function);
// - the array's address was bound to a copy of it that the next thread loop no longer
//   had: the function's writes were lost (silently wrong results). The kernel that passes
//   the array now runs on the fiber engine, like its non-template twin.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_ENGINE=fibers %cu2cc -O2 %s -o %t.fib && env CU2C_NUM_THREADS=2 timeout 60 %t.fib
#include <cstdio>
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

constexpr __host__ __device__ int cilog2(int v) { return v <= 1 ? 0 : 1 + cilog2(v / 2); }

template <int kThreads, int kChunks, int kElts>
struct traits {
    static constexpr int kNThreads = kThreads, kNChunks = kChunks, kNElts = kElts;
    using vec_t = float;
};

template <int kLogWarpSize, int kNChunks, int kNItems>
__device__ __forceinline__ void mult_warp(float x[kNChunks][kNItems]) {
    constexpr int N = 1 << kLogWarpSize;
    int lane_id = threadIdx.x % N;
#pragma unroll
    for (int step = 0; step < kLogWarpSize; ++step) {
        const int lane_mask = 1 << step;
        const float sign = (lane_id & lane_mask) ? -1.f : 1.f;
#pragma unroll
        for (int c = 0; c < kNChunks; ++c)
#pragma unroll
            for (int i = 0; i < kNItems; ++i) {
                float other = __shfl_xor_sync(FULL_MASK, x[c][i], lane_mask);
                x[c][i] = sign * x[c][i] + other;
            }
    }
}

template <int kLogWarpSize, typename T>
__device__ __forceinline__ T butterfly_sum(T v) {
    for (int step = 0; step < kLogWarpSize; ++step)
        v += __shfl_xor_sync(FULL_MASK, v, 1 << step);
    return v;
}

template <typename Ktraits>
__global__ void transform(float *out) {
    constexpr int kNThreads = Ktraits::kNThreads;
    constexpr int kNChunks = Ktraits::kNChunks;
    constexpr int kNElts = Ktraits::kNElts;
    constexpr int kWarpSize = kNThreads < 32 ? kNThreads : 32;
    constexpr int kLogWarpSize = cilog2(kWarpSize);
    float x_vals[kNChunks][kNElts];
    for (int c = 0; c < kNChunks; c++)
        for (int i = 0; i < kNElts; i++)
            x_vals[c][i] = threadIdx.x * 100 + c * 10 + i;
    mult_warp<kLogWarpSize, kNChunks, kNElts>(x_vals);
    for (int c = 0; c < kNChunks; c++)
        for (int i = 0; i < kNElts; i++)
            out[(threadIdx.x * kNChunks + c) * kNElts + i] = x_vals[c][i];
}

template <typename Ktraits>
__global__ void warp_sums(float *out) {
    using vec_t = typename Ktraits::vec_t;
    constexpr int kWarpSize = Ktraits::kNThreads < 32 ? Ktraits::kNThreads : 32;
    constexpr int kLogWarpSize = cilog2(kWarpSize);
    vec_t v = (vec_t)threadIdx.x;
    out[threadIdx.x] = butterfly_sum<kLogWarpSize, vec_t>(v);
}

int main() {
    const int T = 64, C = 2, E = 4;
    typedef traits<T, C, E> tr;
    float *out, *sums;
    cudaMallocManaged(&out, T * C * E * sizeof(float));
    cudaMallocManaged(&sums, T * sizeof(float));
    transform<tr><<<1, T>>>(out);
    warp_sums<tr><<<1, T>>>(sums);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("launch failed\n");
        return 1;
    }
    static float x[T][C][E], y[T][C][E];
    for (int t = 0; t < T; t++)
        for (int c = 0; c < C; c++)
            for (int i = 0; i < E; i++)
                x[t][c][i] = t * 100 + c * 10 + i;
    for (int step = 0; step < 5; step++) {
        for (int t = 0; t < T; t++)
            for (int c = 0; c < C; c++)
                for (int i = 0; i < E; i++) {
                    int lane = t % 32, o = (t - lane) + (lane ^ (1 << step));
                    y[t][c][i] = ((lane >> step) & 1 ? -x[t][c][i] : x[t][c][i]) + x[o][c][i];
                }
        for (int t = 0; t < T; t++)
            for (int c = 0; c < C; c++)
                for (int i = 0; i < E; i++)
                    x[t][c][i] = y[t][c][i];
    }
    int bad = 0;
    for (int t = 0; t < T; t++)
        for (int c = 0; c < C; c++)
            for (int i = 0; i < E; i++)
                if (out[(t * C + c) * E + i] != x[t][c][i] && bad++ < 5)
                    printf("transform (%d, %d, %d) = %g, expected %g\n", t, c, i, out[(t * C + c) * E + i], x[t][c][i]);
    for (int t = 0; t < T; t++) {
        float e = (t / 32) * 32 * 32 + 31 * 32 / 2;
        if (sums[t] != e && bad++ < 10)
            printf("warp_sums[%d] = %g, expected %g\n", t, sums[t], e);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
