// Launches written with split chevrons, as some code formatters write them (`k << < g, b >> >
// (args)`, also with the closing across lines and a shift inside the configuration): nvcc accepts them,
// cu2c glues them before parsing. Split chevrons elsewhere (a string, templates closing with
// `>> >`) are left alone.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

template <typename T> struct Box { T v; };

__global__ void fill(int *a, int n, int add) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] += i + add;
}

template <int K> __global__ void scale(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] *= K; }

int main() {
    const int n = 256;
    int *d, h[n];
    cudaMalloc(&d, n * sizeof(int));
    cudaMemset(d, 0, n * sizeof(int));
    fill << < 2, 128 >> > (d, n, 1);
    fill<< <n / 64, 64>> >(d, n, 2);
    fill <<  < (n >> 7), 128, 0 >>
        > (d, n, 3);
    scale<2> << < dim3(n / 32), dim3(32) >> > (d);
    std::vector<Box<Box<int> > > boxes(1);          /* `> >` closing templates: untouched */
    const char *s = "k << < g, b >> > ()";          /* in a string: untouched */
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = strcmp(s, "k << < g, b >> > ()") != 0 || boxes.size() != 1;
    for (int i = 0; i < n; i++)
        bad += h[i] != 2 * (3 * i + 6);
    if (cudaGetLastError() != cudaSuccess || bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
