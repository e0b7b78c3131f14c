// A cuda::barrier wait on a barrier chosen per thread (one per warp): cu2c runs a
// cuda::barrier as the block's barrier, so it is refused at the wait; no output is written.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --strict-whitespace
// RUN: not test -e %t.c
#include <cuda/barrier>

__global__ void k(int *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bars[2];
    if (threadIdx.x % 32 == 0)
        init(&bars[threadIdx.x / 32], 32);
    __syncthreads();
    out[threadIdx.x] = 1;
    bars[threadIdx.x / 32].arrive_and_wait();
    out[threadIdx.x] += out[threadIdx.x ^ 1];
}
// CHECK: [[FILE]]:14:5: error: cuda::barrier::arrive_and_wait() on a barrier chosen per thread (`bars[threadIdx.x / 32]`) is not supported: cu2c runs a cuda::barrier as the block's barrier
