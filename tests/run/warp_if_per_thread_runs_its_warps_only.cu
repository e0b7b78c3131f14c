// An if run per thread (it holds warp functions, its condition varies) runs its branches'
// thread loops and warp functions over the threads taking them only (in a 1-D block, from
// the first to the last of them; the warps holding them), the flag checks staying: the then
// branch picks one warp by cooperative groups' meta_group_rank() and reduces it, the else
// branch shuffles from each warp's first active lane and, under a nested if taking lanes 0-4,
// votes. Blocks of 256, 64 and 100 threads (a partial last warp, picked), threads returning
// early at the block's end (a warp partly and one wholly gone), a 2-D block (20 x 5, warps by
// linear index: the full range) and a pick no warp matches (an empty branch). Checked against
// a host model of the warps' active lanes.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void pick_a_warp(const int *in, int *out, int n, int pick) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int g = blockIdx.x * blockDim.x * blockDim.y + t;
    if (t >= n)
        return;
    int v = in[g];
    if (warp.meta_group_rank() == pick) {
        cg::coalesced_group active = cg::coalesced_threads();
        int s = cg::reduce(active, v, cg::plus<int>());
        unsigned mask = __activemask();
        unsigned odd = __ballot_sync(mask, v & 1);
        out[g] = s * 64 + __popc(odd);
    } else {
        unsigned here = __activemask();
        int first = __shfl_sync(here, v, __ffs(here) - 1);
        if (warp.thread_rank() < 5) {
            unsigned few = __activemask();
            unsigned big = __ballot_sync(few, v > 50);
            out[g] = first * 1000 + __popc(big);
        } else {
            out[g] = first * 1000 + 999;
        }
    }
}

static int value(int g) { return (g * 37) % 101; }

/* What the kernel writes for block b's thread t (linear) in blocks of bs threads. */
static int expected(int b, int t, int bs, int n, int pick) {
    int base = b * bs, w = t / 32, lane = t % 32, lo = w * 32, hi = lo + 32 < n ? lo + 32 : n;
    if (w == pick) {
        int s = 0, odd = 0;
        for (int i = lo; i < hi; i++) {
            s += value(base + i);
            odd += value(base + i) & 1;
        }
        return s * 64 + odd;
    }
    int first = value(base + lo);
    if (lane >= 5)
        return first * 1000 + 999;
    int big = 0;
    for (int i = lo; i < hi && i < lo + 5; i++)
        big += value(base + i) > 50;
    return first * 1000 + big;
}

int main() {
    struct { dim3 block; int n, pick; } cases[] = {
        {dim3(256), 256, 2}, {dim3(64), 64, 0}, {dim3(100), 100, 3}, {dim3(100), 70, 2},
        {dim3(100), 70, 1}, {dim3(20, 5), 100, 1}, {dim3(20, 5), 90, 2}, {dim3(96), 96, 9},
    };
    const int blocks = 3, most = 256 * blocks;
    int h[most], *in, *out, bad = 0;
    for (int i = 0; i < most; i++)
        h[i] = value(i);
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    for (const auto &c : cases) {
        int bs = c.block.x * c.block.y;
        cudaMemset(out, 0xff, sizeof h);
        pick_a_warp<<<blocks, c.block>>>(in, out, c.n, c.pick);
        cudaError_t e = cudaDeviceSynchronize();
        if (e != cudaSuccess) {
            printf("block %ux%u n %d pick %d: %s\n", c.block.x, c.block.y, c.n, c.pick, cudaGetErrorString(e));
            return 1;
        }
        int r[most];
        cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
        for (int b = 0; b < blocks; b++)
            for (int t = 0; t < bs; t++) {
                int want = t < c.n ? expected(b, t, bs, c.n, c.pick) : -1;
                if (r[b * bs + t] != want && bad++ < 10)
                    printf("block %ux%u n %d pick %d: block %d thread %d: %d, want %d\n", c.block.x, c.block.y,
                           c.n, c.pick, b, t, r[b * bs + t], want);
            }
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
