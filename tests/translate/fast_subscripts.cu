// Subscripts p[B + threadIdx.x] (and B - threadIdx.x) of type unsigned int or int: their
// nest gets a fast copy where the index is the 64-bit B +- x, an affine address the C
// compiler vectorises, taken when B +- threadIdx.x stays within the index's type for the
// block (for each threadIdx.y when B reads it: a statement expression loops over y); the
// general copy keeps the subscripts as written. Not rewritten: threadIdx.x alone, a scaled
// threadIdx.x, a base reading memory or a local that varies, a 64-bit index.
// RUN: %cu2c %s -o - | FileCheck %s
__global__ void tile(float *m, int n, int offset) {
    int r0 = offset + (blockIdx.y + 1) * 16;
    m[(r0 + threadIdx.y) * n + offset + threadIdx.x] += 1.0f;
}
__global__ void not_rewritten(float *c, const int *idx, int b) {
    int v = threadIdx.y * 3;
    c[threadIdx.x] = c[2 * threadIdx.x + b] + c[idx[b] + threadIdx.x] + c[v + threadIdx.x] +
                     c[(long)blockIdx.x * blockDim.x + threadIdx.x];
}

// CHECK-LABEL: void __cu2c_body_tile(
// CHECK: if (({ int __cu2c_sok = 1; for (int __cu2c_ty = 0; __cu2c_ty < __cu2c_by; __cu2c_ty++) { const __cu2c_uint3 threadIdx __attribute__((unused)) = {0u, (unsigned)__cu2c_ty, 0u}; __cu2c_sok &= ((long long)(unsigned)((r0 + threadIdx.y) * n + offset + 0u) + __cu2c_bx <= 0x100000000ll); } __cu2c_sok; })) {
// CHECK: m[((long long)(unsigned)((r0 + threadIdx.y) * n + offset + 0u) + __cu2c_tx)] += 1.0f;
// CHECK: } else
// CHECK: m[(r0 + threadIdx.y) * n + offset + threadIdx.x] += 1.0f;
// CHECK-LABEL: void __cu2c_body_not_rewritten(
// CHECK-NOT: __cu2c_sok
// CHECK-NOT: __cu2c_tx)]
// CHECK: c[threadIdx.x] = c[2 * threadIdx.x + b] + c[idx[b] + threadIdx.x] + c[v + threadIdx.x] +
// CHECK-NOT: __cu2c_tx)]
// CHECK: __cu2c_blk_not_rewritten
