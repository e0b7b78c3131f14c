// A list of small N x N matrix products, one per block, on 2-D blocks (x: column, y: row).
// Some statements vary in x only (the column's offset), some in y only (the row's offset),
// some in both; a barrier separates the reads of the inputs from the result overwriting A.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define N 12

// A[m] = A[m] * B[m] for every matrix m, in place
__global__ void products(float *a, const float *b) {
    __shared__ float sa[N][N];
    __shared__ float sb[N][N];
    float *am = a + blockIdx.x * N * N;
    const float *bm = b + blockIdx.x * N * N;
    int col = threadIdx.x;             // varies in x
    int row_off = threadIdx.y * N;     // varies in y
    sa[threadIdx.y][col] = am[row_off + col];
    sb[threadIdx.y][col] = bm[row_off + col];
    __syncthreads();
    float sum = 0.0f;
    for (int k = 0; k < N; k++)
        sum += sa[threadIdx.y][k] * sb[k][col];
    __syncthreads();
    am[row_off + col] = sum;
}

int main() {
    const int count = 50;
    static float a[count * N * N], b[count * N * N], want[count * N * N];
    for (int i = 0; i < count * N * N; i++) {
        a[i] = (float)((i * 37) % 11) - 5.0f;
        b[i] = (float)((i * 53) % 7) - 3.0f;
    }
    for (int m = 0; m < count; m++)
        for (int r = 0; r < N; r++)
            for (int c = 0; c < N; c++) {
                float s = 0.0f;
                for (int k = 0; k < N; k++)
                    s += a[m * N * N + r * N + k] * b[m * N * N + k * N + c];
                want[m * N * N + r * N + c] = s;
            }
    float *da, *db;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    dim3 block(N, N);
    products<<<count, block>>>(da, db);
    cudaMemcpy(a, da, sizeof a, cudaMemcpyDeviceToHost);
    for (int i = 0; i < count * N * N; i++)
        if (a[i] != want[i]) {
            printf("element %d: %f, want %f\n", i, a[i], want[i]);
            return 1;
        }
    printf("matrix products ok\n");
    return 0;
}
