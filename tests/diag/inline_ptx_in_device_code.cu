// Inline PTX in a kernel or a __device__ function would reach the host's assembler: refused
// where it is written, once per function, naming its template; no output is written. Only
// the idioms translator/frontend/ptx.c knows are translated, and only where the asm
// statement is written in the function (not in a macro).
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=error:
// RUN: not test -e %t.c
__device__ unsigned smem_size() {
    unsigned r;
    asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r));
    return r;
}
#define LANE(r) asm("mov.u32 %0, %%laneid;" : "=r"(r))
__device__ unsigned lane_id() {
    unsigned r;
    LANE(r);
    return r;
}
__global__ void k(unsigned *out, unsigned a, unsigned b) {
    unsigned v, w;
    asm("mov.u32 %0, %%laneid;" : "=r"(w));
    asm("add.u32 %0, %1,\n\t %2;" : "=r"(v) : "r"(a), "r"(b));
    out[threadIdx.x] = smem_size() + lane_id() + v + w;
}
// CHECK: [[FILE]]:10:5: error: inline assembly (PTX) "mov.u32 %0, %%dynamic_smem_size;" in device code is not supported (cu2c translates only mov.u32/.u64 %0 of %globaltimer(_lo/_hi), %laneid, %warpid, %smid, %nsmid, %clock, %clock64 ("=r" for .u32, "=l" for .u64), nanosleep.u32, membar, fence.sc/acq_rel, lop3.b32, and ld/st (relaxed, acquire/release), red and atom of scalars)
// CHECK: [[FILE]]:16:5: error: inline assembly (PTX) "mov.u32 %0, %%laneid;" written in a macro in device code is not supported (cu2c translates the PTX idioms it knows only in an asm statement written in the function itself)
// CHECK: [[FILE]]:22:5: error: inline assembly (PTX) "add.u32 %0, %1, %2;" in device code is not supported
