// thrust's CUDA-system policies: thrust::cuda::par and par_nosync, with .on(stream) and
// without, and thrust::system::cuda::par from <thrust/system/cuda/execution_policy.h>. Each
// algorithm runs after the kernels queued before it on its stream (a non-blocking one, which
// the legacy default stream does not order), as on a GPU.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/sequence.h>
#include <thrust/scan.h>

// slow on purpose: each element takes a few thousand steps, so the kernel is still running
// when the host reaches the next call, unless that call waits for it
__global__ void fill(int *a, int n, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = i;
    for (int r = 0; r < 4000; r++) x = x * 1664525u + 1013904223u;
    a[i] = (int)(x % 1000u) * 0 + (n - i) * k;   // the loop's result unused in the value, not in the time
    if (x == 1u) a[i] = -1;                      // keeps the loop
}

int main() {
    const int n = 1 << 14;
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    thrust::device_vector<int> v(n), w(n);
    int *pv = thrust::raw_pointer_cast(v.data()), *pw = thrust::raw_pointer_cast(w.data());
    int bad = 0;

    fill<<<n / 256, 256, 0, s>>>(pv, n, 1);
    long long sum = thrust::reduce(thrust::cuda::par.on(s), v.begin(), v.end(), 0LL);
    long long want = (long long)n * (n + 1) / 2;
    if (sum != want) { printf("par.on(s) reduce: %lld, want %lld\n", sum, want); bad++; }

    fill<<<n / 256, 256, 0, s>>>(pv, n, 3);
    thrust::sort(thrust::cuda::par_nosync.on(s), v.begin(), v.end());
    cudaStreamSynchronize(s);
    for (int i = 0; i < n; i++)
        if (v[i] != 3 * (i + 1)) { printf("par_nosync.on(s) sort: v[%d] = %d\n", i, (int)v[i]); bad++; break; }

    fill<<<n / 256, 256>>>(pw, n, 2);   // the legacy default stream
    thrust::inclusive_scan(thrust::cuda::par, w.begin(), w.end(), w.begin());
    if (w[n - 1] != 2 * want) { printf("par scan: %d, want %lld\n", (int)w[n - 1], 2 * want); bad++; }

    thrust::sequence(thrust::system::cuda::par_nosync, w.begin(), w.end(), 5);
    if (thrust::reduce(thrust::system::cuda::par, w.begin(), w.end()) != 5 * n + n * (n - 1) / 2) { printf("sequence\n"); bad++; }
    cudaStreamDestroy(s);
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
