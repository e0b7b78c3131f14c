// `__shared__ alignas(N) T x[...]`, the order NVIDIA's samples write (globalToShmemAsyncCopy):
// nvcc takes it, clang's parse would not (a C++ attribute after the GNU attribute __shared__
// is), so cu2c reads it as `alignas(N) __shared__`; the alignment holds, and a vector type
// read through the aligned array gives the elements written.
// RUN: %cu2cc %s -o %t && %t
#include <cstdio>

__global__ void aligned(float *out, unsigned *misaligned) {
    __shared__ char pad[3];
    __shared__ alignas(256) float a[64];
    __shared__   alignas(alignof(float4)) float b[2][64];
    if (threadIdx.x < 3)
        pad[threadIdx.x] = 1;
    a[threadIdx.x] = (float)threadIdx.x;
    b[1][threadIdx.x] = 2.0f * threadIdx.x;
    __syncthreads();
    const float4 *v = reinterpret_cast<const float4 *>(&b[1][0]);
    float4 q = v[threadIdx.x / 4];
    float mine = threadIdx.x % 4 == 0 ? q.x : threadIdx.x % 4 == 1 ? q.y : threadIdx.x % 4 == 2 ? q.z : q.w;
    out[threadIdx.x] = a[63 - threadIdx.x] + mine + pad[0];
    if (threadIdx.x == 0)
        *misaligned = (unsigned)((size_t)a % 256) + (unsigned)((size_t)b % 16);
}

int main() {
    float *o;
    unsigned *m;
    cudaMallocManaged(&o, 64 * sizeof(float));
    cudaMallocManaged(&m, sizeof(unsigned));
    aligned<<<2, 64>>>(o, m);
    cudaDeviceSynchronize();
    int bad = *m != 0;
    for (int i = 0; i < 64; i++)
        bad |= o[i] != (float)(63 - i) + 2.0f * i + 1.0f;
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad;
}
