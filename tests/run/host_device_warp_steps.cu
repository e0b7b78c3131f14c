// Legacy warp-synchronous code (volatile shared memory, no __syncwarp) in __host__ __device__
// functions: called from kernels, its statements are warp steps, each step's reads before its
// stores, on both engines (a kernel thread loops run, and one only fibers run: a `goto` out of
// a loop holding a barrier); called from host code, it is the host's plain function. NVIDIA's
// reduction tail as a function template, and an inclusive max-scan whose steps fewer lanes take
// each round. Results compared with host models of lockstep execution and of one host call.
// RUN: env -u CU2C_ENGINE %cu2c %s -o %t.cpp && grep -c "[{] cu2c_fiber_run(" %t.cpp | FileCheck %s --check-prefix=FIBERS
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// FIBERS: 1
#include <cstdio>

#define B 128
#define NB 3

template <typename T>
__host__ __device__ void warp_sum(volatile T *s, int tid) {
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
    s[tid] += s[tid + 4];
    s[tid] += s[tid + 2];
    s[tid] += s[tid + 1];
}

__host__ __device__ int warp_max_scan(volatile int *s, int lane) {
    for (int d = 1; d < 32; d *= 2)
        if (lane >= d)
            s[lane] = s[lane] > s[lane - d] ? s[lane] : s[lane - d];
    return s[lane];
}

template <typename T>
__global__ void sums_loops(const T *in, T *sums, int *scans) {
    __shared__ T s[B];
    __shared__ int m[32];
    int tid = threadIdx.x;
    s[tid] = in[blockIdx.x * B + tid];
    __syncthreads();
    if (tid < 64)
        s[tid] += s[tid + 64];
    __syncthreads();
    if (tid < 32) {
        warp_sum(s, tid);
        m[tid] = (int)in[blockIdx.x * B + tid] % 97;
        scans[blockIdx.x * 32 + tid] = warp_max_scan(m, tid);
    }
    if (tid == 0)
        sums[blockIdx.x] = s[0];
}

__global__ void sums_fibers(const int *in, int *sums, int *scans, int rounds) {
    __shared__ int s[B];
    __shared__ int m[32];
    int tid = threadIdx.x;
    for (int r = 0;; r++) {     /* thread loops cannot structure this loop: fibers run it */
        if (r == rounds)
            goto go;
        __syncthreads();
    }
go:
    s[tid] = in[blockIdx.x * B + tid];
    __syncthreads();
    if (tid < 64)
        s[tid] += s[tid + 64];
    __syncthreads();
    if (tid < 32) {
        warp_sum<int>(s, tid);
        m[tid] = in[blockIdx.x * B + tid] % 97;
        scans[blockIdx.x * 32 + tid] = warp_max_scan(m, tid);
    }
    if (tid == 0)
        sums[blockIdx.x] = s[0];
}

/* The scan in lockstep: each round, every lane taking the step reads before any stores. */
static void model_scan(const int *in, int *out) {
    int v[32], next[32];
    for (int l = 0; l < 32; l++)
        v[l] = in[l] % 97;
    for (int d = 1; d < 32; d *= 2) {
        for (int l = 0; l < 32; l++)
            next[l] = l >= d && v[l - d] > v[l] ? v[l - d] : v[l];
        for (int l = 0; l < 32; l++)
            v[l] = next[l];
    }
    for (int l = 0; l < 32; l++)
        out[l] = v[l];
}

int main() {
    int h[NB * B];
    float hf[NB * B];
    for (int i = 0; i < NB * B; i++) {
        h[i] = (i * 7919) % 1000 - 300;
        hf[i] = (float)(i % 50) * 0.5f;
    }
    int *d, *sums, *scans;
    float *df, *fsums;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&sums, 2 * NB * sizeof(int));
    cudaMalloc(&fsums, NB * sizeof(float));
    cudaMalloc(&scans, 3 * NB * 32 * sizeof(int));
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    sums_loops<int><<<NB, B>>>(d, sums, scans);
    sums_fibers<<<NB, B>>>(d, sums + NB, scans + NB * 32, 3);
    sums_loops<float><<<NB, B>>>(df, fsums, scans + 2 * NB * 32);
    int got[2 * NB], got_scans[3 * NB * 32];
    float got_f[NB];
    cudaMemcpy(got, sums, sizeof got, cudaMemcpyDeviceToHost);
    cudaMemcpy(got_f, fsums, sizeof got_f, cudaMemcpyDeviceToHost);
    cudaMemcpy(got_scans, scans, sizeof got_scans, cudaMemcpyDeviceToHost);
    if (cudaGetLastError() != cudaSuccess) {
        printf("FAIL: launch error\n");
        return 1;
    }
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        int want = 0;
        float want_f = 0;
        for (int t = 0; t < B; t++) {
            want += h[b * B + t];
            want_f += hf[b * B + t];
        }
        for (int e = 0; e < 2; e++)
            if (got[e * NB + b] != want) {
                printf("FAIL: %s block %d sum %d, want %d\n", e ? "fibers" : "loops", b, got[e * NB + b], want);
                bad++;
            }
        if (got_f[b] != want_f) {
            printf("FAIL: float block %d sum %g, want %g\n", b, got_f[b], want_f);
            bad++;
        }
        int want_scan[32];
        model_scan(h + b * B, want_scan);
        for (int e = 0; e < 2; e++)
            for (int l = 0; l < 32; l++)
                if (got_scans[e * NB * 32 + b * 32 + l] != want_scan[l]) {
                    printf("FAIL: %s block %d scan lane %d: %d, want %d\n", e ? "fibers" : "loops", b, l,
                           got_scans[e * NB * 32 + b * 32 + l], want_scan[l]);
                    bad++;
                }
    }
    /* host calls: one caller, plain sequential code */
    int hs[64], seq[64];
    for (int i = 0; i < 64; i++)
        hs[i] = seq[i] = i * 3 - 50;
    warp_sum(hs, 0);
    for (int o = 32; o >= 1; o /= 2)
        seq[0] += seq[o];
    int hm[32] = {5, 1, 9};
    int top = warp_max_scan(hm, 2);
    if (hs[0] != seq[0] || top != 9) {
        printf("FAIL: host calls %d (want %d), %d (want 9)\n", hs[0], seq[0], top);
        bad++;
    }
    if (bad)
        return 1;
    printf("PASS: warp steps of __host__ __device__ functions on both engines and the host\n");
    return 0;
}
