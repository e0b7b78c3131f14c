/* cu2c/curand_engines.h - cuRAND's device generators (curand_kernel.h): the state types of
 * XORWOW, Philox4x32-10 and MRG32k3a, their seeding (curand_init), their next 32-bit output
 * (curand, curand4) and their jumps (skipahead, skipahead_sequence), each bit for bit as
 * NVIDIA's cuRAND computes them.
 *
 * The functions carry cu2c_ names and take the state's type in their name; curand_kernel.h
 * gives them cuRAND's overloaded names (C++ overloads, C _Generic macros). Kernels call them
 * as host code: nothing here reads threadIdx & co.
 *
 * Jumps: XORWOW's state update is linear over GF(2) on its 160 state bits, MRG32k3a's two
 * recurrences linear modulo m1 and m2 on 3 words each. A jump of n steps multiplies the state
 * by M^n: here by M^(2^k) for every set bit k of n. The powers M^(2^k) are computed once per
 * program part (translation unit) at first use, by repeated squaring (no table is shipped):
 * XORWOW's as nibble tables (for each 4 state bits, the XOR their 16 values contribute: a
 * jump is 40 lookups), 131 of them (2^0 .. 2^130: offsets up to 2^64 and subsequences of
 * 2^67 steps up to 2^64 of them), 2 MB in all (160 bits as 64-bit words); MRG32k3a's 191 3x3 matrices per
 * recurrence (offsets, subsequences of 2^76 steps, sequences of 2^127 steps). */
#ifndef CU2C_CURAND_ENGINES_H
#define CU2C_CURAND_ENGINES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include <stdint.h>
#include <sched.h>
#include <vector_types.h>
#include <vector_functions.h>

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

/* ---- State types (cuRAND's names and fields) ------------------------------------------ */

/* XORWOW (Marsaglia's xorshift with a Weyl sequence d): period 2^192 - 2^32. */
typedef struct curandStateXORWOW {
    unsigned int d, v[5];
    int boxmuller_flag;          /* a cached second normal (float) waits in boxmuller_extra */
    int boxmuller_flag_double;   /* a cached second normal (double) waits in boxmuller_extra_double */
    float boxmuller_extra;
    double boxmuller_extra_double;
} curandStateXORWOW;
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

/* Philox4x32-10 (Salmon et al.): a 128-bit counter enciphered under a 64-bit key (the seed). */
typedef struct curandStatePhilox4_32_10 {
    uint4 ctr;                   /* counter of the block of 4 outputs in `output` */
    uint4 output;                /* Philox(ctr, key) */
    uint2 key;
    unsigned int STATE;          /* next output's index (0..3) in `output` */
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
} curandStatePhilox4_32_10;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

/* MRG32k3a (L'Ecuyer): two multiple recursive generators of order 3, combined. */
typedef struct curandStateMRG32k3a {
    unsigned int s1[3];
    unsigned int s2[3];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
} curandStateMRG32k3a;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

/* What the cached value of the Box-Muller pair is (boxmuller_flag), as cuRAND marks it. */
#define EXTRA_FLAG_NORMAL     0x00000001
#define EXTRA_FLAG_LOG_NORMAL 0x00000002

/* ---- Building a table once, whichever worker asks first ------------------------------- */

/* *flag: 0 not built, 1 being built, 2 built. The first caller builds; the others wait. */
static inline void cu2c_curand_once(int *flag, void (*build)(void))
{
    if (__atomic_load_n(flag, __ATOMIC_ACQUIRE) == 2)
        return;
    int expected = 0;
    if (__atomic_compare_exchange_n(flag, &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        build();
        __atomic_store_n(flag, 2, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != 2)
        sched_yield();
}

/* ---- XORWOW --------------------------------------------------------------------------- */

#define CU2C_XORWOW_JUMPS 131          /* M^(2^k), k = 0..130 */
#define CU2C_XORWOW_SEQUENCE_SHIFT 67  /* a subsequence is 2^67 steps */

/* One jump M^(2^k) as nibble tables: t[q][v] is M^(2^k) applied to the state whose bits
 * 4q..4q+3 are v and whose other bits are 0. */
typedef struct cu2c_xorwow_jump {
    uint64_t t[40][16][3];   /* state words 0-1, 2-3, 4 */
} cu2c_xorwow_jump;

static cu2c_xorwow_jump cu2c_xorwow_jumps[CU2C_XORWOW_JUMPS];
static int cu2c_xorwow_jumps_built;

/* XORWOW's linear part: the shift register step on v[0..4] (d apart). */
static inline void cu2c_xorwow_shift(uint32_t v[5])
{
    uint32_t t = v[0] ^ (v[0] >> 2);
    v[0] = v[1];
    v[1] = v[2];
    v[2] = v[3];
    v[3] = v[4];
    v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* v = J v for the jump J. */
static inline void cu2c_xorwow_apply(const cu2c_xorwow_jump *j, uint32_t v[5])
{
    uint64_t r0 = 0, r1 = 0, r2 = 0;
    uint64_t lo = (uint64_t)v[1] << 32 | v[0], mid = (uint64_t)v[3] << 32 | v[2];
    uint32_t hi = v[4];
    for (int q = 0; q < 16; q++, lo >>= 4) {
        const uint64_t *e = j->t[q][lo & 15u];
        r0 ^= e[0]; r1 ^= e[1]; r2 ^= e[2];
    }
    for (int q = 16; q < 32; q++, mid >>= 4) {
        const uint64_t *e = j->t[q][mid & 15u];
        r0 ^= e[0]; r1 ^= e[1]; r2 ^= e[2];
    }
    for (int q = 32; q < 40; q++, hi >>= 4) {
        const uint64_t *e = j->t[q][hi & 15u];
        r0 ^= e[0]; r1 ^= e[1]; r2 ^= e[2];
    }
    v[0] = (uint32_t)r0;
    v[1] = (uint32_t)(r0 >> 32);
    v[2] = (uint32_t)r1;
    v[3] = (uint32_t)(r1 >> 32);
    v[4] = (uint32_t)r2;
}

/* Nibble tables of the matrix whose column b (the image of state bit b) is col[b]. */
static inline void cu2c_xorwow_tabulate(cu2c_xorwow_jump *j, uint32_t col[160][5])
{
    for (int q = 0; q < 40; q++) {
        for (int w = 0; w < 3; w++)
            j->t[q][0][w] = 0;
        for (int v = 1; v < 16; v++) {
            const uint32_t *c = col[4 * q + __builtin_ctz((unsigned)v)];
            const uint64_t *prev = j->t[q][v & (v - 1)];
            j->t[q][v][0] = prev[0] ^ ((uint64_t)c[1] << 32 | c[0]);
            j->t[q][v][1] = prev[1] ^ ((uint64_t)c[3] << 32 | c[2]);
            j->t[q][v][2] = prev[2] ^ c[4];
        }
    }
}

static inline void cu2c_xorwow_build(void)
{
    uint32_t col[160][5];
    for (int b = 0; b < 160; b++) {
        for (int w = 0; w < 5; w++)
            col[b][w] = 0;
        col[b][b / 32] = 1u << (b % 32);
        cu2c_xorwow_shift(col[b]);
    }
    cu2c_xorwow_tabulate(&cu2c_xorwow_jumps[0], col);
    for (int k = 1; k < CU2C_XORWOW_JUMPS; k++) {
        /* M^(2^k) = M^(2^(k-1)) M^(2^(k-1)): apply the previous power to its own columns */
        for (int b = 0; b < 160; b++)
            cu2c_xorwow_apply(&cu2c_xorwow_jumps[k - 1], col[b]);
        cu2c_xorwow_tabulate(&cu2c_xorwow_jumps[k], col);
    }
}

static inline const cu2c_xorwow_jump *cu2c_xorwow_jump_table(void)
{
    cu2c_curand_once(&cu2c_xorwow_jumps_built, cu2c_xorwow_build);
    return cu2c_xorwow_jumps;
}

static inline unsigned int cu2c_curand_xorwow(curandStateXORWOW_t *s)
{
    cu2c_xorwow_shift(s->v);
    s->d += 362437u;
    return s->v[4] + s->d;
}

/* n steps ahead. */
static inline void cu2c_skipahead_xorwow(unsigned long long n, curandStateXORWOW_t *s)
{
    if (n == 0)
        return;
    const cu2c_xorwow_jump *j = cu2c_xorwow_jump_table();
    for (int k = 0; k < 64; k++)
        if (n >> k & 1)
            cu2c_xorwow_apply(&j[k], s->v);
    s->d += 362437u * (unsigned int)n;
}

/* n subsequences (n * 2^67 steps) ahead; d moves by a multiple of 2^32, so not at all. */
static inline void cu2c_skipahead_sequence_xorwow(unsigned long long n, curandStateXORWOW_t *s)
{
    if (n == 0)
        return;
    const cu2c_xorwow_jump *j = cu2c_xorwow_jump_table();
    for (int k = 0; k < 64; k++)
        if (n >> k & 1)
            cu2c_xorwow_apply(&j[CU2C_XORWOW_SEQUENCE_SHIFT + k], s->v);
}

/* cuRAND's seeding: the seed's halves scrambled into the Marsaglia's initial words. */
static inline void cu2c_curand_init_xorwow(unsigned long long seed, unsigned long long subsequence,
                                           unsigned long long offset, curandStateXORWOW_t *s)
{
    unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
    unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
    unsigned int t0 = 1099087573u * s0;
    unsigned int t1 = 2591861531u * s1;
    s->d = 6615241u + t1 + t0;
    s->v[0] = 123456789u + t0;
    s->v[1] = 362436069u ^ t0;
    s->v[2] = 521288629u + t1;
    s->v[3] = 88675123u ^ t1;
    s->v[4] = 5783321u + t0;
    cu2c_skipahead_sequence_xorwow(subsequence, s);
    cu2c_skipahead_xorwow(offset, s);
    s->boxmuller_flag = 0;
    s->boxmuller_flag_double = 0;
    s->boxmuller_extra = 0.f;
    s->boxmuller_extra_double = 0.;
}

/* ---- Philox4x32-10 -------------------------------------------------------------------- */

#define PHILOX_W32_0   (0x9E3779B9)
#define PHILOX_W32_1   (0xBB67AE85)
#define PHILOX_M4x32_0 (0xD2511F53)
#define PHILOX_M4x32_1 (0xCD9E8D57)

/* One round: two 32x32->64 products, their halves crossed with the other words and the key. */
static inline uint4 cu2c_philox_round(uint4 c, uint2 k)
{
    uint64_t p0 = (uint64_t)PHILOX_M4x32_0 * c.x;
    uint64_t p1 = (uint64_t)PHILOX_M4x32_1 * c.z;
    uint4 r;
    r.x = (uint32_t)(p1 >> 32) ^ c.y ^ k.x;
    r.y = (uint32_t)p1;
    r.z = (uint32_t)(p0 >> 32) ^ c.w ^ k.y;
    r.w = (uint32_t)p0;
    return r;
}

static inline uint4 curand_Philox4x32_10(uint4 c, uint2 k)
{
    for (int round = 0; round < 9; round++) {
        c = cu2c_philox_round(c, k);
        k.x += PHILOX_W32_0;
        k.y += PHILOX_W32_1;
    }
    return cu2c_philox_round(c, k);
}

/* The counter's low 64 bits advance by n (carrying into the high half). */
static inline void cu2c_philox_advance(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
    unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
    s->ctr.x += lo;
    if (s->ctr.x < lo)
        hi++;
    s->ctr.y += hi;
    if (hi <= s->ctr.y)
        return;
    if (++s->ctr.z)
        return;
    ++s->ctr.w;
}

/* The counter's high 64 bits advance by n (subsequences). */
static inline void cu2c_philox_advance_high(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
    unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
    s->ctr.z += lo;
    if (s->ctr.z < lo)
        hi++;
    s->ctr.w += hi;
}

static inline void cu2c_philox_next_block(curandStatePhilox4_32_10_t *s)
{
    cu2c_philox_advance(s, 1);
    s->output = curand_Philox4x32_10(s->ctr, s->key);
}

static inline unsigned int cu2c_curand_philox(curandStatePhilox4_32_10_t *s)
{
    unsigned int i = s->STATE++;
    unsigned int r = i == 1 ? s->output.y : i == 2 ? s->output.z : i == 3 ? s->output.w
                                                                          : s->output.x;
    if (s->STATE == 4) {
        cu2c_philox_next_block(s);
        s->STATE = 0;
    }
    return r;
}

/* The next four outputs at once (where STATE is not 0, they straddle two blocks). */
static inline uint4 cu2c_curand4_philox(curandStatePhilox4_32_10_t *s)
{
    uint4 t = s->output;
    cu2c_philox_next_block(s);
    uint4 n = s->output, r;
    switch (s->STATE) {
    case 1: r.x = t.y; r.y = t.z; r.z = t.w; r.w = n.x; break;
    case 2: r.x = t.z; r.y = t.w; r.z = n.x; r.w = n.y; break;
    case 3: r.x = t.w; r.y = n.x; r.z = n.y; r.w = n.z; break;
    default: r = t; break;
    }
    return r;
}

static inline void cu2c_skipahead_philox(unsigned long long n, curandStatePhilox4_32_10_t *s)
{
    s->STATE += (unsigned int)(n & 3);
    n /= 4;
    if (s->STATE > 3) {
        n += 1;
        s->STATE -= 4;
    }
    cu2c_philox_advance(s, n);
    s->output = curand_Philox4x32_10(s->ctr, s->key);
}

static inline void cu2c_skipahead_sequence_philox(unsigned long long n, curandStatePhilox4_32_10_t *s)
{
    cu2c_philox_advance_high(s, n);
    s->output = curand_Philox4x32_10(s->ctr, s->key);
}

static inline void cu2c_curand_init_philox(unsigned long long seed, unsigned long long subsequence,
                                           unsigned long long offset, curandStatePhilox4_32_10_t *s)
{
    s->ctr = make_uint4(0, 0, 0, 0);
    s->key.x = (unsigned int)seed;
    s->key.y = (unsigned int)(seed >> 32);
    s->STATE = 0;
    s->boxmuller_flag = 0;
    s->boxmuller_flag_double = 0;
    s->boxmuller_extra = 0.f;
    s->boxmuller_extra_double = 0.;
    cu2c_skipahead_sequence_philox(subsequence, s);
    cu2c_skipahead_philox(offset, s);
}

/* ---- MRG32k3a ------------------------------------------------------------------------- */

#define CU2C_MRG_M1 4294967087u
#define CU2C_MRG_M2 4294944443u
#define CU2C_MRG_C1 209u               /* 2^32 - m1 */
#define CU2C_MRG_C2 22853u             /* 2^32 - m2 */
#define CU2C_MRG_JUMPS 191             /* M^(2^k), k = 0..190 */
#define CU2C_MRG_SUBSEQUENCE_SHIFT 76  /* a subsequence is 2^76 steps */
#define CU2C_MRG_SEQUENCE_SHIFT 127    /* a sequence is 2^127 steps */
#define MRG32K3A_MOD1 4294967087.
#define MRG32K3A_MOD2 4294944443.
#define MRG32K3A_NORM (2.3283065498378288e-10)
#define MRG32K3A_BITS_NORM 1.000000048662

/* cu2c_mrg_jumps[r][k]: recurrence r's matrix to the power 2^k, modulo its modulus. */
static uint32_t cu2c_mrg_jumps[2][CU2C_MRG_JUMPS][3][3];
static int cu2c_mrg_jumps_built;

/* x mod m for m = 2^32 - c (c < 2^15, m1's 209 and m2's 22853) and any 64-bit x: 2^32 is c
 * modulo m, so the high word folds down times c (no division, in the jumps' matrix products,
 * where m is not a constant the compiler could reduce by). Exact, as cuRAND's. */
static inline uint64_t cu2c_mrg_mod(uint64_t x, uint32_t c)
{
    uint64_t m = (1ull << 32) - c;
    x = (x >> 32) * c + (x & 0xffffffffu);   /* < 2^47 + 2^32 */
    x = (x >> 32) * c + (x & 0xffffffffu);   /* < 2^32 + 2^30 */
    x = (x >> 32) * c + (x & 0xffffffffu);   /* < 2^32 + c */
    while (x >= m)
        x -= m;
    return x;
}

/* out = a b modulo m = 2^32 - c (out may be a or b). */
static inline void cu2c_mrg_matmul(uint32_t a[3][3], uint32_t b[3][3], uint32_t out[3][3], uint32_t c)
{
    uint32_t r[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            uint64_t s = 0;
            for (int k = 0; k < 3; k++)
                s += cu2c_mrg_mod((uint64_t)a[i][k] * b[k][j], c);
            r[i][j] = (uint32_t)cu2c_mrg_mod(s, c);
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            out[i][j] = r[i][j];
}

static inline void cu2c_mrg_build(void)
{
    /* s1: x_n = 1403580 x_{n-2} - 810728 x_{n-3}; s2: x_n = 527612 x_{n-1} - 1370589 x_{n-3} */
    uint32_t m1[3][3] = {{0, 1, 0}, {0, 0, 1}, {CU2C_MRG_M1 - 810728u, 1403580u, 0}};
    uint32_t m2[3][3] = {{0, 1, 0}, {0, 0, 1}, {CU2C_MRG_M2 - 1370589u, 0, 527612u}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            cu2c_mrg_jumps[0][0][i][j] = m1[i][j];
            cu2c_mrg_jumps[1][0][i][j] = m2[i][j];
        }
    for (int k = 1; k < CU2C_MRG_JUMPS; k++) {
        cu2c_mrg_matmul(cu2c_mrg_jumps[0][k - 1], cu2c_mrg_jumps[0][k - 1], cu2c_mrg_jumps[0][k], CU2C_MRG_C1);
        cu2c_mrg_matmul(cu2c_mrg_jumps[1][k - 1], cu2c_mrg_jumps[1][k - 1], cu2c_mrg_jumps[1][k], CU2C_MRG_C2);
    }
}

static inline void cu2c_mrg_matvec(uint32_t a[3][3], unsigned int v[3], uint32_t c)
{
    uint64_t r[3];
    for (int i = 0; i < 3; i++) {
        uint64_t s = 0;
        for (int k = 0; k < 3; k++)
            s += cu2c_mrg_mod((uint64_t)a[i][k] * v[k], c);
        r[i] = cu2c_mrg_mod(s, c);
    }
    for (int i = 0; i < 3; i++)
        v[i] = (unsigned int)r[i];
}

/* n * 2^shift steps ahead (n < 2^64, shift + 63 < 191). */
static inline void cu2c_mrg_jump(unsigned long long n, int shift, curandStateMRG32k3a_t *s)
{
    if (n == 0)
        return;
    cu2c_curand_once(&cu2c_mrg_jumps_built, cu2c_mrg_build);
    for (int k = 0; k < 64; k++)
        if (n >> k & 1) {
            cu2c_mrg_matvec(cu2c_mrg_jumps[0][shift + k], s->s1, CU2C_MRG_C1);
            cu2c_mrg_matvec(cu2c_mrg_jumps[1][shift + k], s->s2, CU2C_MRG_C2);
        }
}

/* One step of both recurrences; returns their combination, in (0, m1] (as cuRAND: m1 where
 * they are equal), as a double. */
static inline double curand_MRG32k3a(curandStateMRG32k3a_t *s)
{
    const uint64_t m1 = CU2C_MRG_M1, m2 = CU2C_MRG_M2;
    uint64_t p1 = (1403580u * (uint64_t)s->s1[1] + 810728u * (m1 - s->s1[0])) % m1;
    s->s1[0] = s->s1[1];
    s->s1[1] = s->s1[2];
    s->s1[2] = (unsigned int)p1;
    uint64_t p2 = (527612u * (uint64_t)s->s2[2] + 1370589u * (m2 - s->s2[0])) % m2;
    s->s2[0] = s->s2[1];
    s->s2[1] = s->s2[2];
    s->s2[2] = (unsigned int)p2;
    return p1 > p2 ? (double)(p1 - p2) : (double)(p1 + m1 - p2);
}

static inline unsigned int cu2c_curand_mrg(curandStateMRG32k3a_t *s)
{
    return (unsigned int)(curand_MRG32k3a(s) * MRG32K3A_BITS_NORM);
}

static inline void cu2c_skipahead_mrg(unsigned long long n, curandStateMRG32k3a_t *s)
{
    cu2c_mrg_jump(n, 0, s);
}

static inline void cu2c_skipahead_subsequence_mrg(unsigned long long n, curandStateMRG32k3a_t *s)
{
    cu2c_mrg_jump(n, CU2C_MRG_SUBSEQUENCE_SHIFT, s);
}

static inline void cu2c_skipahead_sequence_mrg(unsigned long long n, curandStateMRG32k3a_t *s)
{
    cu2c_mrg_jump(n, CU2C_MRG_SEQUENCE_SHIFT, s);
}

static inline void cu2c_curand_init_mrg(unsigned long long seed, unsigned long long subsequence,
                                        unsigned long long offset, curandStateMRG32k3a_t *s)
{
    for (int i = 0; i < 3; i++)
        s->s1[i] = s->s2[i] = 12345u;
    if (seed != 0) {
        uint64_t x1 = (unsigned int)seed ^ 0x55555555u;
        uint64_t x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
        s->s1[0] = (unsigned int)(x1 * 12345u % CU2C_MRG_M1);
        s->s1[1] = (unsigned int)(x2 * 12345u % CU2C_MRG_M1);
        s->s1[2] = (unsigned int)(x1 * 12345u % CU2C_MRG_M1);
        s->s2[0] = (unsigned int)(x2 * 12345u % CU2C_MRG_M2);
        s->s2[1] = (unsigned int)(x1 * 12345u % CU2C_MRG_M2);
        s->s2[2] = (unsigned int)(x2 * 12345u % CU2C_MRG_M2);
    }
    cu2c_skipahead_subsequence_mrg(subsequence, s);
    cu2c_skipahead_mrg(offset, s);
    s->boxmuller_flag = 0;
    s->boxmuller_flag_double = 0;
    s->boxmuller_extra = 0.f;
    s->boxmuller_extra_double = 0.;
}

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#endif /* CU2C_CURAND_ENGINES_H */
