// Names CUDA's thrust headers bring along, which programs built with nvcc rely on: having
// included <thrust/functional.h> first (it failed to compile under cu2c's configuration),
// then only <thrust/scan.h> and <thrust/sort.h>, a program names thrust::device,
// thrust::sequence, thrust::copy and thrust::max_element (HeCBench logic-rewrite's shape),
// and catches thrust::system_error. cu2c's wrappers of thrust's headers include what CUDA's
// do (cu2c/thrust_closure.h). Results compared with their values.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 OMP_NUM_THREADS=2 timeout 120 %t | FileCheck %s
// CHECK: scan 45 sorted 9 8 max 9 copy 0 9 error cuda
#include <thrust/functional.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <cstdio>

int main() {
    int *d;
    cudaMallocManaged(&d, 10 * sizeof(int));
    thrust::sequence(thrust::device, d, d + 10);
    thrust::inclusive_scan(thrust::device, d, d + 10, d);
    int last = d[9];
    thrust::sequence(thrust::device, d, d + 10);
    thrust::sort(thrust::device, d, d + 10, thrust::greater<int>());
    int *m = thrust::max_element(thrust::device, d, d + 10);
    int h[10];
    thrust::copy(d, d + 10, h);
    const char *category = "";
    try {
        throw thrust::system_error(cudaErrorInvalidValue, thrust::cuda_category());
    } catch (const thrust::system_error &e) {
        category = e.code().category().name();
    }
    printf("scan %d sorted %d %d max %d copy %d %d error %s\n", last, d[0], d[1], *m, h[9], h[0], category);
    return 0;
}
