// Locals declared together in one statement that runs per thread (`int i, j, off;` where off
// is set per thread), one of them (j) used only in a later region, where its first use sets
// it (Rodinia's lud_perimeter): the later region's thread loop starts its own copy from the
// block's variable, which must exist there. Results compared with a host computation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#define B 8
__global__ void sweep(float *m, int n) {
    __shared__ float a[B][B];
    int i, j, off;
    if (threadIdx.x < B) {
        off = threadIdx.x;
        for (i = 0; i < B; i++)
            a[i][off] = m[i * n + off];
    }
    __syncthreads();
    if (threadIdx.x < B) {
        off = threadIdx.x;
        for (i = 1; i < B; i++)
            for (j = 0; j < i; j++)
                a[i][off] -= 0.5f * a[j][off];
    }
    __syncthreads();
    if (threadIdx.x < B)
        for (i = 0; i < B; i++)
            m[i * n + threadIdx.x] = a[i][threadIdx.x];
}

int main() {
    float h[B * B], want[B * B], *d;
    for (int k = 0; k < B * B; k++)
        h[k] = want[k] = (float)(k % 7) + 1.0f;
    for (int c = 0; c < B; c++)
        for (int i = 1; i < B; i++)
            for (int j = 0; j < i; j++)
                want[i * B + c] -= 0.5f * want[j * B + c];
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    sweep<<<1, 2 * B>>>(d, B);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int k = 0; k < B * B; k++)
        bad += h[k] != want[k];
    printf(bad ? "FAILED\n" : "PASSED\n");
    return bad != 0;
}
