// clock() in device code is the GPU's cycle counter, in host code libc's process time: cu2c
// renames libc's clock to __clk (cu2c/device.h, as many letters, so nothing moves) wherever
// device code names it (kernels, __device__ functions and templates, member functions,
// device lambdas, a __host__ __device__ function only device code calls, a macro's argument,
// ::clock and std::clock), and leaves host code's, and a user's own function named clock.
// The output builds and runs.
// RUN: %cu2c %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: c++ -std=c++17 -O1 -I%root/include %t.cpp %root/lib/libcu2c.a -pthread -o %t && %t
#include <cstdio>
#include <ctime>
#include <cuda_runtime.h>
#define TIMED(e) (e)
namespace mine { __host__ __device__ long clock(long x) { return x + 1; } }

// CHECK: {{^[^/]*}}template <class T> __device__ T stamp_t() { return (T)__clk(); }
template <class T> __device__ T stamp_t() { return (T)clock(); }
// CHECK: {{^[^/]*}}struct Timer { __device__ long now() const { return (long)::__clk(); } };
struct Timer { __device__ long now() const { return (long)::clock(); } };
// CHECK: {{^[^/]*}}__host__ __device__ long device_side_hd() { return (long)__clk(); }
__host__ __device__ long device_side_hd() { return (long)clock(); }
// CHECK: {{^[^/]*}}__host__ __device__ long host_side_hd() { return (long)clock(); }
__host__ __device__ long host_side_hd() { return (long)clock(); }

__global__ void k(long *out) {
    // CHECK: {{^[^/]*}}out[0] = TIMED(__clk());
    out[0] = TIMED(clock());
    out[1] = stamp_t<long>() + Timer().now() + device_side_hd();
    // CHECK: {{^[^/]*}}out[2] = std::__clk();
    out[2] = std::clock();
    // CHECK: {{^[^/]*}}auto f = [] __device__ () { return __clk(); };
    auto f = [] __device__ () { return clock(); };
    out[3] = f();
    // CHECK: {{^[^/]*}}out[4] = mine::clock(41);
    out[4] = mine::clock(41);
}

int main() {
    long *out;
    cudaMallocManaged(&out, 5 * sizeof(long));
    k<<<1, 1>>>(out);
    // CHECK: {{^[^/]*}}if (cudaDeviceSynchronize() != cudaSuccess || out[4] != 42 || clock() < 0 || host_side_hd() < 0)
    if (cudaDeviceSynchronize() != cudaSuccess || out[4] != 42 || clock() < 0 || host_side_hd() < 0)
        return 1;
    printf("ok\n");
    return 0;
}
