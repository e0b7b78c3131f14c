// A function template holding a barrier, called from a kernel template with its template
// argument left to deduction from an argument whose type the pattern does not tell (`s + 1`
// is of a dependent type until instantiation): cu2c binds the callee's template parameters
// to names it can write, so it refuses this where it is called.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
template <typename T>
__device__ void stage(T *s) {
    T v = s[threadIdx.x];
    __syncthreads();
    s[blockDim.x - 1 - threadIdx.x] = v;
}

template <typename T>
__global__ void sort(T *d) {
    __shared__ T s[65];
    s[threadIdx.x] = d[threadIdx.x];
    __syncthreads();
    stage(s + 1);
    d[threadIdx.x] = s[threadIdx.x];
}

int main() {
    sort<unsigned><<<1, 64>>>(nullptr);
}
// CHECK: [[FILE]]:20:5: error: call of 'stage', a function template holding a barrier: cu2c cannot name the argument of its template parameter 'T' from the types of the call's arguments (write it in the call: stage<...>(...))
