// Votes, matches and warp reductions in a 40 x 2 block (80 threads: the third warp has 16
// lanes) after some threads returned: __ballot_sync with full and partial masks, __any_sync,
// __all_sync, __activemask, __match_any_sync, __match_all_sync and __reduce_*_sync over the
// lanes still running, compared with a host model; __syncwarp between phases.
// (__reduce_*_sync needs sm_80: nvcc -arch=sm_80 -c accepts this file.)
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define BX 40
#define BY 2
#define NT (BX * BY)
#define BLOCKS 2
#define NOUT 14

__device__ __host__ bool exits(int b, int t) { return (t * 7 + b) % 9 == 4; }
__device__ __host__ bool pred(int b, int t) { return (t * 5 + b) % 3 == 0; }
__device__ __host__ int key(int b, int t) { return (t / 3 + b) % 4; }

__global__ void votes(unsigned *out) {
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned *o = out + (blockIdx.x * NT + t) * NOUT;
    for (int i = 0; i < NOUT; i++) o[i] = 0xdeadbeefu;
    if (exits(blockIdx.x, t)) return;
    unsigned am = __activemask();
    o[0] = am;
    o[1] = __ballot_sync(am, pred(blockIdx.x, t));
    o[2] = __ballot_sync(am & 0x0f0f0f0fu, pred(blockIdx.x, t));
    o[3] = __any_sync(am, t % 11 == 0);
    o[4] = __all_sync(am, t < 1000);
    o[5] = __all_sync(am, pred(blockIdx.x, t));
    __syncwarp(am);
    o[6] = __match_any_sync(am, key(blockIdx.x, t));
    int p = -1;
    o[7] = __match_all_sync(am, (double)blockIdx.x, &p);
    o[8] = (unsigned)p;
    o[9] = __reduce_add_sync(am, (unsigned)t * 3u);
    o[10] = (unsigned)__reduce_min_sync(am, (t * 37) % 50 - 20);
    o[11] = __reduce_max_sync(am, (unsigned)((t * 13) % 29));
    o[12] = __reduce_or_sync(am, 1u << (t % 32)) ^ __reduce_and_sync(am, ~(1u << (t % 5)));
    o[13] = __reduce_xor_sync(am, (unsigned)t * 2654435761u);
}

int main() {
    static unsigned out[BLOCKS * NT * NOUT];
    unsigned *d;
    cudaMalloc(&d, sizeof out);
    votes<<<BLOCKS, dim3(BX, BY)>>>(d);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
    cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < NT; t++) {
            unsigned want[NOUT];
            for (int i = 0; i < NOUT; i++) want[i] = 0xdeadbeefu;
            if (!exits(b, t)) {
                int base = t - t % 32;
                unsigned am = 0, bal = 0, match = 0, sum = 0, umax = 0, uor = 0, uand = ~0u, uxor = 0;
                int any = 0, all = 1, allp = 1, imin = 1 << 30;
                for (int u = base; u < base + 32 && u < NT; u++) {
                    if (exits(b, u)) continue;
                    unsigned bit = 1u << (u - base);
                    am |= bit;
                    if (pred(b, u)) bal |= bit; else allp = 0;
                    any |= u % 11 == 0;
                    all &= u < 1000;
                    if (key(b, u) == key(b, t)) match |= bit;
                    sum += (unsigned)u * 3u;
                    if ((u * 37) % 50 - 20 < imin) imin = (u * 37) % 50 - 20;
                    if ((unsigned)((u * 13) % 29) > umax) umax = (unsigned)((u * 13) % 29);
                    uor |= 1u << (u % 32);
                    uand &= ~(1u << (u % 5));
                    uxor ^= (unsigned)u * 2654435761u;
                }
                unsigned w[NOUT] = {am, bal, bal & 0x0f0f0f0fu, (unsigned)any, (unsigned)all, (unsigned)allp,
                                    match, am, 1u, sum, (unsigned)imin, umax, uor ^ uand, uxor};
                for (int i = 0; i < NOUT; i++) want[i] = w[i];
            }
            for (int i = 0; i < NOUT; i++)
                if (out[(b * NT + t) * NOUT + i] != want[i] && bad++ < 10)
                    printf("block %d thread %d output %d: %08x, want %08x\n", b, t, i,
                           out[(b * NT + t) * NOUT + i], want[i]);
        }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
