// The classic block reduction: shared-memory halving with barriers down to 64 values, then
// `if (tid < 32)` (uniform per warp, not per block) finishing with shuffles; its else branch
// and a nested `if (warp == 1)` use warp functions too. A condition that splits a warp only
// for some block shapes (threadIdx.x < 32 in a 48 x 2 block), around a shuffle whose mask
// names every lane, the other lanes meeting the warp after it, is caught when it runs: the kernel fails with cudaErrorLaunchFailure and
// a located message naming the inactive lanes, never a wrong result.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t 2>%t.err && FileCheck %s < %t.err
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t 2>%t.err && FileCheck %s < %t.err
// CHECK: warp_uniform_if_tid_lt_32_reduction.cu:[[# @LINE + 31]]:55: error: __shfl_sync() under an if that splits warp 1 of block (0,0,0): lane 16's mask 0xffffffff names inactive lanes 0x0000ffff (they did not take this branch of the if at line [[# @LINE + 30]])
#include <cstdio>
#include <cuda_runtime.h>

#define T 256
__global__ void reduce(const float *in, float *out, int *ranks) {
    __shared__ float s[T];
    int t = threadIdx.x;
    int warp = t / 32;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (int st = blockDim.x / 2; st >= 64; st >>= 1) {
        if (t < st) s[t] += s[t + st];
        __syncthreads();
    }
    if (t < 32) {
        float v = s[t] + s[t + 32];
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, o);
        if (t == 0) out[blockIdx.x] = v;
    } else {
        if (warp == 1) {
            // rank of this lane among the lanes whose value is odd
            unsigned odd = __ballot_sync(0xffffffffu, ((int)s[t] & 1) != 0);
            ranks[blockIdx.x * 32 + t - 32] = ((int)s[t] & 1) ? __popc(odd & ((1u << (t - 32)) - 1)) : -1;
        }
    }
}

__global__ void splits_a_warp(int *out) {
    if (threadIdx.x < 32)
        out[threadIdx.y * blockDim.x + threadIdx.x] = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0);
    __syncthreads();   // the lanes not taking the if reach this barrier: they have not exited
}

int main() {
    const int B = 6;
    static float h[B * T], ho[B];
    static int hr[B * 32];
    float *d, *o;
    int *r;
    for (int i = 0; i < B * T; i++) h[i] = (float)((i * 7) % 13);
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&o, sizeof ho);
    cudaMalloc(&r, sizeof hr);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    reduce<<<B, T>>>(d, o, r);
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    cudaMemcpy(hr, r, sizeof hr, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < B; b++) {
        float sum = 0;
        for (int i = 0; i < T; i++) sum += h[b * T + i];
        if (sum != ho[b] && bad++ < 10) printf("block %d: %g, want %g\n", b, ho[b], sum);
        // after the halving, s[32..63] holds the sum of the inputs t, t+64, t+128, t+192
        int rank = 0;
        for (int t = 32; t < 64; t++) {
            int v = (int)(h[b * T + t] + h[b * T + t + 64] + h[b * T + t + 128] + h[b * T + t + 192]);
            int want = (v & 1) ? rank++ : -1;
            if (hr[b * 32 + t - 32] != want && bad++ < 10)
                printf("block %d lane %d: rank %d, want %d\n", b, t - 32, hr[b * 32 + t - 32], want);
        }
    }
    int *dd;
    cudaMalloc(&dd, 96 * sizeof(int));
    splits_a_warp<<<1, dim3(48, 2)>>>(dd);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaErrorLaunchFailure) { printf("split warp: %s\n", cudaGetErrorName(e)); bad++; }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
