// Device code's shifts by amounts that are not constants within the width, divisions and
// remainders by divisors that are not constants other than 0 and -1, and float-to-integer
// conversions (written or implicit) become cu2c/arithmetic.h's calls, by the operation's type;
// constant shifts, constant expressions, text written by a macro and host code stay as written.
// RUN: %cu2c %s -o - | FileCheck %s
#define HALF(x) ((x) >> 1)
#define SHIFT(x, s) ((x) << (s))
__device__ unsigned long long mix(unsigned long long h, int s, long d) {
    unsigned long q = h;
    long long w = s;
    q /= w;
    return h << s ^ (h >> 3) ^ d / s ^ q;
}
__global__ void k(int *o, const float *f, const double *g, int s, unsigned short u) {
    int t = threadIdx.x;
    o[t] = (t >> s) + (t << 2) + HALF(t) + SHIFT(t, s);
    o[t] += o[t] / u - 5u % u + t / 4 + t / -1;
    o[t] <<= s;
    int i = f[t], j = (int)g[t];
    unsigned long long w = (unsigned long long)(f[t] * 2);
    const int n = (int)(2.5f * 4);
    o[t] = i + j + (int)w + n;
}
int host(int a, int b) {
    return a << b | a / b;
}
// CHECK: {{^}}    q = __cu2c_div_u64(q, w);
// CHECK: {{^}}    return __cu2c_shl_u64(h , s) ^ (h >> 3) ^ __cu2c_div_il(d , s) ^ q;
// CHECK: {{^}}    o[t] = (__cu2c_shr_i32(t , s)) + (t << 2) + HALF(t) + SHIFT(t, s);
// CHECK: {{^}}    o[t] += __cu2c_div_i32(o[t] , u) - __cu2c_rem_u32(5u , u) + t / 4 + __cu2c_div_i32(t , -1);
// CHECK: {{^}}    o[t] = __cu2c_shl_i32(o[t], s);
// CHECK: {{^}}    int i = __cu2c_f2i_i32f(f[t]), j = (int)__cu2c_f2i_i32d(g[t]);
// CHECK: {{^}}    unsigned long long w = (unsigned long long)__cu2c_f2i_u64f((f[t] * 2));
// CHECK: {{^}}    const int n = (int)(2.5f * 4);
// CHECK: {{^}}    return a << b | a / b;
