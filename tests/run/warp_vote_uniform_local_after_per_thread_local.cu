// A block-uniform local declared between per-thread locals (`unsigned mask = 0xffffffff;` after
// `int tx = threadIdx.x;`, as in the simpleVoteIntrinsics sample) and read only by warp
// functions' arguments: those arguments are gathered in thread loops of their own, so the
// local must stay declared once per block, not inside the first thread loop.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define N 96
__global__ void vote(bool *info, int warp_size) {
    int tx = threadIdx.x;
    unsigned int mask = 0xffffffff;
    bool *offs = info + (tx * 3);
    *offs = __any_sync(mask, (tx >= (warp_size * 3) / 2));
    *(offs + 1) = (tx >= (warp_size * 3) / 2 ? true : false);
    if (__all_sync(mask, (tx >= (warp_size * 3) / 2))) {
        *(offs + 2) = true;
    }
}

__global__ void shuffle(int *out) {
    int t = threadIdx.x;
    int width = 16;                 /* uniform, read only by the shuffle's arguments */
    int v = t * 3;
    out[t] = __shfl_down_sync(0xffffffffu, v, 1, width);
}

int main() {
    bool h[N * 3], *d;
    int o[N], *e;
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    cudaMalloc(&e, sizeof o);
    vote<<<1, N>>>(d, 32);
    shuffle<<<1, N>>>(e);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(o, e, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < N; t++) {
        int warp = t / 32;
        bool any = warp >= 1, all = warp == 2;    /* tx >= 48: half of warp 1, all of warp 2 */
        bad += h[t * 3] != any || h[t * 3 + 1] != (t >= 48) || h[t * 3 + 2] != all;
        int src = t % 16 < 15 ? t + 1 : t;
        bad += o[t] != src * 3;
    }
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
