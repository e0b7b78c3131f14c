// Warp functions written inside macros whose bodies are more than the call, invoked through
// other macros, and a group's warp method in a macro (common in CUDA code: `#define
// WARP_REDUCE(v) v += __shfl_down_sync(...)`): thread loops cannot copy such a call, so the
// kernel runs on the fiber engine, where each is a call of its own. Results compared with a
// host model of the warp's shuffles.
// RUN: env -u CU2C_ENGINE %cu2c %s -o %t.cpp && grep -c "[{] cu2c_fiber_run(" %t.cpp | FileCheck %s --check-prefix=FIBERS
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// FIBERS: 1
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define SHFL(v, o) __shfl_down_sync(0xffffffff, v, o)
#define RED(v) v += SHFL(v, 16)
#define ADD(v, o) v += __shfl_down_sync(0xffffffff, v, o)
#define TSHFL(t, v) t.shfl_down(v, 1)

__global__ void k(int *out) {
    int v = out[threadIdx.x];
    RED(v);
    ADD(v, 8);
    cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
    v += TSHFL(t, v);
    out[threadIdx.x] = v;
}

int main() {
    int *d, h[64], want[64];
    cudaMallocManaged(&d, 64 * sizeof(int));
    for (int i = 0; i < 64; i++)
        d[i] = h[i] = i * 3 + 1;
    k<<<1, 64>>>(d);
    cudaDeviceSynchronize();
    for (int w = 0; w < 64; w += 32) {
        int v[32], n[32];
        for (int l = 0; l < 32; l++)
            v[l] = h[w + l];
        int offs[3] = {16, 8, 1};
        for (int s = 0; s < 3; s++) {
            for (int l = 0; l < 32; l++)
                n[l] = v[l] + (l + offs[s] < 32 ? v[l + offs[s]] : v[l]);
            for (int l = 0; l < 32; l++)
                v[l] = n[l];
        }
        for (int l = 0; l < 32; l++)
            want[w + l] = v[l];
    }
    int bad = 0;
    for (int i = 0; i < 64; i++)
        bad += d[i] != want[i];
    if (bad) {
        printf("FAIL: %d wrong (thread 0: %d, want %d)\n", bad, d[0], want[0]);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
