// Guards written through macros (`IN_RANGE(tx, lo, hi)` as stencil codes write them) bound
// the thread loops like guards written out: their bounds are rebuilt from the parse, the
// condition kept or, when every term narrows the loops, replaced. A guarded if after other
// statements gets a thread loop of its own so that it can narrow. The results must be
// CUDA's: a pyramid stencil like hotspot's (a flag cleared before the guarded if, both
// coordinates guarded, bounds changing each trip), a macro adding two of its arguments, an
// unsigned constant, a guard on the global index (B + threadIdx.x), a condition with a term
// that is no guard. Several block shapes, 1 and 2 workers.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define AT_LEAST_SUM(x, a, b) ((x) >= (a) + (b))
#define TILE 16

__global__ void pyramid(const float *in, float *out, int n, int steps, int lo_x, int hi_y) {
    __shared__ float t[TILE][TILE], u[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
    t[ty][tx] = x < n && y < n ? in[y * n + x] : 0.0f;
    __syncthreads();
    bool done = false;
    for (int i = 0; i < steps; i++) {
        done = false;
        if (IN_RANGE(tx, i + 1, TILE - i - 2) && IN_RANGE(ty, i + 1, TILE - i - 2) &&
            IN_RANGE(tx, lo_x, TILE - 1) && IN_RANGE(ty, 0, hi_y)) {
            done = true;
            u[ty][tx] = t[ty][tx] + 0.25f * (t[ty - 1][tx] + t[ty + 1][tx] + t[ty][tx - 1] + t[ty][tx + 1]);
        }
        __syncthreads();
        if (done)
            t[ty][tx] = u[ty][tx];
        __syncthreads();
    }
    if (x < n && y < n)
        out[y * n + x] = done ? t[ty][tx] : -1.0f;
}

__global__ void sums_and_constants(float *out, int a, int b) {
    int tx = threadIdx.x;
    out[tx] = 0;
    if (AT_LEAST_SUM(tx, a, b) && tx < 40u)
        out[tx] = tx;
}

__global__ void global_index(float *out, int n, const int *keep) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = i * 2;
    if (IN_RANGE(i, 3, n - 5))
        out[i] = j;
    if (IN_RANGE(i, 0, n - 1) && keep[i])
        out[i] += 0.5f;
}

static int failures = 0;

static void compare(const char *what, const float *got, const float *want, int n) {
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("%s: [%d] = %g, want %g\n", what, i, got[i], want[i]);
            failures++;
            return;
        }
}

static void pyramid_host(const float *in, float *out, int n, int steps, int lo_x, int hi_y) {
    for (int by = 0; by * TILE < n; by++)
        for (int bx = 0; bx * TILE < n; bx++) {
            float t[TILE][TILE], u[TILE][TILE];
            bool done[TILE][TILE] = {};
            for (int ty = 0; ty < TILE; ty++)
                for (int tx = 0; tx < TILE; tx++) {
                    int x = bx * TILE + tx, y = by * TILE + ty;
                    t[ty][tx] = x < n && y < n ? in[y * n + x] : 0.0f;
                }
            for (int i = 0; i < steps; i++) {
                for (int ty = 0; ty < TILE; ty++)
                    for (int tx = 0; tx < TILE; tx++) {
                        done[ty][tx] = IN_RANGE(tx, i + 1, TILE - i - 2) && IN_RANGE(ty, i + 1, TILE - i - 2) &&
                                       IN_RANGE(tx, lo_x, TILE - 1) && IN_RANGE(ty, 0, hi_y);
                        if (done[ty][tx])
                            u[ty][tx] = t[ty][tx] + 0.25f * (t[ty - 1][tx] + t[ty + 1][tx] + t[ty][tx - 1] +
                                                             t[ty][tx + 1]);
                    }
                for (int ty = 0; ty < TILE; ty++)
                    for (int tx = 0; tx < TILE; tx++)
                        if (done[ty][tx])
                            t[ty][tx] = u[ty][tx];
            }
            for (int ty = 0; ty < TILE; ty++)
                for (int tx = 0; tx < TILE; tx++) {
                    int x = bx * TILE + tx, y = by * TILE + ty;
                    if (x < n && y < n)
                        out[y * n + x] = done[ty][tx] ? t[ty][tx] : -1.0f;
                }
        }
}

int main() {
    const int n = 70;
    float *in, *out;
    int *keep;
    cudaMallocManaged(&in, sizeof(float) * n * n);
    cudaMallocManaged(&out, sizeof(float) * n * n);
    cudaMallocManaged(&keep, sizeof(int) * n * n);
    static float want[n * n];
    for (int i = 0; i < n * n; i++) {
        in[i] = (float)((i * 13) % 17) * 0.125f;
        keep[i] = i % 3 == 1;
    }
    const int steps[] = {1, 2, 3, 3};
    const int lo_xs[] = {0, 2, 5, 1}, hi_ys[] = {15, 9, 13, 4};
    for (int r = 0; r < 4; r++) {
        dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE), block(TILE, TILE);
        pyramid<<<grid, block>>>(in, out, n, steps[r], lo_xs[r], hi_ys[r]);
        cudaDeviceSynchronize();
        pyramid_host(in, want, n, steps[r], lo_xs[r], hi_ys[r]);
        compare("pyramid", out, want, n * n);
    }
    const int as[] = {0, 3, -5, 30}, bs[] = {0, 4, 2, 20};
    for (int r = 0; r < 4; r++) {
        sums_and_constants<<<1, 64>>>(out, as[r], bs[r]);
        cudaDeviceSynchronize();
        for (int t = 0; t < 64; t++)
            want[t] = t >= as[r] + bs[r] && t < 40 ? t : 0;
        compare("sums_and_constants", out, want, 64);
    }
    const int blocks[] = {32, 100, 256};
    for (int r = 0; r < 3; r++) {
        int m = 1000;
        for (int i = 0; i < m; i++)
            out[i] = -3;
        global_index<<<(m + blocks[r] - 1) / blocks[r], blocks[r]>>>(out, m, keep);
        cudaDeviceSynchronize();
        for (int i = 0; i < m; i++)
            want[i] = (IN_RANGE(i, 3, m - 5) ? 2 * i : -3) + (keep[i] ? 0.5f : 0);
        compare("global_index", out, want, m);
    }
    if (cudaGetLastError() != cudaSuccess)
        failures++;
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
