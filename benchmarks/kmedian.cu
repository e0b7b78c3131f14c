// The distance kernel of k-median clustering as Rodinia's streamcluster writes it: N = 2^17
// points of D = 32 float coordinates stored dimension-major (coordinate d of point i at
// d * N + i, so that a warp's loads are contiguous), K = 48 candidate centres copied into
// shared memory by each 256-thread block; each thread finds its point's nearest centre and
// the squared distance to it, and the block adds its points' costs with a shared-memory tree
// reduction (a __syncthreads() per level). The host adds the block sums. Checked against a
// host loop (assignments exactly, the total cost to 1e-4). Prints the median ms per launch.
// Usage: kmedian [reps]. The OpenMP twin is kmedian_omp.c.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define N (1 << 17)
#define D 32
#define K 48
#define THREADS 256

__global__ void nearest(const float *coord, const float *centres, int *assign, float *block_cost) {
    __shared__ float c[K * D];
    __shared__ float cost[THREADS];
    for (int j = threadIdx.x; j < K * D; j += blockDim.x)
        c[j] = centres[j];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float best = 3.4e38f;
    int best_k = 0;
    for (int k = 0; k < K; k++) {
        float dist = 0.0f;
        for (int d = 0; d < D; d++) {
            float diff = coord[d * N + i] - c[k * D + d];
            dist += diff * diff;
        }
        if (dist < best) {
            best = dist;
            best_k = k;
        }
    }
    assign[i] = best_k;
    cost[threadIdx.x] = best;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            cost[threadIdx.x] += cost[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        block_cost[blockIdx.x] = cost[0];
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 10;
    const int blocks = N / THREADS;
    std::vector<float> coord((size_t)N * D), centres(K * D), block_cost(blocks);
    std::vector<int> assign(N);
    srand(11);
    for (auto &x : coord)
        x = (float)(rand() % 1000) * 0.001f;
    for (auto &x : centres)
        x = (float)(rand() % 1000) * 0.001f;
    float *d_coord, *d_centres, *d_cost;
    int *d_assign;
    check(cudaMalloc(&d_coord, coord.size() * sizeof(float)), "cudaMalloc coord");
    check(cudaMalloc(&d_centres, centres.size() * sizeof(float)), "cudaMalloc centres");
    check(cudaMalloc(&d_cost, blocks * sizeof(float)), "cudaMalloc cost");
    check(cudaMalloc(&d_assign, N * sizeof(int)), "cudaMalloc assign");
    check(cudaMemcpy(d_coord, coord.data(), coord.size() * sizeof(float), cudaMemcpyHostToDevice), "copy coord");
    check(cudaMemcpy(d_centres, centres.data(), centres.size() * sizeof(float), cudaMemcpyHostToDevice),
          "copy centres");
    nearest<<<blocks, THREADS>>>(d_coord, d_centres, d_assign, d_cost); // warm-up
    check(cudaDeviceSynchronize(), "warm-up");
    std::vector<double> ms(reps);
    for (int r = 0; r < reps; r++) {
        auto t0 = std::chrono::steady_clock::now();
        nearest<<<blocks, THREADS>>>(d_coord, d_centres, d_assign, d_cost);
        cudaDeviceSynchronize();
        auto t1 = std::chrono::steady_clock::now();
        ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
    }
    check(cudaGetLastError(), "launch");
    check(cudaMemcpy(assign.data(), d_assign, N * sizeof(int), cudaMemcpyDeviceToHost), "copy assign");
    check(cudaMemcpy(block_cost.data(), d_cost, blocks * sizeof(float), cudaMemcpyDeviceToHost), "copy cost");
    double total = 0, want = 0;
    for (int b = 0; b < blocks; b++)
        total += block_cost[b];
    for (int i = 0; i < N; i++) {
        float best = 3.4e38f;
        int best_k = 0;
        for (int k = 0; k < K; k++) {
            float dist = 0.0f;
            for (int d = 0; d < D; d++) {
                float diff = coord[(size_t)d * N + i] - centres[k * D + d];
                dist += diff * diff;
            }
            if (dist < best) {
                best = dist;
                best_k = k;
            }
        }
        if (assign[i] != best_k) {
            fprintf(stderr, "kmedian: point %d assigned %d, want %d\n", i, assign[i], best_k);
            return 1;
        }
        want += best;
    }
    if (std::fabs(total - want) > 1e-4 * want) {
        fprintf(stderr, "kmedian: cost %f, want %f\n", total, want);
        return 1;
    }
    std::sort(ms.begin(), ms.end());
    printf("kmedian cu2c n=%d reps=%d median_ms=%.4f\n", N, reps, ms[reps / 2]);
    return 0;
}
