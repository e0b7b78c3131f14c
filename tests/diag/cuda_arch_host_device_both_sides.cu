// A __host__ __device__ function whose body depends on __CUDA_ARCH__, called from host and
// device code, gets a device copy (run/cuda_arch_host_device_both_sides.cu) where cu2c can make
// one. Refused where it is defined: an operator, a member function defined outside its class;
// where it is called: a device call written by a macro (device code must name the copy), and
// a kernel template's call whose callee depends on its parameters, where the name means
// overloads of which only some get a copy (which one it calls is known per instantiation).
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %cu2c -DMACRO_CALL %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MACRO
// RUN: not %cu2c -DMIXED %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MIXED
// RUN: not test -e %t.c
#if defined(MIXED)
__host__ __device__ int twice(int x) {
#ifdef __CUDA_ARCH__
    return x * 2;
#else
    return x * 3;
#endif
}
__host__ __device__ float twice(float x) { return x * 2; }
template <typename T> __global__ void k(T *out) { out[0] = twice(out[0]); }
int main() { k<int><<<1, 1>>>(0); return twice(1) + (int)twice(1.0f); }
// MIXED: [[FILE]]:[[# @LINE - 2]]:60: error: call in a template of a function name that means several functions, some with a device copy (they use __CUDA_ARCH__ and both sides call them) and some without: not supported (cu2c cannot tell which the call means before instantiation)
#elif !defined(MACRO_CALL)
struct V {
    float x;
    __host__ __device__ V operator+(V o) const {
#ifdef __CUDA_ARCH__
        return {x + o.x};
#else
        return {x + o.x + 1};
#endif
    }
    __host__ __device__ int where() const;
};
__host__ __device__ int V::where() const {
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 2;
#endif
}
__global__ void k(int *out) { V a{1}, b{2}; out[threadIdx.x] = (int)(a + b).x + a.where(); }
int main() { V a{1}, b{2}; return (int)(a + b).x + a.where(); }
// CHECK-DAG: [[FILE]]:27:27: error: __host__ __device__ function using __CUDA_ARCH__ or clock() (or calling one that does) called from both host and device code: not supported for an operator, constructor, destructor or member defined outside its class (cu2c compiles a device copy of a function or of a member function defined in its class, on lines of its own)
// CHECK-DAG: [[FILE]]:36:28: error: __host__ __device__ function using __CUDA_ARCH__ or clock() (or calling one that does) called from both host and device code: not supported for an operator
#else
__host__ __device__ int side() {
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 2;
#endif
}
#define SIDE() side()
__global__ void k(int *out) { out[threadIdx.x] = SIDE(); }
int main() { return side(); }
// MACRO: [[FILE]]:[[# @LINE - 2]]:50: error: call of a __host__ __device__ function that cu2c makes a device copy of, written by a macro: not supported (device code must call the copy; call it by name)
#endif
