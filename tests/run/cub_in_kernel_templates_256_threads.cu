// CUB's block and warp classes whose template arguments are the kernel template's own
// (BlockReduce<T, BLOCK> through a typedef, BlockScan and BlockRadixSort with ITEMS items per
// thread, BlockLoad, WarpReduce written inline), instantiated for int and for float, 256-thread
// blocks; checked against host computations.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cub/cub.cuh>

template <typename T, int BLOCK, int ITEMS> __global__ void tile_stats(const T *in, T *sums, T *scanned, T *sorted) {
    typedef cub::BlockReduce<T, BLOCK> Reduce;
    typedef cub::BlockScan<T, BLOCK, cub::BLOCK_SCAN_WARP_SCANS> Scan;
    typedef cub::BlockRadixSort<T, BLOCK, ITEMS> Sort;
    typedef cub::BlockLoad<T, BLOCK, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE> Load;
    __shared__ typename Reduce::TempStorage reduce_storage;
    __shared__ typename Scan::TempStorage scan_storage;
    __shared__ typename Sort::TempStorage sort_storage;
    __shared__ typename cub::WarpReduce<T>::TempStorage warp_storage[BLOCK / 32];
    const T *tile = in + blockIdx.x * BLOCK * ITEMS;
    T items[ITEMS];
    Load().Load(tile, items);
    T total = Reduce(reduce_storage).Sum(items);
    T warp_total = cub::WarpReduce<T>(warp_storage[threadIdx.x / 32]).Sum(items[0]);
    T prefix[ITEMS];
    Scan(scan_storage).InclusiveSum(items, prefix);
    for (int i = 0; i < ITEMS; i++)
        scanned[blockIdx.x * BLOCK * ITEMS + threadIdx.x * ITEMS + i] = prefix[i];
    Sort(sort_storage).Sort(items);
    for (int i = 0; i < ITEMS; i++)
        sorted[blockIdx.x * BLOCK * ITEMS + threadIdx.x * ITEMS + i] = items[i];
    if (threadIdx.x == 0)
        sums[blockIdx.x * (1 + BLOCK / 32)] = total;
    if (threadIdx.x % 32 == 0)
        sums[blockIdx.x * (1 + BLOCK / 32) + 1 + threadIdx.x / 32] = warp_total;
}

template <typename T> static int run(const char *name) {
    const int BLOCK = 256, ITEMS = 3, BLOCKS = 2, N = BLOCK * ITEMS * BLOCKS, NS = BLOCKS * (1 + BLOCK / 32);
    static T h[N], scanned[N], sorted[N], sums[NS];
    for (int i = 0; i < N; i++)
        h[i] = (T)((i * 7919) % 201 - 100);
    T *d_in, *d_sums, *d_scanned, *d_sorted;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_sums, sizeof sums);
    cudaMalloc(&d_scanned, sizeof scanned);
    cudaMalloc(&d_sorted, sizeof sorted);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    tile_stats<T, BLOCK, ITEMS><<<BLOCKS, BLOCK>>>(d_in, d_sums, d_scanned, d_sorted);
    cudaMemcpy(sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost);
    cudaMemcpy(scanned, d_scanned, sizeof scanned, cudaMemcpyDeviceToHost);
    cudaMemcpy(sorted, d_sorted, sizeof sorted, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < BLOCKS; b++) {
        const T *t = h + b * BLOCK * ITEMS;
        T run = 0, want_sorted[BLOCK * ITEMS];
        for (int i = 0; i < BLOCK * ITEMS; i++) {
            run += t[i];
            bad += scanned[b * BLOCK * ITEMS + i] != run;
            want_sorted[i] = t[i];
        }
        bad += sums[b * (1 + BLOCK / 32)] != run;
        for (int w = 0; w < BLOCK / 32; w++) {
            T s = 0;
            for (int l = 0; l < 32; l++)
                s += t[(w * 32 + l) * ITEMS];
            bad += sums[b * (1 + BLOCK / 32) + 1 + w] != s;
        }
        for (int i = 1; i < BLOCK * ITEMS; i++)      /* insertion sort: the host reference */
            for (int j = i; j > 0 && want_sorted[j - 1] > want_sorted[j]; j--) {
                T x = want_sorted[j];
                want_sorted[j] = want_sorted[j - 1];
                want_sorted[j - 1] = x;
            }
        for (int i = 0; i < BLOCK * ITEMS; i++)
            bad += sorted[b * BLOCK * ITEMS + i] != want_sorted[i];
    }
    printf("%s: %s\n", name, bad ? "FAILED" : "ok");
    return bad;
}

int main() {
    int bad = run<int>("int") + run<float>("float");
    return bad != 0;
}
