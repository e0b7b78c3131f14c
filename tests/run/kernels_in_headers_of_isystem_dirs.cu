// Kernels, device functions with warp functions and barriers, and launches in the headers of a
// directory named with -isystem (how CMake names a project's dependencies: SYSTEM include
// directories) are translated as the user's own, as nvcc compiles them; a header including
// another with kernels, and a __host__ __device__ function of theirs called from both sides.
// RUN: %cu2cc -isystem %S/Inputs/system_dir_kernels %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: %cu2cc -isystem=%S/Inputs/system_dir_kernels %s -o %t.2 && env CU2C_NUM_THREADS=2 timeout 60 %t.2
#include <cstdio>
#include <lib/saxpy_kernels.cuh>

__global__ void squares(float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = lib_half(lib_square(y[i]));
}

int main() {
    const int n = 1024;
    static float hx[n], hy[n], sums[n / 256];
    for (int i = 0; i < n; i++) { hx[i] = i % 17; hy[i] = 1; }
    float *x, *y, *s;
    cudaMalloc(&x, sizeof hx); cudaMalloc(&y, sizeof hy); cudaMalloc(&s, sizeof sums);
    cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
    cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice);
    lib_saxpy<<<n / 256, 256>>>(n, 2.0f, x, y);
    squares<<<n / 256, 256>>>(y, n);
    lib_block_sums<<<n / 256, 256>>>(y, s);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    cudaMemcpy(sums, s, sizeof sums, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < n / 256; b++) {
        float want = 0;
        for (int i = b * 256; i < (b + 1) * 256; i++) {
            float v = (2.0f * hx[i] + 1) * (2.0f * hx[i] + 1) / 2;
            want += v;
            if (hy[i] != v && bad++ < 5) printf("y[%d] = %g, want %g\n", i, hy[i], v);
        }
        if (sums[b] != want && bad++ < 5) printf("block %d: %g, want %g\n", b, sums[b], want);
    }
    printf("host half: %g\n", lib_half(3.0f));
    if (lib_half(3.0f) != 1.5f) bad++;
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
