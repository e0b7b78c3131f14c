/* Host code in plain C (cu2c emits C): the rounding-mode intrinsics (_rn/_rz/_ru/_rd) on
 * chosen inputs whose four results are known bit for bit (ties, overflow, subnormals), and on
 * random inputs against error-free transformations computed on the host (the exact result
 * lies between _rd and _ru, one ulp apart unless exact; _rz is the one toward zero; _rn one of
 * them); saturating float->int conversions (NaN -> 0); and the integer intrinsics, exact
 * against plain bit loops. */
// RUN: %cu2c --print-lang %s | FileCheck %s --check-prefix=LANG
// LANG: {{^c$}}
// The C output, built with cc (cu2cc builds every .cu as C++, as nvcc does):
// RUN: %cu2c %s -o %t.c
// RUN: cc -std=gnu11 -fgnu89-inline -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <cuda_runtime.h>

#define N 4096
enum { ADD, SUB, MUL, DIV, FMA, SQRT, RCP, NOPS };

/* out[(i * NOPS + op) * 4 + mode] for modes rn, rz, ru, rd */
__global__ void float_modes(const float *x, const float *y, const float *z, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = x[i], b = y[i], c = z[i];
        float *o = out + (size_t)i * NOPS * 4;
        o[ADD * 4 + 0] = __fadd_rn(a, b); o[ADD * 4 + 1] = __fadd_rz(a, b);
        o[ADD * 4 + 2] = __fadd_ru(a, b); o[ADD * 4 + 3] = __fadd_rd(a, b);
        o[SUB * 4 + 0] = __fsub_rn(a, b); o[SUB * 4 + 1] = __fsub_rz(a, b);
        o[SUB * 4 + 2] = __fsub_ru(a, b); o[SUB * 4 + 3] = __fsub_rd(a, b);
        o[MUL * 4 + 0] = __fmul_rn(a, b); o[MUL * 4 + 1] = __fmul_rz(a, b);
        o[MUL * 4 + 2] = __fmul_ru(a, b); o[MUL * 4 + 3] = __fmul_rd(a, b);
        o[DIV * 4 + 0] = __fdiv_rn(a, b); o[DIV * 4 + 1] = __fdiv_rz(a, b);
        o[DIV * 4 + 2] = __fdiv_ru(a, b); o[DIV * 4 + 3] = __fdiv_rd(a, b);
        o[FMA * 4 + 0] = __fmaf_rn(a, b, c); o[FMA * 4 + 1] = __fmaf_rz(a, b, c);
        o[FMA * 4 + 2] = __fmaf_ru(a, b, c); o[FMA * 4 + 3] = __fmaf_rd(a, b, c);
        o[SQRT * 4 + 0] = __fsqrt_rn(fabsf(a)); o[SQRT * 4 + 1] = __fsqrt_rz(fabsf(a));
        o[SQRT * 4 + 2] = __fsqrt_ru(fabsf(a)); o[SQRT * 4 + 3] = __fsqrt_rd(fabsf(a));
        o[RCP * 4 + 0] = __frcp_rn(a); o[RCP * 4 + 1] = __frcp_rz(a);
        o[RCP * 4 + 2] = __frcp_ru(a); o[RCP * 4 + 3] = __frcp_rd(a);
    }
}

__global__ void double_modes(const double *x, const double *y, const double *z, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double a = x[i], b = y[i], c = z[i];
        double *o = out + (size_t)i * NOPS * 4;
        o[ADD * 4 + 0] = __dadd_rn(a, b); o[ADD * 4 + 1] = __dadd_rz(a, b);
        o[ADD * 4 + 2] = __dadd_ru(a, b); o[ADD * 4 + 3] = __dadd_rd(a, b);
        o[SUB * 4 + 0] = __dsub_rn(a, b); o[SUB * 4 + 1] = __dsub_rz(a, b);
        o[SUB * 4 + 2] = __dsub_ru(a, b); o[SUB * 4 + 3] = __dsub_rd(a, b);
        o[MUL * 4 + 0] = __dmul_rn(a, b); o[MUL * 4 + 1] = __dmul_rz(a, b);
        o[MUL * 4 + 2] = __dmul_ru(a, b); o[MUL * 4 + 3] = __dmul_rd(a, b);
        o[DIV * 4 + 0] = __ddiv_rn(a, b); o[DIV * 4 + 1] = __ddiv_rz(a, b);
        o[DIV * 4 + 2] = __ddiv_ru(a, b); o[DIV * 4 + 3] = __ddiv_rd(a, b);
        o[FMA * 4 + 0] = __fma_rn(a, b, c); o[FMA * 4 + 1] = __fma_rz(a, b, c);
        o[FMA * 4 + 2] = __fma_ru(a, b, c); o[FMA * 4 + 3] = __fma_rd(a, b, c);
        o[SQRT * 4 + 0] = __dsqrt_rn(fabs(a)); o[SQRT * 4 + 1] = __dsqrt_rz(fabs(a));
        o[SQRT * 4 + 2] = __dsqrt_ru(fabs(a)); o[SQRT * 4 + 3] = __dsqrt_rd(fabs(a));
        o[RCP * 4 + 0] = __drcp_rn(a); o[RCP * 4 + 1] = __drcp_rz(a);
        o[RCP * 4 + 2] = __drcp_ru(a); o[RCP * 4 + 3] = __drcp_rd(a);
    }
}

/* Chosen cases, each a bit-exact check: ok[k] is 1 when case k holds. */
__global__ void chosen(int *ok) {
    float one = 1.0f, tiny = 0x1p-30f, fmax = FLT_MAX, fsub = 0x1p-149f;
    int k = 0;
    ok[k++] = __fadd_rn(one, tiny) == 1.0f && __fadd_rz(one, tiny) == 1.0f &&
              __fadd_ru(one, tiny) == 0x1.000002p0f && __fadd_rd(one, tiny) == 1.0f;
    ok[k++] = __fadd_rz(-one, -tiny) == -1.0f && __fadd_rd(-one, -tiny) == -0x1.000002p0f &&
              __fsub_ru(-one, tiny) == -1.0f;
    ok[k++] = __fmul_rn(fmax, 2.0f) == INFINITY && __fmul_rz(fmax, 2.0f) == FLT_MAX &&
              __fmul_ru(fmax, 2.0f) == INFINITY && __fmul_rd(fmax, 2.0f) == FLT_MAX &&
              __fmul_rd(-fmax, 2.0f) == -INFINITY && __fmul_ru(-fmax, 2.0f) == -FLT_MAX;
    ok[k++] = __fmul_rn(fsub, 0.5f) == 0.0f && __fmul_rz(fsub, 0.5f) == 0.0f &&
              __fmul_ru(fsub, 0.5f) == fsub && __fmul_rd(fsub, 0.75f) == 0.0f &&
              __fmul_rn(fsub, 0.75f) == fsub && __fmul_rd(-fsub, 0.25f) == -fsub;
    ok[k++] = __fdiv_rz(1.0f, 3.0f) == 0x1.555554p-2f && __fdiv_ru(1.0f, 3.0f) == 0x1.555556p-2f &&
              __fdiv_rn(1.0f, 3.0f) == 0x1.555556p-2f && __fdiv_rd(-1.0f, 3.0f) == -0x1.555556p-2f &&
              __frcp_rd(3.0f) == 0x1.555554p-2f && __frcp_ru(3.0f) == 0x1.555556p-2f;
    ok[k++] = __fsqrt_rd(2.0f) == 0x1.6a09e6p0f && __fsqrt_ru(2.0f) == 0x1.6a09e8p0f &&
              __fsqrt_rz(4.0f) == 2.0f && __fsqrt_ru(4.0f) == 2.0f;
    ok[k++] = __fmaf_rn(0x1.000002p0f, 0x1.000002p0f, -1.0f) == 0x1p-22f &&
              __fmaf_ru(0x1.000002p0f, 0x1.000002p0f, -1.0f) == 0x1.000002p-22f &&
              __fmaf_ru(1.0f, 1.0f, 0x1p-60f) == 0x1.000002p0f && __fmaf_rd(1.0f, 1.0f, -0x1p-60f) == 0x1.fffffep-1f &&
              __fmaf_rz(1.0f, 1.0f, -0x1p-60f) == 0x1.fffffep-1f;
    ok[k++] = __dadd_ru(1.0, 1e-300) == 0x1.0000000000001p0 && __dadd_rn(1.0, 1e-300) == 1.0 &&
              __dadd_rd(1.0, -1e-300) == 0x1.fffffffffffffp-1 && __dadd_rz(-1.0, -1e-300) == -1.0 &&
              __dmul_ru(DBL_MAX, 1.5) == INFINITY && __dmul_rz(DBL_MAX, 1.5) == DBL_MAX &&
              __ddiv_rd(1.0, 3.0) == 0x1.5555555555555p-2 && __ddiv_ru(1.0, 3.0) == 0x1.5555555555556p-2 &&
              __drcp_rz(-3.0) == -0x1.5555555555555p-2 && __dsqrt_ru(2.0) == 0x1.6a09e667f3bcdp0 &&
              __dsqrt_rd(2.0) == 0x1.6a09e667f3bccp0 && __fma_rd(1.0, 1.0, -0x1p-100) == 0x1.fffffffffffffp-1 &&
              __dsub_ru(0x1p-1074, -0x1p-1074) == 0x1p-1073;
    /* conversions that round */
    ok[k++] = __int2float_rn(16777217) == 16777216.0f && __int2float_ru(16777217) == 16777218.0f &&
              __int2float_rd(-16777217) == -16777218.0f && __int2float_rz(-16777217) == -16777216.0f &&
              __uint2float_rz(4294967295u) == 0x1.fffffep31f && __uint2float_rn(4294967295u) == 0x1p32f &&
              __ll2float_ru(-9007199254740993ll) == -9007199254740992.0f &&
              __ull2float_rd(18446744073709551615ull) == 0x1.fffffep63f &&
              __ull2float_ru(18446744073709551615ull) == 0x1p64f &&
              __ll2double_rn(9007199254740993ll) == 9007199254740992.0 &&
              __ll2double_ru(9007199254740993ll) == 9007199254740994.0 &&
              __ull2double_rz(18446744073709551615ull) == 0x1.fffffffffffffp63 &&
              __ll2double_rd(-9007199254740993ll) == -9007199254740994.0;
    ok[k++] = __double2float_rn(1.0 / 3.0) == 0x1.555556p-2f && __double2float_rz(1.0 / 3.0) == 0x1.555554p-2f &&
              __double2float_ru(1e300) == INFINITY && __double2float_rz(1e300) == FLT_MAX &&
              __double2float_rd(-1e-300) == -0x1p-149f && __double2float_ru(-1e-300) == 0.0f &&
              __double2float_rn(0x1.0000010000000p0) == 1.0f && __double2float_ru(0x1.0000010000000p0) == 0x1.000002p0f;
    /* float -> integer: the GPU saturates, NaN gives 0 */
    ok[k++] = __float2int_rn(2.5f) == 2 && __float2int_rn(3.5f) == 4 && __float2int_rz(-2.7f) == -2 &&
              __float2int_ru(-2.7f) == -2 && __float2int_rd(-2.2f) == -3 && __float2int_rn(NAN) == 0 &&
              __float2int_rz(1e10f) == INT_MAX && __float2int_rz(-1e10f) == INT_MIN &&
              __float2uint_rn(-5.0f) == 0u && __float2uint_ru(5e9f) == UINT_MAX && __float2uint_rd(NAN) == 0u &&
              __double2ll_rd(-1e30) == LLONG_MIN && __double2ll_rn(1e30) == LLONG_MAX &&
              __double2ull_rz(-1.0) == 0ull && __double2ull_rn(1e30) == ULLONG_MAX &&
              __float2ll_rn(NAN) == 0 && __double2int_ru(2.000001) == 3 && __double2uint_rz(4294967295.9) == 4294967295u;
    ok[k++] = __float_as_int(1.0f) == 0x3f800000 && __int_as_float(0x40490fdb) == 3.14159274f &&
              __double_as_longlong(-2.0) == (long long)0xc000000000000000ull &&
              __hiloint2double(0x3ff00000, 0) == 1.0 && __double2hiint(1.0) == 0x3ff00000 && __double2loint(1.0) == 0;
    ok[k++] = -1;
}

/* Integer intrinsics: each thread applies all of them to its inputs. */
#define NINT 22
__global__ void ints(const unsigned *x, const unsigned *y, unsigned long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned a = x[i], b = y[i];
        unsigned long long la = ((unsigned long long)a << 32) | b;
        unsigned long long *o = out + (size_t)i * NINT;
        o[0] = (unsigned)__popc(a);
        o[1] = (unsigned)__clz((int)a);
        o[2] = (unsigned)__ffs((int)a);
        o[3] = __brev(a);
        o[4] = __byte_perm(a, b, b & 0x7777u);
        o[5] = (unsigned)__mulhi((int)a, (int)b);
        o[6] = __umulhi(a, b);
        o[7] = __umul24(a, b);
        o[8] = (unsigned)__mul24((int)a, (int)b);
        o[9] = __sad((int)a, (int)b, 7u);
        o[10] = __funnelshift_l(a, b, b & 63u);
        o[11] = __funnelshift_lc(a, b, b & 63u);
        o[12] = __funnelshift_r(a, b, b & 63u);
        o[13] = __funnelshift_rc(a, b, b & 63u);
        o[14] = (unsigned)__popcll(la);
        o[15] = (unsigned)__clzll((long long)(la >> (a & 63u)));
        o[16] = __brevll(la);
        o[17] = (unsigned long long)__umul64hi(la, la ^ 0x9e3779b97f4a7c15ull);
        o[18] = (unsigned)__hadd((int)a, (int)b);
        o[19] = (unsigned)__rhadd((int)a, (int)b);
        o[20] = __usad(a, b, 1u);
        o[21] = (unsigned)__ffsll((long long)(la << (b & 63u)));
    }
}

static unsigned ref_int(int k, unsigned a, unsigned b, unsigned long long *wide) {
    unsigned long long la = ((unsigned long long)a << 32) | b, hl = ((unsigned long long)b << 32) | a;
    unsigned r = 0;
    int i;
    *wide = 0;
    switch (k) {
    case 0: for (i = 0; i < 32; i++) r += (a >> i) & 1; return r;
    case 1: for (i = 31; i >= 0 && !((a >> i) & 1); i--) r++; return r;
    case 2: if (!a) return 0; for (i = 0; !((a >> i) & 1); i++) { } return (unsigned)i + 1;
    case 3: for (i = 0; i < 32; i++) r |= ((a >> i) & 1u) << (31 - i); return r;
    case 4: {
        unsigned char by[8];
        for (i = 0; i < 4; i++) { by[i] = (unsigned char)(a >> (8 * i)); by[i + 4] = (unsigned char)(b >> (8 * i)); }
        unsigned s = b & 0x7777u;
        for (i = 0; i < 4; i++) r |= (unsigned)by[(s >> (4 * i)) & 7] << (8 * i);
        return r;
    }
    case 5: return (unsigned)(((long long)(int)a * (long long)(int)b) >> 32);
    case 6: return (unsigned)(((unsigned long long)a * b) >> 32);
    case 7: return (a & 0xffffff) * (b & 0xffffff);
    case 8: {
        long long sa = (long long)(a & 0xffffff) - ((a & 0x800000) ? 0x1000000 : 0);
        long long sb = (long long)(b & 0xffffff) - ((b & 0x800000) ? 0x1000000 : 0);
        return (unsigned)(unsigned long long)(sa * sb);
    }
    case 9: { long long d = (long long)(int)a - (int)b; return (unsigned)(d < 0 ? -d : d) + 7u; }
    /* funnel shifts: hi:lo is b:a */
    case 10: { unsigned s = b & 31u; return (unsigned)((hl << s) >> 32); }
    case 11: { unsigned s = (b & 63u) > 32 ? 32 : (b & 63u); return (unsigned)((hl << s) >> 32); }
    case 12: { unsigned s = b & 31u; return (unsigned)(hl >> s); }
    case 13: { unsigned s = (b & 63u) > 32 ? 32 : (b & 63u); return (unsigned)(hl >> s); }
    case 14: for (i = 0; i < 64; i++) r += (unsigned)((la >> i) & 1); return r;
    case 15: { unsigned long long v = la >> (a & 63u); for (i = 63; i >= 0 && !((v >> i) & 1); i--) r++; return r; }
    case 16: { unsigned long long v = 0; for (i = 0; i < 64; i++) v |= ((la >> i) & 1ull) << (63 - i); *wide = v; return 0; }
    case 17: {   /* 64x64 high half by 32-bit limbs */
        unsigned long long c = la ^ 0x9e3779b97f4a7c15ull;
        unsigned long long a0 = la & 0xffffffffu, a1 = la >> 32, c0 = c & 0xffffffffu, c1 = c >> 32;
        unsigned long long mid1 = a1 * c0, mid2 = a0 * c1, lo = a0 * c0;
        unsigned long long carry = ((lo >> 32) + (mid1 & 0xffffffffu) + (mid2 & 0xffffffffu)) >> 32;
        *wide = a1 * c1 + (mid1 >> 32) + (mid2 >> 32) + carry;
        return 0;
    }
    case 18: return (unsigned)(int)(((long long)(int)a + (int)b) >> 1);
    case 19: return (unsigned)(int)(((long long)(int)a + (int)b + 1) >> 1);
    case 20: return (a > b ? a - b : b - a) + 1u;
    case 21: { unsigned long long v = la << (b & 63u); if (!v) return 0; for (i = 0; !((v >> i) & 1); i++) { } return (unsigned)i + 1; }
    }
    return 0;
}

static unsigned seed = 2024;
static unsigned rnd(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }
static float rnd_float(void) { return ldexpf(1.0f + (float)(rnd() & 0x7fffff) / 8388608.0f, (int)(rnd() % 21) - 10) * ((rnd() & 1) ? -1.0f : 1.0f); }
static double rnd_double(void) {
    double m = 1.0 + ((double)rnd() * 16777216.0 + (double)rnd()) / 281474976710656.0;
    return ldexp(m, (int)(rnd() % 41) - 20) * ((rnd() & 1) ? -1.0 : 1.0);
}

/* Sign of the exact result minus r, from an exact residual. */
static int sign_of(long double v) { return (v > 0) - (v < 0); }

/* float: long double holds every sum, product, fma of these inputs exactly (64-bit
 * significand, exponents within 60 of each other); quotients and roots by residuals. */
static int cmp_float(int op, float a, float b, float c, float r) {
    long double A = a, B = b, C = c, R = r;
    switch (op) {
    case ADD: return sign_of(A + B - R);
    case SUB: return sign_of(A - B - R);
    case MUL: return sign_of(A * B - R);
    case FMA: return sign_of(A * B + C - R);
    case DIV: return sign_of((A - R * B) * B);
    case SQRT: return sign_of(fabsl(A) - R * R);
    case RCP: return sign_of((1.0L - R * A) * A);
    }
    return 0;
}

/* double: TwoSum / fma residuals (exact for these magnitudes). */
static int cmp_double(int op, double a, double b, double c, double r) {
    double s, e, d;
    switch (op) {
    case ADD: case SUB:
        if (op == SUB) b = -b;
        s = a + b; e = (a - (s - (s - a))) + (b - (s - a));  /* exact: a + b = s + e */
        d = s - r;                                            /* exact: s and r are neighbours */
        return sign_of((long double)d + e);
    case MUL: s = a * b; e = fma(a, b, -s); d = s - r; return sign_of((long double)d + e);
    case FMA: {
        /* a*b + c - r = (p - r) + pe + c with p = rn(a*b): three exact terms */
        double p = a * b, pe = fma(a, b, -p);
        return sign_of((long double)p - r + pe + c);  /* p, r, c have close exponents here */
    }
    case DIV: return sign_of((long double)fma(-r, b, a) * b);
    case SQRT: return sign_of(fma(-r, r, fabs(a)));
    case RCP: return sign_of((long double)fma(-r, a, 1.0) * a);
    }
    return 0;
}

/* Checks one operation's four results r[0..3] (rn rz ru rd) given cmp(r) = sign(exact - r). */
static int check4(const char *what, int op, int i, const double *r, const int *cmp, double ulp_up) {
    /* rd <= exact <= ru; ru == rd (exact) or ru is rd's successor; rz toward zero; rn one of them */
    int ok = cmp[3] >= 0 && cmp[2] <= 0 && (r[2] == r[3] ? cmp[2] == 0 : r[2] == ulp_up) &&
             r[1] == (r[3] >= 0 ? r[3] : r[2]) && (r[0] == r[2] || r[0] == r[3]);
    if (!ok) printf("%s op %d input %d: rn %a rz %a ru %a rd %a\n", what, op, i, r[0], r[1], r[2], r[3]);
    return ok;
}

int main(void) {
    static float xf[N], yf[N], zf[N], of[N * NOPS * 4];
    static double xd[N], yd[N], zd[N], od[N * NOPS * 4];
    static unsigned xi[N], yi[N];
    static unsigned long long oi[N * NINT];
    int okv[32], i, op, m, bad = 0;
    float *dxf, *dyf, *dzf, *dof;
    double *dxd, *dyd, *dzd, *dod;
    unsigned *dxi, *dyi;
    unsigned long long *doi;
    int *dok;
    for (i = 0; i < N; i++) {
        xf[i] = rnd_float(); yf[i] = rnd_float(); zf[i] = rnd_float();
        xd[i] = rnd_double(); yd[i] = rnd_double(); zd[i] = rnd_double();
        xi[i] = rnd() ^ (rnd() << 16); yi[i] = rnd() ^ (rnd() << 16);
        if (i < 8) { xi[i] = i == 0 ? 0u : 1u << (i * 4); yi[i] = 40u + (unsigned)i; }
    }
    cudaMalloc((void **)&dxf, sizeof xf); cudaMalloc((void **)&dyf, sizeof yf);
    cudaMalloc((void **)&dzf, sizeof zf); cudaMalloc((void **)&dof, sizeof of);
    cudaMalloc((void **)&dxd, sizeof xd); cudaMalloc((void **)&dyd, sizeof yd);
    cudaMalloc((void **)&dzd, sizeof zd); cudaMalloc((void **)&dod, sizeof od);
    cudaMalloc((void **)&dxi, sizeof xi); cudaMalloc((void **)&dyi, sizeof yi);
    cudaMalloc((void **)&doi, sizeof oi); cudaMalloc((void **)&dok, sizeof okv);
    cudaMemcpy(dxf, xf, sizeof xf, cudaMemcpyHostToDevice);
    cudaMemcpy(dyf, yf, sizeof yf, cudaMemcpyHostToDevice);
    cudaMemcpy(dzf, zf, sizeof zf, cudaMemcpyHostToDevice);
    cudaMemcpy(dxd, xd, sizeof xd, cudaMemcpyHostToDevice);
    cudaMemcpy(dyd, yd, sizeof yd, cudaMemcpyHostToDevice);
    cudaMemcpy(dzd, zd, sizeof zd, cudaMemcpyHostToDevice);
    cudaMemcpy(dxi, xi, sizeof xi, cudaMemcpyHostToDevice);
    cudaMemcpy(dyi, yi, sizeof yi, cudaMemcpyHostToDevice);
    float_modes<<<N / 128, 128>>>(dxf, dyf, dzf, dof, N);
    double_modes<<<N / 128, 128>>>(dxd, dyd, dzd, dod, N);
    ints<<<N / 64, 64>>>(dxi, dyi, doi, N);
    chosen<<<1, 1>>>(dok);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("kernels failed\n"); return 1; }
    cudaMemcpy(of, dof, sizeof of, cudaMemcpyDeviceToHost);
    cudaMemcpy(od, dod, sizeof od, cudaMemcpyDeviceToHost);
    cudaMemcpy(oi, doi, sizeof oi, cudaMemcpyDeviceToHost);
    cudaMemcpy(okv, dok, sizeof okv, cudaMemcpyDeviceToHost);
    for (i = 0; okv[i] != -1; i++)
        if (okv[i] != 1) { printf("chosen case %d fails\n", i); bad++; }
    for (i = 0; i < N; i++)
        for (op = 0; op < NOPS; op++) {
            double rf[4], rd[4];
            int cf[4], cd[4];
            for (m = 0; m < 4; m++) {
                rf[m] = of[(i * NOPS + op) * 4 + m];
                cf[m] = cmp_float(op, xf[i], yf[i], zf[i], of[(i * NOPS + op) * 4 + m]);
                rd[m] = od[(i * NOPS + op) * 4 + m];
                cd[m] = cmp_double(op, xd[i], yd[i], zd[i], rd[m]);
            }
            if (!check4("float", op, i, rf, cf, nextafterf((float)rf[3], INFINITY)) && bad++ > 10) return 1;
            if (!check4("double", op, i, rd, cd, nextafter(rd[3], INFINITY)) && bad++ > 10) return 1;
        }
    for (i = 0; i < N; i++)
        for (m = 0; m < NINT; m++) {
            unsigned long long wide;
            unsigned want = ref_int(m, xi[i], yi[i], &wide);
            unsigned long long w = (m == 16 || m == 17) ? wide : want;
            if (oi[i * NINT + m] != w) {
                printf("int intrinsic %d (%08x, %08x): %llx want %llx\n", m, xi[i], yi[i], oi[i * NINT + m], w);
                if (bad++ > 10) return 1;
            }
        }
    if (bad) return 1;
    printf("rounding, conversions, integer intrinsics ok\n");
    return 0;
}
