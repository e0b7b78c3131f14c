// Included by saxpy_kernels.cuh: a block reduction with barriers and warp shuffles.
#pragma once
__device__ inline float lib_warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}
__global__ void lib_block_sums(const float *in, float *out) {
    __shared__ float warps[32];
    float v = lib_warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (threadIdx.x % 32 == 0) warps[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0;
        for (int w = 0; w < (int)blockDim.x / 32; w++) s += warps[w];
        out[blockIdx.x] = s;
    }
}
