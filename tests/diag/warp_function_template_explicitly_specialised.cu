// A function template holding warp functions, explicitly specialised, called from a kernel
// template with arguments depending on the kernel's: cu2c makes the pattern choose the
// specialisation (run/warp_function_template_explicit_specialisations.cu), which needs the
// pattern's parameters named. Here one is not: the pattern is all cu2c could expand, and the
// specialisation (__reduce_add_sync over the lanes of the mask, where the pattern shuffles
// from lanes outside it) would be the body that runs. Refused where it is called, never the
// pattern's result silently.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
template <class T> __device__ T warp_sum(unsigned, T v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffu, v, offset);
    return v;
}

template <> __device__ int warp_sum<int>(unsigned mask, int v) {
    v = __reduce_add_sync(mask, v);
    return v;
}

template <class T> __global__ void sums(T *out) {
    T v = (T)threadIdx.x;
    if (threadIdx.x < 8) {
        v = warp_sum<T>(0xffu, v);
    }
    out[threadIdx.x] = v;
}

int main() {
    sums<int><<<1, 32>>>(nullptr);
}
// CHECK: [[FILE]]:25:13: error: call of 'warp_sum', a function template holding a barrier or warp function, with template arguments depending on the kernel's: 'warp_sum' has explicit specialisations, and cu2c cannot tell which one runs (its pattern chooses them where it is a function whose parameters and template parameters are all named, with no pack or template template parameter; not supported yet otherwise)
