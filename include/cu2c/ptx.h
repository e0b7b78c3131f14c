/* cu2c/ptx.h - what the inline PTX cu2c translates becomes (translator/frontend/ptx.c
 * replaces an asm statement of an exact form by a call of one of these). Included by
 * cu2c/device.h. */
#ifndef CU2C_PTX_H
#define CU2C_PTX_H

/* Reads of PTX special registers (`mov.u64 %0, %globaltimer;`). The lane and warp take the
 * thread's indices as arguments, as thread_rank() does, so that the translator sees them
 * vary between threads. */
#ifdef __cplusplus
extern "C" {
#endif
long long cu2c_globaltimer(void);
int cu2c_smid(void);
int cu2c_nsmid(void);
#ifdef __cplusplus
}
#endif
/* %globaltimer: nanoseconds, on the clock clock64() counts cycles of (runtime/device.c) */
static inline unsigned long long __ptx_globaltimer(void) { return (unsigned long long)cu2c_globaltimer(); }
/* %laneid and %warpid: the linear thread index in the block mod and div 32, as warps are
 * formed (%warpid is a hardware slot on a GPU, only promised to identify the warp for a while) */
static inline unsigned int __ptx_lane(uint3 t, dim3 d) { return (t.x + d.x * (t.y + d.y * t.z)) & 31u; }
static inline unsigned int __ptx_warp(uint3 t, dim3 d) { return (t.x + d.x * (t.y + d.y * t.z)) >> 5; }
/* %smid, %nsmid: the worker running the block among multiProcessorCount workers */
static inline unsigned int __ptx_smid(void) { return (unsigned)cu2c_smid(); }
static inline unsigned int __ptx_nsmid(void) { return (unsigned)cu2c_nsmid(); }
/* %clock, %clock64: clock() and clock64()'s counter */
static inline unsigned int __ptx_clock(void) { return (unsigned)cu2c_clock64(); }
static inline unsigned long long __ptx_clock64(void) { return (unsigned long long)cu2c_clock64(); }
/* lop3.b32 d, a, b, c, lut: each bit of d is bit (a << 2 | b << 1 | c) of lut, those of
 * a, b and c at its place (PTX's ta = 0xF0, tb = 0xCC, tc = 0xAA: lut 0x96 is a ^ b ^ c) */
static inline unsigned int __ptx_lop3(unsigned int a, unsigned int b, unsigned int c, unsigned int lut) {
    unsigned int d = 0;
    for (unsigned int i = 0; i < 8; i++)
        if (lut >> i & 1u)
            d |= (i & 4u ? a : ~a) & (i & 2u ? b : ~b) & (i & 1u ? c : ~c);
    return d;
}

/* Loads and stores with a memory order (`ld.acquire.sys.global.u8 %0, [%1];`, `st.release...`,
 * `.relaxed`, `.volatile`, or none) and reductions and atomics (`red.global.add.u64 [%0], %1;`,
 * `atom.global.cas.b32 %0, [%1], %2, %3;`): __ptx_ld_T (acquire), __ptx_ldr_T (relaxed),
 * __ptx_st_T (release), __ptx_str_T (relaxed), __ptx_OP_T for the atomics, each returning the
 * old value (red discards it). The address is any pointer or integer, made void *. */
#define CU2C_PTX_LDST(n, T)                                                                            \
    static inline T __ptx_ld_##n(const volatile void *p) { T r; __atomic_load((T *)p, &r, __ATOMIC_ACQUIRE); return r; } \
    static inline T __ptx_ldr_##n(const volatile void *p) { T r; __atomic_load((T *)p, &r, __ATOMIC_RELAXED); return r; } \
    static inline void __ptx_st_##n(volatile void *p, T v) { __atomic_store((T *)p, &v, __ATOMIC_RELEASE); }           \
    static inline void __ptx_str_##n(volatile void *p, T v) { __atomic_store((T *)p, &v, __ATOMIC_RELAXED); }
/* an atomic read-modify-write by compare and swap: the new value NEW from the old one `o` and v */
#define CU2C_PTX_RMW(op, n, T, NEW)                                                                    \
    static inline T __ptx_##op##_##n(volatile void *p, T v) {                                         \
        T o, w;                                                                                        \
        __atomic_load((T *)p, &o, __ATOMIC_RELAXED);                                                   \
        do {                                                                                           \
            w = (NEW);                                                                                 \
        } while (!__atomic_compare_exchange((T *)p, &o, &w, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));  \
        return o;                                                                                      \
    }
#define CU2C_PTX_INT(n, T)                                                                             \
    CU2C_PTX_LDST(n, T)                                                                                \
    CU2C_PTX_RMW(add, n, T, (T)(o + v)) CU2C_PTX_RMW(min, n, T, o < v ? o : v)                         \
    CU2C_PTX_RMW(max, n, T, o > v ? o : v) CU2C_PTX_RMW(and, n, T, (T)(o & v))                         \
    CU2C_PTX_RMW(or, n, T, (T)(o | v)) CU2C_PTX_RMW(xor, n, T, (T)(o ^ v)) CU2C_PTX_RMW(exch, n, T, v) \
    static inline T __ptx_cas_##n(volatile void *p, T cmp, T v) {                                     \
        __atomic_compare_exchange((T *)p, &cmp, &v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);            \
        return cmp;                                                                                    \
    }
CU2C_PTX_INT(u8, unsigned char)
CU2C_PTX_INT(s8, signed char)
CU2C_PTX_INT(u16, unsigned short)
CU2C_PTX_INT(s16, short)
CU2C_PTX_INT(u32, unsigned int)
CU2C_PTX_INT(s32, int)
CU2C_PTX_INT(u64, unsigned long long)
CU2C_PTX_INT(s64, long long)
CU2C_PTX_LDST(f32, float)
CU2C_PTX_LDST(f64, double)
CU2C_PTX_RMW(add, f32, float, o + v)
CU2C_PTX_RMW(add, f64, double, o + v)
CU2C_PTX_RMW(exch, f32, float, v)
CU2C_PTX_RMW(exch, f64, double, v)
/* inc and dec wrap at v, as atomicInc and atomicDec do */
CU2C_PTX_RMW(inc, u32, unsigned int, o >= v ? 0u : o + 1u)
CU2C_PTX_RMW(dec, u32, unsigned int, o == 0u || o > v ? v : o - 1u)

#endif
