// Barriers under conditions cu2c cannot prove uniform but whose threads agree at run time,
// as CUDA requires: a tiled matrix product under `if (row < n && col < n)` with n a multiple
// of the block (OLCF's training hw2), a grid-stride loop with barriers whose trip counts are
// equal in every thread, a loop per warp, a while loop whose bound each thread loads, a
// do-while on a per-thread flag, a device function holding a barrier called under an if;
// and (Volta and later) threads past the data leaving an if or a grid-stride loop holding
// barriers at the kernel's end, where they only exit. Each result is compared with the
// host's; a missing or misplaced barrier changes it.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_THREAD_ORDER=reverse %cu2cc %s -o %t.rev && timeout 60 %t.rev
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 16

__global__ void tiled_matmul(const int *a, const int *b, int *c, int n) {
    __shared__ int as[TILE][TILE], bs[TILE][TILE];
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < n && col < n) {
        int sum = 0;
        for (int t = 0; t < n / TILE; t++) {
            as[threadIdx.y][threadIdx.x] = a[row * n + t * TILE + threadIdx.x];
            bs[threadIdx.y][threadIdx.x] = b[(t * TILE + threadIdx.y) * n + col];
            __syncthreads();
            for (int k = 0; k < TILE; k++)
                sum += as[threadIdx.y][k] * bs[k][threadIdx.x];
            __syncthreads();
        }
        c[row * n + col] = sum;
    }
}

// each trip sums blockDim.x consecutive values into out[trip's first / blockDim.x], with a
// tree in shared memory; the counter starts per thread, its trips agree when n is a multiple
// of the grid's threads
__global__ void grid_stride_block_sums(const int *in, int *out, int n) {
    __shared__ int s[256];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        s[threadIdx.x] = in[i];
        __syncthreads();
        for (int h = blockDim.x / 2; h > 0; h /= 2) {
            if (threadIdx.x < h)
                s[threadIdx.x] += s[threadIdx.x + h];
            __syncthreads();
        }
        if (threadIdx.x == 0)
            out[i / blockDim.x] = s[0];
        __syncthreads();
    }
}

// each warp takes rows w, w + warps, ...: rows a multiple of the warps, equal trips; a row's
// value is its left neighbour's (another warp's) from the trip before
__global__ void rows_per_warp(int *rows_out, int rows) {
    __shared__ int last[32];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
    if (lane == 0)
        last[warp] = warp;
    __syncthreads();
    for (int r = warp; r < rows; r += warps) {
        int left = last[(warp + warps - 1) % warps];
        __syncthreads();
        if (lane == 0)
            last[warp] = left * 3 + r;
        __syncthreads();
        if (lane == 0)
            rows_out[r] = last[warp];
    }
}

// the bound each thread loads is the same in every thread: a shift through shared memory
// that many times, then once more after the loop
__global__ void rotate_loaded_times(int *v, const int *times) {
    __shared__ int s[128];
    int t = threadIdx.x, n = blockDim.x;
    int mine = v[t];
    int left = times[t];
    while (left > 0) {
        s[t] = mine;
        __syncthreads();
        mine = s[(t + 1) % n];
        __syncthreads();
        left--;
    }
    s[t] = mine;    // a barrier after the loop: checked where the loop's barriers are
    __syncthreads();
    v[t] = s[(t + 1) % n];
}

// do-while on a per-thread flag that every thread computes alike from shared memory
__global__ void halve_until_small(int *v) {
    __shared__ int s;
    if (threadIdx.x == 0)
        s = 1000;
    __syncthreads();
    int big;
    do {
        int seen = s;
        __syncthreads();
        if (threadIdx.x == 0)
            s = seen / 2;
        __syncthreads();
        big = s > 10 + (int)(threadIdx.x % 1);
    } while (big);
    v[threadIdx.x] = s;
}

// threads past n skip an if holding barriers at the kernel's end: they only exit, and the
// barrier waits for those still running (Volta and later)
__global__ void neighbours_in_tail(const int *in, int *out, int n) {
    __shared__ int s[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        s[threadIdx.x] = in[i];
        __syncthreads();
        int right = threadIdx.x + 1 < blockDim.x && i + 1 < n ? s[threadIdx.x + 1] : 0;
        out[i] = s[threadIdx.x] + right;
    }
}

// a grid-stride loop with barriers whose trip counts differ, at the kernel's end
__global__ void grid_stride_uneven(const int *in, int *out, int n) {
    __shared__ int s[64];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        s[threadIdx.x] = in[i] * 2;
        __syncthreads();
        out[i] = s[threadIdx.x] + 1;
        __syncthreads();
    }
}

// a device function holding a barrier, called under an if the threads agree on, with a
// barrier after it (checked)
__device__ void rotate_left(int *s, int *v) {
    int t = threadIdx.x;
    s[t] = v[t];
    __syncthreads();
    v[t] = s[(t + 1) % blockDim.x];
}

__global__ void helper_under_if(int *v, int n) {
    __shared__ int s[64];
    int *mine = v + blockIdx.x * blockDim.x;
    if (blockIdx.x * blockDim.x + threadIdx.x < n)
        rotate_left(s, mine);
    __syncthreads();
    mine[threadIdx.x] += s[threadIdx.x];
}

static int failures = 0;
static void expect(const char *what, int i, long long got, long long want) {
    if (got != want && failures++ < 10)
        printf("%s[%d] = %lld, expected %lld\n", what, i, got, want);
}

int main() {
    const int n = 64;
    int *a, *b, *c;
    cudaMallocManaged(&a, n * n * sizeof(int));
    cudaMallocManaged(&b, n * n * sizeof(int));
    cudaMallocManaged(&c, n * n * sizeof(int));
    for (int i = 0; i < n * n; i++) {
        a[i] = i % 7 - 3;
        b[i] = i % 5 - 2;
    }
    tiled_matmul<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(a, b, c, n);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++) {
            long long s = 0;
            for (int k = 0; k < n; k++)
                s += a[r * n + k] * b[k * n + col];
            expect("tiled_matmul", r * n + col, c[r * n + col], s);
        }

    const int m = 4 * 3 * 256;
    int *in, *out;
    cudaMallocManaged(&in, m * sizeof(int));
    cudaMallocManaged(&out, m * sizeof(int));
    for (int i = 0; i < m; i++)
        in[i] = (i * 37) % 101;
    grid_stride_block_sums<<<3, 256>>>(in, out, m);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int blk = 0; blk < m / 256; blk++) {
        long long s = 0;
        for (int j = 0; j < 256; j++)
            s += in[blk * 256 + j];
        expect("grid_stride_block_sums", blk, out[blk], s);
    }

    const int rows = 12, warps = 4;
    rows_per_warp<<<1, warps * 32>>>(out, rows);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    int last[warps];
    for (int w = 0; w < warps; w++)
        last[w] = w;
    for (int r0 = 0; r0 < rows; r0 += warps) {
        int left[warps];
        for (int w = 0; w < warps; w++)
            left[w] = last[(w + warps - 1) % warps];
        for (int w = 0; w < warps; w++) {
            last[w] = left[w] * 3 + r0 + w;
            expect("rows_per_warp", r0 + w, out[r0 + w], last[w]);
        }
    }

    int *times;
    cudaMallocManaged(&times, 96 * sizeof(int));
    for (int t = 0; t < 96; t++) {
        in[t] = t * t;
        times[t] = 5;
    }
    rotate_loaded_times<<<1, 96>>>(in, times);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int t = 0; t < 96; t++)
        expect("rotate_loaded_times", t, in[t], ((t + 6) % 96) * ((t + 6) % 96));

    halve_until_small<<<1, 64>>>(out);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int t = 0; t < 64; t++)
        expect("halve_until_small", t, out[t], 7);

    const int tail_n = 100;
    for (int i = 0; i < tail_n; i++)
        in[i] = i * 3 + 1;
    neighbours_in_tail<<<2, 64>>>(in, out, tail_n);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int i = 0; i < tail_n; i++) {
        int right = i % 64 + 1 < 64 && i + 1 < tail_n ? in[i + 1] : 0;
        expect("neighbours_in_tail", i, out[i], in[i] + right);
    }

    const int uneven_n = 1000;
    for (int i = 0; i < uneven_n; i++)
        in[i] = i;
    grid_stride_uneven<<<3, 64>>>(in, out, uneven_n);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int i = 0; i < uneven_n; i++)
        expect("grid_stride_uneven", i, out[i], 2 * i + 1);

    for (int i = 0; i < 128; i++)
        in[i] = i * 5;
    helper_under_if<<<2, 64>>>(in, 128);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int i = 0; i < 128; i++) {
        int blk = i / 64 * 64, t = i % 64;
        expect("helper_under_if", i, in[i], (blk + (t + 1) % 64) * 5 + i * 5);
    }

    if (failures) {
        printf("FAILED: %d\n", failures);
        return 1;
    }
    printf("all agree\n");
    return 0;
}
