// 5-point Jacobi stencil on an N x N grid of floats with fixed boundary cells, tiled in time
// ("pyramid" tiling): each 32x32 block loads a 32x32 tile (a 24x24 output tile plus a halo of
// STEPS = 4 cells) into shared memory, does the 4 time steps there, one __syncthreads() per
// step, the valid part shrinking by one cell per step, and writes back the 24x24 centre. The
// launch is repeated (swapping the two grids) to cover TOTAL = 16 steps. The program times
// REPS runs of the 16 steps (launches + cudaDeviceSynchronize), checks the result against a
// plain host Jacobi loop (exactly: the same float operations in the same order) and prints
// the median milliseconds per 16 steps; the OpenMP twin is stencil_omp.c.
// Usage: stencil [reps] [n]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define BS 32                  // block and shared tile edge
#define STEPS 4                // time steps per launch = halo width
#define OUT (BS - 2 * STEPS)   // output tile edge
#define TOTAL 16               // time steps per run

__global__ void jacobi(const float *in, float *out, int n) {
    __shared__ float buf[2][BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * OUT - STEPS + tx, gy = blockIdx.y * OUT - STEPS + ty;
    bool inside = gx >= 0 && gx < n && gy >= 0 && gy < n;
    bool fixed = gx <= 0 || gx >= n - 1 || gy <= 0 || gy >= n - 1;
    buf[0][ty][tx] = inside ? in[gy * n + gx] : 0.0f;
    __syncthreads();
    for (int s = 0; s < STEPS; s++) {
        int cur = s & 1;
        if (tx > s && tx < BS - 1 - s && ty > s && ty < BS - 1 - s) {
            float c = buf[cur][ty][tx];
            buf[1 - cur][ty][tx] =
                fixed ? c
                      : 0.2f * (c + buf[cur][ty - 1][tx] + buf[cur][ty + 1][tx] +
                                buf[cur][ty][tx - 1] + buf[cur][ty][tx + 1]);
        }
        __syncthreads();
    }
    if (inside && tx >= STEPS && tx < BS - STEPS && ty >= STEPS && ty < BS - STEPS)
        out[gy * n + gx] = buf[STEPS & 1][ty][tx];
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

static void init(std::vector<float> &g, int n) {
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            g[(size_t)y * n + x] = (float)((x * 37 + y * 91) % 256) * 0.125f;
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const int n = argc > 2 ? atoi(argv[2]) : 2048;
    if (reps < 1 || n < 3) {
        fprintf(stderr, "usage: stencil [reps] [n >= 3]\n");
        return 2;
    }
    size_t nn = (size_t)n * n, bytes = nn * sizeof(float);
    std::vector<float> h0(nn), h1(nn), got(nn);
    init(h0, n);
    float *d[2];
    check(cudaMalloc(&d[0], bytes), "cudaMalloc 0");
    check(cudaMalloc(&d[1], bytes), "cudaMalloc 1");
    dim3 block(BS, BS), grid((n + OUT - 1) / OUT, (n + OUT - 1) / OUT);
    std::vector<double> ms(reps);
    for (int r = -1; r < reps; r++) { // r = -1: warm-up (first touch of the pages)
        check(cudaMemcpy(d[0], h0.data(), bytes, cudaMemcpyHostToDevice), "copy in");
        auto t0 = std::chrono::steady_clock::now();
        for (int t = 0; t < TOTAL / STEPS; t++)
            jacobi<<<grid, block>>>(d[t & 1], d[(t + 1) & 1], n);
        cudaDeviceSynchronize();
        auto t1 = std::chrono::steady_clock::now();
        if (r >= 0)
            ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
    }
    check(cudaGetLastError(), "launch");
    check(cudaMemcpy(got.data(), d[(TOTAL / STEPS) & 1], bytes, cudaMemcpyDeviceToHost),
          "copy out");
    // reference: TOTAL plain Jacobi steps over the whole grid
    std::vector<float> &a = h0, &b = h1;
    for (int t = 0; t < TOTAL; t++) {
        std::vector<float> &src = t % 2 ? b : a, &dst = t % 2 ? a : b;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                size_t i = (size_t)y * n + x;
                float c = src[i];
                dst[i] = x == 0 || x == n - 1 || y == 0 || y == n - 1
                             ? c
                             : 0.2f * (c + src[i - n] + src[i + n] + src[i - 1] + src[i + 1]);
            }
    }
    const std::vector<float> &want = TOTAL % 2 ? b : a;
    for (size_t i = 0; i < nn; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "cell (%zu, %zu) = %.7g, want %.7g\n", i / n, i % n, got[i], want[i]);
            return 1;
        }
    std::sort(ms.begin(), ms.end());
    printf("stencil cu2c n=%d steps=%d per_launch=%d reps=%d median_ms=%.4f\n", n, TOTAL, STEPS,
           reps, ms[reps / 2]);
    cudaFree(d[0]);
    cudaFree(d[1]);
    return 0;
}
