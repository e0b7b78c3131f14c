// Grid-stride loops `for (int i = E + threadIdx.x; i < B; i += S)` (E, B and S the same for
// the whole block) run trip by trip over the threads: each trip's thread loop covers
// consecutive elements, the threads past the bound left out. Results compared with host
// loops: sums carried across trips in a local, bounds that are not multiples of the stride,
// blocks whose threads have no trip at all, a `<=` bound on a counter started from a local
// holding threadIdx.x, in 2-D blocks (threads with the same x run the same elements). The loops not run trip by trip give the same
// results: a `<=` bound with an unsigned counter started from a local holding threadIdx.x, a
// size_t counter in 2-D blocks, a loop whose bound the body changes.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: %cu2c --engine=loops %s -o - | FileCheck %s
// CHECK: for (long long __cu2c_k = 0; ; __cu2c_k++) { const __typeof__(int) __cu2c_g0 = (__typeof__(int))((blockIdx.x * blockDim.x + 0u) + (__typeof__(int))__cu2c_k * (gridDim.x * blockDim.x)); if (!(__cu2c_g0 < (n))) break;
// CHECK: const __typeof__(int) __cu2c_g0 = (__typeof__(int))((blockIdx.x * blockDim.x + 0) + (__typeof__(int))__cu2c_k * (blockDim.x * gridDim.x)); if (!(__cu2c_g0 <= (last))) break;
#include <cstdio>
#include <cstdlib>

__global__ void sums(const float *a, float *part, int n) {
    float s = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        s += a[i];
    part[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

__global__ void scale_le(float *a, unsigned last, float k) {
    int tid = threadIdx.x;
    for (unsigned i = blockIdx.x * blockDim.x + tid; i <= last; i += blockDim.x * gridDim.x)
        a[i] *= k;
}

__global__ void add_le(int *a, int last) {
    int tid = threadIdx.x;
    for (int i = blockIdx.x * blockDim.x + tid; i <= last; i += blockDim.x * gridDim.x)
        atomicAdd(&a[i], 1 + (int)threadIdx.y);
}

__global__ void wide(long long *out, size_t n) {
    for (size_t i = threadIdx.x + (size_t)blockIdx.x * blockDim.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        out[i] += (long long)i * (threadIdx.y + 1);
}

__global__ void moving_bound(int *out, int n) {
    int limit = n;
    for (int i = threadIdx.x; i < limit; i += blockDim.x) {
        out[i] = i;
        limit -= 1;
    }
}

static int failures;
static void expect(bool ok, const char *what) {
    if (!ok) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

int main() {
    const int n = 100003, grid = 13, block = 96;
    float *a = (float *)malloc(n * sizeof(float)), *part = (float *)malloc(grid * block * sizeof(float));
    for (int i = 0; i < n; i++)
        a[i] = (float)(i % 17);
    float *d_a, *d_part;
    cudaMalloc(&d_a, n * sizeof(float));
    cudaMalloc(&d_part, 200 * 1024 * sizeof(float));
    cudaMemcpy(d_a, a, n * sizeof(float), cudaMemcpyHostToDevice);
    sums<<<grid, block>>>(d_a, d_part, n);
    cudaMemcpy(part, d_part, grid * block * sizeof(float), cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int t = 0; t < grid * block; t++) {
        float s = 0.0f;
        for (int i = t; i < n; i += grid * block)
            s += a[i];
        ok &= part[t] == s;
    }
    expect(ok, "sums carried across trips");
    sums<<<200, 1024>>>(d_a, d_part, 1000);     /* most blocks have no trip */
    float *big = (float *)malloc(200 * 1024 * sizeof(float));
    cudaMemcpy(big, d_part, 200 * 1024 * sizeof(float), cudaMemcpyDeviceToHost);
    ok = true;
    for (int t = 0; t < 200 * 1024; t++)
        ok &= big[t] == (t < 1000 ? a[t] : 0.0f);
    expect(ok, "sums with idle blocks");

    scale_le<<<5, 64>>>(d_a, 1000u, 2.0f);
    cudaMemcpy(a, d_a, n * sizeof(float), cudaMemcpyDeviceToHost);
    ok = true;
    for (int i = 0; i < n; i++)
        ok &= a[i] == (float)(i % 17) * (i <= 1000 ? 2.0f : 1.0f);
    expect(ok, "<= bound, unsigned counter from a local holding threadIdx.x");

    int *d_c, c[3000];
    cudaMalloc(&d_c, sizeof c);
    cudaMemset(d_c, 0, sizeof c);
    add_le<<<7, dim3(40, 2)>>>(d_c, 2500);
    cudaMemcpy(c, d_c, sizeof c, cudaMemcpyDeviceToHost);
    ok = true;
    for (int i = 0; i < 3000; i++)
        ok &= c[i] == (i <= 2500 ? 3 : 0);
    expect(ok, "<= bound, int counter from a local holding threadIdx.x, 2-D blocks");

    const size_t m = 5000;
    long long *out = (long long *)calloc(m, sizeof(long long)), *d_out;
    cudaMalloc(&d_out, m * sizeof(long long));
    cudaMemset(d_out, 0, m * sizeof(long long));
    wide<<<3, dim3(32, 3)>>>(d_out, m);
    cudaMemcpy(out, d_out, m * sizeof(long long), cudaMemcpyDeviceToHost);
    ok = true;
    for (size_t i = 0; i < m; i++)
        ok &= out[i] == (long long)i * 6;   /* threads y = 0, 1, 2 each add i * (y + 1) */
    expect(ok, "size_t counter, 2-D blocks");

    int *d_mv, mv[64];
    cudaMalloc(&d_mv, sizeof mv);
    cudaMemset(d_mv, 0xff, sizeof mv);
    moving_bound<<<1, 16>>>(d_mv, 64);
    cudaMemcpy(mv, d_mv, sizeof mv, cudaMemcpyDeviceToHost);
    ok = true;
    for (int t = 0; t < 16; t++) {
        int limit = 64;
        for (int i = t; i < limit; i += 16) {
            ok &= mv[i] == i;
            limit -= 1;
        }
    }
    expect(ok, "a bound the body changes");
    printf(failures ? "FAILED\n" : "PASSED\n");
    return failures != 0;
}
