// The classic shared-memory block reductions (the steps of NVIDIA's "Optimizing Parallel
// Reduction in CUDA"), each summing 2^24 floats into per-block partial sums that the host
// adds up, 256-thread blocks:
//   interleaved  `if (tid % (2 * s) == 0)`, s doubling
//   strided      `int i = 2 * s * tid; if (i < blockDim.x)`, s doubling
//   sequential   `if (tid < s)`, s halving
//   first_add    sequential, each thread adding two elements as it loads
//   warp_tail    first_add, the last 32 threads' steps warp-synchronous through volatile
//   grid_loop    each thread summing a grid-stride loop first, then sequential
// Each kernel's total is checked against a double-precision sum. Prints each kernel's median
// ms per launch (and the host's sum of the partials); the OpenMP twin is reduce_omp.c.
// Usage: reductions [reps]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define THREADS 256

__global__ void interleaved(const float *in, float *out) {
    __shared__ float s_data[THREADS];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    s_data[tid] = in[i];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            s_data[tid] += s_data[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s_data[0];
}

__global__ void strided(const float *in, float *out) {
    __shared__ float s_data[THREADS];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    s_data[tid] = in[i];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        unsigned index = 2 * s * tid;
        if (index < blockDim.x)
            s_data[index] += s_data[index + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s_data[0];
}

__global__ void sequential(const float *in, float *out) {
    __shared__ float s_data[THREADS];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    s_data[tid] = in[i];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            s_data[tid] += s_data[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s_data[0];
}

__global__ void first_add(const float *in, float *out) {
    __shared__ float s_data[THREADS];
    unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    s_data[tid] = in[i] + in[i + blockDim.x];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            s_data[tid] += s_data[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s_data[0];
}

__device__ void warp_reduce(volatile float *s_data, unsigned tid) {
    s_data[tid] += s_data[tid + 32];
    s_data[tid] += s_data[tid + 16];
    s_data[tid] += s_data[tid + 8];
    s_data[tid] += s_data[tid + 4];
    s_data[tid] += s_data[tid + 2];
    s_data[tid] += s_data[tid + 1];
}

__global__ void warp_tail(const float *in, float *out) {
    __shared__ float s_data[THREADS];
    unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    s_data[tid] = in[i] + in[i + blockDim.x];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            s_data[tid] += s_data[tid + s];
        __syncthreads();
    }
    if (tid < 32)
        warp_reduce(s_data, tid);
    if (tid == 0)
        out[blockIdx.x] = s_data[0];
}

__global__ void grid_loop(const float *in, float *out, int n) {
    __shared__ float s_data[THREADS];
    unsigned tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        sum += in[i];
    s_data[tid] = sum;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            s_data[tid] += s_data[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s_data[0];
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main(int argc, char **argv) {
    const int n = 1 << 24;
    int reps = argc > 1 ? atoi(argv[1]) : 10;
    std::vector<float> a(n);
    double want = 0;
    for (int i = 0; i < n; i++) {
        a[i] = (float)(i % 1000) * 0.001f;
        want += a[i];
    }
    float *d_in, *d_out;
    check(cudaMalloc(&d_in, n * sizeof(float)), "cudaMalloc in");
    check(cudaMalloc(&d_out, (n / THREADS) * sizeof(float)), "cudaMalloc out");
    check(cudaMemcpy(d_in, a.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy in");
    const char *names[] = {"interleaved", "strided", "sequential", "first_add", "warp_tail", "grid_loop"};
    const int kinds = 6;
    std::vector<float> part(n / THREADS);
    printf("reductions cu2c n=%d reps=%d", n, reps);
    for (int k = 0; k < kinds; k++) {
        int blocks = k >= 3 && k <= 4 ? n / (2 * THREADS) : k == 5 ? 1024 : n / THREADS;
        std::vector<double> ms(reps + 1);
        for (int r = 0; r <= reps; r++) {   // the first is a warm-up
            auto t0 = std::chrono::steady_clock::now();
            switch (k) {
            case 0: interleaved<<<blocks, THREADS>>>(d_in, d_out); break;
            case 1: strided<<<blocks, THREADS>>>(d_in, d_out); break;
            case 2: sequential<<<blocks, THREADS>>>(d_in, d_out); break;
            case 3: first_add<<<blocks, THREADS>>>(d_in, d_out); break;
            case 4: warp_tail<<<blocks, THREADS>>>(d_in, d_out); break;
            case 5: grid_loop<<<blocks, THREADS>>>(d_in, d_out, n); break;
            }
            check(cudaDeviceSynchronize(), names[k]);
            ms[r] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        }
        check(cudaMemcpy(part.data(), d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost), "copy out");
        double got = 0;
        for (int b = 0; b < blocks; b++)
            got += part[b];
        if (std::fabs(got - want) > 1e-4 * want) {
            fprintf(stderr, "\n%s: sum %f, want %f\n", names[k], got, want);
            return 1;
        }
        std::sort(ms.begin() + 1, ms.end());
        printf(" %s_ms=%.4f", names[k], ms[1 + reps / 2]);
    }
    printf("\n");
    return 0;
}
