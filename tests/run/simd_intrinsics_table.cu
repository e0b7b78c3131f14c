// CUDA's SIMD intrinsics on halfwords (...2) and bytes (...4), every one of the Math API's
// list, table-driven: each result compared with a host model written from the Math API's and
// PTX's definitions (lanes taken as int16_t/int8_t or their unsigned types, saturation to the
// lane's range, rounded averages (a + b + 1) >> 1, comparisons giving all-ones or 1, sums of
// absolute differences), over edge values (0x80, 0x7f, 0xff bytes, 0x8000, INT_MIN) and a
// pseudo-random sweep. C++ and C output.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// RUN: %cu2c --lang=c %s -o %t.c && cc -std=gnu11 -O2 -I%root/include %t.c %root/lib/libcu2c.a -pthread -lm -o %t.cbin
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t.cbin | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: simd intrinsics: 82 functions, PASS
#include <stdio.h>
#include <stdint.h>

#define N 160

#define BINARY(X)                                                                              \
    X(__vadd2) X(__vadd4) X(__vaddss2) X(__vaddss4) X(__vaddus2) X(__vaddus4) X(__vsub2) X(__vsub4) \
    X(__vsubss2) X(__vsubss4) X(__vsubus2) X(__vsubus4) X(__vavgs2) X(__vavgs4) X(__vavgu2)      \
    X(__vavgu4) X(__vhaddu2) X(__vhaddu4) X(__vabsdiffs2) X(__vabsdiffs4) X(__vabsdiffu2)         \
    X(__vabsdiffu4) X(__vmaxs2) X(__vmaxs4) X(__vmaxu2) X(__vmaxu4) X(__vmins2) X(__vmins4)       \
    X(__vminu2) X(__vminu4) X(__vcmpeq2) X(__vcmpeq4) X(__vcmpne2) X(__vcmpne4) X(__vcmpges2)      \
    X(__vcmpges4) X(__vcmpgeu2) X(__vcmpgeu4) X(__vcmpgts2) X(__vcmpgts4) X(__vcmpgtu2)            \
    X(__vcmpgtu4) X(__vcmples2) X(__vcmples4) X(__vcmpleu2) X(__vcmpleu4) X(__vcmplts2)            \
    X(__vcmplts4) X(__vcmpltu2) X(__vcmpltu4) X(__vseteq2) X(__vseteq4) X(__vsetne2) X(__vsetne4)  \
    X(__vsetges2) X(__vsetges4) X(__vsetgeu2) X(__vsetgeu4) X(__vsetgts2) X(__vsetgts4)            \
    X(__vsetgtu2) X(__vsetgtu4) X(__vsetles2) X(__vsetles4) X(__vsetleu2) X(__vsetleu4)            \
    X(__vsetlts2) X(__vsetlts4) X(__vsetltu2) X(__vsetltu4) X(__vsads2) X(__vsads4) X(__vsadu2)    \
    X(__vsadu4)
#define UNARY(X) X(__vabs2) X(__vabs4) X(__vabsss2) X(__vabsss4) X(__vneg2) X(__vneg4) X(__vnegss2) X(__vnegss4)
#define COUNT(f) +1
enum { NB = 0 BINARY(COUNT), NU = 0 UNARY(COUNT), NF = NB + NU };

__global__ void simd(const unsigned int *a, const unsigned int *b, unsigned int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int x = a[i], y = b[i], *o = out + i * NF;
    int k = 0;
#define CALL2(f) o[k++] = f(x, y);
#define CALL1(f) o[k++] = f(x);
    BINARY(CALL2)
    UNARY(CALL1)
}

/* the host model: lane l of w bits, signed and unsigned */
static int sl(unsigned int v, int w, int l) {
    return w == 16 ? (int)(int16_t)(v >> (16 * l)) : (int)(int8_t)(v >> (8 * l));
}
static int ul(unsigned int v, int w, int l) {
    return w == 16 ? (int)(uint16_t)(v >> (16 * l)) : (int)(uint8_t)(v >> (8 * l));
}
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static int absi(int v) { return v < 0 ? -v : v; }

/* name's result by its name: width from its last digit, operation from the rest */
static unsigned int model(const char *name, unsigned int a, unsigned int b) {
    char op[32];
    size_t len = 0;
    while (name[3 + len] && name[4 + len])
        len++;
    snprintf(op, sizeof op, "%.*s", (int)len, name + 3);
    int w = name[3 + len] == '2' ? 16 : 8, lanes = 32 / w;
    int smin = -(1 << (w - 1)), smax = (1 << (w - 1)) - 1, umax = (1 << w) - 1;
    unsigned int r = 0, sum = 0;
    for (int l = 0; l < lanes; l++) {
        int sa = sl(a, w, l), sb = sl(b, w, l), ua = ul(a, w, l), ub = ul(b, w, l), v = 0;
#define IS(s) (strcmp(op, s) == 0)
        if (IS("add")) v = sa + sb;
        else if (IS("addss")) v = clampi(sa + sb, smin, smax);
        else if (IS("addus")) v = clampi(ua + ub, 0, umax);
        else if (IS("sub")) v = sa - sb;
        else if (IS("subss")) v = clampi(sa - sb, smin, smax);
        else if (IS("subus")) v = clampi(ua - ub, 0, umax);
        else if (IS("avgs")) v = (int)floor((sa + sb + 1) / 2.0);
        else if (IS("avgu")) v = (ua + ub + 1) / 2;
        else if (IS("haddu")) v = (ua + ub) / 2;
        else if (IS("absdiffs") || IS("sads")) v = absi(sa - sb);
        else if (IS("absdiffu") || IS("sadu")) v = absi(ua - ub);
        else if (IS("maxs")) v = sa > sb ? sa : sb;
        else if (IS("maxu")) v = ua > ub ? ua : ub;
        else if (IS("mins")) v = sa < sb ? sa : sb;
        else if (IS("minu")) v = ua < ub ? ua : ub;
        else if (IS("abs")) v = absi(sa);
        else if (IS("absss")) v = clampi(absi(sa), smin, smax);
        else if (IS("neg")) v = -sa;
        else if (IS("negss")) v = clampi(-sa, smin, smax);
        else {
            /* comparisons: cmp (all ones) or set (1) */
            int is_cmp = strncmp(op, "cmp", 3) == 0;
            const char *c = op + 3;
            int t;
            if (!strcmp(c, "eq")) t = ua == ub;
            else if (!strcmp(c, "ne")) t = ua != ub;
            else if (!strcmp(c, "ges")) t = sa >= sb;
            else if (!strcmp(c, "geu")) t = ua >= ub;
            else if (!strcmp(c, "gts")) t = sa > sb;
            else if (!strcmp(c, "gtu")) t = ua > ub;
            else if (!strcmp(c, "les")) t = sa <= sb;
            else if (!strcmp(c, "leu")) t = ua <= ub;
            else if (!strcmp(c, "lts")) t = sa < sb;
            else t = ua < ub;
            v = t ? (is_cmp ? umax : 1) : 0;
        }
        sum += (unsigned int)v;
        r |= ((unsigned int)v & (unsigned int)umax) << (w * l);
    }
    return IS("sads") || IS("sadu") ? sum : r;
}

#include <math.h>
#include <string.h>

int main(void) {
    static const char *const names[] = {
#define NAME(f) #f,
        BINARY(NAME) UNARY(NAME)};
    static unsigned int a[N], b[N], out[N * NF];
    const unsigned int edges[] = {0u, 0xffffffffu, 0x80008000u, 0x7fff7fffu, 0x80807f7fu, 0x7f80ff01u,
                                  0x80000000u, 0x00010001u, 0x01ff807fu, 0x12345678u};
    unsigned int seed = 99u;
    for (int i = 0; i < N; i++) {
        if (i < 100) {
            a[i] = edges[i % 10];
            b[i] = edges[i / 10];
        } else {
            seed = seed * 1664525u + 1013904223u;
            a[i] = seed;
            seed = seed * 1664525u + 1013904223u;
            b[i] = seed;
        }
    }
    unsigned int *da, *db, *dout;
    cudaMalloc((void **)&da, sizeof a);
    cudaMalloc((void **)&db, sizeof b);
    cudaMalloc((void **)&dout, sizeof out);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    simd<<<N / 32, 32>>>(da, db, dout);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int bad = cudaGetLastError() != cudaSuccess;
    for (int i = 0; i < N; i++)
        for (int f = 0; f < NF; f++) {
            unsigned int want = model(names[f], a[i], f < NB ? b[i] : 0u);
            if (out[i * NF + f] != want && bad++ < 8)
                printf("FAIL: %s(%08x, %08x) = %08x, expected %08x\n", names[f], a[i], b[i], out[i * NF + f], want);
        }
    printf("simd intrinsics: %d functions, %s\n", NF, bad ? "FAIL" : "PASS");
    return 0;
}
