// Kernel launches inside `#pragma omp parallel` (the samples' cudaOpenMP): with -fopenmp the
// parse defines _OPENMP as the compiler does but leaves the pragmas to the compiler, so the
// launches under them are translated; each OpenMP thread launches on its own stream.
// RUN: %cu2cc -O2 -Xcompiler -fopenmp %s -o %t && env OMP_NUM_THREADS=3 CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: openmp launches ok
#include <cstdio>
#include <omp.h>
#include <cuda_runtime.h>

__global__ void add(int *a, int b) { a[blockIdx.x * blockDim.x + threadIdx.x] += b; }

int main() {
#ifndef _OPENMP
    printf("FAILED: _OPENMP not defined\n");
    return 1;
#endif
    const int per = 256, parts = 3;
    int h[per * parts] = {0}, *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    omp_set_num_threads(parts);
#pragma omp parallel
    {
        int t = omp_get_thread_num();
        cudaStream_t s;
        cudaStreamCreate(&s);
        add<<<per / 64, 64, 0, s>>>(d + t * per, t + 1);
        cudaStreamSynchronize(s);
        cudaStreamDestroy(s);
    }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < per * parts; i++)
        bad += h[i] != i / per + 1;
    printf(bad ? "FAILED: %d\n" : "openmp launches ok\n", bad);
    return bad != 0;
}
