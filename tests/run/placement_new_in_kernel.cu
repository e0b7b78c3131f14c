// Placement new in device code: objects constructed in raw shared memory (`new (&smem[i])
// T(args)`, each thread its own), read by other threads after a barrier, and in a local
// buffer; a kernel template too. Compared with a host computation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <new>
#include <cuda_runtime.h>

struct Pair {
    float x, y;
    __device__ Pair(float a, float b) : x(a), y(b) {}
    __device__ float sum() const { return x + y; }
};

#define B 64
__global__ void construct(float *out) {
    alignas(Pair) __shared__ unsigned char raw[B * sizeof(Pair)];
    Pair *smem = reinterpret_cast<Pair *>(raw);
    int i = threadIdx.x;
    new (&smem[i]) Pair(i, 2.0f * i);
    __syncthreads();
    alignas(Pair) unsigned char local[sizeof(Pair)];
    Pair *p = new (local) Pair(smem[(i + 1) % B].sum(), 0.5f);
    out[blockIdx.x * B + i] = p->sum() + blockIdx.x;
}

template <typename T> __global__ void construct_t(T *out) {
    alignas(T) __shared__ unsigned char raw[B * sizeof(T)];
    T *smem = reinterpret_cast<T *>(raw);
    int i = threadIdx.x;
    new (smem + i) T(i * 3);
    __syncthreads();
    out[i] = smem[B - 1 - i];
}

int main() {
    float *d, h[2 * B];
    double *e, g[B];
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&e, sizeof g);
    construct<<<2, B>>>(d);
    construct_t<double><<<1, B>>>(e);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(g, e, sizeof g, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < B; i++) {
            int j = (i + 1) % B;
            bad += h[b * B + i] != 3.0f * j + 0.5f + b;
        }
    for (int i = 0; i < B; i++)
        bad += g[i] != 3.0 * (B - 1 - i);
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
