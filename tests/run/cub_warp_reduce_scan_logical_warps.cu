// cub::WarpReduce and cub::WarpScan in 128-thread blocks, each warp (or logical warp of 8 or 16)
// naming its own TempStorage: Sum, Reduce(Max) over logical warps of 8, Sum of 10 valid lanes,
// head- and tail-segmented sums, InclusiveSum with the warp aggregate, ExclusiveScan(Min) with an
// initial value, Broadcast; checked against host reductions.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
// (own functors: CUDA 13's CUB has dropped cub::Max and cub::Min, which cu2c's CUB keeps)
struct MaxOp {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a > b ? a : b; }
};
struct MinOp {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? a : b; }
};
__global__ void k(const int *in, int *out) {
    typedef cub::WarpReduce<int> WR;
    typedef cub::WarpReduce<int, 8> WR8;
    typedef cub::WarpScan<int, 16> WS;
    __shared__ typename WR::TempStorage wt[4];
    __shared__ typename WR8::TempStorage w8[16];
    __shared__ typename WS::TempStorage ws[8];
    int t = threadIdx.x;
    int x = in[blockIdx.x * 128 + t];
    int s = WR(wt[t / 32]).Sum(x);
    int m = WR8(w8[t / 8]).Reduce(x, MaxOp());
    int v = WR(wt[t / 32]).Sum(x, 10);
    int h = WR(wt[t / 32]).HeadSegmentedSum(x, t % 5 == 0);
    int tl = WR(wt[t / 32]).TailSegmentedSum(x, t % 7 == 3);
    int inc, exc, agg;
    WS(ws[t / 16]).InclusiveSum(x, inc, agg);
    WS(ws[t / 16]).ExclusiveScan(x, exc, 1000, MinOp());
    int b = WS(ws[t / 16]).Broadcast(x, 3);
    int *o = out + (blockIdx.x * 128 + t) * 9;
    o[0] = s; o[1] = m; o[2] = v; o[3] = h; o[4] = tl; o[5] = inc; o[6] = agg; o[7] = exc; o[8] = b;
}
int main() {
    const int N = 256; int h[N], o[N * 9];
    for (int i = 0; i < N; i++) h[i] = (i * 37) % 101 - 20;
    int *d, *dout; cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<2, 128>>>(d, dout); cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int g = 0; g < N; g++) {
        int t = g % 128, *r = o + g * 9, x = h[g];
        int w0 = g - t % 32, l8 = g - t % 8, l16 = g - t % 16;
        if (t % 32 == 0) { int s = 0, v = 0; for (int i = 0; i < 32; i++) { s += h[w0 + i]; if (i < 10) v += h[w0 + i]; } if (r[0] != s || r[2] != v) { printf("sum %d: %d %d want %d %d\n", g, r[0], r[2], s, v); bad++; } }
        if (t % 8 == 0) { int m = h[l8]; for (int i = 1; i < 8; i++) m = h[l8 + i] > m ? h[l8 + i] : m; if (r[1] != m) { printf("max %d\n", g); bad++; } }
        if (t % 5 == 0 || t % 32 == 0) { int s = 0; for (int i = t; i < (t / 32 + 1) * 32; i++) { if (i > t && i % 5 == 0) break; s += h[g - t + i]; } if (r[3] != s) { printf("head %d: %d want %d\n", g, r[3], s); bad++; } }
        if (t % 32 == 0 || (t - 1) % 7 == 3) { int s = 0; for (int i = t; i < (t / 32 + 1) * 32; i++) { s += h[g - t + i]; if (i % 7 == 3) break; } if (r[4] != s) { printf("tail %d: %d want %d\n", g, r[4], s); bad++; } }
        int inc = 0, agg = 0, mn = 1000; for (int i = l16; i <= g; i++) inc += h[i]; for (int i = l16; i < l16 + 16; i++) agg += h[i]; for (int i = l16; i < g; i++) mn = h[i] < mn ? h[i] : mn;
        if (r[5] != inc || r[6] != agg || r[7] != mn || r[8] != h[l16 + 3]) { printf("scan %d: %d %d %d %d want %d %d %d %d\n", g, r[5], r[6], r[7], r[8], inc, agg, mn, h[l16+3]); bad++; }
        if (bad > 10) break;
    }
    printf(bad ? "FAILED\n" : "ok\n");
    return bad != 0;
}
