// A kernel template calling a device function template that holds warp functions and
// __shared__ memory in a do-while's condition (`do { ... } while (step<W>(n, ...));`, as
// HeCBench rsmt's `while (insertSteinerPoints<W, P>(...))`). The non-template form ran on
// the fiber engine; the template's dependent call was not seen as such a call: the thread
// loops kept the call and dropped the function's definition (a host compiler error). It
// now runs on fibers too. Each warp steps until its own counter runs out: warp 0 five
// times, warp 1 six.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_ENGINE=fibers %cu2cc -O2 %s -o %t.fib && env CU2C_NUM_THREADS=2 timeout 60 %t.fib
#include <cstdio>
#include <cuda_runtime.h>

template <int W>
static __device__ bool step(int &n, int *seen) {
    __shared__ int cnt[W];
    const int lane = threadIdx.x % 32;
    int v = __shfl_sync(0xffffffff, n, 0);
    if (lane == 0)
        cnt[threadIdx.x / 32] = v;
    __syncwarp();
    n = cnt[threadIdx.x / 32] - 1;
    atomicAdd(&seen[threadIdx.x / 32], lane == 0);
    return __any_sync(0xffffffff, n > 0);
}

template <int W>
__global__ void steps(int *out, int *seen) {
    int n = 5 + threadIdx.x / 32;
    int trips = 0;
    do {
        trips++;
    } while (step<W>(n, seen));
    out[threadIdx.x] = trips;
}

int main() {
    int *out, *seen;
    cudaMallocManaged(&out, 64 * sizeof(int));
    cudaMallocManaged(&seen, 2 * sizeof(int));
    seen[0] = seen[1] = 0;
    steps<2><<<1, 64>>>(out, seen);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("launch failed\n");
        return 1;
    }
    int bad = 0;
    for (int t = 0; t < 64; t++)
        if (out[t] != 5 + t / 32 && bad++ < 5)
            printf("out[%d] = %d, expected %d\n", t, out[t], 5 + t / 32);
    if ((seen[0] != 5 || seen[1] != 6) && bad++ < 6)
        printf("steps seen %d %d, expected 5 6\n", seen[0], seen[1]);
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
