// cuda_fp16.h: every one of the 65536 half bit patterns through __half2float and back;
// float -> half in the four rounding modes on random and chosen floats (ties, subnormals,
// overflow, NaN) against a host reference that searches the sorted list of halves; the
// arithmetic (__hadd __hsub __hmul __hdiv __hfma) against exact host sums rounded the same
// way; comparisons, max/min with NaN and signed zeros, integer conversions with saturation;
// C++ operators on __half and __half2; atomicAdd on __half and __half2 from many blocks.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// Host reference: the value of half bits h, computed with ldexp (not the device's code).
static double half_value(unsigned h) {
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
    return (h & 0x8000) ? -v : v;
}
// Rounds x (exact as long double) to half bits: the two neighbours among the finite halves
// and the rounding mode decide (0 rn, 1 rz, 2 ru, 3 rd).
static unsigned round_half(long double x, int mode) {
    if (std::isnan((double)x)) return 0x7fff;
    unsigned sign = std::signbit((double)x) ? 0x8000 : 0;
    long double a = fabsl(x);
    // largest positive finite half <= a
    unsigned lo = 0, hi = 0x7bff;
    if (a >= 65504.0L) lo = 0x7bff;
    else {
        while (lo < hi) { unsigned mid = (lo + hi + 1) / 2; if ((long double)half_value(mid) <= a) lo = mid; else hi = mid - 1; }
    }
    long double vlo = half_value(lo);
    if (vlo == a) return sign | lo;
    unsigned up = lo + 1;    // 0x7c00 (infinity) above 65504
    long double vup = up == 0x7c00 ? 65536.0L : half_value(up);   // as if the exponent went on: rn ties at 65520
    bool neg = sign != 0;
    unsigned r;
    switch (mode) {
    case 0: r = (a - vlo < vup - a || (a - vlo == vup - a && !(lo & 1))) ? lo : up; break;
    case 1: r = lo; break;
    case 2: r = neg ? lo : up; break;
    default: r = neg ? up : lo; break;
    }
    return sign | r;
}

__global__ void roundtrip(unsigned short *bits_back, float *as_float) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half h = __ushort_as_half((unsigned short)i);
    float f = __half2float(h);
    as_float[i] = f;
    bits_back[i] = __half_as_ushort(__float2half(f));
}

__global__ void from_float(const float *x, unsigned short *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[4 * i + 0] = __half_as_ushort(__float2half_rn(x[i]));
        out[4 * i + 1] = __half_as_ushort(__float2half_rz(x[i]));
        out[4 * i + 2] = __half_as_ushort(__float2half_ru(x[i]));
        out[4 * i + 3] = __half_as_ushort(__float2half_rd(x[i]));
    }
}

__global__ void arith(const unsigned short *a, const unsigned short *b, const unsigned short *c,
                      unsigned short *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half x = __ushort_as_half(a[i]), y = __ushort_as_half(b[i]), z = __ushort_as_half(c[i]);
        out[5 * i + 0] = __half_as_ushort(__hadd(x, y));
        out[5 * i + 1] = __half_as_ushort(x - y);              // operators: C++
        out[5 * i + 2] = __half_as_ushort(__hmul(x, y));
        out[5 * i + 3] = __half_as_ushort(x / y);
        out[5 * i + 4] = __half_as_ushort(__hfma(x, y, z));
    }
}

__global__ void misc(int *ok) {
    int k = 0;
    __half one = 1.0f, two = __float2half(2.0f), nan = __ushort_as_half(0x7fff);
    __half pz = __ushort_as_half(0), nz = __ushort_as_half(0x8000), inf = __ushort_as_half(0x7c00);
    ok[k++] = __heq(one, __float2half(1.0f)) && __hlt(one, two) && !__hlt(nan, one) && __hltu(nan, one) &&
              !__heq(nan, nan) && __hneu(nan, nan) && !__hne(nan, one) && __hne(one, two) && __hge(two, two) &&
              __hequ(nan, one) && !__hgtu(one, two);
    ok[k++] = __hisnan(nan) && !__hisnan(inf) && __hisinf(inf) == 1 && __hisinf(__hneg(inf)) == -1 &&
              __hisinf(one) == 0;
    ok[k++] = __half_as_ushort(__hmax(nan, one)) == 0x3c00 && __half_as_ushort(__hmin(one, nan)) == 0x3c00 &&
              __half_as_ushort(__hmax(nan, nan)) == 0x7fff && __half_as_ushort(__hmax_nan(one, nan)) == 0x7fff &&
              __half_as_ushort(__hmax(nz, pz)) == 0 && __half_as_ushort(__hmin(pz, nz)) == 0x8000 &&
              __half_as_ushort(__hmax(one, two)) == 0x4000 && __half_as_ushort(__hmin(one, two)) == 0x3c00;
    ok[k++] = __half_as_ushort(__habs(__float2half(-3.0f))) == 0x4200 && __half_as_ushort(__hneg(pz)) == 0x8000 &&
              __half2float(__hadd_sat(one, two)) == 1.0f && __half2float(__hsub_sat(one, two)) == 0.0f &&
              __half_as_ushort(__hmul_sat(nan, one)) == 0 && __half_as_ushort(__hfma_relu(__hneg(one), two, one)) == 0;
    ok[k++] = __half2int_rz(__float2half(-2.75f)) == -2 && __half2int_rd(__float2half(-2.25f)) == -3 &&
              __half2int_ru(__float2half(2.25f)) == 3 && __half2int_rn(__float2half(2.5f)) == 2 &&
              __half2int_rn(nan) == 0 && __half2short_rz(__float2half(65504.0f)) == 32767 &&
              __half2ushort_rn(__float2half(-1.0f)) == 0 && __half2uint_rz(inf) == 4294967295u &&
              __half2ll_rz(__hneg(inf)) == (long long)0x8000000000000000ull && __half2ull_rd(__float2half(7.5f)) == 7;
    ok[k++] = __half_as_ushort(__int2half_rn(2049)) == 0x6800 && __half_as_ushort(__int2half_ru(2049)) == 0x6801 &&
              __half_as_ushort(__int2half_rn(65520)) == 0x7c00 && __half_as_ushort(__int2half_rz(70000)) == 0x7bff &&
              __half_as_ushort(__int2half_rd(-70000)) == 0xfc00 && __half_as_ushort(__uint2half_rn(0u)) == 0 &&
              __half_as_ushort(__ll2half_rd(-2049)) == 0xe801 && __half_as_ushort(__short2half_rn(-3)) == 0xc200 &&
              __half_as_ushort(__ushort2half_rz(65535)) == 0x7bff && __half_as_ushort(__ull2half_rn(3ull)) == 0x4200;
    ok[k++] = __half_as_ushort(__double2half(1.0 + 0x1p-11)) == 0x3c00 &&
              __half_as_ushort(__double2half(1.0 + 0x1p-11 + 0x1p-40)) == 0x3c01 &&
              __half_as_ushort(__double2half(0x1p-25)) == 0 && __half_as_ushort(__double2half(0x1.0000001p-25)) == 1;
    // __half2
    __half2 p = __floats2half2_rn(1.5f, -2.0f), q = __halves2half2(two, one);
    float2 f2 = __half22float2(p * q + p);
    __half2 r = __hfma2(p, q, p);
    ok[k++] = f2.x == 4.5f && f2.y == -4.0f && __low2float(r) == 4.5f && __high2float(r) == -4.0f &&
              __half2float(__low2half(p)) == 1.5f && __half2float(__high2half(__lowhigh2highlow(p))) == 1.5f &&
              __hbeq2(__hmax2(p, q), __floats2half2_rn(2.0f, 1.0f)) && __hblt2(q, __floats2half2_rn(3.0f, 2.0f)) &&
              __low2float(__heq2(p, p)) == 1.0f && __high2float(__hlt2(p, q)) == 1.0f &&
              __heq2_mask(p, __floats2half2_rn(1.5f, 0.0f)) == 0xffffu && __hisnan2(p).x == __float2half(0.0f) &&
              __low2float(h2sqrt(__float2half2_rn(4.0f))) == 2.0f && __high2float(__float22half2_rn(f2)) == -4.0f;
    // C++ operators and conversions
    __half h = 1.0f;
    h += two; h *= two; h -= one; h /= two;       // ((1+2)*2-1)/2 = 2.5
    __half g = h++;                                // g 2.5, h 3.5
    --h;                                           // 2.5
    __half2 v = p;
    v += q; v = -v;
    float asf = h;
    ok[k++] = asf == 2.5f && float(g) == 2.5f && h == g && !(h != g) && h > one && one < h && h >= g &&
              one <= h && -h == __float2half(-2.5f) && +h == g && __low2float(v) == -3.5f && __high2float(v) == 1.0f &&
              v == __floats2half2_rn(-3.5f, 1.0f) && __half(7) == __half(7.0) && __half(70000u) == inf &&
              static_cast<int>(__half(-3.75f)) == -3 && __hadd(3, 4) == 3;
    ok[k++] = hsqrt(__float2half(2.0f)) == __float2half(1.41421356f) && hrcp(two) == __float2half(0.5f) &&
              hexp(pz) == one && hlog2(two) == one && hfloor(__float2half(-1.5f)) == __float2half(-2.0f) &&
              hrint(__float2half(2.5f)) == two && htrunc(__float2half(-1.5f)) == __hneg(one) &&
              hrsqrt(__float2half(4.0f)) == __float2half(0.5f) && hsin(pz) == pz && hcos(pz) == one;
    ok[k++] = -1;
}

__global__ void atomics(__half *g, __half2 *g2, float *shared_out) {
    __shared__ __half s;
    __shared__ __half2 s2;
    if (threadIdx.x == 0) { s = 0.0f; s2 = __floats2half2_rn(0.0f, 0.0f); }
    __syncthreads();
    atomicAdd(&s, __float2half(1.0f));
    atomicAdd(&s2, __floats2half2_rn(1.0f, 0.5f));
    atomicAdd(g, __float2half(1.0f));
    atomicAdd(g2, __floats2half2_rn(0.25f, 2.0f));
    __syncthreads();
    if (threadIdx.x == 0) {
        shared_out[3 * blockIdx.x] = s;
        shared_out[3 * blockIdx.x + 1] = __low2float(s2);
        shared_out[3 * blockIdx.x + 2] = __high2float(s2);
    }
}

static unsigned seed = 7;
static unsigned rnd() { seed = seed * 1664525u + 1013904223u; return seed; }

int main() {
    int bad = 0;
    unsigned short *back;
    float *asf;
    cudaMallocManaged(&back, 65536 * sizeof(unsigned short));
    cudaMallocManaged(&asf, 65536 * sizeof(float));
    roundtrip<<<256, 256>>>(back, asf);
    cudaDeviceSynchronize();
    for (unsigned h = 0; h < 65536; h++) {
        double want = half_value(h);
        bool is_nan = std::isnan(want);
        if (is_nan ? !std::isnan(asf[h]) : ((double)asf[h] != want || std::signbit(asf[h]) != std::signbit(want)) ||
            (is_nan ? back[h] != 0x7fff : back[h] != h)) {
            if (bad++ < 10) printf("half %04x: float %a back %04x\n", h, asf[h], back[h]);
        }
    }
    const int n = 1 << 16;
    float *x;
    unsigned short *out;
    cudaMallocManaged(&x, n * sizeof(float));
    cudaMallocManaged(&out, 4 * n * sizeof(unsigned short));
    for (int i = 0; i < n; i++) {
        unsigned r = rnd();
        // exponents -30..17 around half's range, random significands, both signs
        float m = 1.0f + (float)(r & 0x7fffff) / 8388608.0f;
        x[i] = ldexpf(m, (int)((r >> 23) % 48) - 30) * ((r >> 31) ? -1.0f : 1.0f);
        if (i < 4096) {   // exact halves and midpoints between neighbours, and just beside them
            unsigned h = (i * 17) & 0x7fff;
            double v = half_value(h), w = half_value(h + 1);
            if (h >= 0x7bff) v = 65504.0, w = 65536.0;
            float mid = (float)((v + w) / 2);
            x[i] = (i & 3) == 0 ? (float)v : (i & 3) == 1 ? mid : (i & 3) == 2 ? nextafterf(mid, 0) : nextafterf(mid, INFINITY);
            if (i & 4) x[i] = -x[i];
        }
    }
    x[0] = NAN; x[1] = INFINITY; x[2] = -INFINITY; x[3] = 65520.0f; x[4] = 0x1p-25f; x[5] = 0x1.000002p-25f;
    x[6] = -0.0f; x[7] = 1e-30f; x[8] = -1e-30f; x[9] = 1e30f; x[10] = 65519.996f;
    from_float<<<n / 256, 256>>>(x, out, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        for (int m = 0; m < 4; m++) {
            unsigned want = std::isinf(x[i]) ? (x[i] > 0 ? 0x7c00u : 0xfc00u) : round_half(x[i], m);
            if (m == 0 && !std::isinf(x[i]) && fabsf(x[i]) >= 65520.0f) want = (x[i] > 0 ? 0x7c00u : 0xfc00u);
            if (m == 1 && !std::isinf(x[i]) && std::isnan(x[i]) == 0 && fabsf(x[i]) > 65504.0f) want = (x[i] > 0 ? 0x7bffu : 0xfbffu);
            if (out[4 * i + m] != want && bad++ < 20)
                printf("float2half mode %d of %a: %04x want %04x\n", m, x[i], out[4 * i + m], want);
        }
    // arithmetic on random finite halves
    unsigned short *a, *b, *c, *res;
    cudaMallocManaged(&a, n * 2); cudaMallocManaged(&b, n * 2); cudaMallocManaged(&c, n * 2);
    cudaMallocManaged(&res, 5 * n * 2);
    for (int i = 0; i < n; i++) {
        do a[i] = (unsigned short)rnd(); while ((a[i] & 0x7c00) == 0x7c00);
        do b[i] = (unsigned short)rnd(); while ((b[i] & 0x7c00) == 0x7c00 || (b[i] & 0x7fff) == 0);
        do c[i] = (unsigned short)rnd(); while ((c[i] & 0x7c00) == 0x7c00);
    }
    arith<<<n / 256, 256>>>(a, b, c, res, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) {
        long double va = half_value(a[i]), vb = half_value(b[i]), vc = half_value(c[i]);
        // sums, differences and products of halves are exact in long double; the quotient
        // rounds once to 64 bits, which cannot move it across a half rounding boundary;
        // a*b + c is exact in long double when the exponents are no more than 40 apart
        long double exact[5] = {va + vb, va - vb, va * vb, va / vb, va * vb + vc};
        for (int k = 0; k < 5; k++) {
            if (k == 4 && va * vb != 0 && vc != 0 && fabsl(logbl(va * vb) - logbl(vc)) > 40) continue;
            unsigned want = round_half(exact[k], 0);
            if (fabsl(exact[k]) >= 65520.0L) want = exact[k] > 0 ? 0x7c00 : 0xfc00;
            unsigned got = res[5 * i + k];
            // a zero result's sign: IEEE gives +0 for x - x in round-to-nearest
            if (exact[k] == 0 && (got & 0x7fff) == 0) continue;
            if (got != want && bad++ < 30)
                printf("op %d (%04x, %04x, %04x): %04x want %04x\n", k, a[i], b[i], c[i], got, want);
        }
    }
    int *ok;
    cudaMallocManaged(&ok, 32 * sizeof(int));
    misc<<<1, 1>>>(ok);
    cudaDeviceSynchronize();
    for (int i = 0; ok[i] != -1; i++)
        if (ok[i] != 1) { printf("misc case %d fails\n", i); bad++; }
    __half *g;
    __half2 *g2;
    float *so;
    const int blocks = 64, threads = 32;
    cudaMallocManaged(&g, sizeof(__half));
    cudaMallocManaged(&g2, sizeof(__half2));
    cudaMallocManaged(&so, 3 * blocks * sizeof(float));
    *g = __float2half(0.0f);
    *g2 = __floats2half2_rn(0.0f, 0.0f);
    atomics<<<blocks, threads>>>(g, g2, so);
    cudaDeviceSynchronize();
    // 2048 ones: exact in half (2048 = 2^11); 2048 quarters = 512; 2048 twos = 4096
    if (__half2float(*g) != 2048.0f || __low2float(*g2) != 512.0f || __high2float(*g2) != 4096.0f) {
        printf("global atomics: %g %g %g\n", __half2float(*g), __low2float(*g2), __high2float(*g2));
        bad++;
    }
    for (int i = 0; i < blocks; i++)
        if (so[3 * i] != 32.0f || so[3 * i + 1] != 32.0f || so[3 * i + 2] != 16.0f) {
            printf("shared atomics block %d: %g %g %g\n", i, so[3 * i], so[3 * i + 1], so[3 * i + 2]);
            bad++;
            break;
        }
    if (bad) { printf("%d bad\n", bad); return 1; }
    printf("fp16 ok\n");
    return 0;
}
