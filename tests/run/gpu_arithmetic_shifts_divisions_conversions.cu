/* Device arithmetic where C leaves it undefined, computed as NVIDIA GPUs do (cu2c/arithmetic.h):
 * shifts by the width or more, or by a negative amount, give 0 (all sign bits for >> of a
 * negative signed value: PTX clamps the amount); integer division and remainder by zero give
 * all bits set, INT_MIN / -1 wraps and INT_MIN % -1 is 0 (no trap); float and double to
 * integer conversions saturate and NaN gives 0 (cvt.rzi.sat), written, implicit or in a
 * compound assignment (`i += f`, computed in float, then converted). Each
 * thread takes one case; the host checks it against a model of those rules written here
 * without the operators' undefined cases. Also the bit-packing of Rodinia's huffman, whose
 * `w << (32 - n)` shifts by 32 when a code fills the word. Host code in C: the C output is
 * built with cc, and the same file with cu2cc as C++, also as C++11 (OLCF hw9's -std=c++11:
 * there cu2c's conversions cannot be constexpr). */
// RUN: %cu2c %s -o %t.c
// RUN: cc -std=gnu11 -O2 -Wall -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: %cu2cc -O2 %s -o %t.cxx && env CU2C_NUM_THREADS=1 timeout 60 %t.cxx
// RUN: %cu2cc -O2 -std=c++11 %s -o %t.cxx11 && env CU2C_NUM_THREADS=2 timeout 60 %t.cxx11
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <cuda_runtime.h>

#define NS 12
__constant__ int amounts[NS] = {0, 1, 15, 31, 32, 33, 63, 64, 100, -1, -32, 7};

/* per amount: 12 results */
__global__ void shifts(long long *out, int xi, unsigned xu, long long xl, unsigned long long xul, char xc) {
    int t = threadIdx.x;
    int s = amounts[t];
    long long *o = out + t * 12;
    o[0] = xi << s;
    o[1] = xi >> s;
    o[2] = -xi >> s;
    o[3] = xu << s;
    o[4] = xu >> s;
    o[5] = xl << s;
    o[6] = -xl >> s;
    o[7] = (long long)(xul >> s);
    o[8] = xc << s;
    int v = xi;
    v <<= s;
    o[9] = v;
    unsigned w = xu;
    w >>= s;
    o[10] = w;
    o[11] = 1u << (s & 31);     /* within the width: C's own shift */
}

#define ND 8
__global__ void divisions(long long *out, const int *a, const int *b, const long long *al, const long long *bl) {
    int t = threadIdx.x;
    long long *o = out + t * 7;
    o[0] = a[t] / b[t];
    o[1] = a[t] % b[t];
    o[2] = (unsigned)a[t] / (unsigned)b[t];
    o[3] = (unsigned)a[t] % (unsigned)b[t];
    o[4] = al[t] / bl[t];
    o[5] = al[t] % bl[t];
    int q = a[t];
    q /= b[t];
    o[6] = q;
}

#define NC 19
__global__ void conversions(long long *out, unsigned long long *uout, const float *f, const double *d) {
    int t = threadIdx.x;
    long long *o = out + t * 7;
    unsigned long long *u = uout + t * 4;
    o[0] = (int)f[t];
    int implicit = f[t] * 1.0f;
    o[1] = implicit;
    o[2] = (long long)f[t];
    o[3] = (int)d[t];
    o[4] = (long long)d[t];
    unsigned ui = f[t];
    u[0] = ui;
    u[1] = (unsigned long long)f[t];
    u[2] = (unsigned)d[t];
    u[3] = (unsigned long long)d[t];
    int acc = 1;
    acc += f[t];                /* in float, then converted: saturates too */
    o[5] = acc;
    long long big = 2;
    big *= d[t];
    o[6] = big;
}

/* huffman's packing: each thread appends codes of n bits (n from 1 to 32) to words of 32 */
__global__ void pack(const unsigned *codes, const int *lens, unsigned *words, int ncodes) {
    if (threadIdx.x != 0)
        return;
    unsigned word = 0;
    int used = 0, nw = 0;
    for (int i = 0; i < ncodes; i++) {
        unsigned c = codes[i];
        int n = lens[i];
        int room = 32 - used;
        if (n <= room) {
            word |= (c << (32 - n)) >> used;    /* n = 32: c << 0; used = 32 never */
            used += n;
        } else {
            word |= c >> (n - room);
            words[nw++] = word;
            word = c << (32 - (n - room));      /* 32 - 0 when n == room... never here */
            used = n - room;
        }
        if (used == 32) {
            words[nw++] = word;
            word = 0;
            used = 0;
        }
        word |= 0u >> (32 - used);               /* used = 0: a shift by 32 gives 0 */
    }
    if (used)
        words[nw++] = word;
}

/* ---- the host's model of the GPU's rules ---------------------------------------------- */

static long long shl(long long x, int s, int w) {      /* x's low w bits shifted, wrapped */
    if (s < 0 || s >= w)
        return 0;
    unsigned long long r = (unsigned long long)x << s;
    if (w == 32)
        return (int)(unsigned)r;
    return (long long)r;
}
static long long sar(long long x, int s, int w) {      /* arithmetic */
    if (s < 0 || s >= w)
        return x < 0 ? -1 : 0;
    return x < 0 ? ~(~x >> s) : x >> s;
}
static unsigned long long shr(unsigned long long x, int s, int w) {
    return s < 0 || s >= w ? 0 : x >> s;
}
static long long sat(long double v, long double lo, long double hi) {
    if (v != v)
        return 0;
    if (v >= hi + 1)
        return (long long)hi;
    if (v <= lo)
        return (long long)lo;
    return (long long)truncl(v);
}
static unsigned long long usat(long double v, long double hi) {
    if (v != v || v <= 0)
        return 0;
    if (v >= hi + 1)
        return (unsigned long long)hi;
    return (unsigned long long)truncl(v);
}

static int failures = 0;
static void expect(const char *what, int i, long long got, long long want) {
    if (got != want && failures++ < 20)
        printf("%s[%d] = %lld, expected %lld\n", what, i, got, want);
}

int main(void) {
    long long *out;
    unsigned long long *uout;
    cudaMallocManaged((void **)&out, 64 * 12 * sizeof(long long), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&uout, 64 * 4 * sizeof(long long), cudaMemAttachGlobal);

    int xi = 0x12345679;
    unsigned xu = 0x80000001u;
    long long xl = 0x123456789abcdefll;
    unsigned long long xul = 0xfedcba9876543210ull;
    char xc = 0x5a;
    shifts<<<1, NS>>>(out, xi, xu, xl, xul, xc);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    int am[NS] = {0, 1, 15, 31, 32, 33, 63, 64, 100, -1, -32, 7};
    for (int t = 0; t < NS; t++) {
        int s = am[t];
        long long *o = out + t * 12;
        expect("int << s", s, o[0], shl(xi, s, 32));
        expect("int >> s", s, o[1], sar(xi, s, 32));
        expect("-int >> s", s, o[2], sar(-xi, s, 32));
        expect("unsigned << s", s, o[3], (unsigned)shl(xu, s, 32));
        expect("unsigned >> s", s, o[4], (long long)shr(xu, s, 32));
        expect("long long << s", s, o[5], shl(xl, s, 64));
        expect("-long long >> s", s, o[6], sar(-xl, s, 64));
        expect("unsigned long long >> s", s, o[7], (long long)shr(xul, s, 64));
        expect("char << s", s, o[8], shl(xc, s, 32));
        expect("int <<= s", s, o[9], shl(xi, s, 32));
        expect("unsigned >>= s", s, o[10], (long long)shr(xu, s, 32));
        expect("1u << (s & 31)", s, o[11], 1ll << (s & 31));
    }

    int *a, *b;
    long long *al, *bl;
    cudaMallocManaged((void **)&a, ND * sizeof(int), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&b, ND * sizeof(int), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&al, ND * sizeof(long long), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&bl, ND * sizeof(long long), cudaMemAttachGlobal);
    int av[ND] = {7, -7, 0, INT_MIN, INT_MIN, 100, -100, INT_MAX};
    int bv[ND] = {0, 0, 0, -1, 0, 7, -7, -1};
    for (int i = 0; i < ND; i++) {
        a[i] = av[i];
        b[i] = bv[i];
        al[i] = i == 3 ? LLONG_MIN : (long long)av[i] * 3;
        bl[i] = bv[i];
    }
    divisions<<<1, ND>>>(out, a, b, al, bl);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int i = 0; i < ND; i++) {
        long long *o = out + i * 7;
        long long q = b[i] == 0 ? -1 : b[i] == -1 ? (int)(0u - (unsigned)a[i]) : a[i] / b[i];
        long long r = b[i] == 0 ? -1 : b[i] == -1 ? 0 : a[i] % b[i];
        unsigned ua = (unsigned)a[i], ub = (unsigned)b[i];
        long long ql = bl[i] == 0 ? -1 : bl[i] == -1 ? (long long)(0ull - (unsigned long long)al[i]) : al[i] / bl[i];
        long long rl = bl[i] == 0 ? -1 : bl[i] == -1 ? 0 : al[i] % bl[i];
        expect("int /", i, o[0], q);
        expect("int %", i, o[1], r);
        expect("unsigned /", i, o[2], ub == 0 ? UINT_MAX : ua / ub);
        expect("unsigned %", i, o[3], ub == 0 ? UINT_MAX : ua % ub);
        expect("long long /", i, o[4], ql);
        expect("long long %", i, o[5], rl);
        expect("int /=", i, o[6], q);
    }

    float *f;
    double *d;
    cudaMallocManaged((void **)&f, NC * sizeof(float), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&d, NC * sizeof(double), cudaMemAttachGlobal);
    double cv[NC] = {0.0, -0.0, 1.9, -1.9, 2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0,
                     4294967040.0, 4294967296.0, 1e10, -1e10, 9.3e18, 1.9e19, 3e19, INFINITY, -INFINITY,
                     NAN, 2147483647.5};
    for (int i = 0; i < NC; i++) {
        f[i] = (float)cv[i];
        d[i] = cv[i];
    }
    conversions<<<1, NC>>>(out, uout, f, d);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int i = 0; i < NC; i++) {
        long long *o = out + i * 7;
        unsigned long long *u = uout + i * 4;
        long double fv = f[i], dv = d[i];
        expect("(int)float", i, o[0], sat(fv, INT_MIN, INT_MAX));
        expect("int = float", i, o[1], sat(fv, INT_MIN, INT_MAX));
        expect("(long long)float", i, o[2], sat(fv, (long double)LLONG_MIN, (long double)LLONG_MAX));
        expect("(int)double", i, o[3], sat(dv, INT_MIN, INT_MAX));
        expect("(long long)double", i, o[4], sat(dv, (long double)LLONG_MIN, (long double)LLONG_MAX));
        expect("int += float", i, o[5], sat((long double)(1.0f + f[i]), INT_MIN, INT_MAX));
        expect("long long *= double", i, o[6], sat((long double)(2.0 * d[i]), (long double)LLONG_MIN, (long double)LLONG_MAX));
        expect("unsigned = float", i, (long long)u[0], (long long)usat(fv, UINT_MAX));
        expect("(unsigned long long)float", i, (long long)u[1], (long long)usat(fv, (long double)ULLONG_MAX));
        expect("(unsigned)double", i, (long long)u[2], (long long)usat(dv, UINT_MAX));
        expect("(unsigned long long)double", i, (long long)u[3], (long long)usat(dv, (long double)ULLONG_MAX));
    }

    /* codes of every length, the packed words against the host's bit by bit */
    enum { NCODES = 200 };
    unsigned *codes, *words;
    int *lens;
    cudaMallocManaged((void **)&codes, NCODES * sizeof(unsigned), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&lens, NCODES * sizeof(int), cudaMemAttachGlobal);
    cudaMallocManaged((void **)&words, NCODES * sizeof(unsigned), cudaMemAttachGlobal);
    unsigned seed = 12345;
    int bits = 0;
    for (int i = 0; i < NCODES; i++) {
        seed = seed * 1103515245u + 12345u;
        lens[i] = i % 7 == 0 ? 32 : 1 + (int)(seed >> 27);
        codes[i] = lens[i] == 32 ? seed : seed & ((1u << lens[i]) - 1);
        bits += lens[i];
        words[i] = 0;
    }
    pack<<<1, 32>>>(codes, lens, words, NCODES);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    int pos = 0;
    for (int i = 0; i < NCODES; i++)
        for (int k = lens[i] - 1; k >= 0; k--, pos++) {
            unsigned bit = (codes[i] >> k) & 1u, got = (words[pos / 32] >> (31 - pos % 32)) & 1u;
            if (bit != got) {
                expect("packed bit", pos, got, bit);
                k = -1;
                i = NCODES;
            }
        }
    expect("packed bits", 0, pos, bits);

    if (failures) {
        printf("FAILED: %d\n", failures);
        return 1;
    }
    printf("GPU arithmetic: all agree\n");
    return 0;
}
