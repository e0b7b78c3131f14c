// A device function taking a thread_group (any group, by value) and syncing it, called once
// with the block and once with a tile of 16 (its sync waits for the block: every thread of
// the block reaches it); the function ends in `if (...) return a; else return b;`, a value
// each thread takes from its own branch, reading a local that crossed its barriers.
// thread_rank and size follow the group the call passed; tiled_partition(block, n) too.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cstdio>
using namespace cooperative_groups;

__device__ int group_sum(thread_group g, int *x, int val) {
    int lane = g.thread_rank();
    for (int i = g.size() / 2; i > 0; i /= 2) {
        x[lane] = val;
        g.sync();
        if (lane < i)
            val += x[lane + i];
        g.sync();
    }
    if (g.thread_rank() == 0)
        return val;
    else
        return -1 - lane;
}

__global__ void sums(int *out) {
    thread_block block = this_thread_block();
    extern __shared__ int work[];
    int t = block.thread_rank();
    out[t] = group_sum(block, work, t + 1);
    block.sync();
    thread_block_tile<16> tile = tiled_partition<16>(block);
    int base = t - tile.thread_rank();
    out[blockDim.x + t] = group_sum(tile, work + base, tile.thread_rank() * 2);
    thread_group dyn = tiled_partition(block, 8);
    out[2 * blockDim.x + t] = (int)(dyn.thread_rank() * 100 + dyn.size());
}

int main() {
    const int n = 96;
    int *out;
    cudaMallocManaged(&out, 3 * n * sizeof(int));
    sums<<<1, n, n * sizeof(int)>>>(out);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("kernel failed\n");
        return 1;
    }
    int bad = 0;
    for (int t = 0; t < n; t++) {
        // a block of 96 is not a power of two: the halving sums threads 0..63 plus what
        // the first steps fold in, as the same loop on one thread at a time computes
        int want_block = -1 - t;
        if (t == 0) {
            int v[n];
            for (int j = 0; j < n; j++)
                v[j] = j + 1;
            for (int i = n / 2; i > 0; i /= 2)
                for (int j = 0; j < i; j++)
                    v[j] += v[j + i];
            want_block = v[0];
        }
        int r16 = t % 16, want_tile = r16 == 0 ? 2 * (15 * 16 / 2) : -1 - r16;
        int want_dyn = t % 8 * 100 + 8;
        if (out[t] != want_block || out[n + t] != want_tile || out[2 * n + t] != want_dyn) {
            if (bad++ < 10)
                printf("thread %d: %d %d %d, want %d %d %d\n", t, out[t], out[n + t], out[2 * n + t], want_block,
                       want_tile, want_dyn);
        }
    }
    printf("%s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
