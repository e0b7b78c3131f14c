// thrust on its OpenMP device system: device_vector/host_vector copies, sort, sort_by_key,
// reduce, transform with a __host__ __device__ functor and with a __device__ lambda,
// inclusive/exclusive scan, copy_if, unique, counting and zip iterators, device_ptr from
// device_malloc, and raw_pointer_cast handing a device_vector to <<<>>> kernels, whose
// results thrust reads next without a synchronise (the GPU's stream order: also after a
// kernel on a blocking stream), and back; every
// result against a host reference computed here. Blocks of 256 threads over 3000 elements
// (a partial last block).
// RUN: %cu2cc --extended-lambda %s -o %t && env CU2C_NUM_THREADS=1 OMP_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 OMP_NUM_THREADS=2 timeout 120 %t
#include <thrust/copy.h>
#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/tuple.h>
#include <thrust/unique.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

static int failures = 0;
#define CHECK(cond, ...)                                                                         \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            printf("FAIL line %d: ", __LINE__);                                                  \
            printf(__VA_ARGS__);                                                                 \
            printf("\n");                                                                        \
            failures++;                                                                          \
        }                                                                                        \
    } while (0)

struct saxpy {
    float a;
    explicit saxpy(float a_) : a(a_) {}
    __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

struct is_multiple_of_3 {
    __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};

// only __device__, as CUDA code often writes functors for thrust::device
struct square_minus_pair {
    __device__ long long operator()(const thrust::tuple<int, int> &t) const {
        return (long long)thrust::get<0>(t) * thrust::get<0>(t) - thrust::get<1>(t);
    }
};

__global__ void add_index(int *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] += i;
}

__global__ void scale(float *v, int n, float f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= f;
}

static unsigned next_random(unsigned &s) {
    s = s * 1664525u + 1013904223u;
    return s >> 8;
}

int main() {
    const int n = 3000;
    unsigned seed = 12345;
    std::vector<int> keys(n), vals(n);
    std::vector<float> xs(n), ys(n);
    for (int i = 0; i < n; i++) {
        keys[i] = (int)(next_random(seed) % 500) - 250;
        vals[i] = i;
        xs[i] = (float)(next_random(seed) % 1000) / 8.0f;
        ys[i] = (float)(next_random(seed) % 1000) / 4.0f;
    }

    // host_vector -> device_vector -> sort -> host_vector
    thrust::host_vector<int> hk(keys.begin(), keys.end());
    thrust::device_vector<int> dk = hk;
    thrust::sort(dk.begin(), dk.end());
    thrust::host_vector<int> sorted = dk;
    std::vector<int> ref = keys;
    std::sort(ref.begin(), ref.end());
    CHECK(std::equal(ref.begin(), ref.end(), sorted.begin()), "sort");

    // sort_by_key (stable: equal keys keep their values' order)
    thrust::device_vector<int> k2(keys.begin(), keys.end()), v2(vals.begin(), vals.end());
    thrust::stable_sort_by_key(k2.begin(), k2.end(), v2.begin());
    std::vector<std::pair<int, int>> pairs(n);
    for (int i = 0; i < n; i++)
        pairs[i] = {keys[i], vals[i]};
    std::sort(pairs.begin(), pairs.end());   // values are the indices: this order is the stable one
    thrust::host_vector<int> hk2 = k2, hv2 = v2;
    for (int i = 0; i < n; i++)
        CHECK(hk2[i] == pairs[i].first && hv2[i] == pairs[i].second, "sort_by_key at %d", i);
    thrust::sort_by_key(thrust::device, k2.begin(), k2.end(), v2.begin(), thrust::greater<int>());
    hk2 = k2;
    CHECK(std::is_sorted(hk2.begin(), hk2.end(), std::greater<int>()), "sort_by_key descending");

    // reduce, with the default plus and with maximum
    long long sum = thrust::reduce(dk.begin(), dk.end(), 0LL);
    CHECK(sum == std::accumulate(keys.begin(), keys.end(), 0LL), "reduce %lld", sum);
    int mx = thrust::reduce(thrust::device, dk.begin(), dk.end(), -1000, thrust::maximum<int>());
    CHECK(mx == *std::max_element(keys.begin(), keys.end()), "reduce max %d", mx);

    // transform with a functor, then a kernel on the same memory, then thrust reading it
    thrust::device_vector<float> dx(xs.begin(), xs.end()), dy(ys.begin(), ys.end()), dz(n);
    thrust::transform(dx.begin(), dx.end(), dy.begin(), dz.begin(), saxpy(2.5f));
    scale<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(dz.data()), n, 0.5f);
    double zsum = thrust::reduce(dz.begin(), dz.end(), 0.0);   // no synchronise: stream order
    double zref = 0;
    for (int i = 0; i < n; i++)
        zref += (double)((2.5f * xs[i] + ys[i]) * 0.5f);
    CHECK(zsum == zref, "transform+kernel+reduce %f vs %f", zsum, zref);

    // a __device__ lambda
    thrust::transform(thrust::device, dx.begin(), dx.end(), dz.begin(),
                      [] __device__(float x) { return x * x + 1.0f; });
    thrust::host_vector<float> hz = dz;
    for (int i = 0; i < n; i++)
        CHECK(hz[i] == xs[i] * xs[i] + 1.0f, "lambda at %d", i);

    // inclusive and exclusive scans
    thrust::device_vector<int> dv(vals.begin(), vals.end()), scanned(n);
    thrust::inclusive_scan(dv.begin(), dv.end(), scanned.begin());
    thrust::host_vector<int> hs = scanned;
    long long run = 0;
    for (int i = 0; i < n; i++) {
        run += vals[i];
        CHECK(hs[i] == run, "inclusive_scan at %d", i);
    }
    thrust::exclusive_scan(dv.begin(), dv.end(), scanned.begin(), 7);
    hs = scanned;
    run = 7;
    for (int i = 0; i < n; i++) {
        CHECK(hs[i] == run, "exclusive_scan at %d", i);
        run += vals[i];
    }

    // copy_if
    thrust::device_vector<int> picked(n);
    auto end = thrust::copy_if(dk.begin(), dk.end(), picked.begin(), is_multiple_of_3());
    std::vector<int> pref;
    std::copy_if(ref.begin(), ref.end(), std::back_inserter(pref), [](int x) { return x % 3 == 0; });
    CHECK(end - picked.begin() == (long)pref.size(), "copy_if count %ld", (long)(end - picked.begin()));
    for (size_t i = 0; i < pref.size(); i++)
        CHECK(picked[i] == pref[i], "copy_if at %zu", i);

    // unique on the sorted keys
    auto uend = thrust::unique(dk.begin(), dk.end());
    std::vector<int> uref = ref;
    uref.erase(std::unique(uref.begin(), uref.end()), uref.end());
    CHECK(uend - dk.begin() == (long)uref.size(), "unique count");
    CHECK(std::equal(uref.begin(), uref.end(), thrust::host_vector<int>(dk.begin(), uend).begin()), "unique");

    // counting and zip iterators with a __device__-only functor
    thrust::device_vector<long long> sq(n);
    thrust::transform(thrust::make_zip_iterator(thrust::make_tuple(thrust::counting_iterator<int>(0), dv.begin())),
                      thrust::make_zip_iterator(thrust::make_tuple(thrust::counting_iterator<int>(n), dv.end())),
                      sq.begin(), square_minus_pair());
    for (int i = 0; i < n; i += 97)
        CHECK(sq[i] == (long long)i * i - vals[i], "zip at %d", i);

    // a kernel writing a device_vector, read back by thrust and by cudaMemcpy
    thrust::device_vector<int> seq(n);
    thrust::sequence(seq.begin(), seq.end(), 10);
    add_index<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(&seq[0]), n);
    CHECK(seq[n - 1] == 10 + 2 * (n - 1), "element read after a kernel: %d", (int)seq[n - 1]);
    std::vector<int> back(n);
    CHECK(cudaMemcpy(back.data(), thrust::raw_pointer_cast(seq.data()), n * sizeof(int),
                     cudaMemcpyDeviceToHost) == cudaSuccess, "cudaMemcpy from a device_vector");
    for (int i = 0; i < n; i++)
        CHECK(back[i] == 10 + 2 * i, "kernel on device_vector at %d", i);

    // a kernel on a blocking stream of the program's own: thrust (on the legacy default
    // stream, as on a GPU) runs after it without a synchronise
    cudaStream_t st;
    CHECK(cudaStreamCreate(&st) == cudaSuccess, "cudaStreamCreate");
    thrust::sequence(seq.begin(), seq.end(), 0);
    add_index<<<(n + 255) / 256, 256, 0, st>>>(thrust::raw_pointer_cast(seq.data()), n);
    long long ssum = thrust::reduce(seq.begin(), seq.end(), 0LL);
    CHECK(ssum == (long long)n * (n - 1), "kernel on a stream, then reduce: %lld", ssum);
    cudaStreamDestroy(st);

    // device_malloc'd memory is device memory: cudaMemset and kernels take it
    thrust::device_ptr<int> dp = thrust::device_malloc<int>(n);
    CHECK(cudaMemset(dp.get(), 0, n * sizeof(int)) == cudaSuccess, "cudaMemset on device_malloc");
    add_index<<<(n + 255) / 256, 256>>>(dp.get(), n);
    long long isum = thrust::reduce(dp, dp + n, 0LL);
    CHECK(isum == (long long)n * (n - 1) / 2, "device_malloc + kernel + reduce %lld", isum);
    thrust::fill(thrust::device, dp, dp + n, 4);
    CHECK(thrust::reduce(dp, dp + n) == 4 * n, "fill on device_ptr");
    thrust::device_free(dp);

    CHECK(cudaDeviceSynchronize() == cudaSuccess && cudaGetLastError() == cudaSuccess, "CUDA errors");
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
