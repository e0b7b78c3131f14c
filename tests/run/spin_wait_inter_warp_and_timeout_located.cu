// A spin-wait on a flag ends as on a GPU: where the thread setting it is an earlier thread of
// the block or an earlier block, and where it is a later thread of the same block (warp 0
// waiting for warp 1, on a volatile flag and on an atomic one: a kernel holding a spin-wait
// runs on the fiber engine, where the waiting thread lets the others run). A flag nobody sets
// ends the kernel after CU2C_SPIN_TIMEOUT seconds with the sticky cudaErrorLaunchTimeout and
// a message naming the loop and the block, instead of hanging.
// RUN: %cu2cc %s -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t ok | FileCheck %s --check-prefix=OK
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t later | FileCheck %s --check-prefix=LATER
// RUN: env CU2C_NUM_THREADS=2 CU2C_SPIN_TIMEOUT=1 timeout 60 %t never 2> %t.err | FileCheck %s --check-prefix=NEVER
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

// warp 0 waits for warp 1 (an atomic flag), warp 1 for warp 2 (a volatile one)
__global__ void later_sets(int *flag, volatile int *vflag, int *data, int *out) {
    if (threadIdx.x < 32) {
        while (atomicAdd(flag, 0) == 0)
            ;
        out[threadIdx.x] = data[0];
    } else if (threadIdx.x < 64) {
        while (vflag[0] == 0)
            ;
        if (threadIdx.x == 32) {
            data[0] = 7 + data[1];
            __threadfence_block();
            atomicExch(flag, 1);
        }
    } else if (threadIdx.x == 64) {
        data[1] = 100;
        __threadfence_block();
        vflag[0] = 1;
    }
}

// nobody sets it
__global__ void never_set(int *flag) {
    while (atomicAdd(flag, 0) == 0)
        ;
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
    if (argc > 1 && strcmp(argv[1], "later") == 0) {
        int *vflag;
        cudaMallocManaged(&vflag, sizeof(int));
        *vflag = 0;
        later_sets<<<1, 96>>>(flag, vflag, data, out);
        cudaError_t e = cudaDeviceSynchronize();
        int bad = 0;
        for (int i = 0; i < 32; i++)
            bad += out[i] != 107;
        printf("later: %s, %d wrong\n", cudaGetErrorName(e), bad);
        return 0;
    }
    never_set<<<1, 64>>>(flag);
    printf("never: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("sticky: %s\n", cudaGetErrorName(cudaMemset(out, 0, 4)));
    return 0;
}
// OK: earlier: cudaSuccess, 0 wrong
// LATER: later: cudaSuccess, 0 wrong
// NEVER: never: cudaErrorLaunchTimeout
// NEVER-NEXT: sticky: cudaErrorLaunchTimeout
// MSG: [[FILE]]:58: error: spin-wait in block (0,0,0) of never_set has waited 1 s: no thread of its block, nor a block running, has set what it waits for (CU2C_SPIN_TIMEOUT sets the limit)
