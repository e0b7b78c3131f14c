// A __host__ __device__ function whose body depends on __CUDA_ARCH__, called from host and
// device code, gets a device copy (run/cuda_arch_host_device_both_sides.cu) where cu2c can make
// one. Refused where it is defined: an operator, a constructor;
// where it is called: a device call written by a macro (device code must name the copy), and
// a kernel template's call whose callee depends on its parameters written with explicit
// template arguments, or a member call on a T written by a macro, whose name cu2c cannot read
// (run/cuda_arch_dependent_calls.cu: the forms that run).
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %cu2c -DMACRO_CALL %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MACRO
// RUN: not %cu2c -DTARGS %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --check-prefix=TARGS
// RUN: not %cu2c -DTARGS -DMACRO_MEMBER %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MMEMBER
// RUN: not test -e %t.c
#if defined(TARGS)
struct P {
    int v;
    template <int N> __host__ __device__ int get() const {
#ifdef __CUDA_ARCH__
        return v + N;
#else
        return v - N;
#endif
    }
};
#ifdef MACRO_MEMBER
#define GET(o) o.template get<1>()
template <typename T> __global__ void k(T x, int *out) { out[0] = GET(x); }
// MMEMBER: [[FILE]]:[[# @LINE - 1]]:67: error: call in a template of a member function a macro names, which may mean functions cu2c makes device copies of (they use __CUDA_ARCH__ or clock() and both sides call them), written by a macro: not supported (cu2c chooses the device copy at instantiation through a function it writes for the call)
#else
template <typename T> __global__ void k(T x, int *out) { out[0] = x.template get<1>(); }
#endif
int main() { k<<<1, 1>>>(P{1}, 0); return P{1}.get<2>(); }
// TARGS: [[FILE]]:[[# @LINE - 3]]:67: error: call in a template of `get`, a name of functions cu2c makes device copies of (they use __CUDA_ARCH__ or clock() and both sides call them), with explicit template arguments: not supported (cu2c chooses the device copy at instantiation through a function it writes for the call)
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
};
struct U {
    int where;
    __host__ __device__ U() {
#ifdef __CUDA_ARCH__
        where = 1;
#else
        where = 2;
#endif
    }
};
__global__ void k(int *out) { V a{1}, b{2}; out[threadIdx.x] = (int)(a + b).x + U().where; }
int main() { V a{1}, b{2}; return (int)(a + b).x + U().where; }
// CHECK-DAG: [[FILE]]:37:27: error: __host__ __device__ function using __CUDA_ARCH__ or clock() (or calling one that does) called from both host and device code: not supported for an operator, constructor or destructor (cu2c compiles a device copy of a function or of a member function, on lines of its own)
// CHECK-DAG: [[FILE]]:47:25: error: __host__ __device__ function using __CUDA_ARCH__ or clock() (or calling one that does) called from both host and device code: not supported for an operator, constructor or destructor
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
