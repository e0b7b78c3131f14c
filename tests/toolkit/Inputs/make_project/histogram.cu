#include "bins.h"
__global__ void histogram(const int *values, int n, unsigned *bins) {
    __shared__ unsigned local[BINS];
    if (threadIdx.x < BINS)
        local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[values[i] % BINS], 1u);
    __syncthreads();
    if (threadIdx.x < BINS)
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
void histogram_on_device(const int *values, int n, unsigned *bins) {
    int *dv;
    unsigned *db;
    cudaMalloc(&dv, n * sizeof(int));
    cudaMalloc(&db, BINS * sizeof(unsigned));
    cudaMemcpy(dv, values, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(db, 0, BINS * sizeof(unsigned));
    histogram<<<8, 128>>>(dv, n, db);
    cudaMemcpy(bins, db, BINS * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaFree(dv);
    cudaFree(db);
}
