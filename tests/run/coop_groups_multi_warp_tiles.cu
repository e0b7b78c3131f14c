// Cooperative groups' tiles of several warps (thread_block_tile<64> ... <1024>), CUDA's
// methods for them: thread_rank, num_threads/size, meta_group_rank/size (from the block and
// from a larger tile), sync ordering shared-memory writes of the whole tile, shfl by rank,
// any, all, and cg::reduce (float sums bit for bit in CUDA's order: each warp's butterfly,
// then the butterfly over the tile's warps), with block_tile_memory passed to
// this_thread_block as NVIDIA's reduction sample does, in 1-D and 2-D blocks, under an if
// that whole tiles take, and tiles of a run-time size as a thread_group. TS: the tile size.
// RUN: %cu2cc -DTS=64 %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: %cu2cc -DTS=256 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: %cu2cc -DTS=1024 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstring>
namespace cg = cooperative_groups;

#ifndef TS
#define TS 64
#endif
#define THREADS (TS <= 256 ? 3 * TS : 1024)     /* threads in a block: whole tiles */
#define NB 3            /* blocks */
#define MAXT 1024       /* threads in a block, at most */
#define NOUT 10         /* results per thread */

__device__ float value(unsigned g) {
    /* magnitudes far apart: a sum in another order rounds differently */
    return (float)((g * 2654435761u) % 1000u) * ((g % 7u) == 0 ? 4096.0f : 0.001f);
}

#define S TS
__global__ void tiles(float *fout, int *iout, unsigned *uout) {
    __shared__ cg::block_tile_memory<MAXT> scratch;
    __shared__ int seen[MAXT];
    cg::thread_block cta = cg::this_thread_block(scratch);
    cg::thread_block_tile<S> t = cg::tiled_partition<S>(cta);
    unsigned r = cta.thread_rank();
    unsigned g = blockIdx.x * cta.size() + r;
    unsigned *u = uout + (size_t)g * NOUT;
    int *iv = iout + (size_t)g * NOUT;
    u[0] = t.thread_rank();
    u[1] = t.num_threads() * 10000 + t.size();
    u[2] = t.meta_group_rank() * 10000 + t.meta_group_size();
    /* sync: every write of the tile is seen after it (the neighbour in the other half) */
    seen[r] = (int)(g * 3 + 1);
    t.sync();
    unsigned other = r - t.thread_rank() + ((t.thread_rank() + S / 2) % S);
    iv[0] = seen[other];
    cg::sync(t);
    /* shfl by rank (a rank past the tile wraps) */
    iv[1] = t.shfl((int)g, (int)(t.thread_rank() * 7 + 3));
    float f = value(g);
    iv[2] = (int)t.shfl(f, 5u) == (int)value(blockIdx.x * cta.size() + r - t.thread_rank() + 5);
    iv[3] = t.any(g % 173u == 0);
    iv[4] = t.all(g % 2u == 0 || t.meta_group_rank() % 2u == 1);
    iv[5] = t.all(1);
    fout[g * 2] = cg::reduce(t, f, cg::plus<float>());
    iv[6] = cg::reduce(t, (int)(g % 1000u) - 500, cg::greater<int>());
    iv[7] = cg::reduce(t, (int)g, cg::plus<int>());
    /* reduce under an if whole tiles take, as the reduction sample's cg_reduce does */
    float h = 0.0f;
    if (t.meta_group_rank() == 0)
        h = cg::reduce(t, f * 0.5f, cg::plus<float>());
    fout[g * 2 + 1] = h;
    /* a tile of a tile */
#if TS >= 128
    cg::thread_block_tile<64> q = cg::tiled_partition<64>(t);
    iv[8] = (int)(q.meta_group_rank() * 1000 + q.meta_group_size() * 10 + (q.thread_rank() == r % 64));
    iv[9] = cg::reduce(q, 1, cg::plus<int>());
#endif
}

/* A 2-D block (32 x 8) in tiles of 128 threads: ranks are linear in the block. */
__global__ void tiles_2d(float *fout, unsigned *uout) {
    cg::thread_block cta = cg::this_thread_block();
    auto t = cg::tiled_partition<128>(cta);
    unsigned r = cta.thread_rank();
    uout[r * 2] = t.thread_rank() * 100 + t.meta_group_rank();
    uout[r * 2 + 1] = t.shfl(threadIdx.y * 100 + threadIdx.x, 127);
    fout[r] = cg::reduce(t, value(r), cg::plus<float>());
}

/* tiled_partition(block, n) at run time, as a thread_group: its sync orders the tile. */
__global__ void runtime_tiles(int *out, unsigned n) {
    __shared__ int s[MAXT];
    cg::thread_group t = cg::tiled_partition(cg::this_thread_block(), n);
    unsigned r = threadIdx.x;
    s[r] = (int)r * 5;
    t.sync();
    out[r] = s[r - t.thread_rank() + (t.thread_rank() + 1) % t.size()] + (int)t.size() * 100000;
}

/* The host's model of CUDA's multi-warp reduce for one tile starting at global index g0. */
static float tile_sum(unsigned g0, unsigned size, float scale, float (*val)(unsigned)) {
    float w[32];
    for (unsigned k = 0; k < size / 32; k++) {
        float c[32], nb[32];
        for (int j = 0; j < 32; j++)
            c[j] = val(g0 + k * 32 + j) * scale;
        for (int s = 16; s > 0; s >>= 1) {
            for (int j = 0; j < 32; j++)
                nb[j] = c[j] + c[j ^ s];
            memcpy(c, nb, sizeof c);
        }
        w[k] = c[0];
    }
    unsigned nw = size / 32;
    for (unsigned s = nw / 2; s > 0; s >>= 1) {
        float nb[32];
        for (unsigned j = 0; j < nw; j++)
            nb[j] = w[j] + w[j ^ s];
        memcpy(w, nb, nw * sizeof(float));
    }
    return w[0];
}

static float host_value(unsigned g) {
    return (float)((g * 2654435761u) % 1000u) * ((g % 7u) == 0 ? 4096.0f : 0.001f);
}

static int failures;
static void expect(bool ok, const char *what, unsigned size, unsigned g, long long got, long long want) {
    if (!ok && failures++ < 10)
        printf("FAIL tile %u thread %u %s: got %lld want %lld\n", size, g, what, got, want);
}

static void run(unsigned threads) {
    float *f;
    int *iv;
    unsigned *u;
    unsigned n = NB * threads;
    cudaMallocManaged(&f, n * 2 * sizeof(float));
    cudaMallocManaged(&iv, n * NOUT * sizeof(int));
    cudaMallocManaged(&u, n * NOUT * sizeof(unsigned));
    tiles<<<NB, threads>>>(f, iv, u);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL tile %u: %s\n", S, cudaGetErrorString(cudaGetLastError()));
        failures++;
        return;
    }
    for (unsigned g = 0; g < n; g++) {
        unsigned r = g % threads, rank = r % S, meta = r / S, g0 = g - rank;
        unsigned *uu = u + (size_t)g * NOUT;
        int *ii = iv + (size_t)g * NOUT;
        expect(uu[0] == rank, "thread_rank", S, g, uu[0], rank);
        expect(uu[1] == S * 10001, "num_threads/size", S, g, uu[1], S * 10001);
        expect(uu[2] == meta * 10000 + threads / S, "meta_group", S, g, uu[2], meta * 10000 + threads / S);
        unsigned other = g0 + (rank + S / 2) % S;
        expect(ii[0] == (int)(other * 3 + 1), "sync", S, g, ii[0], other * 3 + 1);
        unsigned src = g0 + (rank * 7 + 3) % S;
        expect(ii[1] == (int)src, "shfl", S, g, ii[1], src);
        expect(ii[2] == 1, "shfl float", S, g, ii[2], 1);
        bool any = false, all = true;
        int mx = -1000, sum = 0;
        for (unsigned k = g0; k < g0 + S; k++) {
            any |= k % 173u == 0;
            all &= k % 2u == 0 || meta % 2u == 1;
            mx = (int)(k % 1000u) - 500 > mx ? (int)(k % 1000u) - 500 : mx;
            sum += (int)k;
        }
        expect(ii[3] == any, "any", S, g, ii[3], any);
        expect(ii[4] == all, "all", S, g, ii[4], all);
        expect(ii[5] == 1, "all(1)", S, g, ii[5], 1);
        float want = tile_sum(g0, S, 1.0f, host_value);
        expect(memcmp(&f[g * 2], &want, sizeof want) == 0, "reduce float (bits)", S, g, (long long)f[g * 2],
               (long long)want);
        expect(ii[6] == mx, "reduce greater", S, g, ii[6], mx);
        expect(ii[7] == sum, "reduce int", S, g, ii[7], sum);
        float h = meta == 0 ? tile_sum(g0, S, 0.5f, host_value) : 0.0f;
        expect(memcmp(&f[g * 2 + 1], &h, sizeof h) == 0, "reduce under if (bits)", S, g, (long long)f[g * 2 + 1],
               (long long)h);
        if (TS >= 128) {
            int q = (int)((rank / 64) * 1000 + (S / 64) * 10 + 1);
            expect(ii[8] == q, "tile of a tile", S, g, ii[8], q);
            expect(ii[9] == 64, "reduce over a tile of a tile", S, g, ii[9], 64);
        }
    }
    cudaFree(f);
    cudaFree(iv);
    cudaFree(u);
}

int main() {
    run(THREADS);

    float *f;
    unsigned *u;
    cudaMallocManaged(&f, 256 * sizeof(float));
    cudaMallocManaged(&u, 512 * sizeof(unsigned));
    tiles_2d<<<1, dim3(32, 8)>>>(f, u);
    cudaDeviceSynchronize();
    for (unsigned r = 0; r < 256; r++) {
        unsigned last = (r / 128) * 128 + 127;
        expect(u[r * 2] == (r % 128) * 100 + r / 128, "2-D ranks", 128, r, u[r * 2], (r % 128) * 100 + r / 128);
        expect(u[r * 2 + 1] == (last / 32) * 100 + last % 32, "2-D shfl", 128, r, u[r * 2 + 1],
               (last / 32) * 100 + last % 32);
        float want = tile_sum(r - r % 128, 128, 1.0f, host_value);
        expect(memcmp(&f[r], &want, sizeof want) == 0, "2-D reduce (bits)", 128, r, (long long)f[r], (long long)want);
    }
    int *o;
    cudaMallocManaged(&o, MAXT * sizeof(int));
    for (unsigned n = 64; n <= 512; n *= 2) {
        runtime_tiles<<<1, 512>>>(o, n);
        cudaDeviceSynchronize();
        for (unsigned r = 0; r < 512; r++) {
            int want = (int)((r - r % n + (r % n + 1) % n) * 5 + n * 100000);
            expect(o[r] == want, "thread_group tile sync", n, r, o[r], want);
        }
    }
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
