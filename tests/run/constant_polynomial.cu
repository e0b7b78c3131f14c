// __constant__ coefficients set with cudaMemcpyToSymbol (an array and a scalar, one with an
// offset), read by every thread; cudaMemcpyFromSymbol reads them back.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float coef[4];
__constant__ int degree;

__global__ void poly(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float acc = 0.0f;
    for (int d = degree; d >= 0; d--)
        acc = acc * x[i] + coef[d];
    y[i] = acc;
}

int main() {
    const int n = 1000;
    float hx[n], hy[n];
    for (int i = 0; i < n; i++)
        hx[i] = (i % 20) * 0.25f - 2.0f;
    float c[4] = {1.0f, -2.0f, 0.5f, 0.25f};
    int deg = 3;
    cudaMemcpyToSymbol(coef, c, 2 * sizeof(float));
    cudaMemcpyToSymbol(coef, c + 2, 2 * sizeof(float), 2 * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(degree, &deg, sizeof(int));
    float back[4];
    cudaMemcpyFromSymbol(back, coef, sizeof back);
    for (int i = 0; i < 4; i++)
        if (back[i] != c[i]) {
            printf("coef %d read back %f\n", i, back[i]);
            return 1;
        }
    float *dx, *dy;
    cudaMalloc(&dx, sizeof hx);
    cudaMalloc(&dy, sizeof hy);
    cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
    poly<<<(n + 127) / 128, 128>>>(dx, dy, n);
    cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        float want = ((c[3] * hx[i] + c[2]) * hx[i] + c[1]) * hx[i] + c[0];
        if (hy[i] != want) {
            printf("y[%d] = %f, want %f\n", i, hy[i], want);
            return 1;
        }
    }
    printf("constant ok\n");
    return 0;
}
