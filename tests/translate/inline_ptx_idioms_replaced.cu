// The inline PTX idioms cu2c translates (translator/frontend/ptx.c) are replaced where they
// are written by calls of cu2c/device.h, padded to the statement's length with its lines
// kept (later code keeps its lines and columns): in a kernel template, a __device__ member
// function, a device lambda and the device branch of a __host__ __device__ function only
// device code calls. %laneid reads the thread's indices, so the variance analysis sees the
// lane vary with x, y and z and gives it per-thread storage across the barrier; %smid is
// the same for the whole block. The output builds and runs.
// RUN: %cu2c %s -o %t.cpp --dump-after=promote_locals 2> %t.dump && FileCheck %s < %t.cpp
// RUN: FileCheck %s --check-prefix=VAR < %t.dump
// RUN: c++ -std=c++17 -O1 -I%root/include %t.cpp %root/lib/libcu2c.a -pthread -o %t && %t
#include <cstdio>
#include <cuda_runtime.h>

struct Warp {
    // CHECK: {{^[^/]*}}unsigned w; (w)=__ptx_warp(threadIdx,blockDim){{ *}}; return w; }
    __device__ unsigned id() const { unsigned w; asm("mov.u32 %0, %%warpid;" : "=r"(w)); return w; }
};

__host__ __device__ unsigned long long now() {
#ifdef __CUDA_ARCH__
    unsigned long long t;
    // CHECK: {{^[^/]*}}(t)=__ptx_globaltimer(){{ *}};
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
#else
    return 0;
#endif
}

template <int N>
__global__ void k(unsigned *out, unsigned long long *when) {
    unsigned lane, sm;
    // CHECK: {{^[^/]*}}(lane)=__ptx_lane(threadIdx,blockDim){{ *$}}
    // CHECK-NEXT: {{^ *}};
    asm volatile("mov.u32 %0, %%laneid;"
                 : "=r"(lane));
    // CHECK: {{^[^/]*}}(sm)=__ptx_smid(){{ *}}; __shared__ unsigned s[N];
    asm("mov.u32 %0, %%smid;" : "=r"(sm)); __shared__ unsigned s[N];
    s[threadIdx.x + 4 * threadIdx.y] = lane;
    __syncthreads();
    // CHECK: {{^[^/]*}}auto f = [] __device__ () { __threadfence(){{ *}}; };
    auto f = [] __device__ () { asm volatile("membar.gl;" ::: "memory"); };
    f();
    out[threadIdx.x + 4 * threadIdx.y] = s[0] + lane + 100 * Warp().id() + 1000 * (sm > 64);
    if (threadIdx.x == 0 && threadIdx.y == 0)
        *when = now();
}
// VAR: kernel k
// VAR: (lane)=__ptx_lane(threadIdx,blockDim)
// VAR: (sm)=__ptx_smid()
// VAR: var lane: unsigned int dims xyz promoted
// VAR: var sm: unsigned int dims -

int main() {
    unsigned *out;
    unsigned long long *when;
    cudaMallocManaged(&out, 8 * sizeof *out);
    cudaMallocManaged(&when, sizeof *when);
    k<8><<<1, dim3(4, 2)>>>(out, when);
    if (cudaDeviceSynchronize() != cudaSuccess)
        return 1;
    for (unsigned t = 0; t < 8; t++)
        if (out[t] != t) {
            printf("thread %u: %u\n", t, out[t]);
            return 1;
        }
    return *when > 0 ? 0 : 1;
}
