// A dynamic-programming sweep as Rodinia's pathfinder writes it: a wall of COLS x ROWS ints,
// each row's cell adding the least of its three upper neighbours, PYRAMID rows per launch in
// 256-thread blocks that overlap by PYRAMID cells on each side. Each thread keeps its window
// test in a local (`bool isValid = IN_RANGE(tx, validXmin, validXmax)`) and its neighbours'
// indices clamped into the window (`W = (W < validXmin) ? validXmin : W`), both read after
// barriers. Checked against a plain host sweep. Prints the median ms per sweep.
// Usage: pathfinder [reps]. The OpenMP twin is pathfinder_omp.c.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define COLS 65536
#define ROWS 1001
#define PYRAMID 20
#define BLOCK 256
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__global__ void sweep(int iteration, const int *wall, const int *src, int *dst, int cols, int start, int border) {
    __shared__ int prev[BLOCK];
    __shared__ int result[BLOCK];
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int small = BLOCK - iteration * 2;
    int blkX = small * bx - border;
    int blkXmax = blkX + BLOCK - 1;
    int xidx = blkX + tx;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > cols - 1) ? BLOCK - 1 - (blkXmax - cols + 1) : BLOCK - 1;
    int W = tx - 1;
    int E = tx + 1;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;
    bool isValid = IN_RANGE(tx, validXmin, validXmax);
    if (IN_RANGE(xidx, 0, cols - 1))
        prev[tx] = src[xidx];
    __syncthreads();
    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK - i - 2) && isValid) {
            computed = true;
            int shortest = MIN(prev[W], prev[tx]);
            shortest = MIN(shortest, prev[E]);
            result[tx] = shortest + wall[cols * (start + i) + xidx];
        }
        __syncthreads();
        if (i == iteration - 1)
            break;
        if (computed)
            prev[tx] = result[tx];
        __syncthreads();
    }
    if (computed)
        dst[xidx] = result[tx];
}

static void check(cudaError_t err, const char *what) {
    if (err != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
        exit(1);
    }
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    std::vector<int> data((size_t)ROWS * COLS), want(COLS), got(COLS), next(COLS);
    srand(9);
    for (size_t i = 0; i < data.size(); i++)
        data[i] = rand() % 10;
    for (int j = 0; j < COLS; j++)
        want[j] = data[j];
    for (int t = 1; t < ROWS; t++) {
        for (int n = 0; n < COLS; n++) {
            int m = want[n];
            if (n > 0) m = MIN(m, want[n - 1]);
            if (n < COLS - 1) m = MIN(m, want[n + 1]);
            next[n] = data[(size_t)t * COLS + n] + m;
        }
        std::swap(want, next);
    }
    int *d_wall, *d_res[2];
    check(cudaMalloc(&d_wall, sizeof(int) * (size_t)(ROWS - 1) * COLS), "cudaMalloc wall");
    check(cudaMalloc(&d_res[0], sizeof(int) * COLS), "cudaMalloc result");
    check(cudaMalloc(&d_res[1], sizeof(int) * COLS), "cudaMalloc result");
    check(cudaMemcpy(d_wall, data.data() + COLS, sizeof(int) * (size_t)(ROWS - 1) * COLS, cudaMemcpyHostToDevice),
          "copy wall");
    int small = BLOCK - PYRAMID * 2, blocks = COLS / small + (COLS % small ? 1 : 0);
    std::vector<double> ms(reps);
    int last = 0;
    for (int r = 0; r < reps; r++) {
        check(cudaMemcpy(d_res[0], data.data(), sizeof(int) * COLS, cudaMemcpyHostToDevice), "copy row 0");
        int src = 1, dst = 0;
        auto t0 = std::chrono::steady_clock::now();
        for (int t = 0; t < ROWS - 1; t += PYRAMID) {
            std::swap(src, dst);
            sweep<<<blocks, BLOCK>>>(MIN(PYRAMID, ROWS - t - 1), d_wall, d_res[src], d_res[dst], COLS, t, PYRAMID);
            cudaDeviceSynchronize();
        }
        auto t1 = std::chrono::steady_clock::now();
        ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
        last = dst;
    }
    check(cudaMemcpy(got.data(), d_res[last], sizeof(int) * COLS, cudaMemcpyDeviceToHost), "copy back");
    for (int j = 0; j < COLS; j++)
        if (got[j] != want[j]) {
            fprintf(stderr, "pathfinder: column %d is %d, want %d\n", j, got[j], want[j]);
            return 1;
        }
    std::sort(ms.begin(), ms.end());
    printf("pathfinder cu2c cols=%d rows=%d pyramid=%d reps=%d median_ms=%.4f\n", COLS, ROWS, PYRAMID, reps,
           ms[reps / 2]);
    return 0;
}
