// Each nest loops over just the dimensions its statements vary in: uniform statements run
// once per block outside any loop, a z-only region gets only the z loop, an x-only region
// only the x loop.
// RUN: %cu2c %s -o - | FileCheck %s
__global__ void k(int *out, int len) {
    __shared__ int sums[8];
    int start = blockIdx.x * len;
    int s = 0;
    for (int i = 0; i < len; i++)
        s += out[start + i] * (int)threadIdx.z;
    sums[threadIdx.z] = s;
    __syncthreads();
    int total = sums[0] + sums[1];
    out[start + (int)threadIdx.x] = total;
}
// CHECK: {{^}}    int start = blockIdx.x * len;
// CHECK-NEXT: {{^}}    for (int __cu2c_tz = 0; __cu2c_tz < __cu2c_bz; __cu2c_tz++) { const __cu2c_uint3 threadIdx __attribute__((unused)) = {0, 0, (unsigned)__cu2c_tz}; { int s = 0;
// CHECK-NOT: __cu2c_tx
// CHECK: sums[threadIdx.z] = s; } }
// CHECK-NEXT: /* __syncthreads() */;
// CHECK-NEXT: {{^}}    int total = sums[0] + sums[1];
// one x loop: it computes no local B + threadIdx.x and no unsigned index B + threadIdx.x, so
// it needs no fast copy (see offsets.cu, fast_subscripts.cu)
// CHECK-NEXT: {{^}}    CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; __cu2c_tx < __cu2c_bx; __cu2c_tx++) { const __cu2c_uint3 threadIdx __attribute__((unused)) = {(unsigned)__cu2c_tx, 0, 0}; { out[start + (int)threadIdx.x] = total; } }
// CHECK-NEXT: {{^}}}
// no per-thread storage at all
// CHECK-NOT: cu2c_block{{_}}scratch
