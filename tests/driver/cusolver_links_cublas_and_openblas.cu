// -lcusolver (and -lcusolver_static) links libcusolver.a by file name from lib64, then what
// it runs on: libcublas.a (whose stream jobs it queues) and OpenBLAS (its LAPACK).
// RUN: %cu2cc --dryrun %s -o app -lcusolver 2>&1 | FileCheck %s
// CHECK: #$ c++ {{.*}}"-L{{[^"]*}}/lib64" -Wl,--start-group "{{.*}}/libcu2c.a" -l:libcusolver.a -l:libcublas.a -lopenblas -Wl,--end-group
// RUN: %cu2cc %s -o %t -lcusolver_static && %t | FileCheck %s --check-prefix=OUT
// OUT: cuSOLVER 11, info 0, U[0][0] 3
#include <cstdio>
#include <cuda_runtime.h>
#include <cusolverDn.h>
int main() {
    cusolverDnHandle_t h;
    int major = 0, info = -1, ipiv[2], lwork = 0;
    double a[4] = {1, 3, 2, 4}, *da, *work;   // column-major [1 2; 3 4]: row 2 is the pivot
    int *dinfo, *dipiv;
    if (cusolverGetProperty(MAJOR_VERSION, &major) != CUSOLVER_STATUS_SUCCESS ||
        cusolverDnCreate(&h) != CUSOLVER_STATUS_SUCCESS)
        return 1;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&dinfo, sizeof(int));
    cudaMalloc(&dipiv, sizeof ipiv);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    if (cusolverDnDgetrf_bufferSize(h, 2, 2, da, 2, &lwork) != CUSOLVER_STATUS_SUCCESS ||
        cudaMalloc(&work, lwork * sizeof(double)) != cudaSuccess ||
        cusolverDnDgetrf(h, 2, 2, da, 2, work, dipiv, dinfo) != CUSOLVER_STATUS_SUCCESS)
        return 1;
    cudaMemcpy(&info, dinfo, sizeof info, cudaMemcpyDeviceToHost);
    cudaMemcpy(a, da, sizeof a, cudaMemcpyDeviceToHost);
    printf("cuSOLVER %d, info %d, U[0][0] %g\n", major, info, a[0]);
    return cusolverDnDestroy(h);
}
