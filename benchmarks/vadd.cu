// Vector add on 2^24 floats: c[i] = a[i] + b[i], 256-thread blocks. The program times REPS
// launches (each followed by cudaDeviceSynchronize) and prints the median milliseconds per
// launch; the OpenMP twin is vadd_omp.c. Usage: vadd [reps]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main(int argc, char **argv) {
    const int n = 1 << 24, block = 256;
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    std::vector<float> ha(n), hb(n), hc(n);
    for (int i = 0; i < n; i++) {
        ha[i] = (float)(i % 1000) * 0.5f;
        hb[i] = (float)(i % 777) - 3.0f;
    }
    float *a, *b, *c;
    check(cudaMalloc(&a, n * sizeof(float)), "cudaMalloc a");
    check(cudaMalloc(&b, n * sizeof(float)), "cudaMalloc b");
    check(cudaMalloc(&c, n * sizeof(float)), "cudaMalloc c");
    check(cudaMemcpy(a, ha.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy a");
    check(cudaMemcpy(b, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy b");
    int grid = (n + block - 1) / block;
    vadd<<<grid, block>>>(a, b, c, n); // warm-up: first touch of c's pages
    check(cudaDeviceSynchronize(), "warm-up");
    std::vector<double> ms(reps);
    for (int r = 0; r < reps; r++) {
        auto t0 = std::chrono::steady_clock::now();
        vadd<<<grid, block>>>(a, b, c, n);
        cudaDeviceSynchronize();
        auto t1 = std::chrono::steady_clock::now();
        ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
    }
    check(cudaGetLastError(), "launch");
    check(cudaMemcpy(hc.data(), c, n * sizeof(float), cudaMemcpyDeviceToHost), "copy c");
    for (int i = 0; i < n; i++)
        if (hc[i] != ha[i] + hb[i]) {
            fprintf(stderr, "c[%d] = %f, want %f\n", i, hc[i], ha[i] + hb[i]);
            return 1;
        }
    std::sort(ms.begin(), ms.end());
    printf("vadd cu2c n=%d reps=%d median_ms=%.4f\n", n, reps, ms[reps / 2]);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    return 0;
}
