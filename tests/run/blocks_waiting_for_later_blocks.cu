// Blocks that wait for blocks the workers have not started: a persistent kernel whose block b
// takes tasks b, b + gridDim.x, ... in turn, each waiting for the flag of the task before it
// (HeCBench pad's static partition), and a chain in which each block waits for the block
// after it, so the last block must run first. On a GPU the blocks of these small grids are
// resident together; with two workers the runtime starts helper threads for blocks that a
// spinning block waits for. Every task's turn is checked: the counter it takes must be its
// own index. Also built with -DBLOCKS=24 (more blocks than workers tenfold).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 120 %t | FileCheck %s
// RUN: %cu2cc -O2 -DBLOCKS=24 %s -o %t24 && env CU2C_NUM_THREADS=2 timeout 120 %t24 | FileCheck %s
// RUN: env CU2C_NUM_THREADS=1 CU2C_SCHEDULE=steal timeout 120 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: persistent tasks in order: PASS
// CHECK: reverse chain: PASS
#include <cstdio>

#ifndef BLOCKS
#define BLOCKS 8
#endif
#define THREADS 64
#define TASKS (BLOCKS * 5)

/* block b runs tasks b, b + BLOCKS, ...; task s starts once flags[s] is set, and sets
 * flags[s + 1] when done */
__global__ void persistent(int *flags, int *counter, int *turn, int *data) {
    for (int s = blockIdx.x; s < TASKS; s += gridDim.x) {
        __shared__ int mine;
        if (threadIdx.x == 0) {
            while (atomicAdd(&flags[s], 0) == 0) {
            }
            mine = atomicAdd(counter, 1);
        }
        __syncthreads();
        data[s * THREADS + threadIdx.x] = mine * THREADS + threadIdx.x;
        __syncthreads();
        if (threadIdx.x == 0) {
            turn[s] = mine;
            __threadfence();
            atomicAdd(&flags[s + 1], 1);
        }
    }
}

/* block b waits for block b + 1 (the last block goes first) */
__global__ void reverse_chain(volatile int *ready, int *order, int *counter) {
    unsigned b = blockIdx.x;
    if (threadIdx.x == 0) {
        if (b + 1 < gridDim.x)
            while (ready[b + 1] == 0) {
            }
        order[b] = atomicAdd(counter, 1);
        __threadfence();
        ready[b] = 1;
    }
}

int main() {
    int *flags, *counter, *turn, *data;
    cudaMalloc(&flags, (TASKS + 1) * sizeof(int));
    cudaMalloc(&counter, sizeof(int));
    cudaMalloc(&turn, TASKS * sizeof(int));
    cudaMalloc(&data, TASKS * THREADS * sizeof(int));
    cudaMemset(flags, 0, (TASKS + 1) * sizeof(int));
    cudaMemset(counter, 0, sizeof(int));
    int one = 1;
    cudaMemcpy(flags, &one, sizeof one, cudaMemcpyHostToDevice);
    persistent<<<BLOCKS, THREADS>>>(flags, counter, turn, data);
    cudaError_t e = cudaDeviceSynchronize();
    static int h_turn[TASKS], h_data[TASKS * THREADS];
    cudaMemcpy(h_turn, turn, sizeof h_turn, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_data, data, sizeof h_data, cudaMemcpyDeviceToHost);
    int bad = e != cudaSuccess;
    for (int s = 0; s < TASKS; s++) {
        bad += h_turn[s] != s;
        for (int t = 0; t < THREADS; t++)
            bad += h_data[s * THREADS + t] != s * THREADS + t;
    }
    printf("persistent tasks in order: %s (%s)\n", bad ? "FAIL" : "PASS", cudaGetErrorString(e));

    int *ready, *order;
    cudaMalloc(&ready, BLOCKS * sizeof(int));
    cudaMalloc(&order, BLOCKS * sizeof(int));
    cudaMemset(ready, 0, BLOCKS * sizeof(int));
    cudaMemset(counter, 0, sizeof(int));
    reverse_chain<<<BLOCKS, THREADS>>>(ready, order, counter);
    e = cudaDeviceSynchronize();
    int h_order[BLOCKS];
    cudaMemcpy(h_order, order, sizeof h_order, cudaMemcpyDeviceToHost);
    bad = e != cudaSuccess;
    for (int b = 0; b < BLOCKS; b++)
        bad += h_order[b] != BLOCKS - 1 - b;
    printf("reverse chain: %s (%s)\n", bad ? "FAIL" : "PASS", cudaGetErrorString(e));
    return 0;
}
