// The installed tree as a CUDA toolkit for cuBLAS and cuSPARSE: CMake's find_package(CUDAToolkit)
// gives CUDA::cublas and CUDA::cusparse, which link (lib64/libcublas.so is a GNU ld script
// naming libcublas.a and -lopenblas) and run, where no CUDA toolkit is visible; plain g++
// links with -lcublas alone, as with NVIDIA's toolkit.
// RUN: rm -rf %t.p %t.b && make -s -C %root install PREFIX=%t.p > /dev/null
// RUN: %S/Inputs/without_cuda_toolkit.sh cmake -S %S/Inputs/cmake_cublas_project -B %t.b -DCMAKE_CUDA_COMPILER=%t.p/bin/nvcc -DCUDAToolkit_ROOT=%t.p > %t.log 2>&1
// RUN: %S/Inputs/without_cuda_toolkit.sh cmake --build %t.b > /dev/null && %t.b/demo | FileCheck %s
// CHECK: nrm2^2 120 spmv 2 4
// RUN: g++ -I%t.p/include %s -o %t.gxx -L%t.p/lib64 -lcublas -lcudart -lpthread && %t.gxx | FileCheck %s --check-prefix=GXX
// GXX: asum 10
#include <cstdio>
#include <cublas_v2.h>
#include <cuda_runtime.h>
int main() {
    float hx[4] = {1, -2, 3, -4}, *x, r = 0;
    cublasHandle_t h;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS || cudaMalloc(&x, sizeof hx) != cudaSuccess)
        return 1;
    cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
    if (cublasSasum(h, 4, x, 1, &r) != CUBLAS_STATUS_SUCCESS)
        return 1;
    printf("asum %g\n", r);
    return cublasDestroy(h);
}
