// libcu++ atomics (<cuda/atomic>, <cuda/std/atomic>) in kernels and host code: a
// cuda::atomic<int, thread_scope_block> in __shared__ memory counted by every thread of a
// 128-thread block (fetch_add, ++, +=, fetch_min/max, compare_exchange), a
// cuda::std::atomic<unsigned> and cuda::atomic_ref<float> over global memory updated by all
// 4 blocks, exchange and the bit operations; checked against host values (host code uses
// the same types).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=3 timeout 60 %t
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cstdio>

#define THREADS 128
#define BLOCKS 4

struct Totals {
    cuda::std::atomic<unsigned> count;
    unsigned bits_or, bits_and;
    float fsum;
    int maxv, minv, cas_wins;
};

__global__ void counts(Totals *t, int *per_block, int *exchanged) {
    __shared__ cuda::atomic<int, cuda::thread_scope_block> n;
    __shared__ cuda::atomic<int, cuda::thread_scope_block> claimed;
    if (threadIdx.x == 0) {
        n.store(0, cuda::memory_order_relaxed);
        claimed = -1;
    }
    __syncthreads();
    int i = threadIdx.x;
    n.fetch_add(1);
    n++;
    ++n;
    n += 2;
    n -= 1;
    // exactly one thread of the block wins the claim
    int expected = -1;
    if (claimed.compare_exchange_strong(expected, i, cuda::std::memory_order_acq_rel))
        cuda::atomic_ref<int, cuda::thread_scope_device>(t->cas_wins).fetch_add(1);
    t->count.fetch_add(1u, cuda::std::memory_order_relaxed);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> o(t->bits_or), a(t->bits_and);
    o.fetch_or(1u << (i % 32));
    a.fetch_and(~(1u << (blockIdx.x + 8)));
    cuda::atomic_ref<float> fs(t->fsum);
    fs.fetch_add(0.5f);
    cuda::atomic_ref<int>(t->maxv).fetch_max(i * 10 + (int)blockIdx.x);
    cuda::atomic_ref<int>(t->minv).fetch_min(-i);
    int old = cuda::atomic_ref<int>(exchanged[blockIdx.x]).exchange(i);
    (void)old;
    __syncthreads();
    if (threadIdx.x == 0)
        per_block[blockIdx.x] = n.load() * 1000 + (claimed.load() >= 0 ? 1 : 0);
}

int main() {
    Totals *t;
    int *per_block, *exchanged;
    cudaMallocManaged(&t, sizeof *t);
    cudaMallocManaged(&per_block, sizeof(int) * BLOCKS);
    cudaMallocManaged(&exchanged, sizeof(int) * BLOCKS);
    new (&t->count) cuda::std::atomic<unsigned>(7u);
    t->bits_or = 0;
    t->bits_and = ~0u;
    t->fsum = 0;
    t->maxv = -1;
    t->minv = 1;
    t->cas_wins = 0;
    for (int b = 0; b < BLOCKS; b++)
        exchanged[b] = -1;
    counts<<<BLOCKS, THREADS>>>(t, per_block, exchanged);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: launch\n");
        return 1;
    }
    int bad = 0;
    for (int b = 0; b < BLOCKS; b++) {
        // 1 + 1 + 1 + 2 - 1 per thread
        if (per_block[b] != THREADS * 4 * 1000 + 1)
            printf("FAIL: block %d counted %d\n", b, per_block[b]), bad++;
        if (exchanged[b] < 0 || exchanged[b] >= THREADS)
            printf("FAIL: block %d exchanged %d\n", b, exchanged[b]), bad++;
    }
    unsigned want_and = ~0u;
    for (int b = 0; b < BLOCKS; b++)
        want_and &= ~(1u << (b + 8));
    if (t->count.load() != 7u + BLOCKS * THREADS)
        printf("FAIL: count %u\n", t->count.load()), bad++;
    if (t->bits_or != ~0u || t->bits_and != want_and)
        printf("FAIL: bits %x %x\n", t->bits_or, t->bits_and), bad++;
    if (t->fsum != 0.5f * BLOCKS * THREADS)
        printf("FAIL: fsum %g\n", t->fsum), bad++;
    if (t->maxv != (THREADS - 1) * 10 + BLOCKS - 1 || t->minv != -(THREADS - 1))
        printf("FAIL: max %d min %d\n", t->maxv, t->minv), bad++;
    if (t->cas_wins != BLOCKS)
        printf("FAIL: %d claims won\n", t->cas_wins), bad++;
    // host code: the same types
    cuda::std::atomic<long long> h(5);
    long long e = 5;
    bool swapped = h.compare_exchange_weak(e, 9) || h.compare_exchange_strong(e, 9);
    int arr[4] = {0, 1, 2, 3};
    cuda::atomic<int *> p(arr);
    p += 2;
    if (!swapped || h.exchange(1) != 9 || h.fetch_sub(3) != 1 || h.load() != -2 || *p.load() != 2 || *(p--) != 2 ||
        *p != 1)
        printf("FAIL: host atomics\n"), bad++;
    if (bad)
        return 1;
    printf("PASS\n");
    return 0;
}
