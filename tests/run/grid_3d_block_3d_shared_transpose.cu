// A 3-D grid of 3-D blocks (dim3 on both): a 4x4x4 shared cube is written in (x,y,z) order
// and read back transposed (z,y,x) after a barrier; every thread of every block is checked.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define B 4
__global__ void transpose_cube(int *out) {
    __shared__ int cube[B][B][B];
    int bid = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    cube[threadIdx.z][threadIdx.y][threadIdx.x] =
        bid * 1000 + threadIdx.z * 100 + threadIdx.y * 10 + threadIdx.x;
    __syncthreads();
    int lin = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    out[bid * B * B * B + lin] = cube[threadIdx.x][threadIdx.y][threadIdx.z];
}

__global__ void grid2d(int *out, int w) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * w + x] = x * 3 + y * 5;
}

int main() {
    dim3 grid(2, 3, 2), block(B, B, B);
    int nb = 2 * 3 * 2, n = nb * B * B * B;
    int *d, *h = new int[n];
    cudaMalloc(&d, n * sizeof(int));
    transpose_cube<<<grid, block>>>(d);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < nb; b++)
        for (int z = 0; z < B; z++)
            for (int y = 0; y < B; y++)
                for (int x = 0; x < B; x++) {
                    int want = b * 1000 + x * 100 + y * 10 + z;
                    int got = h[b * 64 + (z * B + y) * B + x];
                    if (got != want) { printf("b%d (%d,%d,%d): %d want %d\n", b, x, y, z, got, want); return 1; }
                }
    int w = 8 * 5, hgt = 4 * 3;
    int *d2, *h2 = new int[w * hgt];
    cudaMalloc(&d2, w * hgt * sizeof(int));
    grid2d<<<dim3(5, 3), dim3(8, 4)>>>(d2, w);
    cudaMemcpy(h2, d2, w * hgt * sizeof(int), cudaMemcpyDeviceToHost);
    for (int y = 0; y < hgt; y++)
        for (int x = 0; x < w; x++)
            if (h2[y * w + x] != x * 3 + y * 5) { printf("2d (%d,%d): %d\n", x, y, h2[y * w + x]); return 1; }
    printf("3d ok\n");
    return 0;
}
