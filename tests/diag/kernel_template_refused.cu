// Kernel templates are refused with their location until they are supported.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
template <typename T>
__global__ void scale(T *a, T f) {
    a[threadIdx.x] *= f;
}
void run(float *a) { scale<<<1, 32>>>(a, 2.0f); }
// CHECK: [[FILE]]:4:17: error: kernel templates are not supported yet
