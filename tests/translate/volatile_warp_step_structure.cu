// Warp-synchronous code: each statement storing into volatile memory is a warp step, a thread
// loop of its own in which every thread takes the store's address and new value into its
// buffers (__cu2c_va, __cu2c_vv; the chained local mySum is updated there too), followed by a
// loop making the buffered stores (over the threads from the first to the last taking the if,
// in a block of one dimension), so that every lane's reads come before any lane's stores.
// The if holding the steps runs per thread (t < 32), without the warp-uniformity check warp
// functions need; the statement after the steps reads the stored values.
// RUN: %cu2c %s -o - | FileCheck %s
__global__ void tail(const float *in, float *out) {
    __shared__ float sdata[64];
    int t = threadIdx.x;
    float mySum = in[t];
    sdata[t] = mySum;
    __syncthreads();
    if (t < 32) {
        volatile float *smem = sdata;
        smem[t] = mySum = mySum + smem[t + 32];
        smem[t] += smem[t + 16];
    }
    if (t == 0) out[0] = sdata[0];
}
// CHECK: __cu2c_pf[[IF:[0-9]+]][{{[^]]*}}] = (t < 32) ? 2 : 1; }
// CHECK-NOT: cu2c_warp_uniform_check
// CHECK: { for (int __cu2c_tz
// CHECK-SAME: if (__cu2c_pf[[IF]][{{[^]]*}}] != 2) continue;
// CHECK-SAME: { (__cu2c_va0[{{[^]]*}}] = &(smem[t]), __cu2c_vv0[{{[^]]*}}] = ( mySum = mySum + smem[t + 32]));
// CHECK-SAME: } } for (size_t __cu2c_i = (__cu2c_by * __cu2c_bz == 1 ? (size_t)__cu2c_pr5.xlo : 0); __cu2c_i < (__cu2c_by * __cu2c_bz == 1 ? (size_t)__cu2c_pr5.xhi : ((size_t)__cu2c_bx * __cu2c_by * __cu2c_bz)); __cu2c_i++) if (__cu2c_va0[__cu2c_i]) { *__cu2c_va0[__cu2c_i] = __cu2c_vv0[__cu2c_i]; __cu2c_va0[__cu2c_i] = 0; } }
// CHECK-NEXT: { for (int __cu2c_tz
// CHECK-SAME: { (__cu2c_va1[{{[^]]*}}] = &(smem[t]), __cu2c_vv1[{{[^]]*}}] = *__cu2c_va1[{{[^]]*}}] + ( smem[t + 16]));
// CHECK-SAME: if (__cu2c_va1[__cu2c_i]) { *__cu2c_va1[__cu2c_i] = __cu2c_vv1[__cu2c_i]; __cu2c_va1[__cu2c_i] = 0; } }
// CHECK: if (t == 0) out[0] = sdata[0];
