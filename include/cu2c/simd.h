/* cu2c/simd.h - CUDA's SIMD intrinsics on the halfwords (…2) and bytes (…4) of 32-bit words:
 * each lane computed alone, as the Math API documents it and PTX's v*2/v*4 instructions
 * compute it. Signed forms read each lane sign-extended, unsigned ones zero-extended; wrap-
 * around forms keep a lane's low bits, ss/us forms saturate to the signed/unsigned lane
 * range; averages: rounded (a + b + 1) >> 1 (vavgs/vavgu, arithmetic shift), truncated
 * (a + b) >> 1 (vhaddu); comparisons: vcmp* gives an all-ones lane when true, vset* a 1; vsad*
 * the sum of the lanes' absolute differences. Plain C, for C and C++ output alike. Also CUDA
 * 12's DPX functions (__vimax3_s32, __viaddmax_s16x2_relu, __vibmin_u32...), and __fns, the
 * bit search of PTX's fns that the SIMD and DPX families sit beside in the Math API. */
#ifndef CU2C_SIMD_H
#define CU2C_SIMD_H

static inline int cu2c_simd_sat(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static inline int cu2c_simd_abs(int v) { return v < 0 ? -v : v; }

/* One function per name over lanes of W bits (16 or 8): sa/sb the lanes signed, ua/ub
 * unsigned; SMIN/SMAX/UMAX the lane's ranges, ONES its all-ones value. */
#define CU2C_SIMD_LANES(W, body)                                                            \
    unsigned int r = 0;                                                                     \
    const int SMIN = -(1 << ((W) - 1)), SMAX = (1 << ((W) - 1)) - 1, UMAX = (1 << (W)) - 1; \
    const unsigned int ONES = (unsigned int)UMAX;                                           \
    (void)SMIN, (void)SMAX, (void)ONES;                                                     \
    for (int i = 0; i < 32; i += (W)) {                                                     \
        int ua = (int)((a >> i) & (unsigned)UMAX), ub = (int)((b >> i) & (unsigned)UMAX);   \
        int sa = ua > SMAX ? ua - UMAX - 1 : ua, sb = ub > SMAX ? ub - UMAX - 1 : ub;        \
        (void)sa, (void)sb, (void)ua, (void)ub;                                             \
        r |= ((unsigned int)(body) & (unsigned)UMAX) << i;                                  \
    }                                                                                       \
    return r;
#define CU2C_SIMD2(name, body) \
    static inline unsigned int name(unsigned int a, unsigned int b) { CU2C_SIMD_LANES(16, body) }
#define CU2C_SIMD4(name, body) \
    static inline unsigned int name(unsigned int a, unsigned int b) { CU2C_SIMD_LANES(8, body) }
#define CU2C_SIMD(name, body) CU2C_SIMD2(name##2, body) CU2C_SIMD4(name##4, body)
#define CU2C_SIMD_UNARY(name, body)                                                                   \
    static inline unsigned int name##2(unsigned int a) { const unsigned int b = 0; CU2C_SIMD_LANES(16, body) } \
    static inline unsigned int name##4(unsigned int a) { const unsigned int b = 0; CU2C_SIMD_LANES(8, body) }

CU2C_SIMD_UNARY(__vabs, cu2c_simd_abs(sa))
CU2C_SIMD_UNARY(__vabsss, cu2c_simd_sat(cu2c_simd_abs(sa), SMIN, SMAX))
CU2C_SIMD_UNARY(__vneg, -sa)
CU2C_SIMD_UNARY(__vnegss, cu2c_simd_sat(-sa, SMIN, SMAX))
CU2C_SIMD(__vadd, sa + sb)
CU2C_SIMD(__vaddss, cu2c_simd_sat(sa + sb, SMIN, SMAX))
CU2C_SIMD(__vaddus, cu2c_simd_sat(ua + ub, 0, UMAX))
CU2C_SIMD(__vsub, sa - sb)
CU2C_SIMD(__vsubss, cu2c_simd_sat(sa - sb, SMIN, SMAX))
CU2C_SIMD(__vsubus, cu2c_simd_sat(ua - ub, 0, UMAX))
CU2C_SIMD(__vavgs, (sa + sb + 1) >> 1)
CU2C_SIMD(__vavgu, (ua + ub + 1) >> 1)
CU2C_SIMD(__vhaddu, (ua + ub) >> 1)
CU2C_SIMD(__vabsdiffs, cu2c_simd_abs(sa - sb))
CU2C_SIMD(__vabsdiffu, cu2c_simd_abs(ua - ub))
CU2C_SIMD(__vmaxs, sa > sb ? sa : sb)
CU2C_SIMD(__vmaxu, ua > ub ? ua : ub)
CU2C_SIMD(__vmins, sa < sb ? sa : sb)
CU2C_SIMD(__vminu, ua < ub ? ua : ub)
CU2C_SIMD(__vcmpeq, ua == ub ? ONES : 0)
CU2C_SIMD(__vcmpne, ua != ub ? ONES : 0)
CU2C_SIMD(__vcmpges, sa >= sb ? ONES : 0)
CU2C_SIMD(__vcmpgeu, ua >= ub ? ONES : 0)
CU2C_SIMD(__vcmpgts, sa > sb ? ONES : 0)
CU2C_SIMD(__vcmpgtu, ua > ub ? ONES : 0)
CU2C_SIMD(__vcmples, sa <= sb ? ONES : 0)
CU2C_SIMD(__vcmpleu, ua <= ub ? ONES : 0)
CU2C_SIMD(__vcmplts, sa < sb ? ONES : 0)
CU2C_SIMD(__vcmpltu, ua < ub ? ONES : 0)
CU2C_SIMD(__vseteq, ua == ub)
CU2C_SIMD(__vsetne, ua != ub)
CU2C_SIMD(__vsetges, sa >= sb)
CU2C_SIMD(__vsetgeu, ua >= ub)
CU2C_SIMD(__vsetgts, sa > sb)
CU2C_SIMD(__vsetgtu, ua > ub)
CU2C_SIMD(__vsetles, sa <= sb)
CU2C_SIMD(__vsetleu, ua <= ub)
CU2C_SIMD(__vsetlts, sa < sb)
CU2C_SIMD(__vsetltu, ua < ub)

/* sums of the lanes' absolute differences */
#define CU2C_SIMD_SAD(name, W, lane)                                                        \
    static inline unsigned int name(unsigned int a, unsigned int b)                         \
    {                                                                                       \
        const int SMAX = (1 << ((W) - 1)) - 1, UMAX = (1 << (W)) - 1;                       \
        unsigned int s = 0;                                                                 \
        for (int i = 0; i < 32; i += (W)) {                                                 \
            int ua = (int)((a >> i) & (unsigned)UMAX), ub = (int)((b >> i) & (unsigned)UMAX); \
            int sa = ua > SMAX ? ua - UMAX - 1 : ua, sb = ub > SMAX ? ub - UMAX - 1 : ub;    \
            (void)sa, (void)sb;                                                             \
            s += (unsigned int)(lane);                                                      \
        }                                                                                   \
        return s;                                                                           \
    }
CU2C_SIMD_SAD(__vsads2, 16, cu2c_simd_abs(sa - sb))
CU2C_SIMD_SAD(__vsads4, 8, cu2c_simd_abs(sa - sb))
CU2C_SIMD_SAD(__vsadu2, 16, cu2c_simd_abs(ua - ub))
CU2C_SIMD_SAD(__vsadu4, 8, cu2c_simd_abs(ua - ub))

/* ---- CUDA 12's DPX functions: max/min of two or three with relu (a floor at 0), add then
 * max/min, and max/min telling which operand won; on ints, unsigned ints, and the two
 * halfwords of a word (s16x2 signed, u16x2 unsigned), each alone ---- */
#ifdef __cplusplus
#define CU2C_DPX_BOOL bool
#else
#define CU2C_DPX_BOOL _Bool
#endif
static inline int cu2c_dpx_max(int a, int b) { return a > b ? a : b; }
static inline int cu2c_dpx_min(int a, int b) { return a < b ? a : b; }
static inline unsigned int cu2c_dpx_umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
static inline unsigned int cu2c_dpx_umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
/* a halfword of v, signed or not; two halfwords made a word */
static inline int cu2c_dpx_s16(unsigned int v, int hi) { return (int)(short)(unsigned short)(v >> (hi ? 16 : 0)); }
static inline int cu2c_dpx_u16(unsigned int v, int hi) { return (int)(unsigned short)(v >> (hi ? 16 : 0)); }
static inline unsigned int cu2c_dpx_word(int lo, int hi) { return ((unsigned int)lo & 0xffffu) | ((unsigned int)hi << 16); }
#define CU2C_DPX_S16(f, a, b) cu2c_dpx_word(f(cu2c_dpx_s16(a, 0), cu2c_dpx_s16(b, 0)), f(cu2c_dpx_s16(a, 1), cu2c_dpx_s16(b, 1)))
#define CU2C_DPX_U16(f, a, b) cu2c_dpx_word(f(cu2c_dpx_u16(a, 0), cu2c_dpx_u16(b, 0)), f(cu2c_dpx_u16(a, 1), cu2c_dpx_u16(b, 1)))
static inline int cu2c_dpx_relu(int v, int zero) { (void)zero; return v > 0 ? v : 0; }

static inline int __vimax_s32_relu(int a, int b) { return cu2c_dpx_relu(cu2c_dpx_max(a, b), 0); }
static inline int __vimin_s32_relu(int a, int b) { return cu2c_dpx_relu(cu2c_dpx_min(a, b), 0); }
static inline unsigned int __vimax_s16x2_relu(unsigned int a, unsigned int b) {
    return CU2C_DPX_S16(cu2c_dpx_relu, CU2C_DPX_S16(cu2c_dpx_max, a, b), 0u);
}
static inline unsigned int __vimin_s16x2_relu(unsigned int a, unsigned int b) {
    return CU2C_DPX_S16(cu2c_dpx_relu, CU2C_DPX_S16(cu2c_dpx_min, a, b), 0u);
}
static inline int __vimax3_s32(int a, int b, int c) { return cu2c_dpx_max(cu2c_dpx_max(a, b), c); }
static inline int __vimin3_s32(int a, int b, int c) { return cu2c_dpx_min(cu2c_dpx_min(a, b), c); }
static inline int __vimax3_s32_relu(int a, int b, int c) { return cu2c_dpx_relu(__vimax3_s32(a, b, c), 0); }
static inline int __vimin3_s32_relu(int a, int b, int c) { return cu2c_dpx_relu(__vimin3_s32(a, b, c), 0); }
static inline unsigned int __vimax3_u32(unsigned int a, unsigned int b, unsigned int c) { return cu2c_dpx_umax(cu2c_dpx_umax(a, b), c); }
static inline unsigned int __vimin3_u32(unsigned int a, unsigned int b, unsigned int c) { return cu2c_dpx_umin(cu2c_dpx_umin(a, b), c); }
static inline unsigned int __vimax3_s16x2(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_S16(cu2c_dpx_max, CU2C_DPX_S16(cu2c_dpx_max, a, b), c);
}
static inline unsigned int __vimin3_s16x2(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_S16(cu2c_dpx_min, CU2C_DPX_S16(cu2c_dpx_min, a, b), c);
}
static inline unsigned int __vimax3_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_S16(cu2c_dpx_relu, __vimax3_s16x2(a, b, c), 0u);
}
static inline unsigned int __vimin3_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_S16(cu2c_dpx_relu, __vimin3_s16x2(a, b, c), 0u);
}
static inline unsigned int __vimax3_u16x2(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_U16(cu2c_dpx_max, CU2C_DPX_U16(cu2c_dpx_max, a, b), c);
}
static inline unsigned int __vimin3_u16x2(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_U16(cu2c_dpx_min, CU2C_DPX_U16(cu2c_dpx_min, a, b), c);
}
/* a + b (wrapping, per halfword for x2) then max or min with c */
static inline int __viaddmax_s32(int a, int b, int c) { return cu2c_dpx_max((int)((unsigned int)a + (unsigned int)b), c); }
static inline int __viaddmin_s32(int a, int b, int c) { return cu2c_dpx_min((int)((unsigned int)a + (unsigned int)b), c); }
static inline int __viaddmax_s32_relu(int a, int b, int c) { return cu2c_dpx_relu(__viaddmax_s32(a, b, c), 0); }
static inline int __viaddmin_s32_relu(int a, int b, int c) { return cu2c_dpx_relu(__viaddmin_s32(a, b, c), 0); }
static inline unsigned int __viaddmax_u32(unsigned int a, unsigned int b, unsigned int c) { return cu2c_dpx_umax(a + b, c); }
static inline unsigned int __viaddmin_u32(unsigned int a, unsigned int b, unsigned int c) { return cu2c_dpx_umin(a + b, c); }
static inline unsigned int __viaddmax_s16x2(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_S16(cu2c_dpx_max, __vadd2(a, b), c);
}
static inline unsigned int __viaddmin_s16x2(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_S16(cu2c_dpx_min, __vadd2(a, b), c);
}
static inline unsigned int __viaddmax_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_S16(cu2c_dpx_relu, __viaddmax_s16x2(a, b, c), 0u);
}
static inline unsigned int __viaddmin_s16x2_relu(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_S16(cu2c_dpx_relu, __viaddmin_s16x2(a, b, c), 0u);
}
static inline unsigned int __viaddmax_u16x2(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_U16(cu2c_dpx_max, __vadd2(a, b), c);
}
static inline unsigned int __viaddmin_u16x2(unsigned int a, unsigned int b, unsigned int c) {
    return CU2C_DPX_U16(cu2c_dpx_min, __vadd2(a, b), c);
}
/* max (min) and whether a is the one taken: a >= b (a <= b) */
static inline int __vibmax_s32(int a, int b, CU2C_DPX_BOOL *pred) { *pred = a >= b; return cu2c_dpx_max(a, b); }
static inline int __vibmin_s32(int a, int b, CU2C_DPX_BOOL *pred) { *pred = a <= b; return cu2c_dpx_min(a, b); }
static inline unsigned int __vibmax_u32(unsigned int a, unsigned int b, CU2C_DPX_BOOL *pred) { *pred = a >= b; return cu2c_dpx_umax(a, b); }
static inline unsigned int __vibmin_u32(unsigned int a, unsigned int b, CU2C_DPX_BOOL *pred) { *pred = a <= b; return cu2c_dpx_umin(a, b); }
static inline unsigned int __vibmax_s16x2(unsigned int a, unsigned int b, CU2C_DPX_BOOL *hi, CU2C_DPX_BOOL *lo) {
    *hi = cu2c_dpx_s16(a, 1) >= cu2c_dpx_s16(b, 1);
    *lo = cu2c_dpx_s16(a, 0) >= cu2c_dpx_s16(b, 0);
    return CU2C_DPX_S16(cu2c_dpx_max, a, b);
}
static inline unsigned int __vibmin_s16x2(unsigned int a, unsigned int b, CU2C_DPX_BOOL *hi, CU2C_DPX_BOOL *lo) {
    *hi = cu2c_dpx_s16(a, 1) <= cu2c_dpx_s16(b, 1);
    *lo = cu2c_dpx_s16(a, 0) <= cu2c_dpx_s16(b, 0);
    return CU2C_DPX_S16(cu2c_dpx_min, a, b);
}
static inline unsigned int __vibmax_u16x2(unsigned int a, unsigned int b, CU2C_DPX_BOOL *hi, CU2C_DPX_BOOL *lo) {
    *hi = cu2c_dpx_u16(a, 1) >= cu2c_dpx_u16(b, 1);
    *lo = cu2c_dpx_u16(a, 0) >= cu2c_dpx_u16(b, 0);
    return CU2C_DPX_U16(cu2c_dpx_max, a, b);
}
static inline unsigned int __vibmin_u16x2(unsigned int a, unsigned int b, CU2C_DPX_BOOL *hi, CU2C_DPX_BOOL *lo) {
    *hi = cu2c_dpx_u16(a, 1) <= cu2c_dpx_u16(b, 1);
    *lo = cu2c_dpx_u16(a, 0) <= cu2c_dpx_u16(b, 0);
    return CU2C_DPX_U16(cu2c_dpx_min, a, b);
}
#undef CU2C_DPX_S16
#undef CU2C_DPX_U16
#undef CU2C_DPX_BOOL

/* __fns(mask, base, offset): the position of the offset-th set bit of mask counting from bit
 * base up (offset > 0) or down (offset < 0), base itself when offset is 0 and that bit is
 * set; 0xffffffff when there is none (PTX's fns; a base past 31 finds nothing). */
static inline unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
    if (base > 31)
        return 0xffffffffu;
    if (offset == 0)
        return (mask >> base & 1u) ? base : 0xffffffffu;
    int inc = offset > 0 ? 1 : -1;
    unsigned int count = offset > 0 ? (unsigned int)offset - 1u : (unsigned int)(-(long long)offset) - 1u;
    for (int pos = (int)base; pos >= 0 && pos < 32; pos += inc)
        if (mask >> pos & 1u) {
            if (count == 0)
                return (unsigned int)pos;
            count--;
        }
    return 0xffffffffu;
}

#undef CU2C_SIMD_SAD
#undef CU2C_SIMD_UNARY
#undef CU2C_SIMD
#undef CU2C_SIMD4
#undef CU2C_SIMD2
#undef CU2C_SIMD_LANES

#endif
