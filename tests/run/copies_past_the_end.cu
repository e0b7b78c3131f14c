// Copies and sets whose range runs past the end of the allocation a device pointer lies in
// return cudaErrorInvalidValue without touching memory (not sticky: the next call works);
// ranges inside an allocation, from an offset into it, work. Every direction, async too,
// 2-D copies and sets over a pitched allocation, and registered host memory.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

static int failures;
static void expect(cudaError_t got, cudaError_t want, const char *what) {
    if (got != want) {
        printf("%s: %s, want %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
        failures++;
    }
    cudaGetLastError();
}

int main() {
    const int n = 100;
    int *a, *b;
    std::vector<int> h(2 * n, 7), back(2 * n, 0);
    expect(cudaMalloc(&a, n * sizeof(int)), cudaSuccess, "cudaMalloc a");
    expect(cudaMalloc(&b, n * sizeof(int)), cudaSuccess, "cudaMalloc b");
    expect(cudaMemset(a, 0, n * sizeof(int)), cudaSuccess, "cudaMemset a");
    expect(cudaMemset(b, 0, n * sizeof(int)), cudaSuccess, "cudaMemset b");

    // one element too many, each direction; from an offset
    expect(cudaMemcpy(a, h.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice), cudaErrorInvalidValue, "H2D past the end");
    expect(cudaGetLastError(), cudaSuccess, "not sticky");
    expect(cudaMemcpy(back.data(), a, (n + 1) * sizeof(int), cudaMemcpyDeviceToHost), cudaErrorInvalidValue, "D2H past the end");
    expect(cudaMemcpy(b, a, (n + 1) * sizeof(int), cudaMemcpyDeviceToDevice), cudaErrorInvalidValue, "D2D past the end");
    expect(cudaMemcpy(a + 50, h.data(), 51 * sizeof(int), cudaMemcpyHostToDevice), cudaErrorInvalidValue, "H2D from an offset");
    expect(cudaMemcpy(a + 50, h.data(), 50 * sizeof(int), cudaMemcpyDefault), cudaSuccess, "H2D from an offset, fits");
    expect(cudaMemset(a + 1, 1, n * sizeof(int)), cudaErrorInvalidValue, "cudaMemset past the end");
    expect(cudaMemsetAsync(a, 1, n * sizeof(int) + 1, 0), cudaErrorInvalidValue, "cudaMemsetAsync past the end");
    expect(cudaMemcpyAsync(a, h.data(), 2 * n * sizeof(int), cudaMemcpyHostToDevice, 0), cudaErrorInvalidValue, "async H2D");
    expect(cudaMemcpyAsync(b, a + 1, n * sizeof(int), cudaMemcpyDeviceToDevice, 0), cudaErrorInvalidValue, "async D2D source");
    expect(cudaMemcpy(back.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess, "copy back");
    for (int i = 0; i < n; i++)
        if (back[i] != (i >= 50 ? 7 : 0)) {
            printf("a[%d] = %d after the refused copies, want %d\n", i, back[i], i >= 50 ? 7 : 0);
            return 1;
        }
    expect(cudaMemcpy(back.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess, "copy back b");
    for (int i = 0; i < n; i++)
        if (back[i] != 0) {
            printf("b[%d] = %d after the refused copies, want 0\n", i, back[i]);
            return 1;
        }

    // 2-D over a pitched allocation: one row too many
    int *p;
    size_t pitch;
    expect(cudaMallocPitch((void **)&p, &pitch, 16 * sizeof(int), 8), cudaSuccess, "cudaMallocPitch");
    expect(cudaMemcpy2D(p, pitch, h.data(), 16 * sizeof(int), 16 * sizeof(int), 9, cudaMemcpyHostToDevice), cudaErrorInvalidValue, "cudaMemcpy2D one row too many");
    expect(cudaMemcpy2D(p, pitch, h.data(), 16 * sizeof(int), 16 * sizeof(int), 8, cudaMemcpyHostToDevice), cudaSuccess, "cudaMemcpy2D fits");
    expect(cudaMemset2D(p, pitch, 0, 16 * sizeof(int), 9), cudaErrorInvalidValue, "cudaMemset2D one row too many");
    expect(cudaMemset2DAsync((char *)p + pitch, pitch, 0, 16 * sizeof(int), 8, 0), cudaErrorInvalidValue, "cudaMemset2DAsync from row 1");

    // registered host memory is known too
    std::vector<int> reg(n, 3);
    expect(cudaHostRegister(reg.data(), n * sizeof(int), cudaHostRegisterDefault), cudaSuccess, "cudaHostRegister");
    expect(cudaMemcpy(a, reg.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice), cudaErrorInvalidValue, "from registered memory past its end");
    expect(cudaMemcpy(a, reg.data(), n * sizeof(int), cudaMemcpyHostToDevice), cudaSuccess, "from registered memory");
    expect(cudaHostUnregister(reg.data()), cudaSuccess, "cudaHostUnregister");

    expect(cudaDeviceSynchronize(), cudaSuccess, "cudaDeviceSynchronize");
    cudaFree(a);
    cudaFree(b);
    cudaFree(p);
    if (failures)
        return 1;
    printf("ok\n");
    return 0;
}
