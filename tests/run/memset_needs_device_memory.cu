// cudaMemset and its 2-D, 3-D and asynchronous forms set device memory: memory from
// cudaMalloc (and its pitched, managed and pinned host siblings, registered host memory) or a
// __device__ variable. Pageable host memory (malloc, the stack) is cudaErrorInvalidValue, as
// CUDA answers without a GPU mapping of it, and is left untouched; the error is not sticky.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__device__ int table[16];

static int failures;
static void expect(cudaError_t got, cudaError_t want, const char *what) {
    if (got != want) {
        printf("%s: %s, want %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
        failures++;
    }
}

int main() {
    char *heap = (char *)malloc(4096), stack[256];
    memset(heap, 1, 4096);
    memset(stack, 1, sizeof stack);
    expect(cudaMemset(heap, 0, 4096), cudaErrorInvalidValue, "memset of malloc'd memory");
    expect(cudaGetLastError(), cudaErrorInvalidValue, "last error");
    expect(cudaMemsetAsync(stack, 0, sizeof stack, 0), cudaErrorInvalidValue, "async memset of the stack");
    expect(cudaMemset2D(heap, 64, 0, 64, 8), cudaErrorInvalidValue, "2-D memset of malloc'd memory");
    cudaGetLastError();
    for (int i = 0; i < 4096; i++)
        failures += heap[i] != 1;
    for (size_t i = 0; i < sizeof stack; i++)
        failures += stack[i] != 1;

    char *d, *pinned, *managed;
    size_t pitch;
    expect(cudaMalloc(&d, 4096), cudaSuccess, "cudaMalloc");
    expect(cudaMemset(d + 100, 7, 1000), cudaSuccess, "memset inside an allocation");
    expect(cudaMallocHost(&pinned, 4096), cudaSuccess, "cudaMallocHost");
    expect(cudaMemset(pinned, 3, 4096), cudaSuccess, "memset of pinned memory");
    expect(cudaMallocManaged(&managed, 4096), cudaSuccess, "cudaMallocManaged");
    expect(cudaMemset(managed, 5, 4096), cudaSuccess, "memset of managed memory");
    expect(cudaHostRegister(heap, 4096, 0), cudaSuccess, "cudaHostRegister");
    expect(cudaMemset(heap, 9, 4096), cudaSuccess, "memset of registered memory");
    char *p2;
    expect(cudaMallocPitch(&p2, &pitch, 100, 10), cudaSuccess, "cudaMallocPitch");
    expect(cudaMemset2D(p2, pitch, 2, 100, 10), cudaSuccess, "2-D memset");
    void *t;
    expect(cudaGetSymbolAddress(&t, table), cudaSuccess, "cudaGetSymbolAddress");
    expect(cudaMemset(t, 0xff, sizeof(int) * 16), cudaSuccess, "memset of a __device__ variable");
    expect(cudaDeviceSynchronize(), cudaSuccess, "sync");
    int h[16];
    expect(cudaMemcpyFromSymbol(h, table, sizeof h), cudaSuccess, "cudaMemcpyFromSymbol");
    for (int i = 0; i < 16; i++)
        failures += h[i] != -1;
    failures += pinned[4095] != 3 || managed[0] != 5 || heap[17] != 9;
    cudaHostUnregister(heap);
    free(heap);
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
