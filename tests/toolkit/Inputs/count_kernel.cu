// The kernel half of the toolkit tests' program: every thread of the grid adds one.
#include <cuda_runtime.h>

__global__ void count(int *c) { atomicAdd(c, 1); }

void launch_count(int *c, int blocks, int threads) { count<<<blocks, threads>>>(c); }
