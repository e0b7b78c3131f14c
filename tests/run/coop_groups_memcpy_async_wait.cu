// cooperative_groups::memcpy_async (cooperative_groups/memcpy_async.h) by a thread block, by
// 32-thread tiles (each its own slice) and by a coalesced group (the threads taking an if),
// in its byte and element-count forms, then cg::wait / cg::wait_prior<N>: after the wait
// every thread of the group reads the copied data (here reversed, so that each thread reads
// what others copied). block_tile_memory passed to this_thread_block is accepted. Checked
// against a host computation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// Threads in reverse order: rank 0 copies last, so only the waits make the copies visible.
// RUN: env CU2C_THREAD_ORDER=reverse %cu2cc %s -o %t.rev && env CU2C_NUM_THREADS=2 timeout 60 %t.rev
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define THREADS 128
#define HALF (THREADS / 2)

__global__ void staged(const float *in, const int *tin, float *out, int *tout, int *odd) {
    __shared__ cg::block_tile_memory<THREADS> scratch;
    __shared__ float buf[THREADS];
    __shared__ int tbuf[THREADS];
    __shared__ int obuf[THREADS];
    cg::thread_block block = cg::this_thread_block(scratch);
    const float *src = in + blockIdx.x * THREADS;
    int t = block.thread_rank();

    // two batches for the block: wait_prior<1> waits for the first, wait for both
    cg::memcpy_async(block, buf, src, sizeof(float) * HALF);
    cg::memcpy_async(block, buf + HALF, (size_t)HALF, src + HALF, (size_t)HALF);
    cg::wait_prior<1>(block);
    float first = buf[HALF - 1 - t % HALF];
    cg::wait(block);
    out[blockIdx.x * THREADS + t] = buf[THREADS - 1 - t] + 1000.0f * first;

    // each tile copies its own 32 ints, then reads them reversed
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int base = tile.meta_group_rank() * 32;
    cg::memcpy_async(tile, tbuf + base, tin + blockIdx.x * THREADS + base, 32 * sizeof(int));
    cg::wait(tile);
    tout[blockIdx.x * THREADS + t] = tbuf[base + 31 - tile.thread_rank()];

    // the odd threads of each warp as a coalesced group: its first thread copies 16 ints
    if (t % 2 == 1) {
        cg::coalesced_group active = cg::coalesced_threads();
        int w = t / 32 * 16;
        cg::memcpy_async(active, obuf + w, tin + blockIdx.x * THREADS + w, 16 * sizeof(int));
        cg::wait(active);
        odd[blockIdx.x * THREADS + t] = obuf[w + 15 - active.thread_rank()];
    }
}

int main() {
    const int blocks = 3, n = blocks * THREADS;
    float *in, *out;
    int *tin, *tout, *odd;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    cudaMallocManaged(&tin, n * sizeof(int));
    cudaMallocManaged(&tout, n * sizeof(int));
    cudaMallocManaged(&odd, n * sizeof(int));
    for (int i = 0; i < n; i++) {
        in[i] = (float)(i % 997);
        tin[i] = 7 * i + 3;
        odd[i] = -1;
    }
    staged<<<blocks, THREADS>>>(in, tin, out, tout, odd);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    int bad = 0;
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < THREADS; t++) {
            int i = b * THREADS + t;
            float want = in[b * THREADS + THREADS - 1 - t] + 1000.0f * in[b * THREADS + HALF - 1 - t % HALF];
            int base = t / 32 * 32, w = t / 32 * 16;
            int twant = tin[b * THREADS + base + 31 - t % 32];
            int owant = t % 2 ? tin[b * THREADS + w + 15 - (t % 32) / 2] : -1;
            if (out[i] != want || tout[i] != twant || odd[i] != owant) {
                if (bad++ < 10)
                    printf("FAIL block %d thread %d: %g %d %d, want %g %d %d\n", b, t, out[i], tout[i], odd[i], want,
                           twant, owant);
            }
        }
    if (bad)
        return 1;
    printf("memcpy_async ok\n");
    return 0;
}
