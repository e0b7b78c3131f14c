// A kernel-local constexpr read inside a loop that runs per thread (its warps iterate apart,
// a warp function inside) and captured by a lambda by reference, as llm.c's attention_backward
// kernel5 writes it: recomputed in each thread loop, it stays a constant expression there
// (static_assert, an array's bound); a const local is never per-thread storage.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: cudaSuccess: all 104 sums right
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void unrolled(float *out, int T) {
    constexpr int UNROLL = 4;
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int t3 = UNROLL * warp.meta_group_rank();
    if (t3 >= T)
        return;
    for (int t = t3; t < T; t++) {
        float r[UNROLL] = {};
        auto fill = [&](int from) {
            for (int k = 0; k < UNROLL; k++)
                r[k] = from + k;
        };
        fill(t);
        static_assert(UNROLL <= 32, "UNROLL is too large");
        float s = cg::reduce(warp, r[0] + r[UNROLL - 1], cg::plus<float>());
        if (warp.thread_rank() == 0)
            out[t * 4 + warp.meta_group_rank()] = s;
    }
}

int main() {
    const int T = 32;
    float *out;
    cudaMallocManaged(&out, T * 4 * sizeof(float));
    for (int i = 0; i < T * 4; i++)
        out[i] = -1;
    unrolled<<<1, 128>>>(out, T);
    cudaError_t e = cudaDeviceSynchronize();
    int right = 0;
    for (int w = 0; w < 4; w++)
        for (int t = 0; t < T; t++) {
            float want = t >= 4 * w ? 32.0f * (2 * t + 3) : -1;
            if (out[t * 4 + w] == want)
                right += t >= 4 * w;
            else
                printf("out[%d][%d] = %g, expected %g\n", t, w, out[t * 4 + w], want);
        }
    printf("%s: all %d sums right\n", cudaGetErrorName(e), right);
    return 0;
}
