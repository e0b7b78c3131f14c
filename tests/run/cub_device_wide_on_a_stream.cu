// cub's device-wide algorithms with the two-call temp-storage protocol, queued on a stream after
// a kernel that writes their input (so they must run in stream order): DeviceReduce Sum/Min/
// ArgMax/Reduce, DeviceSegmentedReduce::Sum, DeviceScan Exclusive/InclusiveSum and
// ExclusiveScan(Max), DeviceRadixSort SortPairs (stable), SortKeysDescending on a DoubleBuffer
// and SortKeys over bits [4, 12), DeviceSelect If/Flagged/Unique, DeviceHistogram Even/Range,
// sums over a CountingInputIterator and a TransformInputIterator; each checked against a host
// computation; the temp storage from a cub::CachingDeviceAllocator.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <algorithm>
#include <cstdio>
#include <cub/cub.cuh>
#include <vector>
// (own functors: CUDA 13's CUB has dropped cub::Max and cub::Min, which cu2c's CUB keeps)
struct MaxOp {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a > b ? a : b; }
};
struct MinOp {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? a : b; }
};

struct Square {
    __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};

struct Negative {
    __host__ __device__ bool operator()(int x) const { return x < 0; }
};

__global__ void fill(int *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = (int)((i * 2654435761u) % 2000u) - 1000;
}

static int bad = 0;
static void check(bool ok, const char *what) {
    if (!ok) {
        printf("FAILED: %s\n", what);
        bad++;
    }
}

int main() {
    const int N = 5000;
    std::vector<int> h(N);
    for (int i = 0; i < N; i++)
        h[i] = (int)((i * 2654435761u) % 2000u) - 1000;
    int *d_in, *d_out, *d_vals, *d_vals_out, *d_n, *d_flags, *d_hist;
    cudaMalloc(&d_in, N * sizeof(int));
    cudaMalloc(&d_out, N * sizeof(int));
    cudaMalloc(&d_vals, N * sizeof(int));
    cudaMalloc(&d_vals_out, N * sizeof(int));
    cudaMalloc(&d_n, sizeof(int));
    cudaMalloc(&d_flags, N * sizeof(int));
    cudaMalloc(&d_hist, 16 * sizeof(int));
    std::vector<int> idx(N), flags(N);
    for (int i = 0; i < N; i++) {
        idx[i] = i;
        flags[i] = i % 3 == 0;
    }
    cudaMemcpy(d_vals, idx.data(), N * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_flags, flags.data(), N * sizeof(int), cudaMemcpyHostToDevice);
    cudaStream_t st;
    cudaStreamCreate(&st);
    fill<<<(N + 127) / 128, 128, 0, st>>>(d_in, N);

    size_t bytes = 0, most = 0;
    void *tmp = NULL;
    /* the first calls only size the storage */
    cub::DeviceRadixSort::SortPairs(tmp, bytes, d_in, d_out, d_vals, d_vals_out, N, 0, 32, st);
    most = std::max(most, bytes);
    cub::DeviceReduce::Sum(tmp, bytes, d_in, d_out, N, st);
    most = std::max(most, bytes);
    cub::CachingDeviceAllocator allocator;
    if (allocator.DeviceAllocate(&tmp, most, st) != cudaSuccess)
        return 1;

    long long sum = 0;
    for (int v : h)
        sum += v;
    int r[4];
    bytes = most;
    check(cub::DeviceReduce::Sum(tmp, bytes, d_in, d_out, N, st) == cudaSuccess, "Sum status");
    cub::DeviceReduce::Min(tmp, bytes, d_in, d_out + 1, N, st);
    cub::DeviceReduce::Reduce(tmp, bytes, d_in, d_out + 2, N, MaxOp(), -5000, st);
    cudaMemcpyAsync(r, d_out, 3 * sizeof(int), cudaMemcpyDeviceToHost, st);
    cub::KeyValuePair<int, int> *d_kv, kv;
    cudaMalloc(&d_kv, sizeof kv);
    cub::DeviceReduce::ArgMax(tmp, bytes, d_in, d_kv, N, st);
    cudaMemcpyAsync(&kv, d_kv, sizeof kv, cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    check(r[0] == (int)sum, "DeviceReduce::Sum");
    check(r[1] == *std::min_element(h.begin(), h.end()), "DeviceReduce::Min");
    check(r[2] == *std::max_element(h.begin(), h.end()), "DeviceReduce::Reduce(Max)");
    check(kv.key == (int)(std::max_element(h.begin(), h.end()) - h.begin()) && kv.value == h[kv.key],
          "DeviceReduce::ArgMax");

    int offs[4] = {0, 10, 10, 4000}, *d_offs;
    cudaMalloc(&d_offs, sizeof offs);
    cudaMemcpy(d_offs, offs, sizeof offs, cudaMemcpyHostToDevice);
    cub::DeviceSegmentedReduce::Sum(tmp, bytes, d_in, d_out, 3, d_offs, d_offs + 1, st);
    cudaMemcpyAsync(r, d_out, 3 * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    for (int s = 0; s < 3; s++) {
        int want = 0;
        for (int i = offs[s]; i < offs[s + 1]; i++)
            want += h[i];
        check(r[s] == want, "DeviceSegmentedReduce::Sum");
    }

    std::vector<int> o(N), ov(N);
    cub::DeviceScan::ExclusiveSum(tmp, bytes, d_in, d_out, N, st);
    cudaMemcpyAsync(o.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    for (int i = 0, run = 0; i < N; run += h[i], i++)
        if (o[i] != run) {
            check(false, "DeviceScan::ExclusiveSum");
            break;
        }
    cub::DeviceScan::InclusiveSum(tmp, bytes, d_in, d_out, N, st);
    cudaMemcpyAsync(o.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    for (int i = 0, run = 0; i < N; i++)
        if (o[i] != (run += h[i])) {
            check(false, "DeviceScan::InclusiveSum");
            break;
        }
    cub::DeviceScan::ExclusiveScan(tmp, bytes, d_in, d_out, MaxOp(), -2000, N, st);
    cudaMemcpyAsync(o.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    for (int i = 0, m = -2000; i < N; m = std::max(m, h[i]), i++)
        if (o[i] != m) {
            check(false, "DeviceScan::ExclusiveScan(Max)");
            break;
        }

    /* a stable sort of pairs: equal keys keep their positions' order */
    cub::DeviceRadixSort::SortPairs(tmp, bytes, d_in, d_out, d_vals, d_vals_out, N, 0, 32, st);
    cudaMemcpyAsync(o.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaMemcpyAsync(ov.data(), d_vals_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    std::vector<int> order(idx);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return h[a] < h[b]; });
    for (int i = 0; i < N; i++)
        if (o[i] != h[order[i]] || ov[i] != order[i]) {
            check(false, "DeviceRadixSort::SortPairs");
            break;
        }
    cudaMemcpyAsync(d_out, d_in, N * sizeof(int), cudaMemcpyDeviceToDevice, st);
    cub::DoubleBuffer<int> db(d_out, d_vals_out);
    cub::DeviceRadixSort::SortKeysDescending(tmp, bytes, db, N, 0, 32, st);
    cudaMemcpyAsync(o.data(), db.Current(), N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    std::vector<int> want(h);
    std::sort(want.begin(), want.end(), [](int a, int b) { return a > b; });
    check(o == want, "DeviceRadixSort::SortKeysDescending(DoubleBuffer)");
    cub::DeviceRadixSort::SortKeys(tmp, bytes, d_in, d_out, N, 4, 12, st);
    cudaMemcpyAsync(o.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    want = h;
    std::stable_sort(want.begin(), want.end(), [](int a, int b) {
        return (((unsigned)a ^ 0x80000000u) >> 4 & 0xff) < (((unsigned)b ^ 0x80000000u) >> 4 & 0xff);
    });
    check(o == want, "DeviceRadixSort::SortKeys(bits 4..12)");

    int n;
    cub::DeviceSelect::If(tmp, bytes, d_in, d_out, d_n, N, Negative(), st);
    cudaMemcpyAsync(&n, d_n, sizeof n, cudaMemcpyDeviceToHost, st);
    cudaMemcpyAsync(o.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    want.clear();
    for (int v : h)
        if (v < 0)
            want.push_back(v);
    check(n == (int)want.size() && std::equal(want.begin(), want.end(), o.begin()), "DeviceSelect::If");
    cub::DeviceSelect::Flagged(tmp, bytes, d_in, d_flags, d_out, d_n, N, st);
    cudaMemcpyAsync(&n, d_n, sizeof n, cudaMemcpyDeviceToHost, st);
    cudaMemcpyAsync(o.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    want.clear();
    for (int i = 0; i < N; i++)
        if (flags[i])
            want.push_back(h[i]);
    check(n == (int)want.size() && std::equal(want.begin(), want.end(), o.begin()), "DeviceSelect::Flagged");
    std::vector<int> runs(N);
    for (int i = 0; i < N; i++)
        runs[i] = i / 7 % 5;
    cudaMemcpy(d_vals, runs.data(), N * sizeof(int), cudaMemcpyHostToDevice);
    cub::DeviceSelect::Unique(tmp, bytes, d_vals, d_out, d_n, N, st);
    cudaMemcpyAsync(&n, d_n, sizeof n, cudaMemcpyDeviceToHost, st);
    cudaMemcpyAsync(o.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    want.assign(runs.begin(), std::unique(runs.begin(), runs.end()));
    check(n == (int)want.size() && std::equal(want.begin(), want.end(), o.begin()), "DeviceSelect::Unique");

    int hist[16], levels[5] = {-1000, -10, 0, 10, 1000}, *d_levels;
    cudaMalloc(&d_levels, sizeof levels);
    cudaMemcpy(d_levels, levels, sizeof levels, cudaMemcpyHostToDevice);
    cub::DeviceHistogram::HistogramEven(tmp, bytes, d_in, d_hist, 11, -500, 500, N, st);
    cudaMemcpyAsync(hist, d_hist, 10 * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    int hw[10] = {0};
    for (int v : h)
        if (v >= -500 && v < 500)
            hw[(v + 500) / 100]++;
    check(std::equal(hw, hw + 10, hist), "DeviceHistogram::HistogramEven");
    cub::DeviceHistogram::HistogramRange(tmp, bytes, d_in, d_hist, 5, d_levels, N, st);
    cudaMemcpyAsync(hist, d_hist, 4 * sizeof(int), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    int hr[4] = {0};
    for (int v : h)
        for (int b = 0; b < 4; b++)
            if (v >= levels[b] && v < levels[b + 1])
                hr[b]++;
    check(std::equal(hr, hr + 4, hist), "DeviceHistogram::HistogramRange");

#if CUB_VERSION < 200000 /* CUB 2 (CUDA 13) has dropped its iterators for thrust's */
    /* iterators as inputs: 1 + 2 + ... + N, and the squares of the items */
    long long *d_ll, ll[2];
    cudaMalloc(&d_ll, sizeof ll);
    cub::CountingInputIterator<long long> count_from_1(1);
    cub::TransformInputIterator<long long, Square, int *> squares(d_in, Square());
    cub::DeviceReduce::Sum(tmp, bytes, count_from_1, d_ll, N, st);
    cub::DeviceReduce::Sum(tmp, bytes, squares, d_ll + 1, N, st);
    cudaMemcpyAsync(ll, d_ll, sizeof ll, cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    long long squares_sum = 0;
    for (int v : h)
        squares_sum += (long long)v * v;
    check(ll[0] == (long long)N * (N + 1) / 2 && ll[1] == squares_sum, "iterators");
#endif

    /* too little temp storage: CUB's error, nothing done */
    size_t small = 1;
    check(cub::DeviceRadixSort::SortKeys(tmp, small, d_in, d_out, N) == cudaErrorInvalidValue, "short storage");
    check(allocator.DeviceFree(tmp) == cudaSuccess, "CachingDeviceAllocator::DeviceFree");
    check(cub::Traits<int>::Max() == 2147483647 && cub::Traits<int>::Lowest() == -2147483647 - 1, "Traits");
    printf(bad ? "FAILED: %d\n" : "cub device-wide ok\n", bad);
    return bad != 0;
}
