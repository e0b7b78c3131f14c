// Tiled matrix product: the k-loop over tiles holds two barriers; sizes are not multiples of
// the tile, so edge tiles load zeros; the per-thread accumulator lives across the loop's
// regions. Three block shapes (16x16, 8x8, 4x4 threads) on 2-D grids.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define MAXT 16

// the tile is the (square) block: 16x16, 8x8 or 4x4 threads
__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K) {
    __shared__ float As[MAXT][MAXT];
    __shared__ float Bs[MAXT][MAXT];
    int T = blockDim.x;
    int row = blockIdx.y * T + threadIdx.y;
    int col = blockIdx.x * T + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < (K + T - 1) / T; t++) {
        int ka = t * T + threadIdx.x, kb = t * T + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = row < M && ka < K ? A[row * K + ka] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = kb < K && col < N ? B[kb * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < T; k++)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

static int check(const float *C, const float *A, const float *B, int M, int N, int K) {
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float want = 0.0f;
            for (int k = 0; k < K; k++)
                want += A[i * K + k] * B[k * N + j];
            if (C[i * N + j] != want) {
                printf("C[%d][%d] = %f, want %f\n", i, j, C[i * N + j], want);
                return 1;
            }
        }
    return 0;
}

int main() {
    const int M = 70, N = 45, K = 53;
    float *A, *B, *C;
    cudaMallocManaged(&A, M * K * sizeof(float));
    cudaMallocManaged(&B, K * N * sizeof(float));
    cudaMallocManaged(&C, M * N * sizeof(float));
    for (int i = 0; i < M * K; i++)
        A[i] = (float)((i * 3) % 7) - 3.0f;
    for (int i = 0; i < K * N; i++)
        B[i] = (float)((i * 5) % 11) - 5.0f;
    for (int T = 16; T >= 4; T /= 2) {
        cudaMemset(C, 0, M * N * sizeof(float));
        dim3 block(T, T), grid((N + T - 1) / T, (M + T - 1) / T);
        matmul<<<grid, block>>>(A, B, C, M, N, K);
        cudaDeviceSynchronize();
        if (check(C, A, B, M, N, K))
            return 1;
    }
    printf("tiled matmul ok\n");
    return 0;
}
