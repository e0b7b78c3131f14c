// A kernel reading a row past the end of its buffer (Rodinia's srad reads the row below its
// last tile and then overwrites what it read): a GPU, which hands out memory in 2 MiB pages,
// runs it without a fault, and so must cu2c. Buffers of exactly 1 MiB (a size class's whole
// block) and 16 MiB (a mapping of its own), the reads up to 64 KiB past their ends; the
// values read are not used.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <initializer_list>
#include <cuda_runtime.h>

__global__ void below(const float *a, float *out, size_t n, size_t past) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    float v = a[i % n];
    float beyond = a[n + i % past];   // past the end: a GPU reads something, as here
    out[i % n] = v + 0.0f * beyond;   // keeps the read (0 * NaN is NaN)
}

int main() {
    for (size_t bytes : {(size_t)1 << 20, (size_t)16 << 20}) {
        size_t n = bytes / sizeof(float), past = 16384;
        float *a, *out;
        if (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&out, bytes) != cudaSuccess)
            return 1;
        cudaMemset(a, 0, bytes);
        below<<<(unsigned)(n / 256), 256>>>(a, out, n, past);
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
