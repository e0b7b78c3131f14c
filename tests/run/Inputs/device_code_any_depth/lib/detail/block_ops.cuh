// Depth 2: device functions reading threadIdx, holding barriers, and a file-scope
// __shared__ array, none of them in the .cu file.
#pragma once
#include "sizes.h"

__shared__ float stage[TILE];

__device__ int lane() { return threadIdx.x % 32; }

__device__ float block_sum(float v) {
    stage[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s)
            stage[threadIdx.x] += stage[threadIdx.x + s];
        __syncthreads();
    }
    float r = stage[0];
    __syncthreads();
    return r;
}
