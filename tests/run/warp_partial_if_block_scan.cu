// A block-wide inclusive scan as NVIDIA's shfl_scan sample writes it: each warp scans its
// values with __shfl_up_sync, its last lane stores the warp's sum, then one warp's first
// blockDim.x / 32 lanes (an if splitting that warp: `warp == 0 && lane < nwarps`) scan those
// sums with a mask naming exactly them and a width of nwarps, in a loop whose trip count is
// the same for every active lane. The other lanes of warp 0 are inactive there. Blocks of
// 64, 256 and 512 threads (2, 8 and 16 warps), and 1024 (all 32 lanes: no split).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=3 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void block_scan(int *data, int *block_sums) {
    extern __shared__ int sums[];
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = id % warpSize;
    int warp = threadIdx.x / warpSize;
    int value = data[id];
    for (int i = 1; i <= 32; i *= 2) {
        int n = __shfl_up_sync(0xffffffffu, value, i, 32);
        if (lane >= i)
            value += n;
    }
    if (threadIdx.x % warpSize == warpSize - 1)
        sums[warp] = value;
    __syncthreads();
    if (warp == 0 && lane < (blockDim.x / warpSize)) {
        int warp_sum = sums[lane];
        int mask = (1 << (blockDim.x / warpSize)) - 1;
        if (blockDim.x / warpSize == 32)
            mask = -1;
        for (int i = 1; i <= (blockDim.x / warpSize); i *= 2) {
            int n = __shfl_up_sync(mask, warp_sum, i, (blockDim.x / warpSize));
            if (lane >= i)
                warp_sum += n;
        }
        sums[lane] = warp_sum;
    }
    __syncthreads();
    int block_sum = 0;
    if (warp > 0)
        block_sum = sums[warp - 1];
    value += block_sum;
    data[id] = value;
    if (threadIdx.x == blockDim.x - 1)
        block_sums[blockIdx.x] = value;
}

int main() {
    const int B = 5, N = B * 1024;
    static int h[N], r[N], bs[B];
    int bad = 0;
    int *d, *s;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&s, sizeof bs);
    const int shapes[] = {64, 256, 512, 1024};
    for (int k = 0; k < 4; k++) {
        int T = shapes[k];
        for (int i = 0; i < B * T; i++)
            h[i] = (i * 7 + k) % 13 - 4;
        cudaMemcpy(d, h, B * T * sizeof(int), cudaMemcpyHostToDevice);
        block_scan<<<B, T, (T / 32) * sizeof(int)>>>(d, s);
        cudaError_t e = cudaDeviceSynchronize();
        if (e != cudaSuccess) {
            printf("%d threads: %s\n", T, cudaGetErrorString(e));
            bad++;
            continue;
        }
        cudaMemcpy(r, d, B * T * sizeof(int), cudaMemcpyDeviceToHost);
        cudaMemcpy(bs, s, sizeof bs, cudaMemcpyDeviceToHost);
        for (int b = 0; b < B; b++) {
            int acc = 0;
            for (int t = 0; t < T; t++) {
                acc += h[b * T + t];
                if (r[b * T + t] != acc && bad++ < 10)
                    printf("%d threads, block %d thread %d: %d, want %d\n", T, b, t, r[b * T + t], acc);
            }
            if (bs[b] != acc && bad++ < 10)
                printf("%d threads, block %d: sum %d, want %d\n", T, b, bs[b], acc);
        }
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
