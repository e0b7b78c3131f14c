// Shuffles that every thread of the block runs take a path of their own (plain loops when
// all lanes pass the same delta and a power-of-two width): down, up, index and xor at widths
// 32, 16, 8 and 2 with deltas 0, 1, 3, 16, 31, 32 and -1, xor masks that are and are not
// powers of two, and a delta that differs per thread, in a block of 80 threads (its last warp
// has 16 lanes). Each result is compared with CUDA's rule (PTX shfl.sync); lanes whose
// source lies beyond the block (undefined on the GPU) are not checked.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define NT 80
#define NW 4
#define ND 7
#define KINDS 4

// out[((kind * NW + wi) * ND + di) * NT + t], then per-thread deltas at the end
__global__ void shuffles(float *out) {
    int t = threadIdx.x;
    float v = 1.5f * t + 1.0f;
    const int widths[NW] = {32, 16, 8, 2};
    const int deltas[ND] = {0, 1, 3, 16, 31, 32, -1};
    for (int wi = 0; wi < NW; wi++)
        for (int di = 0; di < ND; di++) {
            int w = widths[wi], d = deltas[di];
            float a = __shfl_down_sync(0xffffffffu, v, d, w);
            float b = __shfl_up_sync(0xffffffffu, v, d, w);
            float c = __shfl_sync(0xffffffffu, v, d, w);
            float x = __shfl_xor_sync(0xffffffffu, v, d, w);
            out[((0 * NW + wi) * ND + di) * NT + t] = a;
            out[((1 * NW + wi) * ND + di) * NT + t] = b;
            out[((2 * NW + wi) * ND + di) * NT + t] = c;
            out[((3 * NW + wi) * ND + di) * NT + t] = x;
        }
    out[KINDS * NW * ND * NT + t] = __shfl_down_sync(0xffffffffu, v, t % 5, 32);
}

// The source lane of a shuffle (PTX shfl.sync), -1 for the lane's own value.
static int source(int kind, int lane, int d, int w) {
    int seg = lane & ~(w - 1), last = seg + w - 1, j;
    switch (kind) {
    case 0: j = lane + (int)(unsigned)d; return (unsigned)d < 32u && j <= last ? j : -1;
    case 1: j = lane - (int)(unsigned)d; return (unsigned)d < 32u && j >= seg ? j : -1;
    case 2: return seg + (d & (w - 1));
    default: j = lane ^ d; return (unsigned)j <= (unsigned)last ? j : -1;
    }
}

int main() {
    const int total = (KINDS * NW * ND + 1) * NT;
    static float h[total];
    float *d;
    cudaMalloc(&d, sizeof h);
    shuffles<<<1, NT>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    const int widths[NW] = {32, 16, 8, 2}, deltas[ND] = {0, 1, 3, 16, 31, 32, -1};
    int fails = 0, checked = 0;
    for (int k = 0; k < KINDS; k++)
        for (int wi = 0; wi < NW; wi++)
            for (int di = 0; di < ND; di++)
                for (int t = 0; t < NT; t++) {
                    int s = source(k, t % 32, deltas[di], widths[wi]);
                    int src = s < 0 ? t : t / 32 * 32 + s;
                    if (src >= NT)
                        continue;
                    float want = 1.5f * src + 1.0f, got = h[((k * NW + wi) * ND + di) * NT + t];
                    checked++;
                    if (got != want && fails++ < 10)
                        printf("kind %d width %d delta %d thread %d: %g, want %g\n", k, widths[wi], deltas[di], t,
                               got, want);
                }
    for (int t = 0; t < NT; t++) {
        int s = source(0, t % 32, t % 5, 32), src = s < 0 ? t : t / 32 * 32 + s;
        if (src >= NT)
            continue;
        float want = 1.5f * src + 1.0f, got = h[KINDS * NW * ND * NT + t];
        checked++;
        if (got != want && fails++ < 10)
            printf("per-thread delta, thread %d: %g, want %g\n", t, got, want);
    }
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess || fails || checked < KINDS * NW * ND * NT / 2) {
        printf("FAILED: %s, %d mismatches of %d\n", cudaGetErrorString(e), fails, checked);
        return 1;
    }
    printf("ok (%d checked)\n", checked);
    return 0;
}
