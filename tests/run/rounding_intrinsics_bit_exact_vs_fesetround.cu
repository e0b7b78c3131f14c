/* Every rounding-mode intrinsic (_rn, _rz, _ru, _rd of float and double + - * / fma rcp sqrt,
 * and the integer and double->float conversions), one input per thread, against the plain
 * operation computed on the host under fesetround, bit for bit (NaNs only as NaNs: their
 * payloads are no part of CUDA's results). Inputs: every triple of edge values (+-0, +-inf,
 * NaN, subnormals, smallest normals, max finite and near it, values whose products or
 * quotients land near overflow, underflow or the thresholds of cu2c's exact paths, exact
 * cases) and random ones: any bit pattern, close exponents, near-cancellations (x + -x(1+u),
 * fma(x, y, -RN(x y))), exact small-integer arithmetic, extreme exponents. Built as C and as
 * C++, also with -march=native, where the compilers contract a * b + c into an fma unless told
 * not to. */
// RUN: %cu2c %s -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=2 timeout 120 %t
// RUN: cc -std=gnu11 -fgnu89-inline -O3 -march=native -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t.native
// RUN: env CU2C_NUM_THREADS=2 timeout 120 %t.native
// RUN: %cu2cc -O3 -Xcompiler -march=native %s -o %t.cxx && env CU2C_NUM_THREADS=2 timeout 120 %t.cxx
#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>

enum { F_ADD, F_SUB, F_MUL, F_DIV, F_FMA, F_FMA_IEEE, F_RCP, F_SQRT, NF };
enum { D_ADD, D_SUB, D_MUL, D_DIV, D_FMA, D_RCP, D_SQRT, D_D2F, ND };
enum { I_INT2F, I_UINT2F, I_LL2F, I_ULL2F, I_LL2D, I_ULL2D, NI };
static const char *f_names[NF] = {"fadd", "fsub", "fmul", "fdiv", "fmaf", "fmaf_ieee", "frcp", "fsqrt"};
static const char *d_names[ND] = {"dadd", "dsub", "dmul", "ddiv", "fma", "drcp", "dsqrt", "double2float"};
static const char *i_names[NI] = {"int2float", "uint2float", "ll2float", "ull2float", "ll2double", "ull2double"};
static const char *mode_names[4] = {"rn", "rz", "ru", "rd"};

/* o[op * 4 + mode], modes rn rz ru rd, as bits */
#define FOUR(op, conv, f, ...)                                                            \
    o[(op) * 4 + 0] = conv(f##_rn(__VA_ARGS__)); o[(op) * 4 + 1] = conv(f##_rz(__VA_ARGS__)); \
    o[(op) * 4 + 2] = conv(f##_ru(__VA_ARGS__)); o[(op) * 4 + 3] = conv(f##_rd(__VA_ARGS__));
#define FBITS(v) (unsigned long long)__float_as_uint(v)
#define DBITS(v) (unsigned long long)__double_as_longlong(v)

__global__ void float_ops(const float *x, const float *y, const float *z, unsigned long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = x[i], b = y[i], c = z[i];
        unsigned long long *o = out + (size_t)i * NF * 4;
        FOUR(F_ADD, FBITS, __fadd, a, b)
        FOUR(F_SUB, FBITS, __fsub, a, b)
        FOUR(F_MUL, FBITS, __fmul, a, b)
        FOUR(F_DIV, FBITS, __fdiv, a, b)
        FOUR(F_FMA, FBITS, __fmaf, a, b, c)
        FOUR(F_FMA_IEEE, FBITS, __fmaf_ieee, a, b, c)
        FOUR(F_RCP, FBITS, __frcp, a)
        FOUR(F_SQRT, FBITS, __fsqrt, a)
    }
}

__global__ void double_ops(const double *x, const double *y, const double *z, unsigned long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double a = x[i], b = y[i], c = z[i];
        unsigned long long *o = out + (size_t)i * ND * 4;
        FOUR(D_ADD, DBITS, __dadd, a, b)
        FOUR(D_SUB, DBITS, __dsub, a, b)
        FOUR(D_MUL, DBITS, __dmul, a, b)
        FOUR(D_DIV, DBITS, __ddiv, a, b)
        FOUR(D_FMA, DBITS, __fma, a, b, c)
        FOUR(D_RCP, DBITS, __drcp, a)
        FOUR(D_SQRT, DBITS, __dsqrt, a)
        FOUR(D_D2F, FBITS, __double2float, a)
    }
}

__global__ void int_ops(const long long *x, unsigned long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        long long v = x[i];
        unsigned long long *o = out + (size_t)i * NI * 4;
        FOUR(I_INT2F, FBITS, __int2float, (int)v)
        FOUR(I_UINT2F, FBITS, __uint2float, (unsigned)v)
        FOUR(I_LL2F, FBITS, __ll2float, v)
        FOUR(I_ULL2F, FBITS, __ull2float, (unsigned long long)v)
        FOUR(I_LL2D, DBITS, __ll2double, v)
        FOUR(I_ULL2D, DBITS, __ull2double, (unsigned long long)v)
    }
}

/* ---- host: the reference, one operation inside a fesetround window ---------------------
 * volatile operands are read after the first switch and the result stored before the
 * second, so the operation cannot leave the window or be folded at compile time. */
static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};

static unsigned long long fbits(float f) { unsigned u; memcpy(&u, &f, sizeof u); return u; }
static unsigned long long dbits(double d) { unsigned long long u; memcpy(&u, &d, sizeof u); return u; }

static unsigned long long ref_float(int op, float a, float b, float c, int mode) {
    volatile float x = a, y = b, z = c, r = 0;
    fesetround(modes[mode]);
    switch (op) {
    case F_ADD: r = x + y; break;
    case F_SUB: r = x - y; break;
    case F_MUL: r = x * y; break;
    case F_DIV: r = x / y; break;
    case F_FMA: case F_FMA_IEEE: r = fmaf(x, y, z); break;
    case F_RCP: r = 1.0f / x; break;
    case F_SQRT: r = sqrtf(x); break;
    }
    fesetround(FE_TONEAREST);
    return fbits(r);
}

static unsigned long long ref_double(int op, double a, double b, double c, int mode) {
    volatile double x = a, y = b, z = c, r = 0;
    volatile float rf = 0;
    fesetround(modes[mode]);
    switch (op) {
    case D_ADD: r = x + y; break;
    case D_SUB: r = x - y; break;
    case D_MUL: r = x * y; break;
    case D_DIV: r = x / y; break;
    case D_FMA: r = fma(x, y, z); break;
    case D_RCP: r = 1.0 / x; break;
    case D_SQRT: r = sqrt(x); break;
    case D_D2F: rf = (float)x; break;
    }
    fesetround(FE_TONEAREST);
    return op == D_D2F ? fbits(rf) : dbits(r);
}

static unsigned long long ref_int(int op, long long v, int mode) {
    volatile long long x = v;
    volatile unsigned long long ux = (unsigned long long)v;
    volatile int ix = (int)v;
    volatile unsigned uix = (unsigned)v;
    volatile float rf = 0;
    volatile double rd = 0;
    fesetround(modes[mode]);
    switch (op) {
    case I_INT2F: rf = (float)ix; break;
    case I_UINT2F: rf = (float)uix; break;
    case I_LL2F: rf = (float)x; break;
    case I_ULL2F: rf = (float)ux; break;
    case I_LL2D: rd = (double)x; break;
    case I_ULL2D: rd = (double)ux; break;
    }
    fesetround(FE_TONEAREST);
    return op == I_LL2D || op == I_ULL2D ? dbits(rd) : fbits(rf);
}

/* Bits equal, or both NaN (a float NaN's bits: exponent all ones, mantissa nonzero). */
static int same(unsigned long long got, unsigned long long want, int is_double) {
    unsigned long long exp = is_double ? 0x7ff0000000000000ull : 0x7f800000ull;
    unsigned long long man = is_double ? 0x000fffffffffffffull : 0x007fffffull;
    int gn = (got & exp) == exp && (got & man), wn = (want & exp) == exp && (want & man);
    return got == want || (gn && wn);
}

/* ---- inputs ----------------------------------------------------------------------------- */
static unsigned long long state = 0x9e3779b97f4a7c15ull;
static unsigned long long rnd64(void) {   /* xorshift64* */
    state ^= state >> 12; state ^= state << 25; state ^= state >> 27;
    return state * 2685821657736338717ull;
}
static int rnd_int(int lo, int hi) { return lo + (int)(rnd64() % (unsigned long long)(hi - lo + 1)); }
static float rnd_f(int elo, int ehi) {   /* random significand, exponent in [elo, ehi], random sign */
    float m = 1.0f + (float)(rnd64() >> 41) / 8388608.0f;
    return ldexpf(rnd64() & 1 ? -m : m, rnd_int(elo, ehi));
}
static double rnd_d(int elo, int ehi) {
    double m = 1.0 + (double)(rnd64() >> 12) / 4503599627370496.0;
    return ldexp(rnd64() & 1 ? -m : m, rnd_int(elo, ehi));
}
static float bits_f(void) { unsigned u = (unsigned)rnd64(); float f; memcpy(&f, &u, sizeof f); return f; }
static double bits_d(void) { unsigned long long u = rnd64(); double d; memcpy(&d, &u, sizeof d); return d; }

static const float f_edge[] = {
    0.0f, -0.0f, 0x1p-149f, -0x1p-149f, 0x1.8p-148f, 0x1.fffffcp-127f, -0x1p-126f, 0x1p-126f,
    0x1.000002p-126f, 0x1p-75f, -0x1.8p-75f, 0x1p-64f, 0x1p-24f, 1.0f, -1.0f, 0x1.000002p0f,
    -0x1.fffffep-1f, 3.0f, -3.0f, 0.1f, 10.0f, -7.0f, 0x1p24f, 0x1.fffffep23f, 0x1p64f,
    -0x1p100f, 0x1p127f, -0x1.fffffep127f, 0x1.fffffep127f, 0x1.fffffcp126f, INFINITY,
    -INFINITY, NAN, 2.0f, 0.5f, -0x1.555556p-2f};
static const double d_edge[] = {
    0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1.8p-1073, 0x1.ffffffffffffep-1023, 0x1p-1022, -0x1p-1022,
    0x1p-1000, 0x1p-960, -0x1p-961, 1e-288, 0x1p-916, 1e-275, -0x1p-917, 0x1p-537, 0x1p-512,
    0x1p-53, 1.0, -1.0, 0x1.0000000000001p0, -0x1.fffffffffffffp-1, 3.0, -3.0, 0.1, 10.0, 0x1p53,
    0x1.fffffffffffffp52, 0x1p512, -0x1p1000, 0x1p1023, 0x1.fffffffffffffp1023,
    -0x1.fffffffffffffp1023, 0x1.ffffffffffffep1022, INFINITY, -INFINITY, NAN, 2.0, 0.5,
    1.0 / 3.0};
static const long long i_edge[] = {
    0, 1, -1, INT_MAX, INT_MIN, 16777216, 16777217, 16777219, -16777217, -16777219, 33554435,
    0xffffffffll, 0x80000001ll, 0xffffff80ll, 0xffffff7fll, (1ll << 53) + 1, -(1ll << 53) - 1,
    (1ll << 53) + 3, LLONG_MAX, LLONG_MIN, LLONG_MIN + 1, (1ll << 62) + (1ll << 38),
    (1ll << 62) + (1ll << 38) + 1, (1ll << 62) + (1ll << 9), (1ll << 62) + (1ll << 9) + 1,
    (long long)0xffffff8000000000ull, (long long)0xffffff7fffffffffull,
    (long long)0xfffffffffffffc00ull, (long long)0xfffffffffffffbffull,
    (long long)0x8000008000000000ull, (long long)0x8000000000000400ull};
#define NFE (int)(sizeof f_edge / sizeof f_edge[0])
#define NDE (int)(sizeof d_edge / sizeof d_edge[0])
#define NIE (int)(sizeof i_edge / sizeof i_edge[0])
#define NRANDOM 120000

static void random_float(float *a, float *b, float *c, int k) {
    float x, y;
    switch (k % 6) {
    case 0: *a = bits_f(); *b = bits_f(); *c = bits_f(); break;
    case 1: *a = rnd_f(-30, 30); *b = rnd_f(-30, 30); *c = rnd_f(-60, 60); break;
    case 2:   /* near-cancellation: sums of nearly opposite values, fma against the rounded product */
        x = rnd_f(-20, 20); y = rnd_f(-20, 20);
        *a = x; *b = -x * (1.0f + (float)rnd_int(-4, 4) * 0x1p-23f);
        if (k & 8) *b = y;
        *c = -(x * *b) * (1.0f + (float)rnd_int(-2, 2) * 0x1p-23f);
        break;
    case 3:   /* exact: small integers, squares */
        x = (float)rnd_int(-4096, 4096); y = (float)rnd_int(-4096, 4096);
        *a = k & 8 ? x * x : ldexpf(x, rnd_int(-10, 10)); *b = ldexpf(y, rnd_int(-10, 10));
        *c = (float)rnd_int(-100000, 100000);
        break;
    case 4:   /* products and quotients near overflow and underflow, subnormal operands */
        *a = rnd_f(60, 127); *b = k & 8 ? rnd_f(60, 127) : rnd_f(-127, -60); *c = rnd_f(-149, 127);
        if (k & 16) { *a = -*a; *b = rnd_f(-127, -90); }
        if (k & 32) *a = ldexpf(rnd_f(0, 0), -rnd_int(127, 149));
        break;
    default:  /* fma with an addend near the product */
        *a = rnd_f(-40, 40); *b = rnd_f(-40, 40);
        *c = ldexpf(-*a * *b, rnd_int(-30, 2));
        break;
    }
}

static void random_double(double *a, double *b, double *c, int k) {
    double x, y;
    switch (k % 6) {
    case 0: *a = bits_d(); *b = bits_d(); *c = bits_d(); break;
    case 1: *a = rnd_d(-60, 60); *b = rnd_d(-60, 60); *c = rnd_d(-120, 120); break;
    case 2:
        x = rnd_d(-20, 20); y = rnd_d(-20, 20);
        *a = x; *b = -x * (1.0 + (double)rnd_int(-4, 4) * 0x1p-52);
        if (k & 8) *b = y;
        *c = -(x * *b) * (1.0 + (double)rnd_int(-2, 2) * 0x1p-52);
        break;
    case 3:
        x = (double)rnd_int(-(1 << 26), 1 << 26); y = (double)rnd_int(-(1 << 26), 1 << 26);
        *a = k & 8 ? x * x : ldexp(x, rnd_int(-10, 10)); *b = ldexp(y, rnd_int(-10, 10));
        *c = (double)rnd_int(-100000, 100000);
        break;
    case 4:   /* around overflow, underflow and the exact paths' thresholds (2^-916, 2^-960) */
        *a = rnd_d(400, 1023); *b = k & 8 ? rnd_d(0, 1023) : rnd_d(-1022, -400); *c = rnd_d(-1074, 1023);
        if (k & 16) { *a = rnd_d(-600, -300); *b = rnd_d(-700, -300); *c = rnd_d(-1074, -900); }
        if (k & 32) *a = ldexp(rnd_d(0, 0), -rnd_int(900, 1074));
        break;
    default:
        *a = rnd_d(-40, 40); *b = rnd_d(-40, 40);
        *c = ldexp(-*a * *b, rnd_int(-60, 2));
        if (k & 8) { *a = rnd_d(-500, -400); *b = rnd_d(-560, -500); *c = ldexp(-*a * *b, rnd_int(-60, 2)); }
        break;
    }
}

static long long random_int(int k) {
    unsigned long long u = rnd64();
    switch (k % 3) {
    case 0: return (long long)u;
    case 1: return (long long)(u >> rnd_int(0, 63)) * (k & 4 ? -1 : 1);
    default: return (long long)((u >> rnd_int(0, 40)) << rnd_int(0, 40));   /* trailing zeros: ties */
    }
}

int main(void) {
    int nf = NFE * NFE * NFE + NRANDOM, nd = NDE * NDE * NDE + NRANDOM, ni = NIE + NRANDOM;
    float *fa = (float *)malloc(sizeof(float) * nf), *fb = (float *)malloc(sizeof(float) * nf);
    float *fc = (float *)malloc(sizeof(float) * nf);
    double *da = (double *)malloc(sizeof(double) * nd), *db = (double *)malloc(sizeof(double) * nd);
    double *dc = (double *)malloc(sizeof(double) * nd);
    long long *iv = (long long *)malloc(sizeof(long long) * ni);
    unsigned long long *fo = (unsigned long long *)malloc(sizeof(unsigned long long) * nf * NF * 4);
    unsigned long long *dout = (unsigned long long *)malloc(sizeof(unsigned long long) * nd * ND * 4);
    unsigned long long *io = (unsigned long long *)malloc(sizeof(unsigned long long) * ni * NI * 4);
    float *gfa, *gfb, *gfc;
    double *gda, *gdb, *gdc;
    long long *giv;
    unsigned long long *gfo, *gdo, *gio;
    int i, op, m, bad = 0;
    long long checked = 0;

    for (i = 0; i < NFE * NFE * NFE; i++) {
        fa[i] = f_edge[i / (NFE * NFE)]; fb[i] = f_edge[i / NFE % NFE]; fc[i] = f_edge[i % NFE];
    }
    for (i = 0; i < NRANDOM; i++) random_float(&fa[NFE * NFE * NFE + i], &fb[NFE * NFE * NFE + i], &fc[NFE * NFE * NFE + i], i);
    for (i = 0; i < NDE * NDE * NDE; i++) {
        da[i] = d_edge[i / (NDE * NDE)]; db[i] = d_edge[i / NDE % NDE]; dc[i] = d_edge[i % NDE];
    }
    for (i = 0; i < NRANDOM; i++) random_double(&da[NDE * NDE * NDE + i], &db[NDE * NDE * NDE + i], &dc[NDE * NDE * NDE + i], i);
    for (i = 0; i < NIE; i++) iv[i] = i_edge[i];
    for (i = 0; i < NRANDOM; i++) iv[NIE + i] = random_int(i);

    cudaMalloc((void **)&gfa, sizeof(float) * nf); cudaMalloc((void **)&gfb, sizeof(float) * nf);
    cudaMalloc((void **)&gfc, sizeof(float) * nf);
    cudaMalloc((void **)&gda, sizeof(double) * nd); cudaMalloc((void **)&gdb, sizeof(double) * nd);
    cudaMalloc((void **)&gdc, sizeof(double) * nd);
    cudaMalloc((void **)&giv, sizeof(long long) * ni);
    cudaMalloc((void **)&gfo, sizeof(unsigned long long) * nf * NF * 4);
    cudaMalloc((void **)&gdo, sizeof(unsigned long long) * nd * ND * 4);
    cudaMalloc((void **)&gio, sizeof(unsigned long long) * ni * NI * 4);
    cudaMemcpy(gfa, fa, sizeof(float) * nf, cudaMemcpyHostToDevice);
    cudaMemcpy(gfb, fb, sizeof(float) * nf, cudaMemcpyHostToDevice);
    cudaMemcpy(gfc, fc, sizeof(float) * nf, cudaMemcpyHostToDevice);
    cudaMemcpy(gda, da, sizeof(double) * nd, cudaMemcpyHostToDevice);
    cudaMemcpy(gdb, db, sizeof(double) * nd, cudaMemcpyHostToDevice);
    cudaMemcpy(gdc, dc, sizeof(double) * nd, cudaMemcpyHostToDevice);
    cudaMemcpy(giv, iv, sizeof(long long) * ni, cudaMemcpyHostToDevice);
    float_ops<<<(nf + 255) / 256, 256>>>(gfa, gfb, gfc, gfo, nf);
    double_ops<<<(nd + 255) / 256, 256>>>(gda, gdb, gdc, gdo, nd);
    int_ops<<<(ni + 255) / 256, 256>>>(giv, gio, ni);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("kernels failed\n"); return 1; }
    cudaMemcpy(fo, gfo, sizeof(unsigned long long) * nf * NF * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(dout, gdo, sizeof(unsigned long long) * nd * ND * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(io, gio, sizeof(unsigned long long) * ni * NI * 4, cudaMemcpyDeviceToHost);

    for (i = 0; i < nf; i++)
        for (op = 0; op < NF; op++)
            for (m = 0; m < 4; m++, checked++) {
                unsigned long long got = fo[((size_t)i * NF + op) * 4 + m], want = ref_float(op, fa[i], fb[i], fc[i], m);
                if (!same(got, want, 0) && bad++ < 20)
                    printf("__%s_%s(%a, %a, %a): got %08llx want %08llx\n", f_names[op], mode_names[m],
                           fa[i], fb[i], fc[i], got, want);
            }
    for (i = 0; i < nd; i++)
        for (op = 0; op < ND; op++)
            for (m = 0; m < 4; m++, checked++) {
                unsigned long long got = dout[((size_t)i * ND + op) * 4 + m], want = ref_double(op, da[i], db[i], dc[i], m);
                if (!same(got, want, op != D_D2F) && bad++ < 20)
                    printf("__%s_%s(%a, %a, %a): got %016llx want %016llx\n", d_names[op], mode_names[m],
                           da[i], db[i], dc[i], got, want);
            }
    for (i = 0; i < ni; i++)
        for (op = 0; op < NI; op++)
            for (m = 0; m < 4; m++, checked++) {
                unsigned long long got = io[((size_t)i * NI + op) * 4 + m], want = ref_int(op, iv[i], m);
                if (!same(got, want, op == I_LL2D || op == I_ULL2D) && bad++ < 20)
                    printf("__%s_%s(%lld): got %016llx want %016llx\n", i_names[op], mode_names[m], iv[i], got, want);
            }
    cudaFree(gfa); cudaFree(gfb); cudaFree(gfc); cudaFree(gda); cudaFree(gdb); cudaFree(gdc);
    cudaFree(giv); cudaFree(gfo); cudaFree(gdo); cudaFree(gio);
    free(fa); free(fb); free(fc); free(da); free(db); free(dc); free(iv); free(fo); free(dout); free(io);
    if (bad) { printf("%d results differ (of %lld)\n", bad, checked); return 1; }
    printf("all %lld results bit-exact\n", checked);
    return 0;
}
