// A kernel whose recursion overflows its worker's stack ends with the sticky
// cudaErrorIllegalAddress and a located line, as a memory fault does, and the process
// exits normally; a kernel faulting on an unmapped address far from any allocation too
// (one line per faulting block: each worker's block overflows its own stack), and a block
// of a cooperative launch faulting while the others wait at grid.sync() (they leave it). On
// the fiber engine (make check-fibers) the lines name the thread too.
// Not under make check-race: its fault lines have no .cu line without -g, which race checking adds.
// UNSUPPORTED: race-check
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t 2> %t.err && FileCheck %s < %t.err
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t unmapped 2> %t.err2 && FileCheck --check-prefix=UNMAPPED %s < %t.err2
// CHECK: cu2c: an illegal memory access was encountered in kernel {{.*}}deep{{.*}}, block [{{[0-9]+}},0,0]
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t cooperative 2> %t.err3 && FileCheck --check-prefix=COOP %s < %t.err3
// UNMAPPED: cu2c: an illegal memory access was encountered in kernel {{.*}}far{{.*}}, block [3,0,0]{{(, thread \[0,0,0\])?}} (invalid access at address 0x4000)
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;
// COOP: cu2c: an illegal memory access was encountered in kernel {{.*}}synced{{.*}}, block [2,0,0]{{(, thread \[[0-9]+,0,0\])?}} (invalid access at address 0x4000)
// COOP-NOT: illegal memory access

__device__ int down(const int *frame, int n) {
    int local[256];
    for (int i = 0; i < 256; i++)
        local[i] = n + i;
    if (n == 0)
        return local[0];
    int below = down(local, n - 1);
    return below + local[n & 255] + frame[0];
}

__global__ void deep(int *out, int n) {
    int root[1] = {1};
    out[blockIdx.x] = down(root, n);
}

__global__ void far(int *out) {
    if (blockIdx.x == 3 && threadIdx.x == 0)
        *(volatile int *)(uintptr_t)0x4000 = 1;   // below mmap_min_addr: never mapped
    out[blockIdx.x] = 1;
}

__global__ void synced(int *out) {
    if (blockIdx.x == 2 && threadIdx.x == 5)
        *(volatile int *)(uintptr_t)0x4000 = 1;
    cg::this_grid().sync();
    out[blockIdx.x] = 1;
}

int main(int argc, char **argv) {
    int *d;
    if (cudaMalloc(&d, 64 * sizeof(int)) != cudaSuccess)
        return 1;
    cudaError_t e;
    if (argc > 1 && strcmp(argv[1], "unmapped") == 0) {
        far<<<8, 32>>>(d);
        e = cudaDeviceSynchronize();
    } else if (argc > 1 && strcmp(argv[1], "cooperative") == 0) {
        void *args[] = {&d};
        e = cudaLaunchCooperativeKernel((const void *)synced, dim3(4), dim3(32), args, 0, 0);
        if (e != cudaSuccess) {
            printf("cudaLaunchCooperativeKernel: %s\n", cudaGetErrorName(e));
            return 1;
        }
        e = cudaDeviceSynchronize();
    } else {
        deep<<<4, 1>>>(d, 1 << 20);
        e = cudaDeviceSynchronize();
    }
    if (e != cudaErrorIllegalAddress) {
        printf("cudaDeviceSynchronize: %s, want cudaErrorIllegalAddress\n", cudaGetErrorName(e));
        return 1;
    }
    if (cudaFree(d) != cudaErrorIllegalAddress) {
        printf("cudaFree after the fault: not the sticky error\n");
        return 1;
    }
    printf("ok\n");
    return 0;
}
