// A function template holding a barrier, called from a kernel template with template
// arguments left to deduction from dependent arguments: cu2c binds the callee's template
// parameters to the arguments written in the call, so it refuses this where it is called.
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
    __shared__ T s[64];
    s[threadIdx.x] = d[threadIdx.x];
    __syncthreads();
    stage(s);
    d[threadIdx.x] = s[threadIdx.x];
}

int main() {
    sort<unsigned><<<1, 64>>>(nullptr);
}
// CHECK: [[FILE]]:19:5: error: call of 'stage', a function template holding a barrier, from a kernel template: cu2c needs all its template arguments written in the call (f<T, N>(...))
