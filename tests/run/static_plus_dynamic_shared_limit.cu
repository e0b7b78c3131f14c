// The launch check counts static __shared__ bytes too: 40 KiB static plus 16 KiB dynamic is
// over the 48 KiB per block (cudaErrorInvalidValue, kernel not run); 40 + 8 KiB fits.
// cudaFuncGetAttributes reports the static bytes.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

__global__ void big(int *out) {
    __shared__ int tile[10 * 1024];
    extern __shared__ int extra[];
    tile[threadIdx.x] = threadIdx.x;
    extra[threadIdx.x] = 1;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x] + extra[threadIdx.x];
}

int main() {
    int *d, h[32];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    cudaFuncAttributes attr;
    if (cudaFuncGetAttributes(&attr, big) != cudaSuccess || attr.sharedSizeBytes != 40 * 1024) {
        printf("static shared bytes reported: %zu\n", attr.sharedSizeBytes);
        return 1;
    }
    big<<<1, 32, 16 * 1024>>>(d);
    cudaError_t e = cudaGetLastError();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    if (e != cudaErrorInvalidValue || h[5] != 0) {
        printf("too much shared memory: %s, h[5] = %d\n", cudaGetErrorName(e), h[5]);
        return 1;
    }
    big<<<1, 32, 8 * 1024>>>(d);
    e = cudaGetLastError();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess || h[5] != 6) {
        printf("fitting launch: %s, h[5] = %d\n", cudaGetErrorName(e), h[5]);
        return 1;
    }
    printf("shared memory limit ok\n");
    return 0;
}
