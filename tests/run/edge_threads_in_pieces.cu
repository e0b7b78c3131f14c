// Nests whose statements compare the thread's coordinate with a constant run their thread
// loops in pieces, edge threads apart (threads 0, 1 .. n - 2 and n - 1 of each dimension):
// a stencil over a shared tile whose edge threads read the neighbouring tile's halo from
// memory (`ty == 0 && tx == 0`, `tx == B - 1`, ... as in Rodinia's srad), a 1-D kernel with
// `tid == 0` / `tid != 0` in an if/else chain, and a 2-D kernel comparing y only, launched
// with blocks of 1, 2, 3, 5, 16 and 32 threads per dimension (empty and one-thread pieces).
// Checked against the host.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

#define MAXB 32
#define ROW_RUNS (4096 * MAXB)   // runs[]: one count per row of up to 4096 blocks, then one per element

// out(x, y) = 4 in(x, y) - the four neighbours, clamped at the image's edges; the block's
// tile in shared memory, its edge threads reading across the tile's edge from memory.
__global__ void laplace(const int *in, int *out, int w, int h) {
    __shared__ int tile[MAXB][MAXB];
    int tx = threadIdx.x, ty = threadIdx.y;
    int bw = blockDim.x, bh = blockDim.y;
    int x = blockIdx.x * bw + tx, y = blockIdx.y * bh + ty;
    int cx = x < w ? x : w - 1, cy = y < h ? y : h - 1;
    tile[ty][tx] = in[cy * w + cx];
    __syncthreads();
    int up = cy > 0 ? cy - 1 : 0, down = cy < h - 1 ? cy + 1 : h - 1;
    int left = cx > 0 ? cx - 1 : 0, right = cx < w - 1 ? cx + 1 : w - 1;
    int c = tile[ty][tx], n, s, e, wv;
    if (ty == 0 && tx == 0) {
        n = in[up * w + cx];
        wv = in[cy * w + left];
        s = ty + 1 < bh ? tile[ty + 1][tx] : in[down * w + cx];
        e = tx + 1 < bw ? tile[ty][tx + 1] : in[cy * w + right];
    } else if (ty == 0) {
        n = in[up * w + cx];
        wv = tile[ty][tx - 1];
        s = ty + 1 < bh ? tile[ty + 1][tx] : in[down * w + cx];
        e = tx + 1 < bw ? tile[ty][tx + 1] : in[cy * w + right];
    } else if (tx == 0) {
        n = tile[ty - 1][tx];
        wv = in[cy * w + left];
        s = ty + 1 < bh ? tile[ty + 1][tx] : in[down * w + cx];
        e = tx + 1 < bw ? tile[ty][tx + 1] : in[cy * w + right];
    } else {
        n = tile[ty - 1][tx];
        wv = tile[ty][tx - 1];
        s = ty + 1 < bh ? tile[ty + 1][tx] : in[down * w + cx];
        e = tx + 1 < bw ? tile[ty][tx + 1] : in[cy * w + right];
    }
    // neighbours inside the tile may lie past the image's edge: clamp reads the edge itself
    if (y == h - 1 || (ty + 1 < bh && y + 1 >= h)) s = in[down * w + cx];
    if (x == w - 1 || (tx + 1 < bw && x + 1 >= w)) e = in[cy * w + right];
    if (x < w && y < h)
        out[y * w + x] = 4 * c - n - s - e - wv;
}

// Per block: thread 0 writes the block's sum of its inputs, the others their own value times
// a number depending on whether they are the block's last thread.
__global__ void firsts(const int *in, int *out, int n) {
    __shared__ int part[MAXB * MAXB];
    int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
    part[tid] = i < n ? in[i] : 0;
    __syncthreads();
    if (tid == 0) {
        int s = 0;
        for (int k = 0; k < (int)blockDim.x; k++)
            s += part[k];
        if (i < n) out[i] = s;
    } else if (tid != MAXB - 1) {
        if (i < n) out[i] = 3 * part[tid];
    } else if (i < n) {
        out[i] = 5 * part[tid];
    }
}

// Rows: the first row of each block doubles, the last (when 16 high) negates; every thread
// counts its runs (once each, whatever the pieces).
__global__ void rows(const int *in, int *out, int *runs, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (threadIdx.x == 0)
        atomicAdd(&runs[(blockIdx.y * gridDim.x + blockIdx.x) * MAXB + threadIdx.y], 1);
    if (x >= w || y >= h)
        return;
    atomicAdd(&runs[ROW_RUNS + y * w + x], 1);
    int v = in[y * w + x];
    if (threadIdx.y == 0)
        v *= 2;
    else if (15 == threadIdx.y)
        v = -v;
    out[y * w + x] = v;
}

int main() {
    const int w = 70, h = 45, n = w * h;
    std::vector<int> in(n), out(n), want(n);
    for (int i = 0; i < n; i++)
        in[i] = (i * 37 + 11) % 101 - 50;
    int *din, *dout, *druns;
    const int nruns = ROW_RUNS + n;
    std::vector<int> runs(nruns);
    CHECK(cudaMalloc(&druns, nruns * sizeof(int)));
    CHECK(cudaMalloc(&din, n * sizeof(int)));
    CHECK(cudaMalloc(&dout, n * sizeof(int)));
    CHECK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    auto at = [&](int x, int y) {
        x = x < 0 ? 0 : x >= w ? w - 1 : x;
        y = y < 0 ? 0 : y >= h ? h - 1 : y;
        return in[y * w + x];
    };
    const int sizes[] = {1, 2, 3, 5, 16, 32};
    for (int bx : sizes)
        for (int by : sizes) {
            if (bx * by > 1024)
                continue;
            dim3 block(bx, by), grid((w + bx - 1) / bx, (h + by - 1) / by);
            CHECK(cudaMemset(dout, 0, n * sizeof(int)));
            laplace<<<grid, block>>>(din, dout, w, h);
            CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    int e = 4 * at(x, y) - at(x, y - 1) - at(x, y + 1) - at(x - 1, y) - at(x + 1, y);
                    if (out[y * w + x] != e) {
                        printf("laplace %dx%d: (%d, %d) = %d, want %d\n", bx, by, x, y, out[y * w + x], e);
                        return 1;
                    }
                }
            CHECK(cudaMemset(druns, 0, nruns * sizeof(int)));
            rows<<<grid, block>>>(din, dout, druns, w, h);
            CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
            CHECK(cudaMemcpy(runs.data(), druns, nruns * sizeof(int), cudaMemcpyDeviceToHost));
            for (int i = 0; i < nruns; i++) {
                int b = i / MAXB, ty = i % MAXB;
                int e = i >= ROW_RUNS ? 1 : b < (int)(grid.x * grid.y) && ty < by ? 1 : 0;
                if (runs[i] != e) {
                    printf("rows %dx%d: run count %d = %d, want %d\n", bx, by, i, runs[i], e);
                    return 1;
                }
            }
            for (int i = 0; i < n; i++) {
                int ty = (i / w) % by, e = ty == 0 ? 2 * in[i] : ty == 15 ? -in[i] : in[i];
                if (out[i] != e) {
                    printf("rows %dx%d: %d = %d, want %d\n", bx, by, i, out[i], e);
                    return 1;
                }
            }
        }
    for (int b : {1, 2, 3, 32, 64, 1024}) {
        firsts<<<(n + b - 1) / b, b>>>(din, dout, n);
        CHECK(cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; i++) {
            int tid = i % b, e;
            if (tid == 0) {
                e = 0;
                for (int k = i; k < i + b && k < n; k++)
                    e += in[k];
            } else {
                e = (tid != MAXB - 1 ? 3 : 5) * in[i];
            }
            if (out[i] != e) {
                printf("firsts %d: %d = %d, want %d\n", b, i, out[i], e);
                return 1;
            }
        }
    }
    CHECK(cudaGetLastError());
    printf("ok\n");
    return 0;
}
