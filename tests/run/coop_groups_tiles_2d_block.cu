// Cooperative groups' tiles in a 2-D block (12 x 8, three warps spanning rows): for every tile
// size (32, 16, 8, 4, 2, 1) thread_rank, size, meta_group_rank/size, shfl, shfl_up, shfl_down,
// shfl_xor, ballot (tile-relative bits), any, all, match_any, sync, and cg::reduce with plus,
// less, greater, bit_and, bit_or and bit_xor on int and plus on float (bit for bit: CUDA's
// butterfly order); a tile of a tile; each against a host model of CUDA's documentation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstring>
namespace cg = cooperative_groups;

#define BX 12
#define BY 8
#define NT (BX * BY)
#define BLOCKS 2
#define NS 6
#define K 17

__device__ int value_of(unsigned t) { return (int)((t * 7 + blockIdx.x * 5) % 13); }

// Writes the K results of one tile size for thread t to o[k * NT + t]: one function per size
// (a tile's size must be a constant where its methods are called; functions holding warp
// functions are expanded where they are called, so they cannot come from a macro).
__device__ void ops32(cg::thread_block_tile<32> g, int *o, float *f, unsigned t) {
    const int N = 32;
    int v = value_of(t);
    o[0 * NT + t] = g.thread_rank();
    o[1 * NT + t] = g.size() * 100 + g.meta_group_size() * 10000 + g.meta_group_rank();
    int a = g.shfl(v, 3);
    int b = g.shfl_up(v, 1);
    int c = g.shfl_down(v, 2);
    int d = g.shfl_xor(v, N / 2);
    o[2 * NT + t] = a; o[3 * NT + t] = b; o[4 * NT + t] = c; o[5 * NT + t] = d;
    unsigned bal = g.ballot(v % 3 == 0);
    int any = g.any(v == 12);
    int all = g.all(v != 6);
    unsigned m = g.match_any(v % 4);
    o[6 * NT + t] = (int)bal; o[7 * NT + t] = any; o[8 * NT + t] = all; o[9 * NT + t] = (int)m;
    g.sync();
    o[10 * NT + t] = cg::reduce(g, v, cg::plus<int>());
    o[11 * NT + t] = cg::reduce(g, v, cg::less<int>());
    o[12 * NT + t] = cg::reduce(g, v, cg::greater<int>());
    o[13 * NT + t] = cg::reduce(g, v | 16, cg::bit_and<int>());
    o[14 * NT + t] = cg::reduce(g, 1 << (v % 8), cg::bit_or<int>());
    o[15 * NT + t] = cg::reduce(g, v, cg::bit_xor<int>());
    cg::sync(g);
    f[t] = cg::reduce(g, 1.0f / (float)(v + t + 1), cg::plus<float>());
}

__device__ void ops16(cg::thread_block_tile<16> g, int *o, float *f, unsigned t) {
    const int N = 16;
    int v = value_of(t);
    o[0 * NT + t] = g.thread_rank();
    o[1 * NT + t] = g.size() * 100 + g.meta_group_size() * 10000 + g.meta_group_rank();
    int a = g.shfl(v, 3);
    int b = g.shfl_up(v, 1);
    int c = g.shfl_down(v, 2);
    int d = g.shfl_xor(v, N / 2);
    o[2 * NT + t] = a; o[3 * NT + t] = b; o[4 * NT + t] = c; o[5 * NT + t] = d;
    unsigned bal = g.ballot(v % 3 == 0);
    int any = g.any(v == 12);
    int all = g.all(v != 6);
    unsigned m = g.match_any(v % 4);
    o[6 * NT + t] = (int)bal; o[7 * NT + t] = any; o[8 * NT + t] = all; o[9 * NT + t] = (int)m;
    g.sync();
    o[10 * NT + t] = cg::reduce(g, v, cg::plus<int>());
    o[11 * NT + t] = cg::reduce(g, v, cg::less<int>());
    o[12 * NT + t] = cg::reduce(g, v, cg::greater<int>());
    o[13 * NT + t] = cg::reduce(g, v | 16, cg::bit_and<int>());
    o[14 * NT + t] = cg::reduce(g, 1 << (v % 8), cg::bit_or<int>());
    o[15 * NT + t] = cg::reduce(g, v, cg::bit_xor<int>());
    cg::sync(g);
    f[t] = cg::reduce(g, 1.0f / (float)(v + t + 1), cg::plus<float>());
}

__device__ void ops8(cg::thread_block_tile<8> g, int *o, float *f, unsigned t) {
    const int N = 8;
    int v = value_of(t);
    o[0 * NT + t] = g.thread_rank();
    o[1 * NT + t] = g.size() * 100 + g.meta_group_size() * 10000 + g.meta_group_rank();
    int a = g.shfl(v, 3);
    int b = g.shfl_up(v, 1);
    int c = g.shfl_down(v, 2);
    int d = g.shfl_xor(v, N / 2);
    o[2 * NT + t] = a; o[3 * NT + t] = b; o[4 * NT + t] = c; o[5 * NT + t] = d;
    unsigned bal = g.ballot(v % 3 == 0);
    int any = g.any(v == 12);
    int all = g.all(v != 6);
    unsigned m = g.match_any(v % 4);
    o[6 * NT + t] = (int)bal; o[7 * NT + t] = any; o[8 * NT + t] = all; o[9 * NT + t] = (int)m;
    g.sync();
    o[10 * NT + t] = cg::reduce(g, v, cg::plus<int>());
    o[11 * NT + t] = cg::reduce(g, v, cg::less<int>());
    o[12 * NT + t] = cg::reduce(g, v, cg::greater<int>());
    o[13 * NT + t] = cg::reduce(g, v | 16, cg::bit_and<int>());
    o[14 * NT + t] = cg::reduce(g, 1 << (v % 8), cg::bit_or<int>());
    o[15 * NT + t] = cg::reduce(g, v, cg::bit_xor<int>());
    cg::sync(g);
    f[t] = cg::reduce(g, 1.0f / (float)(v + t + 1), cg::plus<float>());
}

__device__ void ops4(cg::thread_block_tile<4> g, int *o, float *f, unsigned t) {
    const int N = 4;
    int v = value_of(t);
    o[0 * NT + t] = g.thread_rank();
    o[1 * NT + t] = g.size() * 100 + g.meta_group_size() * 10000 + g.meta_group_rank();
    int a = g.shfl(v, 3);
    int b = g.shfl_up(v, 1);
    int c = g.shfl_down(v, 2);
    int d = g.shfl_xor(v, N / 2);
    o[2 * NT + t] = a; o[3 * NT + t] = b; o[4 * NT + t] = c; o[5 * NT + t] = d;
    unsigned bal = g.ballot(v % 3 == 0);
    int any = g.any(v == 12);
    int all = g.all(v != 6);
    unsigned m = g.match_any(v % 4);
    o[6 * NT + t] = (int)bal; o[7 * NT + t] = any; o[8 * NT + t] = all; o[9 * NT + t] = (int)m;
    g.sync();
    o[10 * NT + t] = cg::reduce(g, v, cg::plus<int>());
    o[11 * NT + t] = cg::reduce(g, v, cg::less<int>());
    o[12 * NT + t] = cg::reduce(g, v, cg::greater<int>());
    o[13 * NT + t] = cg::reduce(g, v | 16, cg::bit_and<int>());
    o[14 * NT + t] = cg::reduce(g, 1 << (v % 8), cg::bit_or<int>());
    o[15 * NT + t] = cg::reduce(g, v, cg::bit_xor<int>());
    cg::sync(g);
    f[t] = cg::reduce(g, 1.0f / (float)(v + t + 1), cg::plus<float>());
}

__device__ void ops2(cg::thread_block_tile<2> g, int *o, float *f, unsigned t) {
    const int N = 2;
    int v = value_of(t);
    o[0 * NT + t] = g.thread_rank();
    o[1 * NT + t] = g.size() * 100 + g.meta_group_size() * 10000 + g.meta_group_rank();
    int a = g.shfl(v, 3);
    int b = g.shfl_up(v, 1);
    int c = g.shfl_down(v, 2);
    int d = g.shfl_xor(v, N / 2);
    o[2 * NT + t] = a; o[3 * NT + t] = b; o[4 * NT + t] = c; o[5 * NT + t] = d;
    unsigned bal = g.ballot(v % 3 == 0);
    int any = g.any(v == 12);
    int all = g.all(v != 6);
    unsigned m = g.match_any(v % 4);
    o[6 * NT + t] = (int)bal; o[7 * NT + t] = any; o[8 * NT + t] = all; o[9 * NT + t] = (int)m;
    g.sync();
    o[10 * NT + t] = cg::reduce(g, v, cg::plus<int>());
    o[11 * NT + t] = cg::reduce(g, v, cg::less<int>());
    o[12 * NT + t] = cg::reduce(g, v, cg::greater<int>());
    o[13 * NT + t] = cg::reduce(g, v | 16, cg::bit_and<int>());
    o[14 * NT + t] = cg::reduce(g, 1 << (v % 8), cg::bit_or<int>());
    o[15 * NT + t] = cg::reduce(g, v, cg::bit_xor<int>());
    cg::sync(g);
    f[t] = cg::reduce(g, 1.0f / (float)(v + t + 1), cg::plus<float>());
}

__device__ void ops1(cg::thread_block_tile<1> g, int *o, float *f, unsigned t) {
    const int N = 1;
    int v = value_of(t);
    o[0 * NT + t] = g.thread_rank();
    o[1 * NT + t] = g.size() * 100 + g.meta_group_size() * 10000 + g.meta_group_rank();
    int a = g.shfl(v, 3);
    int b = g.shfl_up(v, 1);
    int c = g.shfl_down(v, 2);
    int d = g.shfl_xor(v, N / 2);
    o[2 * NT + t] = a; o[3 * NT + t] = b; o[4 * NT + t] = c; o[5 * NT + t] = d;
    unsigned bal = g.ballot(v % 3 == 0);
    int any = g.any(v == 12);
    int all = g.all(v != 6);
    unsigned m = g.match_any(v % 4);
    o[6 * NT + t] = (int)bal; o[7 * NT + t] = any; o[8 * NT + t] = all; o[9 * NT + t] = (int)m;
    g.sync();
    o[10 * NT + t] = cg::reduce(g, v, cg::plus<int>());
    o[11 * NT + t] = cg::reduce(g, v, cg::less<int>());
    o[12 * NT + t] = cg::reduce(g, v, cg::greater<int>());
    o[13 * NT + t] = cg::reduce(g, v | 16, cg::bit_and<int>());
    o[14 * NT + t] = cg::reduce(g, 1 << (v % 8), cg::bit_or<int>());
    o[15 * NT + t] = cg::reduce(g, v, cg::bit_xor<int>());
    cg::sync(g);
    f[t] = cg::reduce(g, 1.0f / (float)(v + t + 1), cg::plus<float>());
}

__global__ void tiles(int *out, float *fout, unsigned *sub) {
    cg::thread_block block = cg::this_thread_block();
    unsigned t = block.thread_rank();
    int *o = out + blockIdx.x * NS * K * NT;
    float *f = fout + blockIdx.x * NS * NT;
    ops32(cg::tiled_partition<32>(block), o, f, t);
    ops16(cg::tiled_partition<16>(block), o + K * NT, f + NT, t);
    ops8(cg::tiled_partition<8>(block), o + 2 * K * NT, f + 2 * NT, t);
    ops4(cg::tiled_partition<4>(block), o + 3 * K * NT, f + 3 * NT, t);
    ops2(cg::tiled_partition<2>(block), o + 4 * K * NT, f + 4 * NT, t);
    ops1(cg::tiled_partition<1>(block), o + 5 * K * NT, f + 5 * NT, t);
    // a tile of a tile: ranks within the parent tile
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(t16);
    unsigned x = t4.shfl_xor(t, 1);
    sub[blockIdx.x * NT + t] = t4.meta_group_rank() * 100000 + t4.meta_group_size() * 1000 + x;
}

static int model_value(unsigned t, int blk) { return (int)((t * 7 + blk * 5) % 13); }

int main() {
    int *out;
    float *fout;
    unsigned *sub;
    cudaMallocManaged(&out, sizeof(int) * BLOCKS * NS * K * NT);
    cudaMallocManaged(&fout, sizeof(float) * BLOCKS * NS * NT);
    cudaMallocManaged(&sub, sizeof(unsigned) * BLOCKS * NT);
    memset(out, 0, sizeof(int) * BLOCKS * NS * K * NT);
    tiles<<<BLOCKS, dim3(BX, BY)>>>(out, fout, sub);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        printf("kernel: %s\n", cudaGetErrorString(e));
        return 1;
    }
    const int sizes[NS] = {32, 16, 8, 4, 2, 1};
    int bad = 0;
    for (int blk = 0; blk < BLOCKS; blk++)
        for (int si = 0; si < NS; si++) {
            int N = sizes[si];
            const int *o = out + (blk * NS + si) * K * NT;
            for (int t = 0; t < NT; t++) {
                int base = t - t % N, r = t % N, v = model_value(t, blk);
                int want[K] = {0};
                want[0] = r;
                want[1] = N * 100 + (NT / N) * 10000 + t / N;
                want[2] = model_value(base + 3 % N, blk);
                want[3] = r >= 1 ? model_value(t - 1, blk) : v;
                want[4] = r + 2 < N ? model_value(t + 2, blk) : v;
                want[5] = model_value(base + (r ^ (N / 2)), blk);
                unsigned bal = 0, m = 0;
                int any = 0, all = 1, sum = 0, mn = 99, mx = -1, band = -1, bor = 0, bxor = 0;
                for (int j = 0; j < N; j++) {
                    int w = model_value(base + j, blk);
                    bal |= (unsigned)(w % 3 == 0) << j;
                    any |= w == 12;
                    all &= w != 6;
                    m |= (unsigned)(w % 4 == v % 4) << j;
                    sum += w;
                    mn = w < mn ? w : mn;
                    mx = w > mx ? w : mx;
                    band &= w | 16;
                    bor |= 1 << (w % 8);
                    bxor ^= w;
                }
                want[6] = (int)bal; want[7] = any; want[8] = all; want[9] = (int)m;
                want[10] = sum; want[11] = mn; want[12] = mx; want[13] = band; want[14] = bor; want[15] = bxor;
                for (int k = 0; k < K - 1; k++)
                    if (o[k * NT + t] != want[k] && bad++ < 10)
                        printf("block %d tile %d thread %d result %d: %d, want %d\n", blk, N, t, k, o[k * NT + t], want[k]);
                // float: out = out + shfl_xor(out, s) for s = N/2 .. 1, over the tile's lanes
                float fv[32];
                for (int j = 0; j < N; j++)
                    fv[j] = 1.0f / (float)(model_value(base + j, blk) + base + j + 1);
                for (int s = N / 2; s > 0; s /= 2) {
                    float nv[32];
                    for (int j = 0; j < N; j++)
                        nv[j] = fv[j] + fv[j ^ s];
                    memcpy(fv, nv, sizeof nv);
                }
                float got = fout[(blk * NS + si) * NT + t];
                if (memcmp(&got, &fv[r], sizeof got) != 0 && bad++ < 10)
                    printf("block %d tile %d thread %d float sum %.9g, want %.9g\n", blk, N, t, got, fv[r]);
            }
        }
    for (int blk = 0; blk < BLOCKS; blk++)
        for (unsigned t = 0; t < NT; t++) {
            unsigned want = (t % 16 / 4) * 100000 + 4 * 1000 + (t ^ 1);
            if (sub[blk * NT + t] != want && bad++ < 10)
                printf("block %d thread %u sub-tile %u, want %u\n", blk, t, sub[blk * NT + t], want);
        }
    printf("%s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
