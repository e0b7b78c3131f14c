// A pointer to a per-thread local kept across a barrier (in the kernel, or as the parameter of
// a device function holding a barrier): each thread loop has its own copy of the local, so
// the pointer would point at a copy that is gone. Refused where the pointer is declared.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=error:
// RUN: not test -e %t.c
__device__ void fin(unsigned tid, float *l, float *s) {
    *l = s[tid];
    __syncthreads();
    s[(tid + 1) % blockDim.x] = *l + 1;
}
__global__ void k(float *out) {
    __shared__ float s[64];
    float left = s[threadIdx.x];
    float *p = &left;
    __syncthreads();
    *p += 1;
    fin(threadIdx.x, &left, s);
    out[threadIdx.x] = left;
}
// CHECK: [[FILE]]:15:12: error: 'p' holds the address of the per-thread local 'left' across thread loops (e.g. a barrier): not supported yet
// CHECK: [[FILE]]:7:42: error: 'l' holds the address of the per-thread local 'left' across thread loops (e.g. a barrier): not supported yet
