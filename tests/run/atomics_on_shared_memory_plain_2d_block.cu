// Atomics on the block's own __shared__ memory are a relaxed load and store in cu2c, no lock
// (a block's threads run one after another on one worker: frontend/shared_atomics.c), with
// the atomics' results: every operation and type CUDA has (int, unsigned, long long, unsigned
// long long, float, double; CAS on unsigned short), on a scalar, an array element, a struct
// member and an array decaying to its first element, scoped forms, a caller's own `old` in
// the arguments; each thread's returned old value is checked (threads of a 16x4 block run in
// their linear order, as cu2c runs them: so the values are exact), next to the same
// operations on global memory, which stay atomic, and a thread loop holding nothing but a
// shared atomic (threads meeting in a bin: the loop must not be vectorised as independent).
// Valid CUDA; the checks of returned values assume cu2c's thread order.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: %cu2c --lang=c %s -o %t.c
// RUN: cc -std=gnu11 -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t.cbin
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t.cbin
// The generated code names the plain forms:
// RUN: FileCheck %s < %t.c
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); exit(1); } } while (0)
#define NT 64

struct Counters { int n; unsigned long long big; };

/* out[16 * t + i]: thread t's i-th returned value; sums[]: the shared results */
__global__ void ops(long long *out, double *sums, int *global_count) {
    __shared__ int si;
    __shared__ unsigned su[4];
    __shared__ long long sll;
    __shared__ unsigned long long sull;
    __shared__ float sf;
    __shared__ double sd;
    __shared__ unsigned short sus;
    __shared__ struct Counters c;
    __shared__ unsigned bins[4];
    int t = threadIdx.x + blockDim.x * threadIdx.y;
    if (t == 0) {
        si = 0; su[0] = 0; su[1] = 0xffffffffu; su[2] = 0; su[3] = 5; sll = 0; sull = 0;
        sf = 0; sd = 0; sus = 0; c.n = 0; c.big = 0;
    }
    if (threadIdx.y == 0 && threadIdx.x < 4)
        bins[threadIdx.x] = 0;
    __syncthreads();
    long long *o = out + 16 * t;
    int old = t;
    // CHECK: o[0] = atomicAdd_cu2c_shared(&si, old);
    o[0] = atomicAdd(&si, old);
    // CHECK: o[1] = atomicSub_cu2c_shared(su + 0 == su ? &su[1] : su, 1u);
    o[1] = atomicSub(su + 0 == su ? &su[1] : su, 1u);
    // CHECK: o[2] = atomicMax_cu2c_shared(&sll, (long long)(t % 7) - 3);
    o[2] = atomicMax(&sll, (long long)(t % 7) - 3);
    o[3] = atomicMin_block(&sull, ~0ull);
    o[3] += atomicOr(&sull, 1ull << (t % 40));
    o[4] = atomicAdd(&sf, 0.5f);
    o[5] = atomicAdd_system(&sd, 0.25);
    o[6] = atomicCAS(&sus, (unsigned short)t, (unsigned short)(t + 1));
    o[7] = atomicInc(&su[2], 9u);
    o[8] = atomicDec(su + 3, 3u);
    // CHECK: o[9] = atomicExch_cu2c_shared(su, (unsigned)t);
    o[9] = atomicExch(su, (unsigned)t);
    o[10] = atomicAnd(&c.n, ~0) + atomicXor(&c.n, t);
    o[11] = atomicAdd(&c.big, 3ull);
    // CHECK: o[12] = atomicAdd(global_count, 1);
    o[12] = atomicAdd(global_count, 1);
    /* a thread loop of nothing else (which the C compiler may vectorise): threads meet in a bin */
    atomicAdd(&bins[threadIdx.x % 4], 1u);
    __syncthreads();
    if (t == 0) {
        sums[0] = si; sums[1] = su[1]; sums[2] = (double)sll; sums[3] = (double)sull;
        sums[4] = sf; sums[5] = sd; sums[6] = sus; sums[7] = su[2]; sums[8] = su[3];
        sums[9] = su[0]; sums[10] = c.n; sums[11] = (double)c.big;
        for (int b = 0; b < 4; b++)
            sums[12 + b] = bins[b];
    }
}

int main(void) {
    long long *out;
    double *sums;
    int *count;
    CHECK(cudaMallocManaged((void **)&out, 16 * NT * sizeof *out, cudaMemAttachGlobal) == cudaSuccess);
    CHECK(cudaMallocManaged((void **)&sums, 16 * sizeof *sums, cudaMemAttachGlobal) == cudaSuccess);
    CHECK(cudaMallocManaged((void **)&count, sizeof *count, cudaMemAttachGlobal) == cudaSuccess);
    *count = 0;
    dim3 block;
    block.x = 16;
    block.y = 4;
    block.z = 1;
    ops<<<3, block>>>(out, sums, count);
    CHECK(cudaDeviceSynchronize() == cudaSuccess);
    CHECK(*count == 3 * NT);
    /* the old values each thread saw, the threads taken in their linear order */
    long long si = 0, sll = 0, inc = 0, dec = 5, xr = 0;
    unsigned su1 = 0xffffffffu;
    unsigned long long sull = 0;
    unsigned short sus = 0;
    unsigned su0 = 0;
    for (int t = 0; t < NT; t++) {
        long long *o = out + 16 * t;
        CHECK(o[0] == si); si += t;
        CHECK(o[1] == su1); su1 -= 1;
        CHECK(o[2] == sll); if (t % 7 - 3 > sll) sll = t % 7 - 3;
        CHECK((unsigned long long)o[3] == 2 * sull); sull |= 1ull << (t % 40);
        CHECK(o[4] == (long long)(0.5f * t));
        CHECK(o[5] == (long long)(0.25 * t));
        CHECK(o[6] == sus); if (sus == (unsigned short)t) sus = t + 1;
        CHECK(o[7] == inc); inc = inc >= 9 ? 0 : inc + 1;
        CHECK(o[8] == dec); dec = (dec == 0 || dec > 3) ? 3 : dec - 1;
        CHECK((unsigned)o[9] == su0); su0 = t;
        CHECK(o[10] == 2 * xr); xr ^= t;
        CHECK(o[11] == 3 * t);
    }
    CHECK(sums[0] == si && sums[1] == su1 && sums[2] == sll && sums[3] == (double)sull);
    CHECK(sums[4] == 0.5 * NT && sums[5] == 0.25 * NT && sums[6] == sus && sums[7] == inc);
    CHECK(sums[8] == dec && sums[9] == su0 && sums[10] == xr && sums[11] == 3.0 * NT);
    for (int b = 0; b < 4; b++)
        CHECK(sums[12 + b] == NT / 4);
    puts("PASSED");
    return 0;
}
