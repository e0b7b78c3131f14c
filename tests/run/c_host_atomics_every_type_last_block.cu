/* Host code in plain C, translated to C (where atomics are _Generic macros): every atomic of
 * every type CUDA documents, on global and on shared memory, from many blocks, with exact
 * totals; the _block and _system variants; half atomics and __hadd on both of its types; and
 * the last-block pattern: each block writes its partial sum, __threadfence(), takes a ticket
 * with atomicInc, and the block drawing the last ticket adds all the partials.
 * --lang=c: cu2c's automatic choice takes __half's (trivial) constructors for C++. */
// RUN: %cu2c --lang=c %s -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <stdio.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define BLOCKS 96
#define THREADS 64

typedef struct Totals {
    int add_i, sub_i, exch_i, min_i, max_i, cas_i, and_i, or_i, xor_i;
    unsigned add_u, sub_u, exch_u, min_u, max_u, inc_u, dec_u, cas_u, and_u, or_u, xor_u;
    unsigned long long add_ull, exch_ull, min_ull, max_ull, cas_ull, and_ull, or_ull, xor_ull;
    long long min_ll, max_ll;
    float add_f, exch_f;
    double add_d;
    unsigned short cas_us;
    __half add_h;
    __half2 add_h2;
    int block_sys;
} Totals;

/* Per-block counters in __shared__ arrays of scalars (cu2c's C output does not yet handle a
 * __shared__ struct declared in a kernel). */
enum { ADD_I, MIN_I, MAX_I, OR_I, AND_I, XOR_I, CAS_I };
__global__ void every_atomic(Totals *g, int *shared_ok) {
    __shared__ int si[7];
    __shared__ unsigned su[1];
    __shared__ unsigned long long sl[1];
    __shared__ float sf[1];
    __shared__ double sd[1];
    int t = threadIdx.x, id = blockIdx.x * THREADS + t;
    if (t == 0) {
        si[ADD_I] = 0; si[MIN_I] = 1 << 30; si[MAX_I] = -(1 << 30); si[OR_I] = 0; si[AND_I] = -1; si[XOR_I] = 0;
        sl[0] = 0; su[0] = 0; si[CAS_I] = 0; sf[0] = 0; sd[0] = 0;
    }
    __syncthreads();
    /* shared: per block */
    atomicAdd(&si[ADD_I], t);
    atomicMin(&si[MIN_I], t - 5);
    atomicMax(&si[MAX_I], 3 * t);
    atomicOr(&si[OR_I], 1 << (t % 31));
    atomicAnd(&si[AND_I], ~(1 << (t % 31)));
    atomicXor(&si[XOR_I], t);
    atomicAdd(&sl[0], 1ull << 40);
    atomicInc(&su[0], 1000u);
    atomicAdd(&sf[0], 0.5f);
    atomicAdd_block(&sd[0], 0.25);
    { int old; do old = si[CAS_I]; while (atomicCAS(&si[CAS_I], old, old + 2) != old); }
    __syncthreads();
    if (t == 0)
        shared_ok[blockIdx.x] = si[ADD_I] == THREADS * (THREADS - 1) / 2 && si[MIN_I] == -5 &&
            si[MAX_I] == 3 * (THREADS - 1) && si[OR_I] == 0x7fffffff && si[AND_I] == (int)0x80000000 &&
            si[XOR_I] == 0 && sl[0] == (unsigned long long)THREADS << 40 && su[0] == THREADS &&
            sf[0] == THREADS * 0.5f && sd[0] == THREADS * 0.25 && si[CAS_I] == 2 * THREADS;
    /* global: whole grid */
    atomicAdd(&g->add_i, 1);
    atomicSub(&g->sub_i, 2);
    atomicExch(&g->exch_i, id);
    atomicMin(&g->min_i, id - 100);
    atomicMax(&g->max_i, id);
    { int old, cur = g->cas_i; do { old = cur; cur = atomicCAS(&g->cas_i, old, old + 1); } while (cur != old); }
    atomicAnd(&g->and_i, ~(1 << (id % 31)));
    atomicOr(&g->or_i, 1 << (id % 31));
    atomicXor(&g->xor_i, id);
    atomicAdd(&g->add_u, 3u);
    atomicSub(&g->sub_u, 1u);
    atomicExch(&g->exch_u, 7u);
    atomicMin(&g->min_u, (unsigned)id + 10u);
    atomicMax(&g->max_u, (unsigned)id * 2u);
    atomicInc(&g->inc_u, 99u);                 /* wraps to 0 after 99 */
    atomicDec(&g->dec_u, 49u);                 /* wraps to 49 at 0 */
    { unsigned old, cur = g->cas_u; do { old = cur; cur = atomicCAS(&g->cas_u, old, old + 3u); } while (cur != old); }
    atomicAnd(&g->and_u, ~(1u << (id % 32)));
    atomicOr(&g->or_u, 1u << (id % 32));
    atomicXor(&g->xor_u, (unsigned)id * 2654435761u);
    atomicAdd(&g->add_ull, 1ull << 33);
    atomicExch(&g->exch_ull, 0x123456789ull);
    atomicMin(&g->min_ull, (unsigned long long)id + (1ull << 40));
    atomicMax(&g->max_ull, (unsigned long long)id << 35);
    { unsigned long long old, cur = g->cas_ull; do { old = cur; cur = atomicCAS(&g->cas_ull, old, old + (1ull << 32)); } while (cur != old); }
    atomicAnd(&g->and_ull, ~(1ull << (id % 64)));
    atomicOr(&g->or_ull, 1ull << (id % 64));
    atomicXor(&g->xor_ull, (unsigned long long)id << 20);
    atomicMin(&g->min_ll, -(long long)id * 100000000000ll);
    atomicMax(&g->max_ll, (long long)id * 100000000000ll);
    atomicAdd(&g->add_f, 0.25f);
    atomicExch(&g->exch_f, 1.5f);
    atomicAdd_system(&g->add_d, 0.125);
    { unsigned short old, cur = g->cas_us; do { old = cur; cur = atomicCAS(&g->cas_us, old, (unsigned short)(old + 1)); } while (cur != old); }
    atomicAdd(&g->add_h, __float2half(0.25f));
    atomicAdd(&g->add_h2, __floats2half2_rn(0.125f, 1.0f));
    atomicAdd_block(&g->block_sys, 1);
    atomicSub_system(&g->block_sys, 2);
    atomicMax_block(&g->max_i, 0);
    atomicOr_system(&g->or_u, 0u);
    atomicCAS_block(&g->cas_ull, 1ull, 2ull);   /* never matches: the count is a multiple of 2^32 */
}

/* The last-block pattern. */
__device__ unsigned int tickets;
__global__ void sum_last_block(const float *x, float *partial, float *total, int n) {
    __shared__ float s[THREADS];
    __shared__ int am_last;
    int t = threadIdx.x, i = blockIdx.x * THREADS + t;
    s[t] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();   /* the partial is visible before the ticket */
        unsigned ticket = atomicInc(&tickets, gridDim.x);
        am_last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (am_last && t == 0) {
        float sum = 0.0f;
        for (unsigned b = 0; b < gridDim.x; b++) sum += ((volatile float *)partial)[b];
        *total = sum;
        tickets = 0;    /* ready for the next launch */
    }
}

__global__ void hadd_both(int *iout, float *hout) {
    *iout = __hadd(7, 10);                                              /* (7 + 10) >> 1 */
    *hout = __half2float(__hadd(__float2half(1.5f), __float2half(2.25f)));
}

int main(void) {
    static Totals h;
    static int ok[BLOCKS];
    static float x[BLOCKS * THREADS], partial[BLOCKS];
    Totals *g;
    int *dok, *di, n = BLOCKS * THREADS - 17, i, bad = 0, round, ires;
    float *dx, *dpartial, *dtotal, total, hres;
    long long id_max = BLOCKS * THREADS - 1;
    memset(&h, 0, sizeof h);
    h.min_i = 1 << 30; h.max_i = -(1 << 30); h.and_i = -1; h.min_u = ~0u; h.and_u = ~0u;
    h.min_ull = ~0ull; h.and_ull = ~0ull; h.dec_u = 0; h.min_ll = 0; h.max_ll = 0;
    h.add_h = __float2half(0.0f); h.add_h2 = __floats2half2_rn(0.0f, 0.0f);
    cudaMalloc((void **)&g, sizeof h);
    cudaMalloc((void **)&dok, sizeof ok);
    cudaMemcpy(g, &h, sizeof h, cudaMemcpyHostToDevice);
    every_atomic<<<BLOCKS, THREADS>>>(g, dok);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("kernel failed\n"); return 1; }
    cudaMemcpy(&h, g, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(ok, dok, sizeof ok, cudaMemcpyDeviceToHost);
    for (i = 0; i < BLOCKS; i++) if (!ok[i]) { printf("shared atomics wrong in block %d\n", i); bad++; break; }
    {
        const long long N = BLOCKS * THREADS;
        unsigned xu = 0; int xi = 0; unsigned long long xull = 0;
        for (i = 0; i < N; i++) { xi ^= i; xu ^= (unsigned)i * 2654435761u; xull ^= (unsigned long long)i << 20; }
#define EXPECT(cond) do { if (!(cond)) { printf("wrong: %s\n", #cond); bad++; } } while (0)
        EXPECT(h.add_i == N && h.sub_i == -2 * N && h.exch_i >= 0 && h.exch_i < N);
        EXPECT(h.min_i == -100 && h.max_i == id_max && h.cas_i == N && h.and_i == (int)0x80000000 &&
               h.or_i == 0x7fffffff && h.xor_i == xi);
        EXPECT(h.add_u == 3u * N && h.sub_u == (unsigned)-N && h.exch_u == 7u && h.min_u == 10u &&
               h.max_u == 2u * (unsigned)id_max && h.inc_u == (unsigned)(N % 100) && h.cas_u == 3u * N);
        /* atomicDec from 0 with limit 49: 0 -> 49 -> 48 ... one cycle is 50 steps */
        EXPECT(h.dec_u == (unsigned)((50 - N % 50) % 50));
        EXPECT(h.and_u == 0u && h.or_u == ~0u && h.xor_u == xu);
        EXPECT(h.add_ull == (unsigned long long)N << 33 && h.exch_ull == 0x123456789ull &&
               h.min_ull == 1ull << 40 && h.max_ull == (unsigned long long)id_max << 35 &&
               h.cas_ull == (unsigned long long)N << 32 && h.and_ull == 0ull && h.or_ull == ~0ull && h.xor_ull == xull);
        EXPECT(h.min_ll == -id_max * 100000000000ll && h.max_ll == id_max * 100000000000ll);
        EXPECT(h.add_f == 0.25f * N && h.exch_f == 1.5f && h.add_d == 0.125 * N && h.cas_us == (unsigned short)N);
        /* adding 0.25 stops at 512, where 512.25 is a tie that rounds to even 512; 0.125 at 256 */
        EXPECT(__half2float(h.add_h) == 512.0f && __low2float(h.add_h2) == 256.0f);
        /* 6144 ones in half: the sum stops at 2048, where 2048 + 1 rounds back to 2048 */
        EXPECT(__high2float(h.add_h2) == 2048.0f);
        EXPECT(h.block_sys == -N);
    }
    for (i = 0; i < BLOCKS * THREADS; i++) x[i] = (float)((i * 7) % 13) - 6.0f;
    cudaMalloc((void **)&dx, sizeof x);
    cudaMalloc((void **)&dpartial, sizeof partial);
    cudaMalloc((void **)&dtotal, sizeof(float));
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    for (round = 0; round < 3; round++) {
        float want = 0.0f;
        cudaMemset(dtotal, 0, sizeof(float));
        sum_last_block<<<(n + THREADS - 1) / THREADS, THREADS>>>(dx, dpartial, dtotal, n);
        cudaMemcpy(&total, dtotal, sizeof total, cudaMemcpyDeviceToHost);
        cudaMemcpy(partial, dpartial, sizeof partial, cudaMemcpyDeviceToHost);
        for (i = 0; i < (n + THREADS - 1) / THREADS; i++) want += partial[i];
        {
            double exact = 0;
            for (i = 0; i < n; i++) exact += x[i];
            if (total != want || (double)total != exact) { printf("last block: %f want %f (%f)\n", total, want, exact); bad++; }
        }
    }
    cudaMalloc((void **)&di, sizeof(int));
    cudaMalloc((void **)&dtotal, sizeof(float));
    hadd_both<<<1, 1>>>(di, dtotal);
    cudaMemcpy(&ires, di, sizeof ires, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hres, dtotal, sizeof hres, cudaMemcpyDeviceToHost);
    if (ires != 8 || hres != 3.75f) { printf("__hadd: %d %f\n", ires, hres); bad++; }
    if (bad) return 1;
    printf("atomics ok\n");
    return 0;
}
