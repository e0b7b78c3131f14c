// Tiled single-precision matrix product C = A * B on N x N row-major matrices, the classic
// shared-memory version: TILE x TILE blocks, each thread accumulates one element of C in a
// register while the block walks the k dimension tile by tile (two __syncthreads() per
// tile: after loading the A and B tiles, and before overwriting them). The program times REPS
// launches (each followed by cudaDeviceSynchronize), checks a sample of entries against a
// double-precision host product and prints the median milliseconds per launch; the OpenMP
// twin is matmul_omp.c. Usage: matmul [reps] [n]   (n a multiple of TILE)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int n) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n / TILE; t++) {
        As[ty][tx] = A[row * n + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * n + col] = acc;
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const int n = argc > 2 ? atoi(argv[2]) : 1024;
    if (reps < 1 || n < TILE || n % TILE) {
        fprintf(stderr, "usage: matmul [reps] [n, a multiple of %d]\n", TILE);
        return 2;
    }
    size_t nn = (size_t)n * n;
    std::vector<float> ha(nn), hb(nn), hc(nn);
    for (size_t i = 0; i < nn; i++) {
        ha[i] = (float)((i * 7) % 17) * 0.25f - 2.0f;
        hb[i] = (float)((i * 5) % 13) * 0.5f - 3.0f;
    }
    float *a, *b, *c;
    check(cudaMalloc(&a, nn * sizeof(float)), "cudaMalloc a");
    check(cudaMalloc(&b, nn * sizeof(float)), "cudaMalloc b");
    check(cudaMalloc(&c, nn * sizeof(float)), "cudaMalloc c");
    check(cudaMemcpy(a, ha.data(), nn * sizeof(float), cudaMemcpyHostToDevice), "copy a");
    check(cudaMemcpy(b, hb.data(), nn * sizeof(float), cudaMemcpyHostToDevice), "copy b");
    dim3 block(TILE, TILE), grid(n / TILE, n / TILE);
    matmul<<<grid, block>>>(a, b, c, n); // warm-up: first touch of c's pages
    check(cudaDeviceSynchronize(), "warm-up");
    std::vector<double> ms(reps);
    for (int r = 0; r < reps; r++) {
        auto t0 = std::chrono::steady_clock::now();
        matmul<<<grid, block>>>(a, b, c, n);
        cudaDeviceSynchronize();
        auto t1 = std::chrono::steady_clock::now();
        ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
    }
    check(cudaGetLastError(), "launch");
    check(cudaMemcpy(hc.data(), c, nn * sizeof(float), cudaMemcpyDeviceToHost), "copy c");
    // a sample of entries (the corners and a spread of others) against a double product
    for (int s = 0; s < 64; s++) {
        int i = s < 2 ? s * (n - 1) : (int)((s * 2654435761u) % n);
        int j = s < 2 ? s * (n - 1) : (int)((s * 40503u + 17) % n);
        double want = 0, mag = 0;
        for (int k = 0; k < n; k++) {
            want += (double)ha[(size_t)i * n + k] * hb[(size_t)k * n + j];
            mag += fabs((double)ha[(size_t)i * n + k] * hb[(size_t)k * n + j]);
        }
        double got = hc[(size_t)i * n + j];
        if (fabs(got - want) > 1e-5 * mag + 1e-6) {
            fprintf(stderr, "C[%d][%d] = %.6f, want %.6f\n", i, j, got, want);
            return 1;
        }
    }
    std::sort(ms.begin(), ms.end());
    printf("matmul cu2c n=%d tile=%d reps=%d median_ms=%.4f\n", n, TILE, reps, ms[reps / 2]);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    return 0;
}
