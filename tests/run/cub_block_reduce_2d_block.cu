// cub::BlockReduce in a 96-thread 2-D block (32x3): Sum, Reduce with cub::Max, Sum over the
// first 50 threads (num_valid), and Sum of 3 items per thread, the TempStorage reused after
// __syncthreads(); checked against host sums.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cub/block/block_reduce.cuh>
// (own functors: CUDA 13's CUB has dropped cub::Max and cub::Min, which cu2c's CUB keeps)
struct MaxOp {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a > b ? a : b; }
};
struct MinOp {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? a : b; }
};
__global__ void k(const int *in, int *out) {
    typedef cub::BlockReduce<int, 32, cub::BLOCK_REDUCE_RAKING, 3> BR;
    __shared__ typename BR::TempStorage temp;
    int t = threadIdx.x + threadIdx.y * 32;
    int x = in[blockIdx.x * 96 + t];
    int s = BR(temp).Sum(x);
    __syncthreads();
    int m = BR(temp).Reduce(x, MaxOp());
    __syncthreads();
    int v = BR(temp).Sum(x, 50);
    int items[3] = {x, 2 * x, 1};
    __syncthreads();
    int w = BR(temp).Sum(items);
    if (t == 0) { out[blockIdx.x * 4] = s; out[blockIdx.x * 4 + 1] = m; out[blockIdx.x * 4 + 2] = v; out[blockIdx.x * 4 + 3] = w; }
}
int main() {
    int h[192], o[8]; for (int i = 0; i < 192; i++) h[i] = (i * 37) % 101;
    int *d, *dout; cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<2, dim3(32, 3)>>>(d, dout); cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int b = 0; b < 2; b++) { int s = 0, m = 0, v = 0; for (int i = 0; i < 96; i++) { s += h[b*96+i]; m = h[b*96+i] > m ? h[b*96+i] : m; if (i < 50) v += h[b*96+i]; }
      if (o[b*4] != s || o[b*4+1] != m || o[b*4+2] != v || o[b*4+3] != 3*s+96) { printf("block %d: %d %d %d %d, want %d %d %d %d\n", b, o[b*4], o[b*4+1], o[b*4+2], o[b*4+3], s, m, v, 3*s+96); return 1; } }
    printf("cub block reduce ok\n");
}
