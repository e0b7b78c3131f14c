// LU decomposition (Doolittle, no pivoting) of many small diagonally dominant matrices, one
// per block, in shared memory: the elimination loop over k holds barriers between computing
// the column of multipliers (a uniform-per-column branch) and updating the trailing matrix
// tile by tile (2-D block smaller than the matrix, so each thread owns several elements).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

#define N 24

__global__ void lu(float *mats) {
    __shared__ float a[N][N];
    float *m = mats + blockIdx.x * N * N;
    for (int r = threadIdx.y; r < N; r += blockDim.y)
        for (int c = threadIdx.x; c < N; c += blockDim.x)
            a[r][c] = m[r * N + c];
    __syncthreads();
    for (int k = 0; k < N - 1; k++) {
        if (threadIdx.x == 0)
            for (int r = k + 1 + threadIdx.y; r < N; r += blockDim.y)
                a[r][k] /= a[k][k];
        __syncthreads();
        for (int r = k + 1 + threadIdx.y; r < N; r += blockDim.y)
            for (int c = k + 1 + threadIdx.x; c < N; c += blockDim.x)
                a[r][c] -= a[r][k] * a[k][c];
        __syncthreads();
    }
    for (int r = threadIdx.y; r < N; r += blockDim.y)
        for (int c = threadIdx.x; c < N; c += blockDim.x)
            m[r * N + c] = a[r][c];
}

int main() {
    const int count = 20;
    static float h[count][N][N], orig[count][N][N];
    for (int m = 0; m < count; m++)
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++)
                orig[m][r][c] = h[m][r][c] = r == c ? 4.0f * N : (float)(((m + 3) * (r * N + c)) % 7) - 3.0f;
    float *d;
    cudaMalloc(&d, sizeof h);
    dim3 shapes[3] = {dim3(8, 8), dim3(16, 4), dim3(32, 1)};
    for (int s = 0; s < 3; s++) {
        cudaMemcpy(d, orig, sizeof h, cudaMemcpyHostToDevice);
        lu<<<count, shapes[s]>>>(d);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        // L * U must give back the matrix
        for (int m = 0; m < count; m++)
            for (int r = 0; r < N; r++)
                for (int c = 0; c < N; c++) {
                    double sum = 0.0;
                    for (int k = 0; k <= (r < c ? r : c); k++)
                        sum += (double)(k == r ? 1.0f : h[m][r][k]) * h[m][k][c];
                    if (fabs(sum - orig[m][r][c]) > 1e-3) {
                        printf("shape %d, matrix %d, (%d,%d): L*U = %f, want %f\n", s, m, r, c, sum, orig[m][r][c]);
                        return 1;
                    }
                }
    }
    printf("lu ok\n");
    return 0;
}
