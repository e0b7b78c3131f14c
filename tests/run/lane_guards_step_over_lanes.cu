// An if whose condition holds for one lane in M at most, last in its thread loop after pure
// declarations only (`threadIdx.x % 32 == c`; `(t & 15) == c` with t = threadIdx.x; a local
// `lane = threadIdx.x % 32`; a tile's `thread_rank() == c`), runs that loop over x from the
// first such thread by steps of M, its test kept. A tile's rank counts along the linear
// thread index: x steps so only in a one-dimensional block or one of rows of a multiple of
// M threads (64 x 2), by 1 elsewhere (20 x 5). The lane from a parameter, out of range (40, -1:
// no thread), threads that returned early, blocks of 100 threads, a guard on the global
// index beside it, a guard a macro writes; each compared with a host model.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

#define SLOT(j) out[4 * (blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x) + (j)]

__global__ void mod32(int *out, int c, int n) {
    __shared__ int gone[1024];
    int lin = threadIdx.y * blockDim.x + threadIdx.x;
    gone[lin] = lin >= n;
    if (lin >= n)
        return;
    __syncthreads();
    if (threadIdx.x % 32 == c)
        SLOT(0) = 1 + gone[lin];
}

__global__ void and15(int *out, int c, int n) {
    int lin = threadIdx.y * blockDim.x + threadIdx.x;
    if (lin >= n)
        return;
    __syncthreads();
    int t = threadIdx.x;
    int third = lin % 3;
    if ((t & 15) == c && third != 1)
        SLOT(1) = 2;
}

__global__ void tile_rank(int *out, int c, int n) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    int lin = threadIdx.y * blockDim.x + threadIdx.x;
    if (lin >= n)
        return;
    block.sync();
    if (tile.thread_rank() == c)
        SLOT(2) = 3;
}

__global__ void lane_local(int *out, int c, int n) {
    int lane = threadIdx.x % 32;
    int lin = threadIdx.y * blockDim.x + threadIdx.x;
    if (lin >= n)
        return;
    __syncthreads();
    if (c + 1 == lane)
        SLOT(3) = 4;
}

// with a guard on the global index too: its fast copy narrows x to the threads below the
// bound, and steps from the first lane c within that range
__global__ void global_and_lane(int *out, int n, int c) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && threadIdx.x % 32 == c)
        out[i] = i + 1;
}

// a lane guard a macro writes: its lane as the parser saw it
#define IS_LANE(l) (threadIdx.x % 32 == (l))
__global__ void macro_lane(int *out, int c) {
    out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
    __syncthreads();
    if (IS_LANE(c + 2))
        out[blockIdx.x * blockDim.x + threadIdx.x] = 5;
}

int main() {
    struct { dim3 block; int c, n; } cases[] = {
        {dim3(256), 0, 256}, {dim3(100), 3, 100}, {dim3(100), 15, 90}, {dim3(100), 40, 100},
        {dim3(100), -1, 100}, {dim3(64, 2), 5, 128}, {dim3(20, 5), 7, 100}, {dim3(20, 5), 2, 61},
    };
    const int blocks = 3, most = 4 * 256 * blocks;
    static int r[most];
    int *d, bad = 0;
    cudaMalloc(&d, sizeof r);
    for (const auto &k : cases) {
        int bs = k.block.x * k.block.y;
        cudaMemset(d, 0, sizeof r);
        mod32<<<blocks, k.block>>>(d, k.c, k.n);
        and15<<<blocks, k.block>>>(d, k.c, k.n);
        tile_rank<<<blocks, k.block>>>(d, k.c, k.n);
        lane_local<<<blocks, k.block>>>(d, k.c, k.n);
        if (cudaDeviceSynchronize() != cudaSuccess) {
            printf("launch failed\n");
            return 1;
        }
        cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
        for (int b = 0; b < blocks; b++)
            for (int lin = 0; lin < bs; lin++) {
                int x = lin % k.block.x, in = lin < k.n;
                int want[4] = {in && x % 32 == k.c, 2 * (in && (x & 15) == k.c && lin % 3 != 1),
                               3 * (in && (lin & 15) == k.c), 4 * (in && k.c + 1 == x % 32)};
                for (int j = 0; j < 4; j++)
                    if (r[4 * (b * bs + lin) + j] != want[j] && bad++ < 10)
                        printf("block %ux%u c %d n %d: block %d thread %d guard %d: %d, want %d\n", k.block.x,
                               k.block.y, k.c, k.n, b, lin, j, r[4 * (b * bs + lin) + j], want[j]);
            }
    }
    const int N = 1000;
    for (int c = -1; c < 34; c += 5) {
        cudaMemset(d, 0, N * sizeof(int));
        global_and_lane<<<N / 100 - 1, 100>>>(d, N - 137, c);
        cudaMemcpy(r, d, N * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < N; i++) {
            int want = i < N - 137 && i % 100 % 32 == c ? i + 1 : 0;
            if (r[i] != want && bad++ < 10)
                printf("global_and_lane c %d: element %d: %d, want %d\n", c, i, r[i], want);
        }
    }
    for (int c = -3; c < 34; c += 4) {
        macro_lane<<<N / 100, 100>>>(d, c);
        cudaMemcpy(r, d, N * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < N; i++) {
            int want = i % 100 % 32 == c + 2 ? 5 : 0;
            if (r[i] != want && bad++ < 10)
                printf("macro_lane c %d: element %d: %d, want %d\n", c, i, r[i], want);
        }
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
