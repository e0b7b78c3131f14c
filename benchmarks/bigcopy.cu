// Fresh large buffers, as a CUDA program's first and last steps use them: cudaMalloc N MiB,
// cudaMemcpy a host array into it, a trivial kernel over it (a[i] = 3 a[i] + 1), cudaMemcpy
// the result into a freshly malloc'd host array, free both. Every page the program touches
// after the host array's set-up is new to it, so first-touch page faults are part of the
// time, as they are of what a user waits for. The OpenMP twin is bigcopy_omp.c. Prints the
// median over REPS rounds of the whole round and of its phases (ms).
// Usage: bigcopy [MiB] [reps]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

__global__ void step(int *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = 3 * a[i] + 1;
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

typedef std::chrono::steady_clock clk;

static double ms(clk::time_point a, clk::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main(int argc, char **argv) {
    size_t mib = argc > 1 ? strtoul(argv[1], 0, 10) : 256;
    int reps = argc > 2 ? atoi(argv[2]) : 3;
    const int n = (int)(mib << 20 >> 2), block = 256;
    const size_t bytes = (size_t)n * sizeof(int);
    int *src = (int *)malloc(bytes);
    for (int i = 0; i < n; i++)
        src[i] = i ^ 0x5a5a;
    std::vector<double> total, h2d, kern, d2h, rel;
    for (int r = 0; r < reps; r++) {
        auto t0 = clk::now();
        int *d;
        check(cudaMalloc(&d, bytes), "cudaMalloc");
        check(cudaMemcpy(d, src, bytes, cudaMemcpyHostToDevice), "copy in");
        auto t1 = clk::now();
        step<<<(n + block - 1) / block, block>>>(d, n);
        check(cudaDeviceSynchronize(), "kernel");
        auto t2 = clk::now();
        int *out = (int *)malloc(bytes);
        check(cudaMemcpy(out, d, bytes, cudaMemcpyDeviceToHost), "copy out");
        auto t3 = clk::now();
        for (int i = 0; i < n; i += 4093)
            if (out[i] != 3 * src[i] + 1) {
                fprintf(stderr, "out[%d] = %d, want %d\n", i, out[i], 3 * src[i] + 1);
                return 1;
            }
        auto t4 = clk::now();
        check(cudaFree(d), "cudaFree");
        free(out);
        auto t5 = clk::now();
        h2d.push_back(ms(t0, t1));
        kern.push_back(ms(t1, t2));
        d2h.push_back(ms(t2, t3));
        rel.push_back(ms(t4, t5));
        total.push_back(ms(t0, t3) + ms(t4, t5));
    }
    printf("bigcopy cu2c mib=%zu reps=%d median_ms=%.2f alloc+in=%.2f kernel=%.2f out=%.2f "
           "free=%.2f\n", mib, reps, median(total), median(h2d), median(kern), median(d2h),
           median(rel));
    free(src);
    return 0;
}
