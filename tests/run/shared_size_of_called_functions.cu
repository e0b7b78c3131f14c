// sharedSizeBytes (cudaFuncGetAttributes) counts the __shared__ variables of the device
// functions a kernel calls, at any depth and defined after the kernel, as nvcc does: for a
// kernel only the fiber engine runs (a goto out of a loop holding a barrier), whose callees
// stay functions (their variables were not counted), and for one thread loops run (under
// make check-fibers, both run on fibers). The functions' work is checked too.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: fibers kernel: 1344 bytes, thread-loop kernel: 1344 bytes
// CHECK-NEXT: values 255 0 1
#include <cstdio>

__device__ void helper(int *o);

__global__ void on_fibers(int *o, int rounds) {
    __shared__ float own[64];
    own[threadIdx.x % 64] = 1;
    for (int r = 0;; r++) {
        if (r == rounds)
            goto go;
        __syncthreads();
    }
go:
    helper(o);
    if (threadIdx.x == 0)
        o[256] = (int)own[5];
}

__global__ void on_loops(int *o) {
    __shared__ float own[64];
    own[threadIdx.x % 64] = 1;
    __syncthreads();
    helper(o);
}

__device__ void inner(int *o) {
    __shared__ double d[8];
    if (threadIdx.x < 8)
        d[threadIdx.x] = 1;
    __syncthreads();
}

__device__ void helper(int *o) {
    __shared__ int buf[256];
    buf[threadIdx.x] = threadIdx.x;
    __syncthreads();
    o[threadIdx.x] = buf[255 - threadIdx.x];
    inner(o);
}

int main() {
    cudaFuncAttributes f, l;
    cudaFuncGetAttributes(&f, on_fibers);
    cudaFuncGetAttributes(&l, on_loops);
    printf("fibers kernel: %zu bytes, thread-loop kernel: %zu bytes\n", f.sharedSizeBytes, l.sharedSizeBytes);
    int *o;
    cudaMallocManaged(&o, 257 * sizeof(int));
    on_fibers<<<1, 256>>>(o, 2);
    cudaDeviceSynchronize();
    printf("values %d %d %d\n", o[0], o[255], o[256]);
    return 0;
}
