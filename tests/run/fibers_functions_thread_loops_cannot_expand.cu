// Device functions holding barriers or warp functions that the thread-loop engine cannot
// expand into a kernel run on the fiber engine, called as written: a `while (true)` left only
// by `return`, a `return` after a label, a forward `goto` over a barrier's neighbours, a
// template template parameter, a function pointer as a template argument (llm.c's
// blockReduce<warpReduceMax>), a defaulted template argument (HeCBench attention-paged).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: functions ok
#include <cstdio>

__device__ int until_found(int v) {
    int round = 0;
    while (true) {
        unsigned hit = __ballot_sync(0xffffffffu, v + round >= 40);
        if (hit)
            return round * 100 + __ffs(hit) - 1;
        round++;
    }
}

__device__ int after_label(int *s, int v) {
    s[threadIdx.x] = v;
    __syncthreads();
    if (v < 0)
        goto out;
    v = s[(threadIdx.x + 1) % blockDim.x];
out:
    __syncthreads();
    return v;
}

__device__ int forward_goto(int *s, int v) {
    if (v % 3 == 0)
        goto skip;
    v *= 2;
skip:
    s[threadIdx.x] = v;
    __syncthreads();
    return s[blockDim.x - 1 - threadIdx.x];
}

template <class T> struct Plus {
    __device__ T operator()(T a, T b) const { return a + b; }
};
template <template <class> class Op, class T> __device__ T warp_fold(T v) {
    for (int o = 16; o > 0; o /= 2)
        v = Op<T>()(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o /= 2)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
template <float (*warp_op)(float)> __device__ float block_reduce(float v) {
    __shared__ float part[32];
    v = warp_op(v);
    if (threadIdx.x % 32 == 0)
        part[threadIdx.x / 32] = v;
    __syncthreads();
    float r = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : -1e30f;
    __syncthreads();
    return warp_op(r);
}

template <int A, int B = 5> __device__ int scaled(int *s, int v) {
    s[threadIdx.x] = v;
    __syncthreads();
    return A * s[0] + B;
}

template <int A> __global__ void k(int *out, float *fout) {
    __shared__ int s[64];
    int t = threadIdx.x;
    out[0 * 64 + t] = until_found(t);
    out[1 * 64 + t] = after_label(s, t % 4 == 1 ? -t : t);
    out[2 * 64 + t] = forward_goto(s, t);
    out[3 * 64 + t] = warp_fold<Plus, int>(t);
    fout[t] = block_reduce<warp_max>((float)((t * 37) % 64));
    out[4 * 64 + t] = scaled<A>(s, t + 1);
}

int main() {
    int *o;
    float *f;
    cudaMallocManaged(&o, 5 * 64 * sizeof(int));
    cudaMallocManaged(&f, 64 * sizeof(float));
    k<3><<<1, 64>>>(o, f);
    bool ok = cudaDeviceSynchronize() == cudaSuccess;
    for (int t = 0; t < 64; t++) {
        int lane = t % 32, base = t - lane;
        int round = 0;
        while (base + 31 + round < 40)
            round++;
        int first = 0;
        while (base + first + round < 40)
            first++;
        ok &= o[t] == round * 100 + first;
        int v = t % 4 == 1 ? -t : t, n = (t + 1) % 64;
        ok &= o[64 + t] == (v < 0 ? v : (n % 4 == 1 ? -n : n));
        int m = 63 - t;
        ok &= o[128 + t] == (m % 3 == 0 ? m : 2 * m);
        ok &= o[192 + t] == (base + base + 31) * 16;
        ok &= f[t] == (t < 32 ? 63.0f : -1e30f);   /* warp 1 folds only the -1e30 fillers */
        ok &= o[256 + t] == 3 * 1 + 5;
    }
    printf("functions %s\n", ok ? "ok" : "BAD");
    return 0;
}
