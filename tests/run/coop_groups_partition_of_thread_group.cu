// tiled_partition(group, n) of a thread_group holding the block or a tile (OLCF's CUDA
// training, hw9: tiled_partition(tiled_partition(block, 32), 16)): tiles of n aligned to the
// block, each summing its values through shared memory with the group's sync and ranks.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: sizes 32 16 8, sums ok
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define N 256

__device__ int tile_sum(cg::thread_group g, int *x, int val) {
    int lane = g.thread_rank();
    for (int i = g.size() / 2; i > 0; i /= 2) {
        x[lane] = val;
        g.sync();
        if (lane < i)
            val += x[lane + i];
        g.sync();
    }
    return val;
}

__global__ void sums(const int *in, int *out, int *sizes) {
    __shared__ int sdata[N];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_group t32 = cg::tiled_partition(block, 32);
    cg::thread_group t16 = cg::tiled_partition(t32, 16);
    cg::thread_group t8 = cg::tiled_partition(t16, 8);
    int t = threadIdx.x;
    int offset = (t / t8.size()) * t8.size();
    int s = tile_sum(t8, sdata + offset, in[t]);
    if (t8.thread_rank() == 0)
        out[t / 8] = s;
    if (t == 0) {
        sizes[0] = (int)t32.size();
        sizes[1] = (int)t16.size();
        sizes[2] = (int)t8.size();
    }
}

int main() {
    int *in, *out, *sizes;
    cudaMallocManaged(&in, N * sizeof(int));
    cudaMallocManaged(&out, (N / 8) * sizeof(int));
    cudaMallocManaged(&sizes, 3 * sizeof(int));
    for (int i = 0; i < N; i++)
        in[i] = i % 13;
    sums<<<1, N>>>(in, out, sizes);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    bool ok = true;
    for (int g = 0; g < N / 8; g++) {
        int want = 0;
        for (int i = 8 * g; i < 8 * g + 8; i++)
            want += in[i];
        ok &= out[g] == want;
    }
    printf("sizes %d %d %d, sums %s\n", sizes[0], sizes[1], sizes[2], ok ? "ok" : "WRONG");
    return !ok;
}
