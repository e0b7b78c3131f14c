// Cooperative groups under an if splitting a warp: cg::coalesced_threads() there is the group
// of the lanes taking the branch (its size, ranks, shfl by rank, ballot in rank bits), and a
// thread_block_tile<8> whose lanes all take the branch (lane < 8) works as outside any if.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void groups(int *out, int *tiles) {
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
    int t = threadIdx.x, lane = t % 32;
    out[t] = -1;
    tiles[t] = -1;
    if (lane >= 3 && lane < 11) {
        cg::coalesced_group g = cg::coalesced_threads();
        int v = g.shfl(t * 10, 2);
        out[t] = v + 1000 * (int)g.size() + 100000 * (int)g.thread_rank() + 10000000 * __popc(g.ballot(t & 1));
    }
    if (lane < 8)
        tiles[t] = tile.shfl_down(t, 1) + 100 * tile.any(t == 5);
}

int main() {
    int *d, *e, h[64], ht[64];
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&e, sizeof ht);
    groups<<<1, 64>>>(d, e);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(ht, e, sizeof ht, cudaMemcpyDeviceToHost);
    int bad = err != cudaSuccess;
    if (bad)
        printf("%s\n", cudaGetErrorString(err));
    for (int t = 0; t < 64; t++) {
        int l = t % 32;
        /* lanes 3..10: rank l - 3, rank 2 is lane 5, four odd lanes */
        int want = l >= 3 && l < 11 ? (t - l + 5) * 10 + 8000 + 100000 * (l - 3) + 40000000 : -1;
        int want_tile = l < 8 ? (l < 7 ? t + 1 : t) + (t < 8 ? 100 : 0) : -1;   /* thread 5 is in tile 0 */
        if (h[t] != want && bad++ < 10)
            printf("thread %d: %d, want %d\n", t, h[t], want);
        if (ht[t] != want_tile && bad++ < 10)
            printf("thread %d tile: %d, want %d\n", t, ht[t], want_tile);
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
