// cuda_fp8.h: E4M3 and E5M2 conversions against an independent model. To fp8: the nearest
// value of the format, ties to the even code, from float, double, half and bf16; past the
// largest finite value (plus half a quantum) __NV_SATFINITE gives it, __NV_NOSAT NaN (E4M3) or
// infinity (E5M2); NaN stays NaN. From fp8: the exact value. The classes: saturating
// constructors, float/half/int conversions (integers truncated, clamped, NaN 0), x2 and x4
// byte order. Inputs: every fp8 value, the midpoints between neighbours and the floats next to
// them, subnormals, huge values, infinities, NaN; on the device and on the host.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_fp8.h>

// ---- the model: decode a code; encode by searching the codes ----
static double decode(int code, bool e5m2) {
    int bias = e5m2 ? 15 : 7, mb = e5m2 ? 2 : 3, a = code & 0x7f, e = a >> mb, m = a & ((1 << mb) - 1);
    if (e5m2 ? a > 0x7c : a == 0x7f) return NAN;
    if (e5m2 && a == 0x7c) return (code & 0x80) ? -INFINITY : INFINITY;
    double v = e == 0 ? std::ldexp((double)m, 1 - bias - mb) : std::ldexp((double)(m + (1 << mb)), e - bias - mb);
    return (code & 0x80) ? -v : v;
}
static int encode(double x, bool sat, bool e5m2) {
    if (std::isnan(x)) return -1;   // any NaN code
    int sign = std::signbit(x) ? 0x80 : 0;
    double a = std::fabs(x);
    int maxc = e5m2 ? 0x7b : 0x7e;
    double maxv = decode(maxc, e5m2), next = maxv + (maxv - decode(maxc - 1, e5m2));   // the value past the largest
    int best = 0;
    double bd = INFINITY;
    for (int c = 0; c <= maxc + 1; c++) {     // maxc + 1 stands for `next` (odd for E4M3, even for E5M2)
        double v = c == maxc + 1 ? next : decode(c, e5m2), d = std::fabs(v - a);
        if (d < bd || (d == bd && (c & 1) == 0)) { bd = d; best = c; }
    }
    if (a > next) best = maxc + 1;      // far beyond (distances there round together)
    if (best == maxc + 1) return sat ? sign | maxc : e5m2 ? sign | 0x7c : sign | 0x7f;
    return sign | best;
}

__global__ void to_fp8(const float *in, unsigned char *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[4 * i + 0] = __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E4M3);
    out[4 * i + 1] = __nv_cvt_float_to_fp8(in[i], __NV_NOSAT, __NV_E4M3);
    out[4 * i + 2] = __nv_cvt_double_to_fp8((double)in[i], __NV_SATFINITE, __NV_E5M2);
    out[4 * i + 3] = __nv_cvt_float_to_fp8(in[i], __NV_NOSAT, __NV_E5M2);
}

__global__ void classes(float *vals, int *ints, unsigned *packed) {
    int c = threadIdx.x;    // every code
    __nv_fp8_e4m3 a;
    __nv_fp8_e5m2 b;
    a.__x = (__nv_fp8_storage_t)c;
    b.__x = (__nv_fp8_storage_t)c;
    vals[c] = (float)a;
    vals[256 + c] = (float)b;
    vals[512 + c] = __half2float((__half)a);
    vals[768 + c] = __bfloat162float((__nv_bfloat16)b);
    ints[c] = (int)a;
    ints[256 + c] = (int)(unsigned char)b;
    ints[512 + c] = (int)(signed char)b;
    ints[768 + c] = (bool)a;
    if (c == 0) {
        packed[0] = __nv_fp8x4_e4m3(make_float4(1.0f, -2.0f, 448.0f, 1000.0f)).__x;
        packed[1] = __nv_fp8x2_e5m2(make_float2(0.5f, -65536.0f)).__x;
        packed[2] = __nv_fp8x4_e4m3(__floats2bfloat162_rn(3.0f, 0.125f), __floats2bfloat162_rn(-0.0f, 7.5f)).__x;
        float4 back = (float4)__nv_fp8x4_e4m3(make_float4(1.0f, -2.0f, 448.0f, 1000.0f));
        packed[3] = back.x == 1.0f && back.y == -2.0f && back.z == 448.0f && back.w == 448.0f;
        packed[4] = __nv_fp8_e4m3(1e9f).__x | __nv_fp8_e5m2(-70000).__x << 8 | __nv_fp8_e4m3(__float2half(0.3f)).__x << 16;
        packed[5] = __nv_cvt_float2_to_fp8x2(make_float2(1.5f, -3.0e5f), __NV_NOSAT, __NV_E5M2) |
                    (unsigned)__nv_cvt_halfraw2_to_fp8x2(__floats2half2_rn(0.1f, 2.0f), __NV_SATFINITE, __NV_E4M3) << 16;
    }
}

int main() {
    std::vector<float> in;
    for (int e = 0; e < 2; e++)
        for (int c = 0; c < 256; c++) {
            double v = decode(c, e), w = decode((c + 1) & 0xff, e);
            if (std::isnan(v)) continue;
            in.push_back((float)v);
            if (!std::isnan(w) && !std::isinf(w) && !std::isinf(v) && (c & 0x7f) != 0x7f) {
                float mid = (float)((v + w) / 2);
                in.push_back(mid);
                in.push_back(std::nextafter(mid, INFINITY));
                in.push_back(std::nextafter(mid, -INFINITY));
            }
        }
    float extra[] = {464.0f, 463.99f, 464.01f, 480.0f, 61440.0f, 61439.99f, 57344.0f, 1e30f, -1e30f, INFINITY, -INFINITY,
                     NAN, -NAN, 1e-30f, -1e-30f, 0.0f, -0.0f, std::ldexp(1.0f, -10), std::ldexp(1.0f, -17),
                     std::ldexp(1.5f, -10), std::ldexp(1.5f, -17), std::ldexp(1.0f, -126)};
    for (float f : extra) in.push_back(f);
    int n = (int)in.size(), bad = 0;
    float *din; unsigned char *dout;
    cudaMalloc(&din, n * sizeof(float)); cudaMalloc(&dout, 4 * n);
    cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    to_fp8<<<(n + 127) / 128, 128>>>(din, dout, n);
    std::vector<unsigned char> out(4 * n);
    cudaMemcpy(out.data(), dout, 4 * n, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 4; k++) {
            bool sat = k == 0 || k == 2, e5 = k >= 2;
            int want = encode(in[i], sat, e5), got = out[4 * i + k];
            int host = k == 0 ? __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E4M3)
                     : k == 1 ? __nv_cvt_float_to_fp8(in[i], __NV_NOSAT, __NV_E4M3)
                     : k == 2 ? __nv_cvt_float_to_fp8(in[i], __NV_SATFINITE, __NV_E5M2)
                              : __nv_cvt_float_to_fp8(in[i], __NV_NOSAT, __NV_E5M2);
            bool ok = want < 0 ? std::isnan(decode(got, e5)) : got == want;
            if ((!ok || host != got) && bad++ < 12)
                printf("%a (%s%s): device 0x%02x host 0x%02x, want 0x%02x\n", in[i], e5 ? "E5M2" : "E4M3",
                       sat ? " satfinite" : "", got, host, want);
        }
    float *dv; int *di; unsigned *dp;
    cudaMalloc(&dv, 1024 * sizeof(float)); cudaMalloc(&di, 1024 * sizeof(int)); cudaMalloc(&dp, 6 * sizeof(unsigned));
    classes<<<1, 256>>>(dv, di, dp);
    float vals[1024]; int ints[1024]; unsigned packed[6];
    cudaMemcpy(vals, dv, sizeof vals, cudaMemcpyDeviceToHost);
    cudaMemcpy(ints, di, sizeof ints, cudaMemcpyDeviceToHost);
    cudaMemcpy(packed, dp, sizeof packed, cudaMemcpyDeviceToHost);
    for (int c = 0; c < 256; c++) {
        double a = decode(c, false), b = decode(c, true);
        auto same = [](double want, float got) { return std::isnan(want) ? std::isnan(got) : (double)got == want; };
        auto clampi = [](double v, double lo, double hi) { return std::isnan(v) ? 0 : v <= lo ? (int)lo : v >= hi ? (int)hi : (int)std::trunc(v); };
        bool ok = same(a, vals[c]) && same(b, vals[256 + c]) && same(a, vals[512 + c]) && same(b, vals[768 + c]) &&
                  ints[c] == clampi(a, -2147483648.0, 2147483647.0) && ints[256 + c] == clampi(b, 0, 255) &&
                  ints[512 + c] == clampi(b, -128, 127) && ints[768 + c] == ((c & 0x7f) != 0);
        if (!ok && bad++ < 20)
            printf("code 0x%02x: %g %g %g %g / %d %d %d %d (want %g %g)\n", c, vals[c], vals[256 + c], vals[512 + c],
                   vals[768 + c], ints[c], ints[256 + c], ints[512 + c], ints[768 + c], a, b);
    }
    unsigned want_packed[6] = {
        (unsigned)(encode(1, 1, 0) | encode(-2, 1, 0) << 8 | encode(448, 1, 0) << 16 | encode(1000, 1, 0) << 24),
        (unsigned)(encode(0.5, 1, 1) | encode(-65536, 1, 1) << 8),
        (unsigned)(encode(3, 1, 0) | encode(0.125, 1, 0) << 8 | encode(-0.0, 1, 0) << 16 | encode(7.5, 1, 0) << 24),
        1u,
        (unsigned)(encode(1e9, 1, 0) | encode(-70000, 1, 1) << 8 | encode((double)__half2float(__float2half(0.3f)), 1, 0) << 16),
        (unsigned)(encode(1.5, 0, 1) | encode(-3.0e5, 0, 1) << 8 | encode((double)__half2float(__float2half(0.1f)), 1, 0) << 16 |
                   encode(2.0, 1, 0) << 24)};
    for (int i = 0; i < 6; i++)
        if (packed[i] != want_packed[i] && bad++ < 25) printf("packed %d: 0x%08x, want 0x%08x\n", i, packed[i], want_packed[i]);
    printf("%d inputs, %s\n", n, bad ? "FAILED" : "ok");
    return bad != 0;
}
