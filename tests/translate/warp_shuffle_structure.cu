// A warp function is a warp-scoped barrier: the statement holding it starts a region; a loop
// over the running threads gathers each thread's arguments (v, promoted: it crosses from
// region to region, and the delta o, uniform), CU2C_WARP_SHFL combines them lane by lane
// within each warp, and the statement reads its own thread's result in a thread loop of its
// own. The loop holding the shuffle runs once per block. An if whose condition is uniform
// per warp but not per block (t < 32) runs per thread: a flag per thread, and every thread
// loop inside skips the threads not taking it; the lanes that took the other branch are
// inactive at the shuffle, which checks that no mask names them (they reach the __syncthreads()
// after it). In exit_after below they leave the kernel instead, exited as far as the warp
// goes, which CUDA allows a mask to name: no check. In meet_after, a kernel without block
// barriers, they may meet the warp again: the lanes a mask names are marked, and every later
// warp function checks that none of them takes part. The flags also give where
// the taking threads are (cu2c_lanes: in a 1-D block the first and last of them): the thread
// loops inside run x over that range only, and the shuffle gathers, checks and combines the
// warps holding them only (its arrays from the first of those warps).
// RUN: %cu2c %s -o - | FileCheck %s
__global__ void warp_sums(const float *in, float *out) {
    int t = threadIdx.x;
    float v = in[t];
    if (t < 32) {
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, o);
    }
    out[t] = v;
    __syncthreads();
}

__global__ void exit_after(const float *in, float *out) {
    int t = threadIdx.x;
    float v = in[t];
    if (t < 32) {
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, o);
    }
    out[t] = v;
}

__global__ void meet_after(const float *in, float *out) {
    int t = threadIdx.x;
    float v = in[t];
    if (t < 32) {
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, o);
    }
    out[t] = v + __shfl_xor_sync(0xffffffffu, v, 1);
}
// CHECK: float v = in[t]; __cu2c_p[[V:[0-9]+]][{{[^]]*}}] = v;
// CHECK: { for (size_t __cu2c_i = 0; {{.*}} __cu2c_pf[[IF:[0-9]+]][__cu2c_i] = 0; for (int __cu2c_tz
// CHECK-SAME: __cu2c_pf[[IF]][{{[^]]*}}] = (t < 32) ? 2 : 1; } const cu2c_lanes __cu2c_pr[[IF]] __attribute__((unused)) = cu2c_flag_lanes(__cu2c_pf[[IF]], {{.*}}, 2, __cu2c_bx, __cu2c_by * __cu2c_bz == 1); {
// CHECK: for (int o = 16; o > 0; o >>= 1)
// CHECK-NEXT: { for (size_t __cu2c_i = __cu2c_pr[[IF]].w0; __cu2c_i < __cu2c_pr[[IF]].wn; __cu2c_i++) __cu2c_wact[__cu2c_i] = 0; for (int __cu2c_tz
// CHECK-SAME: for (int __cu2c_tx = __cu2c_pr[[IF]].xlo; __cu2c_tx < __cu2c_pr[[IF]].xhi; __cu2c_tx++) {
// CHECK-SAME: if (__cu2c_pf[[IF]][{{[^]]*}}] != 2) continue;
// CHECK-SAME: __cu2c_wmk[{{[^]]*}}] = (unsigned)(0xffffffffu); __cu2c_wv0[{{[^]]*}}] = (v); __cu2c_wln[{{[^]]*}}] = (int)(o); __cu2c_wwd[{{[^]]*}}] = (int)(32); }
// CHECK-SAME: for (size_t __cu2c_i = __cu2c_pr[[IF]].w0; __cu2c_i < __cu2c_pr[[IF]].wn; __cu2c_i++) __cu2c_wdv[__cu2c_i] = __cu2c_pf[[IF]][__cu2c_i] == 1; cu2c_warp_mask_check(__cu2c_pr[[IF]].w0, __cu2c_pr[[IF]].wn, __cu2c_wact, __cu2c_wmk, __cu2c_wdv, __cu2c_b, "{{.*}}warp_shuffle_structure.cu:22:18", "__shfl_down_sync", "an if", "did not take this branch of the if at line 20");
// CHECK-SAME: CU2C_WARP_SHFL(CU2C_SHFL_DOWN, (__cu2c_pr[[IF]].wn - __cu2c_pr[[IF]].w0), __cu2c_wact + __cu2c_pr[[IF]].w0, __cu2c_wln + __cu2c_pr[[IF]].w0, __cu2c_wwd + __cu2c_pr[[IF]].w0, __cu2c_wv0 + __cu2c_pr[[IF]].w0, __cu2c_wr0 + __cu2c_pr[[IF]].w0);
// CHECK-SAME: for (int __cu2c_tx = __cu2c_pr[[IF]].xlo; __cu2c_tx < __cu2c_pr[[IF]].xhi; __cu2c_tx++) {
// CHECK-SAME: if (__cu2c_pf[[IF]][{{[^]]*}}] != 2) continue;
// CHECK-SAME: { v += __cu2c_wr0[{{[^]]*}}]; __cu2c_p[[V]][{{[^]]*}}] = v; } } }
// after the if: every thread again
// CHECK: for (int __cu2c_tx = 0; __cu2c_tx < __cu2c_bx; __cu2c_tx++) {{.*}} out[t] = v;
// CHECK-LABEL: void __cu2c_{{body}}_exit_after(
// CHECK-NOT: cu2c_warp_{{mask}}_check
// CHECK-NOT: cu2c_warp_{{owe}}_check
// CHECK: __global__ void exit_{{after}}(
// CHECK-LABEL: void __cu2c_{{body}}_meet_after(
// CHECK: __cu2c_{{wowe}}[__cu2c_i] = 0;
// CHECK: cu2c_warp_mask_{{defer}}(__cu2c_pr{{[0-9]+}}.w0, __cu2c_pr{{[0-9]+}}.wn, __cu2c_wact, __cu2c_wmk, __cu2c_wdv, __cu2c_wowe, &__cu2c_wowe_at, "{{.*}}warp_shuffle_structure.cu:43:18: __shfl_down_sync()");
// CHECK: if (__cu2c_wowe_at) cu2c_warp_owe_{{check}}(0, {{.*}}, 0, __cu2c_wowe, __cu2c_b, __cu2c_wowe_at, "{{.*}}warp_shuffle_structure.cu:45:18", "__shfl_xor_sync");
// CHECK: __global__ void meet_{{after}}(
