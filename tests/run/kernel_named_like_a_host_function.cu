// A kernel named like a host function of the same scope (`std::ostream &print()` and
// `__global__ void print(int, Cut *, int *)` in one namespace, as HeCBench's logic-rewrite
// has them): the name is overloaded, so cu2c's stub and registration take the kernel by its
// type (g++ rejected `(const void *)print` as ambiguous). Both run: the launch, and the host
// function called by name.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 10 13
// CHECK-NEXT: 7 7
#include <cstdio>
#include <iostream>

namespace rw {
struct Cut {
    int v;
};
std::ostream &print() { return std::cout; }
__global__ void print(int n, Cut *c, int *out) { out[threadIdx.x] = c[threadIdx.x].v + n; }
}

int fill() { return 0; }
__global__ void fill(int *o) { o[threadIdx.x] = 7; }

int main() {
    rw::Cut *c;
    int *o;
    cudaMallocManaged(&c, 4 * sizeof(rw::Cut));
    cudaMallocManaged(&o, 4 * sizeof(int));
    for (int i = 0; i < 4; i++)
        c[i].v = i;
    rw::print<<<1, 4>>>(10, c, o);
    cudaDeviceSynchronize();
    rw::print() << o[0] << " " << o[3] << "\n";
    fill<<<1, 2>>>(o);
    cudaDeviceSynchronize();
    printf("%d %d\n", o[1], o[fill()] );
    return 0;
}
