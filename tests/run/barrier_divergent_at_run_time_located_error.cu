// A barrier that the threads of a block really disagree about, where the threads not
// reaching it may wait at another barrier: CUDA leaves it undefined (a hang or garbage on a
// GPU). cu2c finds it at run time, once per block, and ends the kernel with the sticky
// cudaErrorLaunchFailure and a located message naming the barrier, the block and how many
// threads arrived (as compute-sanitizer's synccheck), instead of hanging or running on:
// under an if, in a loop whose trip counts differ, at a __syncthreads_count, and in a loop
// some threads break out of.
// RUN: %cu2cc %s -o %t
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t if 2> %t.err1 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s -DFILE=%s --check-prefix=IF < %t.err1
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t loop 2> %t.err2 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s -DFILE=%s --check-prefix=LOOP < %t.err2
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t count 2> %t.err3 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s -DFILE=%s --check-prefix=COUNT < %t.err3
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t break 2> %t.err4 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s -DFILE=%s --check-prefix=BREAK < %t.err4
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void half_block_if(int *a) {
    __shared__ int s[64];
    if (threadIdx.x < 16) {
        s[threadIdx.x] = 1;
        __syncthreads();
        a[threadIdx.x] = s[(threadIdx.x + 1) % 16];
    }
    __syncthreads();
    a[threadIdx.x] += 1;
}

__global__ void uneven_trips(int *a, const int *trips) {
    __shared__ int s[64];
    for (int r = 0; r < trips[threadIdx.x]; r++) {
        s[threadIdx.x] = r;
        __syncthreads();
        a[threadIdx.x] += s[(threadIdx.x + 1) % 64];
        __syncthreads();
    }
    __syncthreads();
    a[threadIdx.x] = s[0];
}

__global__ void count_in_branch(int *a) {
    if (a[threadIdx.x] > 0)
        a[threadIdx.x] = __syncthreads_count(threadIdx.x & 1);
    __syncthreads();
    a[threadIdx.x] += 1;
}

__global__ void break_apart(int *a) {
    __shared__ int s[64];
    for (int r = 0; r < 4; r++) {
        if (r == 1 && threadIdx.x < 10)
            break;
        s[threadIdx.x] = r;
        __syncthreads();
    }
    __syncthreads();
    a[threadIdx.x] = s[0];
}

int main(int argc, char **argv) {
    int *a, *trips;
    cudaMallocManaged(&a, 64 * sizeof(int));
    cudaMallocManaged(&trips, 64 * sizeof(int));
    for (int i = 0; i < 64; i++) {
        a[i] = i % 3;
        trips[i] = 2 + (i >= 40);
    }
    const char *which = argc > 1 ? argv[1] : "";
    if (strcmp(which, "if") == 0)
        half_block_if<<<1, 32>>>(a);
    else if (strcmp(which, "loop") == 0)
        uneven_trips<<<1, 64>>>(a, trips);
    else if (strcmp(which, "break") == 0)
        break_apart<<<1, 64>>>(a);
    else
        count_in_branch<<<1, 64>>>(a);
    cudaError_t e = cudaDeviceSynchronize();
    printf("synchronize: %s\n", cudaGetErrorName(e));
    printf("sticky: %s\n", cudaGetErrorName(cudaMemset(a, 0, 4)));
    return 0;
}
// OUT: synchronize: cudaErrorLaunchFailure
// OUT-NEXT: sticky: cudaErrorLaunchFailure
// IF: [[FILE]]:25: error: divergent __syncthreads() in block (0,0,0): 16 of its 32 running threads reach it, the others (taking the other branch of the 'if' at line 23) may wait at another barrier: CUDA requires every thread of the block to reach the same barrier
// LOOP: [[FILE]]:36: error: divergent __syncthreads() in block (0,0,0): 24 of its 64 running threads reach it, the others (having left the loop at line 34) may wait at another barrier
// COUNT: [[FILE]]:46: error: divergent __syncthreads_count() in block (0,0,0): 42 of its 64 running threads reach it, the others (taking the other branch of the 'if' at line 45) may wait at another barrier
// BREAK: [[FILE]]:57: error: divergent __syncthreads() in block (0,0,0): 54 of its 64 running threads reach it, the others (having left the loop at line 53) may wait at another barrier
