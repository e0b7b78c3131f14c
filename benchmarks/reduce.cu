// Sum of 2^24 floats with warp-level functions, as CUDA programs write it since
// cooperative groups: 256-thread blocks, each thread summing 8 elements (grid-stride), then
// tile32.shfl_down within each warp, the warps' sums through shared memory, and the first
// warp's cg::reduce giving the block's partial sum; the host adds the partials. Times REPS
// launches (each followed by cudaDeviceSynchronize) and prints the median milliseconds per
// launch; the OpenMP twin is reduce_omp.c. Usage: reduce [reps]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

#define PER_THREAD 8

__global__ void block_sums(const float *a, float *partial, int n) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    __shared__ float warp_sums[32];
    int stride = gridDim.x * blockDim.x;
    float s = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        s += a[i];
    for (int o = 16; o > 0; o /= 2)
        s += warp.shfl_down(s, o);
    if (warp.thread_rank() == 0)
        warp_sums[warp.meta_group_rank()] = s;
    block.sync();
    if (warp.meta_group_rank() == 0) {
        float w = warp.thread_rank() < warp.meta_group_size() ? warp_sums[warp.thread_rank()] : 0.0f;
        w = cg::reduce(warp, w, cg::plus<float>());
        if (warp.thread_rank() == 0)
            partial[blockIdx.x] = w;
    }
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main(int argc, char **argv) {
    const int n = 1 << 24, block = 256, grid = n / block / PER_THREAD;
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    std::vector<float> ha(n), hp(grid);
    for (int i = 0; i < n; i++)
        ha[i] = (float)(i % 1000) * 0.001f;
    float *a, *p;
    check(cudaMalloc(&a, n * sizeof(float)), "cudaMalloc a");
    check(cudaMalloc(&p, grid * sizeof(float)), "cudaMalloc partial");
    check(cudaMemcpy(a, ha.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy a");
    block_sums<<<grid, block>>>(a, p, n); // warm-up
    check(cudaDeviceSynchronize(), "warm-up");
    std::vector<double> ms(reps);
    for (int r = 0; r < reps; r++) {
        auto t0 = std::chrono::steady_clock::now();
        block_sums<<<grid, block>>>(a, p, n);
        cudaDeviceSynchronize();
        auto t1 = std::chrono::steady_clock::now();
        ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
    }
    check(cudaGetLastError(), "launch");
    check(cudaMemcpy(hp.data(), p, grid * sizeof(float), cudaMemcpyDeviceToHost), "copy partial");
    double sum = 0, want = 0;
    for (int b = 0; b < grid; b++)
        sum += hp[b];
    for (int i = 0; i < n; i++)
        want += ha[i];
    if (std::fabs(sum - want) > 1e-4 * want) {
        fprintf(stderr, "sum %f, want %f\n", sum, want);
        return 1;
    }
    std::sort(ms.begin(), ms.end());
    printf("reduce cu2c n=%d reps=%d median_ms=%.4f\n", n, reps, ms[reps / 2]);
    cudaFree(a);
    cudaFree(p);
    return 0;
}
