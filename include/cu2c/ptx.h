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

#endif
