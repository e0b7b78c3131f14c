// A lambda local used across a barrier is declared again in each thread loop using it; when
// it captures by value a local that changes after it (or is mutable), that would not be the
// same closure: refused, naming the lambda.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void k(int *a) {
    int v = a[threadIdx.x];
    auto f = [v](int x) { return x + v; };
    int n = 0;
    auto g = [n]() mutable { return ++n; };
    v += 1;
    __syncthreads();
    a[threadIdx.x] = f(1) + g();
}
// CHECK: [[FILE]]:9:10: error: lambda 'f' used across thread loops (e.g. a barrier) captures by value a local that changes after it: not supported yet
// CHECK: [[FILE]]:11:10: error: lambda 'g' used across thread loops (e.g. a barrier) is mutable: not supported yet
