// grid_group under cudaLaunchCooperativeKernel: a grid-stride write, grid.sync(), then every
// thread reads what other blocks wrote, twice over (cg::sync(grid) too); thread_rank, size,
// block_rank, num_blocks, is_valid; blocks that finish early do not hold the others; the grid
// limit (occupancy times multiprocessors, else cudaErrorCooperativeLaunchTooLarge); and
// grid.sync() in a kernel launched with <<<>>> ends it with cudaErrorLaunchFailure, saying why.
// The kernel is declared extern "C", as in the samples.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t 2>%t.err && FileCheck %s < %t.err
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t 2>%t.err && FileCheck %s < %t.err
// CHECK: cu2c: error: grid_group::sync() in a kernel not launched with cudaLaunchCooperativeKernel
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define T 96

extern "C" __global__ void phases(int *a, int *b, int *info, int n) {
    cg::grid_group grid = cg::this_grid();
    unsigned long long r = grid.thread_rank();
    for (unsigned long long i = r; i < n; i += grid.size())
        a[i] = (int)i * 3 + 1;
    grid.sync();
    for (unsigned long long i = r; i < n; i += grid.size())
        b[i] = a[n - 1 - i] + a[(i * 7) % n];
    cg::sync(grid);
    for (unsigned long long i = r; i < n; i += grid.size())
        a[i] = b[(i + 1) % n];
    if (threadIdx.x == 0)
        info[grid.block_rank()] = (int)(grid.num_blocks() * 10 + grid.is_valid());
}

// Odd blocks finish before the barrier; even ones then read what their neighbours wrote.
__global__ void early_exit(int *a) {
    cg::grid_group grid = cg::this_grid();
    a[blockIdx.x * T + threadIdx.x] = (int)blockIdx.x;
    if (blockIdx.x % 2)
        return;
    grid.sync();
    a[blockIdx.x * T + threadIdx.x] += a[(blockIdx.x + 1) % gridDim.x * T + threadIdx.x] * 100;
}

static int bad = 0;
#define EXPECT(cond, ...) do { if (!(cond) && bad++ < 10) printf(__VA_ARGS__); } while (0)

int main() {
    int dev = 0, per_sm = 0, coop = 0;
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, dev);
    cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
    EXPECT(coop == 1, "cooperative launch attribute %d\n", coop);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, phases, T, 0);
    int blocks = per_sm * p.multiProcessorCount;
    EXPECT(blocks > 1, "only %d blocks fit\n", blocks);
    int n = 10007, *a, *b, *info;
    cudaMallocManaged(&a, n * sizeof(int));
    cudaMallocManaged(&b, n * sizeof(int));
    cudaMallocManaged(&info, blocks * sizeof(int));
    void *args[] = {&a, &b, &info, &n};
    EXPECT(cudaLaunchCooperativeKernel((void *)phases, blocks, T, args) == cudaSuccess, "launch failed\n");
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "phases failed\n");
    for (int i = 0; i < n; i++) {
        int j = (i + 1) % n;
        int want = ((n - 1 - j) * 3 + 1) + ((int)((long long)j * 7 % n) * 3 + 1);
        EXPECT(a[i] == want, "a[%d] = %d, want %d\n", i, a[i], want);
    }
    for (int k = 0; k < blocks; k++)
        EXPECT(info[k] == blocks * 10 + 1, "block %d info %d\n", k, info[k]);

    int *e;
    cudaMallocManaged(&e, 6 * T * sizeof(int));
    void *eargs[] = {&e};
    EXPECT(cudaLaunchCooperativeKernel((void *)early_exit, 6, T, eargs) == cudaSuccess, "launch failed\n");
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "early_exit failed\n");
    for (int k = 0; k < 6; k++)
        for (int t = 0; t < T; t++) {
            int want = k % 2 ? k : k + (k + 1) * 100;
            EXPECT(e[k * T + t] == want, "e[%d][%d] = %d, want %d\n", k, t, e[k * T + t], want);
        }

    EXPECT(cudaLaunchCooperativeKernel((void *)phases, blocks + 1, T, args) == cudaErrorCooperativeLaunchTooLarge,
           "a grid larger than the device holds was launched\n");
    EXPECT(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge, "last error\n");

    phases<<<2, T>>>(a, b, info, n);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure, "grid.sync() without a cooperative launch ran\n");
    printf("%s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
