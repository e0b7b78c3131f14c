// A vector add over a partial last block: one-dimensional grid and block.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main() {
    const int n = 100003;
    size_t bytes = n * sizeof(float);
    float *ha = (float *)malloc(bytes), *hb = (float *)malloc(bytes), *hc = (float *)malloc(bytes);
    for (int i = 0; i < n; i++) {
        ha[i] = i * 0.5f;
        hb[i] = 1000.0f - i;
        hc[i] = -1.0f;
    }
    float *da, *db, *dc;
    cudaMalloc(&da, bytes);
    cudaMalloc(&db, bytes);
    cudaMalloc((void **)&dc, bytes);
    cudaMemcpy(da, ha, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb, bytes, cudaMemcpyHostToDevice);
    cudaMemset(dc, 0, bytes);
    vadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
    if (cudaGetLastError() != cudaSuccess) {
        printf("launch failed\n");
        return 1;
    }
    cudaMemcpy(hc, dc, bytes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        if (hc[i] != ha[i] + hb[i]) {
            printf("mismatch at %d: %f\n", i, hc[i]);
            return 1;
        }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    free(ha);
    free(hb);
    free(hc);
    printf("vector add ok\n");
    return 0;
}
