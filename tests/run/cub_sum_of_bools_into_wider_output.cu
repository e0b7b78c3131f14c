// cub::DeviceReduce::Sum over a transform iterator of bools into an int64_t counts the
// true items, as CUB adds in the output's value type (HeCBench nonzero counts non-zero
// elements so; cu2c added in bool and reported 1). Also a float input summed into a double.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: nonzero 7500 of 10000, sum 50005000
#include <cub/cub.cuh>
#include <thrust/iterator/transform_iterator.h>
#include <cstdint>
#include <cstdio>

struct NonZero {
    __host__ __device__ bool operator()(float x) const { return x != 0.0f; }
};

int main() {
    const int n = 10000;
    float *in;
    int64_t *count;
    double *sum;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&count, sizeof(int64_t));
    cudaMallocManaged(&sum, sizeof(double));
    for (int i = 0; i < n; i++)
        in[i] = i % 4 == 0 ? 0.0f : (float)(i + 1);
    thrust::transform_iterator<NonZero, float *> nonzero(in, NonZero());
    void *temp = nullptr;
    size_t bytes = 0;
    cub::DeviceReduce::Sum(temp, bytes, nonzero, count, n);
    cudaMalloc(&temp, bytes);
    cub::DeviceReduce::Sum(temp, bytes, nonzero, count, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        in[i] = (float)(i + 1);
    size_t bytes2 = 0;
    cub::DeviceReduce::Sum(nullptr, bytes2, in, sum, n);
    void *temp2;
    cudaMalloc(&temp2, bytes2);
    cub::DeviceReduce::Sum(temp2, bytes2, in, sum, n);
    cudaDeviceSynchronize();
    printf("nonzero %lld of %d, sum %.0f\n", (long long)*count, n, *sum);
    return 0;
}
