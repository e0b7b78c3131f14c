// A spin-wait on a flag: where the thread setting it runs first (an earlier thread of the
// block, an earlier block) the spin ends as on a GPU; where it is a later thread of the same
// block (warp 0 waiting for warp 1: cu2c runs a block's threads one after another), it would
// never end, and after CU2C_SPIN_TIMEOUT seconds the kernel ends with the sticky
// cudaErrorLaunchTimeout and a message naming the loop and the block, instead of hanging.
// RUN: %cu2cc %s -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t ok | FileCheck %s --check-prefix=OK
// RUN: env CU2C_NUM_THREADS=2 CU2C_SPIN_TIMEOUT=1 timeout 60 %t later 2> %t.err | FileCheck %s --check-prefix=LATER
// RUN: FileCheck %s -DFILE=%s --check-prefix=MSG < %t.err
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

// thread 0 publishes, the other threads wait for it, and block 1 waits for block 0
__global__ void earlier_sets(volatile int *flag, int *data, int *out, int *blocks_done) {
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        flag[0] = 1;
    }
    while (flag[0] == 0)
        ;
    out[blockIdx.x * blockDim.x + threadIdx.x] = data[0];
    if (blockIdx.x == 1) {
        while (atomicAdd(blocks_done, 0) == 0) {
            __threadfence();
        }
    } else if (threadIdx.x == 0) {
        atomicExch(blocks_done, 1);
    }
}

// warp 0 waits for warp 1
__global__ void later_sets(int *flag, int *data, int *out) {
    if (threadIdx.x < 32) {
        while (atomicAdd(flag, 0) == 0)
            ;
        out[threadIdx.x] = data[0];
    } else if (threadIdx.x == 32) {
        data[0] = 7;
        __threadfence_block();
        atomicExch(flag, 1);
    }
}

int main(int argc, char **argv) {
    int *flag, *data, *out, *done;
    cudaMallocManaged(&flag, sizeof(int));
    cudaMallocManaged(&data, sizeof(int));
    cudaMallocManaged(&out, 128 * sizeof(int));
    cudaMallocManaged(&done, sizeof(int));
    *flag = 0;
    *done = 0;
    if (argc > 1 && strcmp(argv[1], "ok") == 0) {
        earlier_sets<<<2, 64>>>(flag, data, out, done);
        cudaError_t e = cudaDeviceSynchronize();
        int bad = 0;
        for (int i = 0; i < 128; i++)
            bad += out[i] != 42;
        printf("earlier: %s, %d wrong\n", cudaGetErrorName(e), bad);
        return 0;
    }
    later_sets<<<1, 64>>>(flag, data, out);
    printf("later: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("sticky: %s\n", cudaGetErrorName(cudaMemset(out, 0, 4)));
    return 0;
}
// OK: earlier: cudaSuccess, 0 wrong
// LATER: later: cudaErrorLaunchTimeout
// LATER-NEXT: sticky: cudaErrorLaunchTimeout
// MSG: [[FILE]]:36: error: spin-wait in block (0,0,0) of later_sets has waited 1 s: cu2c runs a block's threads one after another, so a thread waiting for a later thread of its block (or for a block not yet running) waits for ever (CU2C_SPIN_TIMEOUT sets the limit)
