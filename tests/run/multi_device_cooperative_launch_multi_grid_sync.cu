// CUDA 12's multi-device cooperative launch (cudaLaunchCooperativeKernelMultiDevice,
// deprecated there and gone from CUDA 13, so this file is CUDA 12 code): one grid per device
// (CU2C_DEVICES=2 and 3), all their blocks at once; multi_grid_group::sync() waits for every
// block of every grid (each phase's counter, summed by all blocks of all grids, is complete
// after the sync), grid_group::sync() still only for the grid's own; the group's ranks
// (grid_rank, num_grids, thread_rank covering every thread once); work queued after the
// launch on one stream waits for every grid; and CUDA's errors (a device twice, a default
// stream, grids of other shapes, bad flags, more launches than devices).
// RUN: %cu2cc %s -o %t && env CU2C_DEVICES=2 timeout 60 %t && env CU2C_DEVICES=3 timeout 60 %t
// RUN: env CU2C_DEVICES=2 CU2C_ENGINE=fibers timeout 60 %t
#include <cooperative_groups.h>
#include <cstdio>
#include <cstring>
#include <vector>
namespace cg = cooperative_groups;

#define BLOCKS 4
#define THREADS 64
#define PHASES 5

struct Shared {
    int counter[PHASES];      // every block of every grid adds 1 per phase
    int grid_counter[8][PHASES];
    int seen[8][BLOCKS][PHASES];
    int grid_seen[8][BLOCKS][PHASES];
    int rank_hits[8 * BLOCKS * THREADS];
    int info[8][3];           // num_grids, grid_rank, size / num_grids
    int last_word[8];
};

__global__ void phases(Shared *s)
{
    cg::multi_grid_group mg = cg::this_multi_grid();
    cg::grid_group g = cg::this_grid();
    unsigned r = mg.grid_rank();
    for (int p = 0; p < PHASES; p++) {
        if (threadIdx.x == 0) {
            atomicAdd(&s->counter[p], 1);
            atomicAdd(&s->grid_counter[r][p], 1);
        }
        g.sync();
        if (threadIdx.x == 0)
            s->grid_seen[r][blockIdx.x][p] = atomicAdd(&s->grid_counter[r][p], 0);
        mg.sync();
        if (threadIdx.x == 0)
            s->seen[r][blockIdx.x][p] = atomicAdd(&s->counter[p], 0);
    }
    atomicAdd(&s->rank_hits[mg.thread_rank()], 1);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        s->info[r][0] = mg.num_grids();
        s->info[r][1] = (int)r;
        s->info[r][2] = (int)(mg.size() / mg.num_grids());
        s->last_word[r] = 1000 + (int)r;
    }
}

__global__ void read_last(const Shared *s, int n, int *sum)
{
    int t = 0;
    for (int i = 0; i < n; i++)
        t += s->last_word[i];
    *sum = t;
}

__global__ void plain(int *x) { *x = 1; }

static int failures;
#define CHECK(c)                                                         \
    do {                                                                 \
        if (!(c)) {                                                      \
            std::printf("FAILED line %d: %s\n", __LINE__, #c);           \
            failures++;                                                  \
        }                                                                \
    } while (0)

int main()
{
    int n = 0, attr = 0;
    cudaGetDeviceCount(&n);
    CHECK(n >= 2);
    CHECK(cudaDeviceGetAttribute(&attr, cudaDevAttrCooperativeMultiDeviceLaunch, 0) == cudaSuccess && attr == 1);
    Shared *s = nullptr;
    CHECK(cudaMallocManaged(&s, sizeof(Shared)) == cudaSuccess);
    std::memset(s, 0, sizeof(Shared));
    std::vector<cudaStream_t> st(n);
    std::vector<cudaLaunchParams> l(n);
    void *args[] = {&s};
    for (int d = 0; d < n; d++) {
        cudaSetDevice(d);
        CHECK(cudaStreamCreate(&st[d]) == cudaSuccess);
        l[d].func = (void *)phases;
        l[d].gridDim = dim3(BLOCKS);
        l[d].blockDim = dim3(THREADS);
        l[d].args = args;
        l[d].sharedMem = 0;
        l[d].stream = st[d];
    }
    cudaSetDevice(0);
    CHECK(cudaLaunchCooperativeKernelMultiDevice(l.data(), n) == cudaSuccess);
    int *sum = nullptr;
    CHECK(cudaMallocManaged(&sum, sizeof(int)) == cudaSuccess);
    *sum = 0;
    read_last<<<1, 1, 0, st[0]>>>(s, n, sum);   // after every grid (post-launch sync)
    CHECK(cudaStreamSynchronize(st[0]) == cudaSuccess);
    int want = 0;
    for (int d = 0; d < n; d++)
        want += 1000 + d;
    CHECK(*sum == want);
    for (int d = 0; d < n; d++) {
        cudaSetDevice(d);
        CHECK(cudaDeviceSynchronize() == cudaSuccess);
    }
    int bad = 0;
    for (int r = 0; r < n; r++)
        for (int b = 0; b < BLOCKS; b++)
            for (int p = 0; p < PHASES; p++) {
                bad += s->seen[r][b][p] != n * BLOCKS;        // every grid's blocks were there
                bad += s->grid_seen[r][b][p] != BLOCKS;       // the grid's own, at grid.sync()
            }
    CHECK(bad == 0);
    for (int i = 0; i < n * BLOCKS * THREADS; i++)
        bad += s->rank_hits[i] != 1;
    CHECK(bad == 0);
    for (int r = 0; r < n; r++)
        CHECK(s->info[r][0] == n && s->info[r][1] == r && s->info[r][2] == BLOCKS * THREADS);

    // errors
    std::vector<cudaLaunchParams> e = l;
    e[1].stream = st[0];
    CHECK(cudaLaunchCooperativeKernelMultiDevice(e.data(), n, 0) == cudaErrorInvalidDevice);
    e = l;
    e[1].stream = 0;
    CHECK(cudaLaunchCooperativeKernelMultiDevice(e.data(), n, 0) == cudaErrorInvalidResourceHandle);
    e = l;
    e[1].gridDim = dim3(BLOCKS + 1);
    CHECK(cudaLaunchCooperativeKernelMultiDevice(e.data(), n, 0) == cudaErrorInvalidValue);
    e = l;
    e[1].func = (void *)plain;
    CHECK(cudaLaunchCooperativeKernelMultiDevice(e.data(), n, 0) == cudaErrorInvalidValue);
    CHECK(cudaLaunchCooperativeKernelMultiDevice(l.data(), n, 4) == cudaErrorInvalidValue);
    CHECK(cudaLaunchCooperativeKernelMultiDevice(l.data(), 0, 0) == cudaErrorInvalidValue);
    CHECK(cudaLaunchCooperativeKernelMultiDevice(nullptr, 1, 0) == cudaErrorInvalidValue);
    e.resize(n + 1, l[0]);
    CHECK(cudaLaunchCooperativeKernelMultiDevice(e.data(), n + 1, 0) == cudaErrorInvalidDevice);
    cudaGetLastError();

    // again, without the syncs around it: the grids still meet at multi_grid_group::sync()
    std::memset(s, 0, sizeof(Shared));
    CHECK(cudaLaunchCooperativeKernelMultiDevice(l.data(), n, cudaCooperativeLaunchMultiDeviceNoPreSync |
                                                                cudaCooperativeLaunchMultiDeviceNoPostSync) == cudaSuccess);
    for (int d = 0; d < n; d++)
        CHECK(cudaStreamSynchronize(st[d]) == cudaSuccess);
    for (int r = 0; r < n; r++)
        for (int b = 0; b < BLOCKS; b++)
            for (int p = 0; p < PHASES; p++)
                bad += s->seen[r][b][p] != n * BLOCKS;
    CHECK(bad == 0);
    if (failures)
        return 1;
    std::printf("PASSED %d grids\n", n);
    return 0;
}
