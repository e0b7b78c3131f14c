// Regression: top-level calls with side effects (device functions, atomics) run per thread.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
__device__ void bump(unsigned *c) { atomicAdd(c, 1u); }
__global__ void a(unsigned *c, int *out) {
    out[threadIdx.x] = 1;
    __syncthreads();
    atomicAdd(c, 1u);
}
__global__ void b(unsigned *c) {
    bump(c + 1);
}
__global__ void d(unsigned *c) {
    unsigned old = atomicAdd(c + 2, 1u);
    (void)old;
}
__global__ void e(unsigned *c) {
    int one = 1;
    atomicAdd(c + 3, one);
    __syncthreads();
}
int main() {
    unsigned *c; int *o;
    cudaMalloc(&c, 16); cudaMalloc(&o, 32 * 4);
    cudaMemset(c, 0, 16);
    a<<<1, 32>>>(c, o);
    b<<<1, 32>>>(c);
    d<<<1, 32>>>(c);
    e<<<1, 32>>>(c);
    unsigned h[4];
    cudaMemcpy(h, c, 16, cudaMemcpyDeviceToHost);
    printf("%u %u %u %u (want 32 32 32 32)\n", h[0], h[1], h[2], h[3]);
    return !(h[0] == 32 && h[1] == 32 && h[2] == 32 && h[3] == 32);
}
