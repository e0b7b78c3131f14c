// A function template holding a barrier, called from a kernel template with a dependent
// template argument (as in the samples' merge sort), is refused where it is called: it is
// not expanded in place yet, and run per thread its barrier would be wrong.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
template <unsigned dir>
__device__ void stage(unsigned *s) {
    unsigned v = s[threadIdx.x];
    __syncthreads();
    s[dir ? threadIdx.x : blockDim.x - 1 - threadIdx.x] = v;
}

template <unsigned dir>
__global__ void sort(unsigned *d) {
    __shared__ unsigned s[64];
    s[threadIdx.x] = d[threadIdx.x];
    __syncthreads();
    stage<dir>(s);
    d[threadIdx.x] = s[threadIdx.x];
}

int main() {
    sort<1><<<1, 64>>>(nullptr);
}
// CHECK: [[FILE]]:18:5: error: call of 'stage', which holds a barrier: it must be a plain function defined in the .cu file (not supported yet otherwise)
