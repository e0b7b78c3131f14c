// Before C++17 `auto g = this_thread_block();` and `Range r = make_range(n);` copy (or move)
// a temporary: a construction the compiler may elide, which libclang shows as a constructor
// call naming no constructor. It is no call a thread could see: the object is as uniform as
// its operand, so g stays one block-wide value (thread_block has no default constructor to
// give it per-thread storage) and r's bounds may govern a loop holding barriers. Built as
// C++11, C++14 and the default; each result is compared with the host's.
// RUN: %cu2cc -O2 -std=c++11 %s -o %t11 && env CU2C_NUM_THREADS=2 timeout 60 %t11 | FileCheck %s
// RUN: %cu2cc -O2 -std=c++14 %s -o %t14 && env CU2C_NUM_THREADS=2 timeout 60 %t14 | FileCheck %s
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: reversed: PASS
// CHECK: strided sums: PASS
#include <cooperative_groups.h>
#include <cstdio>

using namespace cooperative_groups;

#define BLOCK 128
#define BLOCKS 3

/* a class with a constructor of its own (not a POD), returned by value */
struct Range {
    int begin, end, step;
    __device__ Range(int b, int e, int s) : begin(b), end(e), step(s) {}
};

__device__ Range make_range(int n) { return Range(0, n, BLOCK); }

__global__ void reverse_block(const int *in, int *out) {
    __shared__ int s[BLOCK];
    auto g = this_thread_block();
    auto warp = tiled_partition<32>(g);
    unsigned t = g.thread_rank();
    s[t] = in[blockIdx.x * BLOCK + t] + (int)warp.meta_group_rank();
    g.sync();
    out[blockIdx.x * BLOCK + t] = s[BLOCK - 1 - t];
}

/* each block sums its chunk of every BLOCK-wide step through shared memory: the loop holds
 * barriers, its bounds come from an elided copy */
__global__ void strided_sums(const int *in, int n, int *out) {
    __shared__ int s[BLOCK];
    Range r = make_range(n);
    int total = 0;
    for (int base = r.begin; base < r.end; base += r.step) {
        s[threadIdx.x] = in[base + threadIdx.x] * (int)(blockIdx.x + 1);
        __syncthreads();
        if (threadIdx.x == 0)
            for (int i = 0; i < BLOCK; i++)
                total += s[i];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = total;
}

int main() {
    const int n = BLOCK * BLOCKS;
    int h_in[n], h_out[n], *d_in, *d_out;
    for (int i = 0; i < n; i++)
        h_in[i] = i * 7 % 31;
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);

    reverse_block<<<BLOCKS, BLOCK>>>(d_in, d_out);
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < BLOCK; t++) {
            int src = BLOCK - 1 - t;
            bad += h_out[b * BLOCK + t] != h_in[b * BLOCK + src] + src / 32;
        }
    printf("reversed: %s\n", bad || cudaGetLastError() != cudaSuccess ? "FAIL" : "PASS");

    strided_sums<<<BLOCKS, BLOCK>>>(d_in, n, d_out);
    cudaMemcpy(h_out, d_out, BLOCKS * sizeof(int), cudaMemcpyDeviceToHost);
    bad = 0;
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += h_in[i];
    for (int b = 0; b < BLOCKS; b++)
        if (h_out[b] != sum * (b + 1)) {
            printf("FAIL: block %d %d, expected %d\n", b, h_out[b], sum * (b + 1));
            bad = 1;
        }
    printf("strided sums: %s\n", bad || cudaGetLastError() != cudaSuccess ? "FAIL" : "PASS");
    return 0;
}
