// Two kernel templates of one name: the stubs' specialisations (&fill<T>) would be ambiguous,
// so the second is refused at its definition. (Overloaded kernels that are not templates
// run: run/overloaded_kernels_and_forward_declarations.cu.)
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
template <class T> __global__ void fill(T *a) { a[threadIdx.x] = 1; }
template <class T> __global__ void fill(T *a, int n) { a[threadIdx.x] = (T)n; }
// CHECK: [[FILE]]:6:36: error: overloaded kernel template 'fill' is not supported yet
