// find_package(cu2c) on the installed tree gives cu2c::runtime (libcu2c, cu2c's include
// directory, the threads library) and cu2c_NVCC; CMake's FindCUDAToolkit finds the same tree
// as a CUDA toolkit (include/cuda_runtime.h, lib64/libcudart.a). Both programs run.
// RUN: rm -rf %t.p %t.build && make -s -C %root install PREFIX=%t.p > /dev/null
// RUN: cmake -S %S/Inputs/find_package -B %t.build -DCMAKE_PREFIX_PATH=%t.p -DCUDAToolkit_ROOT=%t.p -DMAIN=%s -DKERNEL=%S/Inputs/count_kernel.cu 2>&1 | FileCheck %s --check-prefix=CONFIG -DP=%t.p
// CONFIG: cu2c 0.1, CUDA 12.{{[0-9]+}}.0, nvcc [[P]]/bin/nvcc
// CONFIG: CUDAToolkit [[P]]/include [[P]]/lib64/libcudart.a
// RUN: cmake --build %t.build
// RUN: %t.build/count | FileCheck %s
// RUN: %t.build/count_cudart | FileCheck %s
#include <cstdio>
#include <cuda_runtime.h>

void launch_count(int *c, int blocks, int threads);

int main() {
    int *d, h = 0;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    launch_count(d, 3, 32);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    printf("count %d\n", h);
    return h != 96;
}
// CHECK: count 96
