// assert() in device code behaves as on a GPU: the failing thread prints CUDA's message
// (file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr` failed.) to stderr,
// the kernel ends with the sticky cudaErrorAssert, and the host program goes on. An assert in
// a __device__ function reports the calling thread too. The same assert in host code keeps
// libc's behaviour (message, abort), and NDEBUG turns both off.
// RUN: %cu2cc %s -o %t
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t kernel 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t helper 2> %t.err2 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=HELPER < %t.err2
// RUN: env CU2C_NUM_THREADS=2 not --crash %t host 2> %t.err3
// RUN: FileCheck %s --check-prefix=HOST < %t.err3
// RUN: %cu2cc -DNDEBUG %s -o %t.ndebug && env CU2C_NUM_THREADS=2 timeout 60 %t.ndebug kernel | FileCheck %s --check-prefix=NDEBUG
#include <cassert>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__device__ int checked(int v) {
    assert(v < 1000);
    return v + 1;
}

__global__ void fill(int *out, int bad_block, int bad_thread) {
    int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    int b = blockIdx.y * gridDim.x + blockIdx.x;
    assert(!(b == bad_block && t == bad_thread));
    out[b * blockDim.x * blockDim.y * blockDim.z + t] = 1;
}

__global__ void via_helper(int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = checked(i * 10);
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "kernel";
    int *out;
    cudaMallocManaged(&out, 4096 * sizeof(int));
    if (strcmp(mode, "host") == 0) {
        int zero = 0;
        assert(zero == 1);   // libc: message and abort
        return 0;
    }
    cudaError_t e;
    if (strcmp(mode, "kernel") == 0) {
        // block (2,1,0) of a 4x2 grid is block number 6; thread (1,2,1) of 4x3x2 is number 21
        fill<<<dim3(4, 2), dim3(4, 3, 2)>>>(out, 6, 21);
        e = cudaDeviceSynchronize();
    } else {
        via_helper<<<4, 64>>>(out, 256);   // i * 10 reaches 1000 at i = 100: block 1, thread 36
        e = cudaDeviceSynchronize();
    }
    // OUT: sync: cudaErrorAssert
    // NDEBUG: sync: cudaSuccess
    printf("sync: %s\n", cudaGetErrorName(e));
    // OUT-NEXT: again: cudaErrorAssert
    // NDEBUG-NEXT: again: cudaSuccess
    printf("again: %s\n", cudaGetErrorName(cudaGetLastError()));
    // OUT-NEXT: host goes on
    printf("host goes on\n");
    return 0;
}
// ERR: {{.*}}assert_in_kernel_sticky_error.cu:27: void fill(...): block: [2,1,0], thread: [1,2,1] Assertion `!(b == bad_block && t == bad_thread)` failed.
// ERR-NOT: Assertion
// HELPER: {{.*}}assert_in_kernel_sticky_error.cu:20: int checked(int): block: [1,0,0], thread: [36,0,0] Assertion `v < 1000` failed.
// HOST: {{.*}}assert_in_kernel_sticky_error.cu:{{[0-9]+}}: int main(int, char**): Assertion `zero == 1' failed.
// Not under CU2C_THREAD_ORDER: which thread fails first is part of what it checks.
// UNSUPPORTED: thread-order
