// Regression: a top-level atomicAdd with uniform arguments runs once per thread, not per block.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>
__device__ unsigned counter;
__global__ void count() { atomicAdd(&counter, 1u); }
int main() {
    count<<<1, 32>>>();
    unsigned c = 0;
    cudaMemcpyFromSymbol(&c, counter, sizeof c);
    printf("counter = %u (want 32)\n", c);
    return c != 32;
}
