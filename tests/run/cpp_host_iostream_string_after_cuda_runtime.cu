// C++ standard headers that bring in <exception> (<iostream>, <string>, <stdexcept>) after
// cuda_runtime.h: libstdc++'s configuration is host code, not taken into the C library
// headers cu2c declares __host__ __device__ (std::terminate would clash).
// RUN: %cu2cc %s -o %t && %t | FileCheck %s
#include <cuda_runtime.h>
#include <iostream>
#include <stdexcept>
#include <string>

__global__ void square(int *a) { a[threadIdx.x] *= a[threadIdx.x]; }

int main() {
    int *a;
    cudaMallocManaged(&a, 4 * sizeof(int));
    for (int i = 0; i < 4; i++)
        a[i] = i + 1;
    square<<<1, 4>>>(a);
    cudaDeviceSynchronize();
    std::string s;
    for (int i = 0; i < 4; i++)
        s += std::to_string(a[i]) + " ";
    try {
        throw std::runtime_error(s);
    } catch (const std::exception &e) {
        std::cout << "squares: " << e.what() << std::endl;
    }
}
// CHECK: squares: 1 4 9 16
