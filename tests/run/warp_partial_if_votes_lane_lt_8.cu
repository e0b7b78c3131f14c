// Votes, shuffles and __syncwarp(mask) under ifs that split a warp, each with the mask of
// the lanes taking its branch, as CUDA allows: under `if (lane < 8)` (mask 0xff) ballots,
// any and all count the active lanes of the mask only, __activemask() names them,
// __shfl_xor_sync exchanges among them, and __syncwarp(0xff) orders their shared memory
// stores before their loads; the else-if branch (lane >= 16, mask 0xffff0000) and an if
// nested in another (4 <= lane < 16) do the same with their own lanes. Blocks of 72 threads:
// the last warp has 8 lanes only.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define T 72
#define B 3
#define K 9
#define NONE 0xdeadbeefu

__global__ void partial(const int *in, unsigned *out) {
    __shared__ int buf[T];
    int t = threadIdx.x;
    int lane = t % 32;
    int g = blockIdx.x * blockDim.x + t;
    int v = in[g];
    unsigned *o = out + g * K;
    for (int j = 0; j < K; j++)
        o[j] = NONE;
    if (lane < 8) {
        o[0] = __ballot_sync(0xffu, v > 0);
        o[1] = __any_sync(0xffu, v > 5);
        o[2] = __all_sync(0xffu, v > -3);
        o[3] = __activemask();
        o[4] = (unsigned)__shfl_xor_sync(0xffu, v, 1);
        buf[t] = v * 3;
        __syncwarp(0xffu);
        o[5] = (unsigned)buf[(t & ~31) + ((lane + 1) & 7)];
    } else if (lane >= 16) {
        o[6] = __ballot_sync(0xffff0000u, v & 1);
        o[7] = (unsigned)__shfl_down_sync(0xffff0000u, v, 4);
    }
    if (lane < 16) {
        if (lane >= 4)
            o[8] = __ballot_sync(0xfff0u, v < 0) | (unsigned)__all_sync(0xfff0u, v != 100) << 31;
    }
}

int main() {
    static int h[B * T];
    static unsigned r[B * T * K];
    for (int i = 0; i < B * T; i++)
        h[i] = (i * 5) % 11 - 3;
    int *d;
    unsigned *o;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&o, sizeof r);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    partial<<<B, T>>>(d, o);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
    int bad = e != cudaSuccess;
    if (bad)
        printf("%s\n", cudaGetErrorString(e));
    for (int b = 0; b < B; b++)
        for (int t = 0; t < T; t++) {
            int lane = t % 32, w = b * T + (t & ~31);
            int n = T - (t & ~31) < 32 ? T - (t & ~31) : 32;     /* lanes in this warp */
            const int *x = h + w;
            unsigned want[K];
            for (int j = 0; j < K; j++)
                want[j] = NONE;
            if (lane < 8) {
                unsigned bal = 0, any = 0, all = 1;
                for (int l = 0; l < 8; l++) {
                    bal |= (unsigned)(x[l] > 0) << l;
                    any |= x[l] > 5;
                    all &= x[l] > -3;
                }
                want[0] = bal;
                want[1] = any;
                want[2] = all;
                want[3] = 0xffu;
                want[4] = (unsigned)x[lane ^ 1];
                want[5] = (unsigned)(x[(lane + 1) & 7] * 3);
            } else if (lane >= 16) {
                unsigned bal = 0;
                for (int l = 16; l < n; l++)
                    bal |= (unsigned)(x[l] & 1) << l;
                want[6] = bal;
                want[7] = (unsigned)(lane + 4 < 32 ? x[lane + 4] : x[lane]);
            }
            if (lane >= 4 && lane < 16) {
                unsigned bal = 0, all = 1;
                for (int l = 4; l < 16 && l < n; l++) {
                    bal |= (unsigned)(x[l] < 0) << l;
                    all &= x[l] != 100;
                }
                want[8] = bal | all << 31;
            }
            for (int j = 0; j < K; j++)
                if (r[(b * T + t) * K + j] != want[j] && bad++ < 10)
                    printf("block %d thread %d result %d: 0x%x, want 0x%x\n", b, t, j, r[(b * T + t) * K + j], want[j]);
        }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
