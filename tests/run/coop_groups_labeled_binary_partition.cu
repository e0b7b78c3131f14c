// cooperative_groups::labeled_partition and binary_partition: the lanes of a coalesced group
// (here the threads taking an if) or of a tile with the same label, as a coalesced group whose
// thread_rank, size, shfl and cg::reduce work over those lanes only. Results compared with a
// host computation of the same groups.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void groups(const int *label, int *rank, int *size, int *first, int *sum, int *bin, int *tiles) {
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    auto by_tile = cg::labeled_partition(tile, label[t] & 3);
    tiles[t] = by_tile.size() * 100 + by_tile.thread_rank();
    if (label[t] >= 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        auto g = cg::labeled_partition(active, label[t]);
        rank[t] = g.thread_rank();
        size[t] = g.size();
        first[t] = g.shfl(t, 0);
        sum[t] = cg::reduce(g, t, cg::plus<int>());
        auto b = cg::binary_partition(active, label[t] & 1);
        bin[t] = b.size() * 100 + b.thread_rank();
    }
}

int main() {
    const int N = 256;
    int h[N], *d[7], r[7][N];
    for (int i = 0; i < N; i++)
        h[i] = (i * 7 + i / 5) % 5 - 1;
    for (int j = 0; j < 7; j++) {
        cudaMalloc(&d[j], sizeof h);
        cudaMemset(d[j], 0xff, sizeof h);
    }
    cudaMemcpy(d[0], h, sizeof h, cudaMemcpyHostToDevice);
    groups<<<2, 128>>>(d[0], d[1], d[2], d[3], d[4], d[5], d[6]);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAILED: the kernel did not run\n");
        return 1;
    }
    for (int j = 1; j < 7; j++)
        cudaMemcpy(r[j], d[j], sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int tb = i & ~15, ts = 0, tr = 0;
        for (int j = tb; j < tb + 16; j++)
            if ((h[j] & 3) == (h[i] & 3)) {
                ts++;
                tr += j < i;
            }
        bad += r[6][i] != ts * 100 + tr;
        if (h[i] < 0) {
            bad += r[1][i] != -1;
            continue;
        }
        int w = i & ~31, rank = 0, size = 0, first = -1, sum = 0, bs = 0, br = 0;
        for (int j = w; j < w + 32; j++) {
            if (h[j] == h[i]) {
                first = first < 0 ? j : first;
                size++;
                sum += j;
                rank += j < i;
            }
            if (h[j] >= 0 && (h[j] & 1) == (h[i] & 1)) {
                bs++;
                br += j < i;
            }
        }
        if (r[1][i] != rank || r[2][i] != size || r[3][i] != first || r[4][i] != sum || r[5][i] != bs * 100 + br) {
            if (bad < 5)
                printf("thread %d: %d %d %d %d %d, expected %d %d %d %d %d\n", i, r[1][i], r[2][i], r[3][i],
                       r[4][i], r[5][i], rank, size, first, sum, bs * 100 + br);
            bad++;
        }
    }
    printf(bad ? "FAILED\n" : "PASSED\n");
    return bad != 0;
}
