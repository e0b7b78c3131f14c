// Pre-CUDA-5 code names a symbol by a string: cudaMemcpyToSymbol("coef", ...). CUDA 5 and
// later return cudaErrorInvalidSymbol for it (the string is no variable), and so does every
// other pointer that is not a __device__ or __constant__ variable; a copy past the variable's
// end is cudaErrorInvalidValue. Nothing is written; the errors are not sticky.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float coef[4];
namespace tables {
__device__ int counts[8];
}

__global__ void sum(float *out) { *out = coef[0] + coef[1] + coef[2] + coef[3] + tables::counts[7]; }

static int failures;
#define EXPECT(call, want)                                                              \
    do {                                                                                \
        cudaError_t e_ = (call);                                                        \
        if (e_ != (want)) {                                                             \
            printf("line %d: %s returned %s, want %s\n", __LINE__, #call,               \
                   cudaGetErrorName(e_), cudaGetErrorName(want));                       \
            failures++;                                                                 \
        }                                                                               \
        cudaError_t l_ = cudaGetLastError();                                            \
        if (l_ != (want)) {                                                             \
            printf("line %d: last error %s, want %s\n", __LINE__, cudaGetErrorName(l_), \
                   cudaGetErrorName(want));                                             \
            failures++;                                                                 \
        }                                                                               \
    } while (0)

int main() {
    float h[4] = {1, 2, 3, 4}, back[5] = {0, 0, 0, 0, 0};
    EXPECT(cudaMemcpyToSymbol(coef, h, sizeof h), cudaSuccess);
    int seven = 7;
    EXPECT(cudaMemcpyToSymbol(tables::counts, &seven, sizeof seven, 7 * sizeof(int)),
           cudaSuccess);

    // A string in place of the variable.
    float junk[4] = {-1, -1, -1, -1};
    EXPECT(cudaMemcpyToSymbol("coef", junk, sizeof junk), cudaErrorInvalidSymbol);
    EXPECT(cudaMemcpyToSymbolAsync("coef", junk, sizeof junk, 0, cudaMemcpyHostToDevice, 0),
           cudaErrorInvalidSymbol);
    EXPECT(cudaMemcpyFromSymbol(back, "coef", sizeof junk), cudaErrorInvalidSymbol);
    void *addr = NULL;
    EXPECT(cudaGetSymbolAddress(&addr, "coef"), cudaErrorInvalidSymbol);
    size_t size = 0;
    EXPECT(cudaGetSymbolSize(&size, "coef"), cudaErrorInvalidSymbol);
    // Device memory is no symbol either.
    float *d;
    EXPECT(cudaMalloc(&d, sizeof(float)), cudaSuccess);
    EXPECT(cudaMemcpyToSymbol(*d, junk, sizeof(float)), cudaErrorInvalidSymbol);

    // Past the variable's end, whole or from an offset.
    EXPECT(cudaMemcpyToSymbol(coef, junk, sizeof junk + sizeof(float)), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyToSymbol(coef, junk, 2 * sizeof(float), 3 * sizeof(float)),
           cudaErrorInvalidValue);
    EXPECT(cudaMemcpyFromSymbol(back, coef, sizeof back), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyFromSymbol(back, tables::counts, sizeof(int), 8 * sizeof(int)),
           cudaErrorInvalidValue);

    // The variables as they should be.
    EXPECT(cudaGetSymbolSize(&size, coef), cudaSuccess);
    if (size != sizeof coef) {
        printf("size of coef %zu, want %zu\n", size, sizeof coef);
        failures++;
    }
    EXPECT(cudaGetSymbolSize(&size, tables::counts), cudaSuccess);
    if (size != 8 * sizeof(int)) {
        printf("size of counts %zu\n", size);
        failures++;
    }
    EXPECT(cudaGetSymbolAddress(&addr, coef), cudaSuccess);
    EXPECT(cudaMemcpyFromSymbol(back, coef, sizeof h), cudaSuccess);
    for (int i = 0; i < 4; i++)
        if (back[i] != h[i]) {
            printf("coef[%d] = %g, want %g\n", i, back[i], h[i]);
            failures++;
        }
    sum<<<1, 1>>>(d);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    float s = 0;
    EXPECT(cudaMemcpy(&s, d, sizeof s, cudaMemcpyDeviceToHost), cudaSuccess);
    if (s != 17) {
        printf("sum %g, want 17\n", s);
        failures++;
    }
    EXPECT(cudaFree(d), cudaSuccess);
    if (failures)
        return 1;
    printf("ok\n");
    return 0;
}
