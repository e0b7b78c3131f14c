// Kernels that only the fiber engine runs (a `goto` out of a loop holding a barrier: FIBER_ONLY)
// together with what used to keep a kernel on thread loops:
// the functions of cooperative groups' tiles of several warps (sync ordering shared memory,
// shfl by rank, any, all, reduce and the scans over 128 and 64 threads, a thread_group's
// sync of a run-time tile), grid_group::sync() under a cooperative launch, wmma::mma_sync,
// and cuda::barrier as the GPU runs it (a count other than the block's, arrive(2),
// arrive_and_drop, phases), and group methods on groups whose type is a template's
// parameter, in the kernel and in device functions. Every value is compared with a host
// model of what a GPU computes.
// RUN: %cu2c %s -o %t.cpp && grep -c "[{] cu2c_fiber_run(" %t.cpp | FileCheck %s --check-prefix=FIBERS
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// FIBERS: 5
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda/barrier>
#include <cuda_fp16.h>
#include <mma.h>
#include <cstdio>
#include <utility>
namespace cg = cooperative_groups;
using namespace nvcuda;

#define B 256   /* threads in a block of `tiles` */
#define NB 3

/* A loop holding a barrier, left by a goto: thread loops cannot structure it. */
#define FIBER_ONLY(n) \
    for (int fo_ = 0;; fo_++) { \
        if (fo_ == (n)) \
            goto fiber_only_done; \
        __syncthreads(); \
    } \
fiber_only_done:

static int bad = 0;
#define EXPECT(cond, ...) do { if (!(cond) && bad++ < 10) printf(__VA_ARGS__); } while (0)

__device__ __host__ int val(unsigned g) { return (int)((g * 2654435761u) % 1000u) - 500; }

/* Tiles of 128 (and 64 inside them): the loop's `goto` puts the kernel on fibers. */
__global__ void tiles(int *out, int rounds) {
    __shared__ int seen[B];
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<128> t = cg::tiled_partition<128>(cta);
    unsigned r = cta.thread_rank(), g = blockIdx.x * B + r;
    int *o = out + (size_t)g * 10;
    int acc = 0;
    for (int i = 0;; i++) {
        if (i == rounds)
            goto done;
        acc += i;
        __syncthreads();
    }
done:
    seen[r] = val(g) + acc;
    t.sync();
    o[0] = seen[r - t.thread_rank() + (t.thread_rank() + 64) % 128];
    o[1] = t.shfl(val(g), t.thread_rank() * 5 + 3);
    o[2] = t.any(g % 97u == 0);
    o[3] = t.all(val(g) > -500);
    o[4] = cg::reduce(t, val(g), cg::plus<int>());
    o[5] = cg::reduce(t, val(g), cg::greater<int>());
    o[6] = cg::inclusive_scan(t, val(g));
    o[7] = cg::exclusive_scan(t, val(g));
    cg::thread_block_tile<64> q = cg::tiled_partition<64>(t);
    o[8] = cg::reduce(q, 1, cg::plus<int>()) * 1000 + (int)q.meta_group_rank();
    cg::thread_group rt = cg::tiled_partition(cta, 64);
    seen[r] = (int)g * 2;
    rt.sync();
    o[9] = seen[r ^ 63];
}

/* grid.sync() between phases. */
__global__ void grid_phases(int *a, int *b, int n) {
    cg::grid_group grid = cg::this_grid();
    unsigned long long rank = grid.thread_rank();
    FIBER_ONLY(2);
    int step = 0;
    while (__syncthreads_or(step < 2)) {
        for (unsigned long long i = rank; i < (unsigned long long)n; i += grid.size())
            a[i] = step == 0 ? (int)i * 3 + 1 : a[i] + b[(i + 1) % n];
        grid.sync();
        for (unsigned long long i = rank; i < (unsigned long long)n; i += grid.size())
            b[i] = a[n - 1 - i];
        grid.sync();
        step++;
    }
}

/* One warp's 16x16x16 half product with float accumulation, per block. */
__global__ void mma(const half *A, const half *Bm, float *C) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    FIBER_ONLY(1);
    int k = 0;
    while (__syncthreads_or(k < 1)) {
        wmma::fill_fragment(acc, 0.5f * (float)blockIdx.x);
        wmma::load_matrix_sync(fa, A + blockIdx.x * 256, 16);
        wmma::load_matrix_sync(fb, Bm + blockIdx.x * 256, 16);
        wmma::mma_sync(acc, fa, fb, acc);
        k++;
    }
    wmma::store_matrix_sync(C + blockIdx.x * 256, acc, 16, wmma::mem_row_major);
}

/* A cuda::barrier of half the block (each half completes a phase); one the first half
 * completes alone by arriving for two each; one that the second half leaves by
 * arrive_and_drop, after which the first half's phases need only its own arrivals. */
__global__ void barriers(int *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> half_bar, twice_bar, drop_bar;
    __shared__ int data[64], data2[32], data3[64];
    unsigned t = threadIdx.x;
    if (t == 0) {
        init(&half_bar, 32);
        init(&twice_bar, 64);
        init(&drop_bar, 64);
    }
    FIBER_ONLY(3);
    data[t] = (int)t + 1;
    half_bar.arrive_and_wait();         /* threads 0..31 complete a phase, 32..63 the next */
    out[t] = data[t ^ 1];               /* the other of the pair came in the same phase */
    if (t < 32) {
        data2[t] = (int)t * 10;
        auto tok = twice_bar.arrive(2);
        twice_bar.wait(std::move(tok));
        out[64 + t] = data2[31 - t];
    }
    data3[t] = (int)t + 100;
    drop_bar.arrive_and_wait();         /* phase 0: all 64 */
    if (t >= 32) {
        drop_bar.arrive_and_drop();     /* phase 1's arrival, and 32 expected from then on */
        out[64 + t] = out[128 + t] = -1;
        return;
    }
    drop_bar.arrive_and_wait();         /* phase 1: 32 arrivals and 32 drops */
    data3[t] = data3[t + 32] * 7;
    drop_bar.arrive_and_wait();         /* phase 2: the first half alone */
    out[128 + t] = data3[31 - t];
}

/* Group methods where the group's type is a template parameter. */
template <class G> __device__ int wsum(G g, int v) {
    for (int o = (int)g.size() / 2; o > 0; o /= 2)
        v += g.shfl_down(v, o);
    return v;
}
template <unsigned N> __global__ void generic(int *out) {
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(cg::this_thread_block());
    FIBER_ONLY(1);
    out[threadIdx.x * 2] = tile.shfl_xor((int)threadIdx.x, 1) + 1000 * tile.any(threadIdx.x == 5);
    out[threadIdx.x * 2 + 1] = wsum(tile, (int)threadIdx.x);
}

static void check_tiles() {
    int *out;
    cudaMallocManaged(&out, sizeof(int) * NB * B * 10);
    tiles<<<NB, B>>>(out, 3);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "tiles failed\n");
    for (unsigned b = 0; b < NB; b++)
        for (unsigned r = 0; r < B; r++) {
            unsigned g = b * B + r, t0 = g - r % 128;
            const int *o = out + (size_t)g * 10;
            int sum = 0, mx = -1000, inc = 0, exc = 0, any = 0, all = 1;
            for (unsigned j = 0; j < 128; j++) {
                int v = val(t0 + j);
                sum += v;
                mx = v > mx ? v : mx;
                any |= (t0 + j) % 97u == 0;
                all &= v > -500;
                if (j < r % 128)
                    exc += v;
            }
            inc = exc + val(g);
            EXPECT(o[0] == val(t0 + (r % 128 + 64) % 128) + 3, "tile sync %u: %d\n", g, o[0]);
            EXPECT(o[1] == val(t0 + (r % 128 * 5 + 3) % 128), "shfl %u: %d\n", g, o[1]);
            EXPECT(o[2] == any && o[3] == all, "any/all %u: %d %d\n", g, o[2], o[3]);
            EXPECT(o[4] == sum && o[5] == mx, "reduce %u: %d %d (%d %d)\n", g, o[4], o[5], sum, mx);
            EXPECT(o[6] == inc && o[7] == exc, "scans %u: %d %d (%d %d)\n", g, o[6], o[7], inc, exc);
            EXPECT(o[8] == 64000 + (int)(r % 128 / 64), "tile of a tile %u: %d\n", g, o[8]);
            EXPECT(o[9] == (int)(b * B + (r ^ 63)) * 2, "run-time tile sync %u: %d\n", g, o[9]);
        }
    cudaFree(out);
}

static void check_grid() {
    int per_sm = 0, n = 5003, *a, *b;
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_phases, 64, 0);
    int blocks = per_sm * p.multiProcessorCount < 6 ? per_sm * p.multiProcessorCount : 6;
    cudaMallocManaged(&a, n * sizeof(int));
    cudaMallocManaged(&b, n * sizeof(int));
    void *args[] = {&a, &b, &n};
    EXPECT(cudaLaunchCooperativeKernel((void *)grid_phases, blocks, 64, args) == cudaSuccess, "coop launch\n");
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "grid_phases failed\n");
    int *ha = new int[n], *hb = new int[n];
    for (int i = 0; i < n; i++)
        ha[i] = i * 3 + 1;
    for (int i = 0; i < n; i++)
        hb[i] = ha[n - 1 - i];
    for (int i = 0; i < n; i++)
        ha[i] += hb[(i + 1) % n];
    for (int i = 0; i < n; i++)
        hb[i] = ha[n - 1 - i];
    for (int i = 0; i < n; i++)
        EXPECT(a[i] == ha[i] && b[i] == hb[i], "grid %d: %d %d (%d %d)\n", i, a[i], b[i], ha[i], hb[i]);
    delete[] ha;
    delete[] hb;
}

static void check_mma() {
    half *A, *Bm;
    float *C;
    cudaMallocManaged(&A, 2 * 256 * sizeof(half));
    cudaMallocManaged(&Bm, 2 * 256 * sizeof(half));
    cudaMallocManaged(&C, 2 * 256 * sizeof(float));
    for (int i = 0; i < 512; i++) {
        A[i] = __float2half((float)(i % 7 - 3));
        Bm[i] = __float2half((float)(i % 5 - 2));
    }
    mma<<<2, 32>>>(A, Bm, C);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "mma failed\n");
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < 16; i++)
            for (int j = 0; j < 16; j++) {
                float s = 0.5f * (float)b;
                for (int k = 0; k < 16; k++)   /* B col-major: element (k, j) at j * 16 + k */
                    s += __half2float(A[b * 256 + i * 16 + k]) * __half2float(Bm[b * 256 + j * 16 + k]);
                EXPECT(C[b * 256 + i * 16 + j] == s, "mma %d (%d,%d): %g, not %g\n", b, i, j,
                       C[b * 256 + i * 16 + j], s);
            }
}

static void check_barriers() {
    int *out;
    cudaMallocManaged(&out, 192 * sizeof(int));
    barriers<<<1, 64>>>(out);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "barriers failed\n");
    for (int t = 0; t < 64; t++) {
        EXPECT(out[t] == (t ^ 1) + 1, "half barrier %d: %d\n", t, out[t]);
        EXPECT(out[64 + t] == (t < 32 ? (31 - t) * 10 : -1), "arrive(2) %d: %d\n", t, out[64 + t]);
        EXPECT(out[128 + t] == (t < 32 ? (31 - t + 32 + 100) * 7 : -1), "drop %d: %d\n", t, out[128 + t]);
    }
}

static void check_generic() {
    int *out;
    cudaMallocManaged(&out, 128 * sizeof(int));
    generic<16><<<1, 64>>>(out);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "generic failed\n");
    for (int t = 0; t < 64; t++) {
        int t0 = t & ~15, sum = 0;
        for (int j = 0; j < 16; j++)
            sum += t0 + j;
        EXPECT(out[t * 2] == (t ^ 1) + (t0 == 0 ? 1000 : 0), "generic shfl_xor %d: %d\n", t, out[t * 2]);
        if (t % 16 == 0)
            EXPECT(out[t * 2 + 1] == sum, "generic wsum %d: %d (%d)\n", t, out[t * 2 + 1], sum);
    }
}

int main() {
    check_tiles();
    check_grid();
    check_mma();
    check_barriers();
    check_generic();
    if (bad) {
        printf("FAIL: %d\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
