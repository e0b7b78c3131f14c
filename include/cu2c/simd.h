/* cu2c/simd.h - CUDA's SIMD intrinsics on the halfwords (…2) and bytes (…4) of 32-bit words:
 * each lane computed alone, as the Math API documents it and PTX's v*2/v*4 instructions
 * compute it. Signed forms read each lane sign-extended, unsigned ones zero-extended; wrap-
 * around forms keep a lane's low bits, ss/us forms saturate to the signed/unsigned lane
 * range; averages: rounded (a + b + 1) >> 1 (vavgs/vavgu, arithmetic shift), truncated
 * (a + b) >> 1 (vhaddu); comparisons: vcmp* gives an all-ones lane when true, vset* a 1; vsad*
 * the sum of the lanes' absolute differences. Plain C, for C and C++ output alike. */
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

#undef CU2C_SIMD_SAD
#undef CU2C_SIMD_UNARY
#undef CU2C_SIMD
#undef CU2C_SIMD4
#undef CU2C_SIMD2
#undef CU2C_SIMD_LANES

#endif
