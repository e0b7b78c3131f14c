// A warp function (or cg::reduce) as the value of an expanded device function's final
// return: its arguments are gathered once per thread, before the thread loop that stores
// the result. It was gathered inside that loop, once per thread for every thread: an
// argument with an effect ran blockDim times too often (a counter taken by atomicAdd ended
// at 128 * 128), and the work grew with the square of the block.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: counter 256, ranks ok, broadcasts ok, sums ok
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define BLOCK 128

/* each thread takes a ticket; lane 0's ticket is broadcast to its warp */
__device__ int ticket_of_lane0(int *counter) {
    return __shfl_sync(0xffffffffu, atomicAdd(counter, 1), 0);
}

/* the sum over a tile of 16, of a value with an effect */
template <class Group>
__device__ int tile_sum(const Group &g, int *counter, int v) {
    return cg::reduce(g, v + 0 * atomicAdd(counter, 1), cg::plus<int>());
}

__global__ void tickets(int *counter, int *rank, int *bcast, int *sums) {
    int t = threadIdx.x;
    bcast[t] = ticket_of_lane0(counter);
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    sums[t] = tile_sum(tile, counter, t);
    rank[t] = t;
}

int main() {
    int *counter, *rank, *bcast, *sums;
    cudaMallocManaged(&counter, sizeof(int));
    cudaMallocManaged(&rank, BLOCK * sizeof(int));
    cudaMallocManaged(&bcast, BLOCK * sizeof(int));
    cudaMallocManaged(&sums, BLOCK * sizeof(int));
    *counter = 0;
    tickets<<<1, BLOCK>>>(counter, rank, bcast, sums);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    /* tickets are unique: each warp's broadcast value is a ticket (below both calls' total:
     * a warp may take its second tickets before another warp takes its first, as on a GPU),
     * the same in the warp's 32 threads */
    bool ranks = true, bcasts = true, sums_ok = true;
    for (int i = 0; i < BLOCK; i++) {
        ranks &= rank[i] == i;
        bcasts &= bcast[i] >= 0 && bcast[i] < 2 * BLOCK && bcast[i] == bcast[i & ~31];
        int base = i & ~15, want = 16 * base + 120;   /* base + ... + base + 15 */
        sums_ok &= sums[i] == want;
    }
    for (int w = 1; w < BLOCK / 32; w++)
        for (int v = 0; v < w; v++)
            bcasts &= bcast[32 * w] != bcast[32 * v];
    printf("counter %d, ranks %s, broadcasts %s, sums %s\n", *counter, ranks ? "ok" : "WRONG",
           bcasts ? "ok" : "WRONG", sums_ok ? "ok" : "WRONG");
    return !(*counter == 2 * BLOCK && ranks && bcasts && sums_ok);
}
