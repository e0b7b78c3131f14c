// An included .cu file: a kernel template and a device function reading blockIdx.
#include "lib/detail/block_ops.cuh"

__device__ int block_no() { return blockIdx.x; }

template <typename T>
__global__ void scale(T *v, T f) {
    int i = block_no() * blockDim.x + threadIdx.x;
    v[i] = v[i] * f + (T)lane();
}
