// A kernel template calling function templates that hold barriers with template arguments
// depending on its own (mergeSort's merge<sortDir>(...)): the callee's pattern is expanded in
// place, its template parameters bound to the written arguments, also when the callee's
// parameter has the caller's name (and passes it on to a function template it calls, as
// threadFenceReduction's reduceBlocks<blockSize> does), takes a type parameter and is called
// twice.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: dependent template calls ok
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

typedef unsigned int uint;

template <uint dir> __device__ uint rank_of(uint v, const uint *data, uint n) {
    uint r = 0;
    for (uint i = 0; i < n; i++)
        r += dir ? (data[i] < v || (data[i] == v && i < threadIdx.x)) : (data[i] > v || (data[i] == v && i < threadIdx.x));
    return r;
}

template <uint dir> __device__ void rank_sort(uint *s, uint n, cg::thread_block cta);

// Passes its parameter, named as the kernel's, on to another function template.
template <uint dir> __device__ void rank_sort_outer(uint *s, uint n, cg::thread_block cta) {
    cg::sync(cta);
    rank_sort<dir>(s, n, cta);
}

// Sorts n values in shared memory by rank: barrier between reading and writing.
template <uint dir> __device__ void rank_sort(uint *s, uint n, cg::thread_block cta) {
    uint v, pos;
    if (threadIdx.x < n) {
        v = s[threadIdx.x];
        pos = rank_of<dir>(v, s, n);
    }
    cg::sync(cta);
    if (threadIdx.x < n)
        s[pos] = v;
    cg::sync(cta);
}

template <typename T, int scale> __device__ T scaled_sum(T *s, T x) {
    s[threadIdx.x] = x * (T)scale;
    __syncthreads();
    T total = 0;
    for (int i = 0; i < (int)blockDim.x; i++)
        total += s[i];
    __syncthreads();
    return total;
}

template <uint dir> __global__ void sort_blocks(uint *keys, float *sums) {
    cg::thread_block cta = cg::this_thread_block();
    __shared__ uint s[128];
    __shared__ float f[128];
    uint base = blockIdx.x * blockDim.x;
    s[threadIdx.x] = keys[base + threadIdx.x];
    cg::sync(cta);
    rank_sort_outer<dir>(s, blockDim.x, cta);
    keys[base + threadIdx.x] = s[threadIdx.x];
    const float t0 = scaled_sum<float, dir + 1>(f, (float)threadIdx.x);
    float t = t0;
    t += scaled_sum<float, 2>(f, 1.0f);
    if (threadIdx.x == 0)
        sums[blockIdx.x] = t;
}

int main() {
    const int blocks = 4, n = 128, total = blocks * n;
    uint h[total], r[total];
    float sums[blocks];
    for (int i = 0; i < total; i++)
        h[i] = (uint)((i * 7919u) % 1000u);
    uint *d;
    float *ds;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&ds, sizeof sums);
    int bad = 0;
    for (uint dir = 0; dir < 2; dir++) {
        cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
        if (dir)
            sort_blocks<1><<<blocks, n>>>(d, ds);
        else
            sort_blocks<0><<<blocks, n>>>(d, ds);
        cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
        cudaMemcpy(sums, ds, sizeof sums, cudaMemcpyDeviceToHost);
        for (int b = 0; b < blocks; b++) {
            int count[1000] = {0};
            for (int i = 0; i < n; i++)
                count[h[b * n + i]]++;
            for (int i = 0; i < n; i++) {
                uint v = r[b * n + i];
                if (v >= 1000 || count[v]-- == 0)
                    bad++;
                if (i > 0 && (dir ? r[b * n + i - 1] > v : r[b * n + i - 1] < v))
                    bad++;
            }
            float want = (float)(n * (n - 1) / 2) * (dir + 1) + 2.0f * n;
            if (sums[b] != want) {
                printf("dir %u block %d: sum %g, want %g\n", dir, b, sums[b], want);
                bad++;
            }
        }
    }
    printf(bad ? "FAILED: %d\n" : "dependent template calls ok\n", bad);
    return bad != 0;
}
