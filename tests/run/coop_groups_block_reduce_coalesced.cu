// Cooperative groups at block level: this_thread_block()'s thread_rank, thread_index,
// group_index, dim_threads, size and num_threads in a 3-D block; block.sync(), cg::sync(block)
// and a device function syncing a block passed by reference; the reduction of NVIDIA's
// samples (shared memory halving under cta.sync(), then the first warp's tile32.shfl_down
// under `if (cta.thread_rank() < 32)`); coalesced_threads() after some threads returned:
// size, thread_rank, shfl by rank, shfl_up/down, ballot packed into ranks, any, and
// cg::reduce over the partial group (CUDA's scan order, bit for bit on float).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstring>
namespace cg = cooperative_groups;

#define N 3000
#define B 256

__global__ void queries(unsigned *out) {
    cg::thread_block b = cg::this_thread_block();
    unsigned r = b.thread_rank();
    unsigned blk = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    unsigned *o = out + (blk * b.size() + r) * 8;
    dim3 ti = b.thread_index(), gi = b.group_index(), dt = b.dim_threads();
    o[0] = r;
    o[1] = ti.x + 100 * ti.y + 10000 * ti.z;
    o[2] = gi.x + 100 * gi.y + 10000 * gi.z;
    o[3] = dt.x + 100 * dt.y + 10000 * dt.z;
    o[4] = b.size() * 1000 + b.num_threads();
}

__device__ void stage(cg::thread_block &b, float *s, unsigned tid, unsigned half) {
    if (tid < half)
        s[tid] += s[tid + half];
    b.sync();
}

__global__ void reduce(const float *in, float *out, int n) {
    cg::thread_block cta = cg::this_thread_block();
    extern __shared__ float sdata[];
    unsigned tid = cta.thread_rank();
    unsigned i = blockIdx.x * cta.size() * 2 + tid;
    float v = i < n ? in[i] : 0.0f;
    if (i + cta.size() < n)
        v += in[i + cta.size()];
    sdata[tid] = v;
    cg::sync(cta);
    stage(cta, sdata, tid, 128);
    for (unsigned s = cta.size() / 4; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        cta.sync();
    }
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    if (cta.thread_rank() < 32) {
        float sum = sdata[tid] + sdata[tid + 32];
        for (int off = tile32.size() / 2; off > 0; off /= 2)
            sum += tile32.shfl_down(sum, off);
        if (tile32.thread_rank() == 0)
            out[blockIdx.x] = sum;
    }
}

// Threads whose lane is a multiple of 3 (and the last 16 threads of the block) return first.
__global__ void coalesced(int *out, float *fout) {
    unsigned t = threadIdx.x;
    if (t % 3 == 0 || t >= 48)
        return;
    cg::coalesced_group g = cg::coalesced_threads();
    int v = (int)(t * 5 % 17);
    int first = g.shfl(v, 0);
    int up = g.shfl_up(v, 2);
    int down = g.shfl_down(v, 1);
    unsigned bal = g.ballot(v > 8);
    int any = g.any(v == 16);
    int sum = cg::reduce(g, v, cg::plus<int>());
    float fsum = cg::reduce(g, 1.0f / (float)(v + 1), cg::plus<float>());
    out[t * 8 + 0] = g.size();
    out[t * 8 + 1] = g.thread_rank();
    out[t * 8 + 2] = first;
    out[t * 8 + 3] = up;
    out[t * 8 + 4] = down;
    out[t * 8 + 5] = (int)bal;
    out[t * 8 + 6] = any;
    out[t * 8 + 7] = sum;
    fout[t] = fsum;
}

static int bad = 0;
#define EXPECT(cond, ...) do { if (!(cond) && bad++ < 10) printf(__VA_ARGS__); } while (0)

int main() {
    // queries: a 3-D grid of 3-D blocks
    dim3 grid(2, 2, 1), block(4, 3, 2);
    unsigned nthreads = 2 * 2 * 24;
    unsigned *q;
    cudaMallocManaged(&q, nthreads * 8 * sizeof(unsigned));
    queries<<<grid, block>>>(q);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "queries failed\n");
    for (unsigned bz = 0; bz < 1; bz++)
        for (unsigned by = 0; by < 2; by++)
            for (unsigned bx = 0; bx < 2; bx++)
                for (unsigned z = 0; z < 2; z++)
                    for (unsigned y = 0; y < 3; y++)
                        for (unsigned x = 0; x < 4; x++) {
                            unsigned blk = by * 2 + bx, r = (z * 3 + y) * 4 + x;
                            const unsigned *o = q + (blk * 24 + r) * 8;
                            EXPECT(o[0] == r && o[1] == x + 100 * y + 10000 * z &&
                                       o[2] == bx + 100 * by + 10000 * bz && o[3] == 4 + 100 * 3 + 10000 * 2 &&
                                       o[4] == 24 * 1000 + 24,
                                   "queries of block %u thread %u: %u %u %u %u %u\n", blk, r, o[0], o[1], o[2], o[3], o[4]);
                        }

    // the samples' reduction
    const int G = (N + 2 * B - 1) / (2 * B);
    float *in, *part;
    cudaMallocManaged(&in, N * sizeof(float));
    cudaMallocManaged(&part, G * sizeof(float));
    for (int i = 0; i < N; i++)
        in[i] = (float)(i % 11);
    reduce<<<G, B, B * sizeof(float)>>>(in, part, N);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "reduce failed\n");
    for (int g = 0; g < G; g++) {
        double want = 0;
        for (int i = g * 2 * B; i < (g + 1) * 2 * B && i < N; i++)
            want += in[i];
        EXPECT(part[g] == (float)want, "block %d sum %g, want %g\n", g, part[g], want);
    }

    // coalesced groups over the threads left
    int *c;
    float *cf;
    cudaMallocManaged(&c, 64 * 8 * sizeof(int));
    cudaMallocManaged(&cf, 64 * sizeof(float));
    memset(c, 0, 64 * 8 * sizeof(int));
    coalesced<<<1, 64>>>(c, cf);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "coalesced failed\n");
    for (int w = 0; w < 2; w++) {
        int lanes[32], n = 0;
        for (int l = 0; l < 32; l++) {
            int t = w * 32 + l;
            if (!(t % 3 == 0 || t >= 48))
                lanes[n++] = t;
        }
        int vals[32], sum = 0, any = 0;
        unsigned bal = 0;
        float fv[32];
        for (int k = 0; k < n; k++) {
            vals[k] = lanes[k] * 5 % 17;
            sum += vals[k];
            any |= vals[k] == 16;
            bal |= (unsigned)(vals[k] > 8) << k;
            fv[k] = 1.0f / (float)(vals[k] + 1);
        }
        // CUDA's order for a partial group: an inclusive scan by rank (op(own, i ranks below)
        // for i = 1, 2, 4, ...), the last rank's result
        for (int i = 1; i < n; i <<= 1) {
            float nv[32];
            for (int k = 0; k < n; k++)
                nv[k] = k >= i ? fv[k] + fv[k - i] : fv[k];
            memcpy(fv, nv, sizeof nv);
        }
        for (int k = 0; k < n; k++) {
            const int *o = c + lanes[k] * 8;
            int want[8] = {n, k, vals[0], k >= 2 ? vals[k - 2] : vals[k], k + 1 < n ? vals[k + 1] : vals[k],
                           (int)bal, any, sum};
            for (int j = 0; j < 8; j++)
                EXPECT(o[j] == want[j], "coalesced thread %d result %d: %d, want %d\n", lanes[k], j, o[j], want[j]);
            float got = cf[lanes[k]];
            EXPECT(memcmp(&got, &fv[n - 1], sizeof got) == 0, "coalesced thread %d float sum %.9g, want %.9g\n",
                   lanes[k], got, fv[n - 1]);
        }
    }
    printf("%s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
