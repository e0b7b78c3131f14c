// The bundled example: a 1-D seven-point stencil over 16M points. Each block loads its tile
// and a halo into shared memory, waits at a barrier, then every thread combines seven
// neighbours. cu2c runs the grid's blocks on every core; the program checks itself.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <chrono>
#include <cuda_runtime.h>

#define RADIUS 3
#define BLOCK 256

__global__ void stencil(const float *in, float *out, int n) {
    __shared__ float tile[BLOCK + 2 * RADIUS];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    tile[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x < RADIUS) {
        tile[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
        tile[l + BLOCK] = g + BLOCK < n ? in[g + BLOCK] : 0.0f;
    }
    __syncthreads();
    if (g < n) {
        float sum = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; k++)
            sum += tile[l + k];
        out[g] = sum / (2 * RADIUS + 1);
    }
}

int main() {
    const int n = 1 << 24;
    float *in, *out;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    for (int i = 0; i < n; i++)
        in[i] = (float)(i % 1000);
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    auto t0 = std::chrono::steady_clock::now();
    stencil<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, n);
    cudaError_t err = cudaDeviceSynchronize();
    auto t1 = std::chrono::steady_clock::now();
    if (err != cudaSuccess) {
        printf("error: %s\n", cudaGetErrorString(err));
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float sum = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; k++)
            sum += (i + k >= 0 && i + k < n) ? in[i + k] : 0.0f;
        if (fabsf(out[i] - sum / (2 * RADIUS + 1)) > 1e-3f)
            bad++;
    }
    printf("device: %s (%d workers)\n", prop.name, prop.multiProcessorCount);
    printf("stencil of %d points: %.1f ms, out[12345] = %.4f, %s\n", n,
           std::chrono::duration<double, std::milli>(t1 - t0).count(), out[12345],
           bad ? "WRONG" : "results match the CPU reference");
    cudaFree(in);
    cudaFree(out);
    return bad != 0;
}
