// Cooperative groups in kernels only the fiber engine runs (warp 0 spins on a flag warp 1
// sets, as on a GPU): the block's sync, a tile of 8's shfl_down and a warp tile's
// cg::reduce, an 8-tile's inclusive and exclusive scans, a ballot, coalesced_threads() at
// two places under an if (each gives its own branch's lanes), a labeled_partition's reduce,
// a thread_group's sync, memcpy_async and wait; in a device function too. Also what only the
// fiber engine runs of them: a shuffle inside ?: (every lane taking that branch, as CUDA
// requires), and cg::reduce in a return leaving a device function early. Each result is
// compared with a host model of CUDA's semantics.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// RUN: %cu2cc -O0 -g %s -o %t0 && env CU2C_NUM_THREADS=1 timeout 60 %t0 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: groups on fibers: PASS
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define BLOCK 64
#define BLOCKS 3
#define FIELDS 9

/* the tile-of-8 sum left in its rank 0 by shfl_down steps */
__device__ int tile8_sum(cg::thread_block_tile<8> t, int v) {
    for (int o = 4; o > 0; o /= 2)
        v += t.shfl_down(v, o);
    return v;
}

__global__ void groups(int *out, volatile int *flag, const int *src) {
    __shared__ int copy[BLOCK];
    cg::thread_block b = cg::this_thread_block();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(b);
    int tid = threadIdx.x;
    if (tid == 0)
        while (flag[blockIdx.x] == 0) {
        }
    if (tid == 32)
        flag[blockIdx.x] = 1;
    cg::memcpy_async(b, copy, src + blockIdx.x * BLOCK, sizeof copy);
    cg::wait(b);
    int v = copy[tid];
    int *o = out + (blockIdx.x * BLOCK + tid) * FIELDS;
    o[0] = tile8_sum(t8, v);
    o[1] = cg::reduce(w, v, cg::plus<int>());
    o[2] = cg::inclusive_scan(t8, v);
    o[3] = cg::exclusive_scan(t8, v);
    o[4] = (int)w.ballot(v % 3 == 0);
    if (tid % 2) {
        cg::coalesced_group g = cg::coalesced_threads();
        o[5] = (int)(g.size() * 100 + g.thread_rank());
    } else {
        cg::coalesced_group g = cg::coalesced_threads();
        o[5] = (int)(g.size() * 1000 + g.thread_rank());
    }
    cg::coalesced_group part = cg::labeled_partition(w, tid % 4);
    o[6] = cg::reduce(part, v, cg::plus<int>());
    cg::thread_group tg = t8;
    copy[tid] = v * 2;
    tg.sync();
    o[7] = copy[(tid & ~7) + (tid + 1) % 8];
    b.sync();
    o[8] = w.shfl(v, 5) + (int)w.any(tid == 40) * 1000 + (int)w.all(v > 0) * 10000;
}

__device__ int early(cg::thread_block_tile<32> &g, int v, int flag) {
    if (flag)
        return cg::reduce(g, v, cg::plus<int>());
    return v;
}

/* out[t] = (lane 0's value) + (the warp's sum) */
__global__ void in_expressions(const int *in, int *out, int flag) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[threadIdx.x];
    int first = v > 0 ? tile.shfl(v, 0) : v;
    out[threadIdx.x] = first + early(tile, v, flag);
}

int main() {
    const int n = BLOCK * BLOCKS;
    static int h_src[n], h_out[n * FIELDS];
    for (int i = 0; i < n; i++)
        h_src[i] = (i * 37) % 29 + 1;
    int *out, *flag, *src;
    cudaMalloc(&out, sizeof h_out);
    cudaMalloc(&flag, BLOCKS * sizeof(int));
    cudaMalloc(&src, sizeof h_src);
    cudaMemset(flag, 0, BLOCKS * sizeof(int));
    cudaMemcpy(src, h_src, sizeof h_src, cudaMemcpyHostToDevice);
    groups<<<BLOCKS, BLOCK>>>(out, flag, src);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
    int bad = e != cudaSuccess;
    if (bad)
        printf("FAIL: %s\n", cudaGetErrorString(e));
    for (int i = 0; i < n && !bad; i++) {
        int lane = i % 32, t8 = i & ~7, w0 = i & ~31, tid = i % BLOCK;
        const int *v = h_src, *o = h_out + i * FIELDS;
        int exp[FIELDS] = {0};
        for (int j = t8; j < t8 + 8; j++)
            exp[0] += v[j];
        /* shfl_down steps: rank 0 ends with the tile's sum; check that one only */
        if (i % 8)
            exp[0] = o[0];
        for (int j = w0; j < w0 + 32; j++)
            exp[1] += v[j];
        for (int j = t8; j <= i; j++)
            exp[2] += v[j];
        exp[3] = exp[2] - v[i];
        for (int j = w0; j < w0 + 32; j++)
            exp[4] |= (v[j] % 3 == 0) << (j - w0);
        exp[5] = tid % 2 ? 16 * 100 + lane / 2 : 16 * 1000 + lane / 2;
        for (int j = w0; j < w0 + 32; j++)
            if (j % 4 == i % 4)
                exp[6] += v[j];
        exp[7] = 2 * v[t8 + (i + 1) % 8];
        exp[8] = v[w0 + 5] + (tid >= 32) * 1000 + 10000;
        for (int f = 0; f < FIELDS; f++)
            if (o[f] != exp[f]) {
                printf("FAIL: thread %d field %d: %d, expected %d\n", i, f, o[f], exp[f]);
                bad = 1;
            }
    }
    int *d_in;
    cudaMalloc(&d_in, sizeof h_src);
    cudaMemcpy(d_in, h_src, sizeof h_src, cudaMemcpyHostToDevice);
    in_expressions<<<1, BLOCK>>>(d_in, out, 1);
    e = cudaDeviceSynchronize();
    cudaMemcpy(h_out, out, BLOCK * sizeof(int), cudaMemcpyDeviceToHost);
    bad |= e != cudaSuccess;
    for (int i = 0; i < BLOCK && !bad; i++) {
        int w0 = i & ~31, sum = 0;
        for (int j = w0; j < w0 + 32; j++)
            sum += h_src[j];
        if (h_out[i] != h_src[w0] + sum) {
            printf("FAIL: in_expressions thread %d: %d, expected %d\n", i, h_out[i], h_src[w0] + sum);
            bad = 1;
        }
    }
    printf("groups on fibers: %s\n", bad ? "FAIL" : "PASS");
    return 0;
}
