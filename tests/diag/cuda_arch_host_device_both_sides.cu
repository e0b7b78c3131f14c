// A __host__ __device__ function whose body depends on __CUDA_ARCH__, called from host and
// device code: nvcc compiles it twice, cu2c once; refused where it is defined.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: not test -e %t.c
__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 2;
#endif
}
__global__ void k(int *out) { out[threadIdx.x] = where(); }
int main() { return where(); }
// CHECK: [[FILE]]:6:25: error: __host__ __device__ function using __CUDA_ARCH__ called from both host and device code: not supported (cu2c compiles one copy of it)
