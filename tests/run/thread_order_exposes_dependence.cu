// CU2C_THREAD_ORDER=reverse|random runs each region's threads in another order: a kernel
// missing a barrier (each thread reads its right neighbour's store) gives another answer in
// each order, while its twin with the barrier gives the same answer in every order. Written
// order: only the last thread sees its neighbour's store (the others' neighbours run later);
// reversed: all but the last do; random (a fixed seed): the barrier's twin and a 2-D tile
// transpose still right. A value that is neither is refused.
// RUN: env -u CU2C_THREAD_ORDER %cu2cc %s -o %t.fwd && env CU2C_NUM_THREADS=2 %t.fwd | FileCheck --check-prefixes=ALL,FORWARD %s
// RUN: env CU2C_THREAD_ORDER=reverse %cu2cc %s -o %t.rev && env CU2C_NUM_THREADS=2 %t.rev | FileCheck --check-prefixes=ALL,REVERSE %s
// RUN: env CU2C_THREAD_ORDER=random %cu2cc %s -o %t.rnd && env CU2C_THREAD_ORDER_SEED=7 CU2C_NUM_THREADS=2 %t.rnd | FileCheck --check-prefix=ALL %s
// RUN: env CU2C_THREAD_ORDER=sideways not %cu2cc %s -o %t.bad 2>&1 | FileCheck --check-prefix=BAD %s
#include <cstdio>

#define N 64

__global__ void neighbour_racy(int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = 0;
    __syncthreads();
    s[t] = t + 1;
    out[blockIdx.x * N + t] = s[(t + 1) % N] == (t + 1) % N + 1;
}

__global__ void neighbour(int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = 0;
    __syncthreads();
    s[t] = t + 1;
    __syncthreads();
    out[blockIdx.x * N + t] = s[(t + 1) % N] == (t + 1) % N + 1;
}

__global__ void transpose_tile(const int *in, int *out) {
    __shared__ int tile[8][9];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 8 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 8 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

int main() {
    int *out, *in, h[2 * N];
    cudaMalloc(&out, sizeof h);
    cudaMalloc(&in, sizeof h);
    for (int b = 0; b < 2; b++) {
        if (b)
            neighbour<<<2, N>>>(out);
        else
            neighbour_racy<<<2, N>>>(out);
        cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
        int saw = 0;
        for (int i = 0; i < N; i++)   // block 0
            saw += h[i];
        printf("%s: %d of %d saw the store\n", b ? "barrier" : "racy", saw, N);
    }
    for (int i = 0; i < N; i++)
        h[i] = i;
    cudaMemcpy(in, h, N * sizeof(int), cudaMemcpyHostToDevice);
    transpose_tile<<<1, dim3(8, 8)>>>(in, out);
    cudaMemcpy(h, out, N * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            bad += h[y * 8 + x] != x * 8 + y;
    printf("transpose %s\n", bad ? "WRONG" : "ok");
    return 0;
}
// FORWARD: racy: 1 of 64 saw the store
// REVERSE: racy: 63 of 64 saw the store
// ALL: barrier: 64 of 64 saw the store
// ALL: transpose ok
// BAD: cu2cc: error: CU2C_THREAD_ORDER is reverse or random, not 'sideways'
