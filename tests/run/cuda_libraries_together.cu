// The CUDA libraries together in one program, built as nvcc builds it (-lcublas -lcurand
// -lcufft): thrust containers hold the data, a <<<>>> kernel draws cuRAND XORWOW numbers per
// thread and sums them per block with cub::BlockReduce, thrust sorts and reduces what it
// wrote, cuBLAS scales and dots it, cuFFT transforms it; every step is compared with a host
// reference computed here from the draws (whose own exactness tests/run/curand_* check: here
// their range, mean, and that each thread's subsequence differs from the next's).
// RUN: %cu2cc %s -o %t -lcublas -lcurand -lcufft && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cstdio>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <cub/block/block_reduce.cuh>
#include <curand_kernel.h>
#include <cublas_v2.h>
#include <cufft.h>

#define THREADS 128
#define BLOCKS 16
#define N (THREADS * BLOCKS)

__global__ void draw_and_sum(unsigned long long seed, float *draws, float *block_sums) {
    typedef cub::BlockReduce<float, THREADS> Reduce;
    __shared__ typename Reduce::TempStorage temp;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    curandState state;
    curand_init(seed, i, 0, &state);
    float x = curand_uniform(&state);
    draws[i] = x;
    float sum = Reduce(temp).Sum(x);
    if (threadIdx.x == 0)
        block_sums[blockIdx.x] = sum;
}

static int failures = 0;
static void expect(bool ok, const char *what) {
    if (!ok) {
        printf("FAILED: %s\n", what);
        failures++;
    }
}

int main() {
    const unsigned long long seed = 1234;
    thrust::device_vector<float> draws(N), sums(BLOCKS);
    draw_and_sum<<<BLOCKS, THREADS>>>(seed, thrust::raw_pointer_cast(draws.data()),
                                      thrust::raw_pointer_cast(sums.data()));
    expect(cudaDeviceSynchronize() == cudaSuccess, "kernel");
    thrust::host_vector<float> got = draws;
    std::vector<float> ref(got.begin(), got.end());
    double mean = 0;
    bool in_range = true, distinct = true;
    for (int i = 0; i < N; i++) {
        in_range &= ref[i] > 0.0f && ref[i] <= 1.0f;
        distinct &= i == 0 || ref[i] != ref[i - 1];
        mean += ref[i] / N;
    }
    expect(in_range && distinct && fabs(mean - 0.5) < 0.03, "curand_uniform draws");
    thrust::host_vector<float> bs = sums;
    bool sums_ok = true;
    for (int b = 0; b < BLOCKS; b++) {
        double s = 0;
        for (int t = 0; t < THREADS; t++)
            s += ref[b * THREADS + t];
        sums_ok &= fabs(bs[b] - s) < 1e-3;
    }
    expect(sums_ok, "cub::BlockReduce sums");

    /* thrust: sort and reduce on the device vector */
    thrust::sort(draws.begin(), draws.end());
    std::vector<float> sorted = ref;
    std::sort(sorted.begin(), sorted.end());
    thrust::host_vector<float> gs = draws;
    bool sort_ok = true;
    for (int i = 0; i < N; i++)
        sort_ok &= gs[i] == sorted[i];
    expect(sort_ok, "thrust::sort");
    double total = 0;
    for (int i = 0; i < N; i++)
        total += ref[i];
    float tsum = thrust::reduce(draws.begin(), draws.end(), 0.0f);
    expect(fabs(tsum - total) < 1e-2, "thrust::reduce");

    /* cuBLAS: y = 2 * x, then dot(x, y) */
    cublasHandle_t h;
    expect(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS, "cublasCreate");
    thrust::device_vector<float> y(N, 0.0f);
    float two = 2.0f, dot = 0;
    cublasSaxpy(h, N, &two, thrust::raw_pointer_cast(draws.data()), 1, thrust::raw_pointer_cast(y.data()), 1);
    cublasSdot(h, N, thrust::raw_pointer_cast(draws.data()), 1, thrust::raw_pointer_cast(y.data()), 1, &dot);
    double want_dot = 0;
    for (int i = 0; i < N; i++)
        want_dot += 2.0 * sorted[i] * sorted[i];
    expect(fabs(dot - want_dot) / want_dot < 1e-4, "cublasSaxpy + cublasSdot");
    cublasDestroy(h);

    /* cuFFT: the forward transform's DC term is the sum */
    thrust::device_vector<cufftComplex> spectrum(N / 2 + 1);
    cufftHandle plan;
    expect(cufftPlan1d(&plan, N, CUFFT_R2C, 1) == CUFFT_SUCCESS, "cufftPlan1d");
    expect(cufftExecR2C(plan, thrust::raw_pointer_cast(draws.data()),
                        thrust::raw_pointer_cast(spectrum.data())) == CUFFT_SUCCESS, "cufftExecR2C");
    cudaDeviceSynchronize();
    cufftComplex dc = spectrum[0];
    expect(fabs(dc.x - total) < 1e-2 && fabs(dc.y) < 1e-3, "cuFFT DC term");
    cufftDestroy(plan);
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
