// A kernel reading a row before the start or past the end of its buffer (Rodinia's srad
// reads the row above its first tile and the row below its last, then overwrites what it
// read): a GPU, which hands out memory in 2 MiB pages next to each other, runs it without a
// fault, and so must cu2c. Buffers of 256 bytes and 1 MiB (size classes' blocks carved from
// a slab), 3 MiB and 16 MiB (mappings of their own, the latter huge-page aligned), the reads
// up to 64 KiB on either side; the values read are not used.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <initializer_list>
#include <cuda_runtime.h>

__global__ void outside(const float *a, float *out, size_t n, size_t span) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    float v = a[i % n];
    float after = a[n + i % span];                   // past the end
    float before = *(a - 1 - (ptrdiff_t)(i % span)); // before the start
    out[i % n] = v + 0.0f * after + 0.0f * before;   // keeps the reads (0 * NaN is NaN)
}

int main() {
    for (size_t bytes : {(size_t)256, (size_t)1 << 20, (size_t)3 << 20, (size_t)16 << 20}) {
        size_t n = bytes / sizeof(float), span = 16384;
        size_t threads = n > span ? n : span;
        float *a, *out;
        if (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&out, bytes) != cudaSuccess)
            return 1;
        cudaMemset(a, 0, bytes);
        outside<<<(unsigned)(threads / 256), 256>>>(a, out, n, span);
        cudaError_t e = cudaDeviceSynchronize();
        if (e != cudaSuccess) {
            printf("%zu bytes: %s\n", bytes, cudaGetErrorName(e));
            return 1;
        }
        cudaFree(a);
        cudaFree(out);
    }
    printf("ok\n");
    return 0;
}
