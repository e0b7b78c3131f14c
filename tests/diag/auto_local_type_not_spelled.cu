// An `auto` local of a kernel template whose type depends on the template's parameters and
// whose initialiser names a local through a macro: its type cannot be spelled where its
// per-thread copies are declared, so crossing a barrier it is refused, naming it.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
#define TWICE(x) ((x) + (x))
template <typename T> __global__ void k(T *a) {
    T t = a[threadIdx.x];
    auto v = TWICE(t);
    __syncthreads();
    a[threadIdx.x] = v;
}
void launch(float *a) { k<float><<<1, 32>>>(a); }
// CHECK: [[FILE]]:10:10: error: the type of 'v' (auto, depending on the template's parameters) cannot be spelled for its per-thread copies: declare it with its type
