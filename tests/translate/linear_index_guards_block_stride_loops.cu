// A guard on the block's linear thread index (`t < s`, t = ty * C + tx) becomes each row's x
// loop bounds, [__cu2c_llo - row, __cu2c_lhi - row) clipped to the block, and the test 1; a
// loop starting at that index (a block-stride loop) runs trip by trip, each trip's rows over
// the threads whose counter is within the bound; `tile[j / C][j % C]` (rows of C elements)
// becomes one subscript, CU2C_FLAT2. Stride guards (`tid % M == B`) and guards on a multiple
// of the index (`index = K * tid; if (index < B)`) step or end the x loop.
// RUN: %cu2c %s -o - | FileCheck %s
#define T 16

__global__ void tree(float *sum) {
    int t = threadIdx.y * T + threadIdx.x;
    for (int s = T * T / 2; s > 0; s >>= 1) {
        if (t < s)
            sum[t] += sum[t + s];
        __syncthreads();
    }
}
// CHECK-LABEL: void __cu2c_body_tree(
// CHECK: for (int s = T * T / 2; s > 0; s >>= 1) {
// CHECK-NEXT: const long long __cu2c_llo = 0ll, __cu2c_lhi = (long long)(int)(s);
// CHECK-SAME: for (int __cu2c_ty = 0; __cu2c_ty < __cu2c_by; __cu2c_ty++) CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = (int)CU2C_MINLL(__cu2c_hix, CU2C_MAXLL(__cu2c_lox, __cu2c_llo - ((long long)__cu2c_ty * (16ll)))); __cu2c_tx < (int)CU2C_MINLL(__cu2c_hix, CU2C_MAXLL(__cu2c_lox, __cu2c_lhi - ((long long)__cu2c_ty * (16ll)))); __cu2c_tx++)
// CHECK-SAME: { if (1)

__global__ void cube(int *out, int lim) {
    int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    out[t] = 0;
    __syncthreads();
    if (t >= 5 && t < lim)
        out[t] = 1;
}
// CHECK-LABEL: void __cu2c_body_cube(
// CHECK: const long long __cu2c_llo = (long long)(int)(5), __cu2c_lhi = (long long)(int)(lim);
// CHECK-SAME: __cu2c_llo - ((long long)__cu2c_ty * (1ll * __cu2c_bx) + (long long)__cu2c_tz * (1ll * __cu2c_bx * __cu2c_by))
// CHECK-SAME: if (1 && 1)

// changed after its declaration: not the linear index, each thread tested
__global__ void changed(int *out, int lim) {
    int t = threadIdx.y * T + threadIdx.x;
    if (threadIdx.x == 3)
        t = 0;
    out[threadIdx.y * T + threadIdx.x] = 0;
    __syncthreads();
    if (t < lim)
        out[threadIdx.y * T + threadIdx.x] = 1;
}
// CHECK-LABEL: void __cu2c_body_changed(
// CHECK-NOT: __cu2c_lhi
// CHECK: if (t < lim)

__global__ void tile_load(const float *in, float *out) {
    __shared__ float tile[T + 2][T + 2];
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    for (int j = t; j < (T + 2) * (T + 2); j += blockDim.x * blockDim.y)
        tile[j / (T + 2)][j % (T + 2)] = in[j];
    __syncthreads();
    out[t] = tile[threadIdx.y][threadIdx.x];
}
// CHECK-LABEL: void __cu2c_body_tile_load(
// CHECK: for (long long __cu2c_k = 0; ; __cu2c_k++) { const __typeof__(int) __cu2c_g0 = (__typeof__(int))((0) + (__typeof__(int))__cu2c_k * (blockDim.x * blockDim.y)); if (!(__cu2c_g0 < ((T + 2) * (T + 2)))) break; const int __cu2c_lox = 0, __cu2c_hix = __cu2c_bx; const long long __cu2c_llo = 0, __cu2c_lhi = (long long)((T + 2) * (T + 2)) - (long long)__cu2c_g0;
// CHECK: __typeof__(int) j = __cu2c_g0 + (__typeof__(int))((long long)__cu2c_ty * (1ll * __cu2c_bx)) + (__typeof__(int))__cu2c_tx; { CU2C_FLAT2(tile, j / (T + 2), j % (T + 2)) = in[j]; }
// CHECK: out[t] = tile[threadIdx.y][threadIdx.x];

// a uniform modulus: the x loop steps by it where positive, and the test is needless where
// the step is exactly it; a multiple of x: the x loop ends below B / K where K * x cannot wrap
__global__ void interleaved(float *s_data) {
    unsigned tid = threadIdx.x;
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            s_data[tid] += s_data[tid + s];
        __syncthreads();
    }
}
// CHECK-LABEL: void __cu2c_body_interleaved(
// CHECK: const long long __cu2c_lc = (long long)(unsigned int)(0), __cu2c_lm = (long long)(unsigned int)((2 * s)); const int __cu2c_sx = __cu2c_lm > 0 && __cu2c_lc >= 0 && __cu2c_lc < __cu2c_lm ? (int)CU2C_MINLL(__cu2c_lm, __cu2c_bx) : 1, __cu2c_s0 = __cu2c_sx > 1 ? (int)__cu2c_lc : 0, __cu2c_sq = __cu2c_sx > 1 && __cu2c_sx == __cu2c_lm;
// CHECK-SAME: for (int __cu2c_tx = CU2C_STEP_FROM(0, __cu2c_s0, __cu2c_sx); __cu2c_tx < __cu2c_bx; __cu2c_tx += __cu2c_sx)
// CHECK-SAME: if ((__cu2c_sq || (__cu2c_rem_u32(tid , (2 * s)) == 0)))

__global__ void strided(float *s_data) {
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        unsigned index = 2 * s * threadIdx.x;
        if (index < blockDim.x)
            s_data[index] += s_data[index + s];
        __syncthreads();
    }
}
// CHECK-LABEL: void __cu2c_body_strided(
// CHECK: __cu2c_hix = (int)CU2C_MAXLL(0, CU2C_MINLL(__cu2c_bx, ((long long)(unsigned int)(2 * s) > 0 && (long long)(unsigned int)(2 * s) * (__cu2c_bx - 1) <= 0x7fffffffll ? ((long long)(unsigned int)(blockDim.x) + (long long)(unsigned int)(2 * s) - 1) / (long long)(unsigned int)(2 * s) : (long long)__cu2c_bx)));
// CHECK-SAME: for (int __cu2c_tx = __cu2c_lox; __cu2c_tx < __cu2c_hix; __cu2c_tx++)
// CHECK-SAME: unsigned index = 2 * s * threadIdx.x;
// CHECK-NEXT: if (index < blockDim.x)
