// cub::BlockScan in 96-thread blocks: ExclusiveSum, InclusiveSum with the block aggregate,
// ExclusiveScan with cub::Max and an initial value, InclusiveScan with cub::Min, ExclusiveSum of
// 3 items per thread, and sums with a block prefix callback (a running total across calls);
// checked against host scans.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cub/block/block_scan.cuh>
// (own functors: CUDA 13's CUB has dropped cub::Max and cub::Min, which cu2c's CUB keeps)
struct MaxOp {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a > b ? a : b; }
};
struct MinOp {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? a : b; }
};
struct Running { int total; __device__ int operator()(int agg) { int old = total; total += agg; return old; } };
__global__ void k(const int *in, int *out, int *agg) {
    typedef cub::BlockScan<int, 96> BS;
    __shared__ typename BS::TempStorage temp;
    int t = threadIdx.x;
    int x = in[blockIdx.x * 96 + t];
    int a, b, c, d, e, f;
    int ag;
    BS(temp).ExclusiveSum(x, a);
    __syncthreads();
    BS(temp).InclusiveSum(x, b, ag);
    __syncthreads();
    BS(temp).ExclusiveScan(x, c, 5, MaxOp());
    __syncthreads();
    BS(temp).InclusiveScan(x, d, MinOp());
    int items[3] = {x, 1, 2 * x}, outs[3];
    __syncthreads();
    BS(temp).ExclusiveSum(items, outs);
    Running r = {100};
    __syncthreads();
    BS(temp).ExclusiveSum(x, e, r);
    __syncthreads();
    BS(temp).InclusiveSum(x, f, r);
    int *o = out + (blockIdx.x * 96 + t) * 9;
    o[0] = a; o[1] = b; o[2] = c; o[3] = d; o[4] = outs[0]; o[5] = outs[1]; o[6] = outs[2]; o[7] = e; o[8] = f;
    if (t == 0) agg[blockIdx.x] = ag;
}
int main() {
    const int N = 192; int h[N], o[N * 9], ag[2];
    for (int i = 0; i < N; i++) h[i] = (i * 37) % 101 - 20;
    int *d, *dout, *dag; cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o); cudaMalloc(&dag, 8);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<2, 96>>>(d, dout, dag); cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost); cudaMemcpy(ag, dag, 8, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < 2; b++) {
        int ex = 0, mx = 5, mn = 1 << 30, ex3 = 0, tot = 0;
        for (int i = 0; i < 96; i++) tot += h[b*96+i];
        int run = 100;
        for (int t = 0; t < 96; t++) {
            int x = h[b * 96 + t]; int *r = o + (b * 96 + t) * 9;
            mn = x < mn ? x : mn;
            int want[9] = {ex, ex + x, mx, mn, ex3, ex3 + x, ex3 + x + 1, run + ex, run + tot + ex + x};
            for (int j = 0; j < 9; j++) if (r[j] != want[j]) { if (bad < 10) printf("b%d t%d j%d: %d want %d\n", b, t, j, r[j], want[j]); bad++; }
            ex += x; mx = x > mx ? x : mx; ex3 += 3 * x + 1;
        }
        if (ag[b] != tot) { printf("agg %d want %d\n", ag[b], tot); bad++; }
    }
    printf(bad ? "FAILED\n" : "ok\n");
    return bad != 0;
}
