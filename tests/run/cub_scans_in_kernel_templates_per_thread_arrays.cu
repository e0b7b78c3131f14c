// CUB's block collectives in kernel templates whose block size and items per thread are
// template parameters, on per-thread arrays: BlockScan<int, B>(t).ExclusiveSum(items, items,
// aggregate), InclusiveSum(items, items), and BlockReduce<int, B>(t).Sum(items). CUB's
// members call members of their own class template (nested expansions): the per-thread
// storage of their locals names the class's T bound for the call. The temporary storage is a
// __shared__ union of no name. Two instantiations, each compared with a host scan.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: scan<128, 4>: PASS
// CHECK: scan<64, 3>: PASS
#include <cub/cub.cuh>
#include <cstdio>
#include <vector>

template <int B, int ITEMS>
__global__ void scans(const int *in, int *excl, int *incl, int *totals) {
    typedef cub::BlockScan<int, B> Scan;
    typedef cub::BlockReduce<int, B> Reduce;
    __shared__ union {      /* a type without a name, declared with the variable (HeCBench blockScan) */
        typename Scan::TempStorage scan;
        typename Reduce::TempStorage reduce;
    } temp;
    typename Scan::TempStorage &ts = temp.scan;
    typename Reduce::TempStorage &tr = temp.reduce;
    int items[ITEMS], out[ITEMS];
    for (int i = 0; i < ITEMS; i++)
        items[i] = in[blockIdx.x * B * ITEMS + threadIdx.x * ITEMS + i];
    int aggregate;
    Scan(ts).ExclusiveSum(items, out, aggregate);
    for (int i = 0; i < ITEMS; i++)
        excl[blockIdx.x * B * ITEMS + threadIdx.x * ITEMS + i] = out[i];
    __syncthreads();
    Scan(ts).InclusiveSum(items, out);
    for (int i = 0; i < ITEMS; i++)
        incl[blockIdx.x * B * ITEMS + threadIdx.x * ITEMS + i] = out[i];
    __syncthreads();
    int sum = Reduce(tr).Sum(items);
    if (threadIdx.x == 0)
        totals[blockIdx.x * 2] = sum, totals[blockIdx.x * 2 + 1] = aggregate;
}

template <int B, int ITEMS>
static bool run(const char *name) {
    const int blocks = 3, n = blocks * B * ITEMS;
    std::vector<int> h(n), excl(n), incl(n), totals(2 * blocks);
    for (int i = 0; i < n; i++)
        h[i] = (i * 7) % 11 - 3;
    int *in, *e, *c, *t;
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&e, n * sizeof(int));
    cudaMalloc(&c, n * sizeof(int));
    cudaMalloc(&t, 2 * blocks * sizeof(int));
    cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    scans<B, ITEMS><<<blocks, B>>>(in, e, c, t);
    cudaMemcpy(excl.data(), e, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(incl.data(), c, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(totals.data(), t, 2 * blocks * sizeof(int), cudaMemcpyDeviceToHost);
    bool ok = cudaGetLastError() == cudaSuccess;
    for (int b = 0; b < blocks; b++) {
        int run = 0;
        for (int i = 0; i < B * ITEMS; i++) {
            int k = b * B * ITEMS + i;
            ok &= excl[k] == run;
            run += h[k];
            ok &= incl[k] == run;
        }
        ok &= totals[2 * b] == run && totals[2 * b + 1] == run;
    }
    printf("%s: %s\n", name, ok ? "PASS" : "FAIL");
    return ok;
}

int main() {
    run<128, 4>("scan<128, 4>");
    run<64, 3>("scan<64, 3>");
    return 0;
}
