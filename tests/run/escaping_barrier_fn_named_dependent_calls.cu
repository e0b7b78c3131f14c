// A program takes the address of a function holding warp functions (block_sum<warp_sum>, as
// llm.c's blockReduce<warpReduceSum>). A kernel template whose calls depend on its parameter
// but name their functions (an overloaded store(v, p), twice<T>(x), assert's __assert_fail,
// and + between operands of dependent types) calls none of them through a pointer: it stays
// on the thread loops (llm.c's adamw_kernel3, copy_and_cast_kernel ran on fibers, 4-5x
// slower). Calls that may reach a barrier function still send their kernel to the fibers:
// through a template argument (R(v) in block_sum, so sums), through a pointer (apply), and a
// named call while another function of that name holds a barrier (bump: one overload syncs).
// Each kernel's results are checked.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK-NOT: {{__cu2c}}_fib_scale
// CHECK: static void {{__cu2c}}_fib_sums(
// CHECK: static void {{__cu2c}}_fib_apply(
// CHECK: static void {{__cu2c}}_fib_bumped(
// CHECK-NOT: {{__cu2c}}_fib_scale
#include <cassert>
#include <cstdio>
#include <cuda_bf16.h>

__device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
template <float (*R)(float)> __device__ float block_sum(float v) {
    __shared__ float part[32];
    v = R(v);
    if (threadIdx.x % 32 == 0) part[threadIdx.x / 32] = v;
    __syncthreads();
    v = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0.0f;
    return R(v);
}

template <typename T> __device__ T twice(T x) { return x + x; }
__device__ void store(float v, float *p) { *p = v; }
__device__ void store(float v, __nv_bfloat16 *p) { *p = __float2bfloat16(v); }

// dependent calls, all named: p[i] = 2 p[i] + q[i]
template <typename T> __global__ void scale(T *p, const T *q, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        assert(i >= 0);
        store((float)twice<T>(p[i]), p + i);
        p[i] = p[i] + q[i];
    }
}

__global__ void sums(float *out, const float *in) {
    float s = block_sum<warp_sum>(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (threadIdx.x == 0) out[blockIdx.x] = s;
}

// through a pointer: could be warp_sum
template <typename T> __global__ void apply(T *p, float (*f)(float)) {
    p[threadIdx.x] = f(p[threadIdx.x]);
}
__device__ float plus_one(float v) { return v + 1; }
__device__ float (*plus_one_ptr)(float) = plus_one;

// bump(float *) holds a barrier; bump(T) for T = int does not, but a call named bump may
// reach the one that does: fibers
__device__ void bump(float *s) { __syncthreads(); s[threadIdx.x] += 1; }
__device__ int bump(int x) { return x + 1; }
template <typename T> __global__ void bumped(T *p) { p[threadIdx.x] = bump(p[threadIdx.x]); }

int main() {
    float *p, *q, *o, *a;
    int *b;
    __nv_bfloat16 *h, *g;
    cudaMallocManaged(&p, 256 * sizeof(float));
    cudaMallocManaged(&q, 256 * sizeof(float));
    cudaMallocManaged(&o, 2 * sizeof(float));
    cudaMallocManaged(&a, 32 * sizeof(float));
    cudaMallocManaged(&b, 32 * sizeof(int));
    cudaMallocManaged(&h, 256 * sizeof(__nv_bfloat16));
    cudaMallocManaged(&g, 256 * sizeof(__nv_bfloat16));
    for (int i = 0; i < 256; i++) {
        p[i] = (float)i;
        q[i] = 1;
        h[i] = __float2bfloat16((float)(i % 8));
        g[i] = __float2bfloat16(1.0f);
    }
    for (int i = 0; i < 32; i++) { a[i] = (float)i; b[i] = i; }
    float (*f)(float);
    cudaMemcpyFromSymbol(&f, plus_one_ptr, sizeof f);
    scale<<<2, 128>>>(p, q, 256);
    scale<<<2, 128>>>(h, g, 256);
    sums<<<2, 128>>>(o, p);
    apply<<<1, 32>>>(a, f);
    bumped<<<1, 32>>>(b);
    cudaDeviceSynchronize();
    float want0 = 0, want1 = 0;
    for (int i = 0; i < 128; i++) { want0 += 2 * i + 1; want1 += 2 * (i + 128) + 1; }
    int bad = 0;
    for (int i = 0; i < 256; i++) bad += p[i] != 2 * i + 1 || __bfloat162float(h[i]) != 2 * (i % 8) + 1;
    for (int i = 0; i < 32; i++) bad += a[i] != i + 1 || b[i] != i + 1;
    printf("block sums %g %g (want %g %g), %d wrong elements\n", o[0], o[1], want0, want1, bad);
    return !(o[0] == want0 && o[1] == want1 && bad == 0);
}
