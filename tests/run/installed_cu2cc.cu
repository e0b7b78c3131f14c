// cu2cc works after `make install PREFIX=...`: it finds cu2c, the headers and libcu2c
// relative to itself, from any directory.
// RUN: rm -rf %t.prefix && make -s -C %root install PREFIX=%t.prefix > /dev/null
// RUN: cd %T && %t.prefix/bin/cu2cc -O1 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
#include <cstdio>

__global__ void square(int *v) { v[threadIdx.x] *= v[threadIdx.x]; }

int main() {
    int h[4] = {1, 2, 3, 4}, *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    square<<<1, 4>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
    return 0;
}
// CHECK: 1 4 9 16
