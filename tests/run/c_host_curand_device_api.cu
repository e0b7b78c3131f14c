/* Host code in plain C (cu2c emits C): cuRAND's device API through its C names (_Generic
 * picks the generator by the state pointer's type). 8 blocks of 64 threads: each thread's
 * XORWOW state at offset 5 * t of subsequence 0 gives what a host loop of the recurrence
 * gives; its Philox and MRG32k3a states give uniforms in (0, 1] with mean 1/2 and normals with
 * mean 0 and variance 1 (5 standard errors), and skipahead equals drawing. */
// RUN: %cu2c --print-lang %s | FileCheck %s --check-prefix=LANG
// LANG: {{^c$}}
// RUN: %cu2c %s -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <math.h>
#include <stdio.h>
#include <curand_kernel.h>

#define BLOCKS 8
#define THREADS 64
#define N (BLOCKS * THREADS)
#define PER 32

__global__ void draw(unsigned *x, float *u, float *g, int *skip_ok) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    curandState s;
    curandStatePhilox4_32_10_t p;
    curandStateMRG32k3a_t m, m2;
    curand_init(77, 0, 5ull * t, &s);
    curand_init(77, t, 0, &p);
    curand_init(77, t, 0, &m);
    x[t] = curand(&s);
    for (int i = 0; i < PER; i++) {
        u[t * PER + i] = (i & 1) ? curand_uniform(&p) : curand_uniform(&m);
        g[t * PER + i] = (i & 1) ? curand_normal(&p) : (float)curand_normal_double(&m);
    }
    curand_init(77, t, 0, &m2);
    curand_init(77, t, 0, &m);
    skipahead(100ull + t, &m);
    for (int i = 0; i < 100 + t; i++) curand(&m2);
    skip_ok[t] = curand(&m) == curand(&m2);
}

static unsigned host_xorwow(unsigned long long seed, int n) {
    unsigned t0 = 1099087573u * ((unsigned)seed ^ 0xaad26b49u);
    unsigned t1 = 2591861531u * ((unsigned)(seed >> 32) ^ 0xf7dcefddu);
    unsigned d = 6615241u + t1 + t0, r = 0;
    unsigned v[5] = {123456789u + t0, 362436069u ^ t0, 521288629u + t1, 88675123u ^ t1, 5783321u + t0};
    for (int i = 0; i <= n; i++) {
        unsigned t = v[0] ^ (v[0] >> 2);
        v[0] = v[1]; v[1] = v[2]; v[2] = v[3]; v[3] = v[4];
        v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
        d += 362437u;
        r = v[4] + d;
    }
    return r;
}

int main(void) {
    unsigned *x;
    float *u, *g;
    int *skip_ok;
    cudaMallocManaged((void **)&x, N * sizeof(unsigned), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&u, N * PER * sizeof(float), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&g, N * PER * sizeof(float), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&skip_ok, N * sizeof(int), cudaMemAttachGlobal);
    draw<<<BLOCKS, THREADS>>>(x, u, g, skip_ok);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    int bad = 0;
    for (int t = 0; t < N; t++) bad += x[t] != host_xorwow(77, 5 * t) || !skip_ok[t];
    double mu = 0, mg = 0, vg = 0;
    for (int i = 0; i < N * PER; i++) {
        bad += !(u[i] > 0.0f && u[i] <= 1.0f);
        mu += u[i];
        mg += g[i];
    }
    mu /= N * PER;
    mg /= N * PER;
    for (int i = 0; i < N * PER; i++) vg += (g[i] - mg) * (g[i] - mg);
    vg /= N * PER - 1;
    double n = N * PER;
    if (bad || fabs(mu - 0.5) > 5 * sqrt(1.0 / 12 / n) || fabs(mg) > 5 / sqrt(n) || fabs(vg - 1) > 5 * sqrt(2 / n)) {
        printf("FAIL: %d wrong, uniform mean %f, normal mean %f variance %f\n", bad, mu, mg, vg);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
