// Loop bounds holding barriers that are the same in every thread, computed in the ways cu2c's
// variance analysis used to call thread-dependent (each was refused): a function template
// calling another function template (with cuda_fp16.h's operators in view, whose candidates
// are pure), a value derived from cuda_fp16.h, a local struct filled through its address, a
// local set by a lambda capturing by reference, and a reference bound to shared memory. The
// first two are proven uniform now; the other three run per thread, their threads agreeing
// at run time. Each kernel rotates the block's values through shared memory once per trip,
// so a wrong trip count or a missing barrier changes the result.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: %cu2c --engine=loops %s -o - | FileCheck %s
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

template <typename T> __device__ T twice(T v) { return v * 2; }
template <typename T> __device__ T trips_of(T n) { return twice(n) + 1; }

__device__ void rotate(int *s, int &mine) {
    s[threadIdx.x] = mine;
    __syncthreads();
    mine = s[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
}

__global__ void template_bound(int *v, int n) {
    __shared__ int s[128];
    int mine = v[threadIdx.x];
    int m = trips_of(n);
    for (int i = 0; i < m; i++)
        rotate(s, mine);
    v[threadIdx.x] = mine;
}

__global__ void half_bound(int *v, __half h) {
    __shared__ int s[128];
    int mine = v[threadIdx.x];
    int m = (int)__half2float(h * __float2half(2.0f));
    for (int i = 0; i < m; i++)
        rotate(s, mine);
    v[threadIdx.x] = mine;
}

struct Range {
    int lo, hi;
};
__device__ void fill(Range *r, int n) {
    r->lo = 1;
    r->hi = n + 1;
}

__global__ void struct_bound(int *v, int n) {
    __shared__ int s[128];
    int mine = v[threadIdx.x];
    Range r;
    fill(&r, n);
    for (int i = r.lo; i < r.hi; i++)
        rotate(s, mine);
    v[threadIdx.x] = mine;
}

__global__ void lambda_bound(int *v, int n) {
    __shared__ int s[128];
    int mine = v[threadIdx.x];
    int m = 0;
    auto set = [&](int k) { m = k; };
    set(n);
    for (int i = 0; i < m; i++)
        rotate(s, mine);
    v[threadIdx.x] = mine;
}

__global__ void shared_reference_bound(int *v, const int *count) {
    __shared__ int s[128];
    __shared__ int left[1];
    int mine = v[threadIdx.x];
    if (threadIdx.x == 0)
        left[0] = count[0];
    __syncthreads();
    int &next = left[0];
    while (next > 0) {
        rotate(s, mine);
        if (threadIdx.x == 0)
            next--;
        __syncthreads();
    }
    v[threadIdx.x] = mine;
}

int main() {
    const int n = 96;
    int *v, *count;
    cudaMallocManaged(&v, n * sizeof(int));
    cudaMallocManaged(&count, sizeof(int));
    int failures = 0;
    for (int which = 0; which < 5; which++) {
        for (int t = 0; t < n; t++)
            v[t] = t * 7 + which;
        int trips = 0;
        switch (which) {
        case 0: template_bound<<<1, n>>>(v, 3); trips = 7; break;
        case 1: half_bound<<<1, n>>>(v, __float2half(2.5f)); trips = 5; break;
        case 2: struct_bound<<<1, n>>>(v, 4); trips = 4; break;
        case 3: lambda_bound<<<1, n>>>(v, 6); trips = 6; break;
        case 4: count[0] = 9; shared_reference_bound<<<1, n>>>(v, count); trips = 9; break;
        }
        if (cudaDeviceSynchronize() != cudaSuccess)
            failures++;
        for (int t = 0; t < n; t++)
            if (v[t] != ((t + trips) % n) * 7 + which && failures++ < 10)
                printf("kernel %d: v[%d] = %d, expected %d\n", which, t, v[t], ((t + trips) % n) * 7 + which);
    }
    if (failures) {
        printf("FAILED: %d\n", failures);
        return 1;
    }
    printf("all bounds agree\n");
    return 0;
}
// the first two kernels' loops run once per block: no per-thread flags
// CHECK-LABEL: void __cu2c_body_template_bound(
// CHECK-NOT: __cu2c_pf{{[0-9]}}
// CHECK-LABEL: void __cu2c_body_half_bound(
// CHECK-NOT: __cu2c_pf{{[0-9]}}
// CHECK-LABEL: void __cu2c_body_struct_bound(
