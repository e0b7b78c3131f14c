/* cu2c/fiber_switch.h - the fiber engine's switch, and the part of its state that a barrier's
 * fast path reads (runtime/fibers.c owns both and does everything else).
 *
 * A plain __syncthreads() in a fiber kernel is inlined: the thread marks itself waiting and,
 * when the next thread of the block can run (nearly always), jumps straight into it. The
 * jump names every register clobbered, so the compiler keeps across it only what the kernel
 * has live, where a call into the runtime saved every callee-saved register three times over
 * (2.2x faster on make bench's SGEMM). Anything else (the last thread of a round, a thread
 * that cannot run) goes to the runtime's cu2c_fiber_stop_next(). */
#ifndef CU2C_FIBER_SWITCH_H
#define CU2C_FIBER_SWITCH_H

#include <stddef.h>
#include "kernel.h"
#include "fiber_ops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a switched-out context goes on: its stack and frame pointers and the address to jump
 * to (every other register is saved by the context itself, see cu2c_fiber_jump). */
typedef struct cu2c_fiber_ctx {
    void *sp, *bp, *pc;
} cu2c_fiber_ctx;

/* A fiber's state */
enum { CU2C_FS_RUN, CU2C_FS_SPIN, CU2C_FS_BAR, CU2C_FS_WARP, CU2C_FS_TILE, CU2C_FS_DONE };

/* The first members of every fiber of a block (runtime/fibers.c's rt_fiber). */
typedef struct cu2c_fiber_head {
    cu2c_fiber_ctx ctx;         /* while switched out */
    unsigned char state;        /* CU2C_FS_* */
    uint3 tid;
    int op, pred;               /* the barrier or warp call it waits at: kind, predicate */
    const char *where;          /* its place: "FILE:LINE", or (where_pc) an address in the
                                 * kernel's code (a cooperative group's call) */
    int where_pc;
    int arg, width;             /* a warp call's: source lane, delta or lane mask; segment */
    unsigned mask, size;        /* the lanes it names; bytes of value */
    int *match_pred;            /* __match_all_sync's predicate */
    unsigned char value[16];    /* the lane's value */
    unsigned char result_value[16]; /* a shuffle's result */
    unsigned long long result;  /* the call's result */
} cu2c_fiber_head;

/* The block of fibers a worker runs now. */
typedef struct cu2c_fiber_block {
    char *f;                    /* fiber i's head at f + i * fiber_size */
    size_t fiber_size;
    size_t n, live;             /* the block's threads, those not exited */
    size_t cur;                 /* the fiber running */
    size_t count[CU2C_FS_DONE + 1]; /* fibers in each state, but the running one */
    int running;                /* a block's fibers run on this worker now */
} cu2c_fiber_block;

#if defined(__GNUC__) && (!defined(__PIC__) || defined(__PIE__))
extern __thread cu2c_fiber_block cu2c_fiber_now __attribute__((tls_model("local-exec")));
#else
extern __thread cu2c_fiber_block cu2c_fiber_now;
#endif

/* The running fiber (its state set and counted) gives way: to the next that can run, or to
 * the worker's scheduler. Returns when it is resumed. */
void cu2c_fiber_stop_next(void);
/* The same at a warp call: the warp's call settles here when the fiber is the last of its
 * lanes that could run. */
void cu2c_fiber_warp_stop(void);
/* The slow paths' entries (cu2c/fiber.h, cu2c/fiber_ops.h) */
int cu2c_fiber_sync(int op, int pred, const char *where);
unsigned long long cu2c_fiber_warp(int op, unsigned mask, void *v, unsigned size, int arg, int width, int *pred,
                                   const char *where);

/* The running fiber f of block b stops at a call: its state (counted), the call's kind and
 * predicate, and its place. The inline calls below and the runtime's entries record alike. */
static inline __attribute__((always_inline)) void cu2c_fiber_note(cu2c_fiber_block *b, cu2c_fiber_head *f, int state,
                                                                  int op, int pred, const char *where, int where_pc)
{
    f->state = (unsigned char)state;
    f->op = op;
    f->pred = pred;
    f->where = where;
    f->where_pc = where_pc;
    b->count[state]++;
}

/* The same at a warp call: also its arguments and the lane's value (size bytes at v). */
static inline __attribute__((always_inline)) void cu2c_fiber_note_warp(cu2c_fiber_block *b, cu2c_fiber_head *f,
                                                                       int op, unsigned mask, const void *v,
                                                                       unsigned size, int arg, int width,
                                                                       int *match_pred, const char *where,
                                                                       int where_pc)
{
    f->mask = mask;
    f->size = size;
    f->arg = arg;
    f->width = width;
    f->match_pred = match_pred;
    if (size)
        __builtin_memcpy(f->value, v, size);
    cu2c_fiber_note(b, f, CU2C_FS_WARP, op, 0, where, where_pc);
}

/* A warp call's result, once the fiber goes on: a shuffle's value into v, the others' returned */
static inline __attribute__((always_inline)) unsigned long long cu2c_fiber_warp_result(const cu2c_fiber_head *f,
                                                                                       int op, void *v,
                                                                                       unsigned size)
{
    if (op <= CU2C_FW_SHFL_XOR && size)
        __builtin_memcpy(v, f->result_value, size);
    return f->result;
}

/* Inlined switches need x86-64 and no sanitizer following the stacks (ThreadSanitizer's
 * fibers are switched in the runtime). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_THREAD__) && !defined(__SANITIZE_ADDRESS__)
#define CU2C_FIBER_INLINE 1
#endif

#if defined(__x86_64__) && defined(__GNUC__)
#if defined(__AVX512F__)
#define CU2C_FIBER_CLOBBER_HIGH , "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", \
    "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "k1", "k2", "k3", "k4", "k5", "k6", "k7"
#else
#define CU2C_FIBER_CLOBBER_HIGH
#endif
/* Saves this context's stack and frame pointers and its resume address into *from and goes on
 * at *to. Every other register is named clobbered, so the compiler saves (on this fiber's
 * stack) just the values live across the jump. The stack below rsp is not touched: a leaf
 * function's red zone stays as it was. The x87 and SSE control words are the worker's. */
static inline __attribute__((always_inline)) void cu2c_fiber_jump(cu2c_fiber_ctx *from, cu2c_fiber_ctx *to)
{
    __asm__ volatile("movq %%rbp, 8(%0)\n\t"
                     "leaq 1f(%%rip), %%rax\n\t"
                     "movq %%rax, 16(%0)\n\t"
                     "movq %%rsp, (%0)\n\t"
                     "movq 16(%1), %%rax\n\t"
                     "movq (%1), %%rsp\n\t"
                     "movq 8(%1), %%rbp\n\t"
                     "jmpq *%%rax\n"
                     "1:"
                     : "+D"(from), "+S"(to)
                     :
                     : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "memory",
                       "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
                       "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "st", "st(1)", "st(2)", "st(3)", "st(4)",
                       "st(5)", "st(6)", "st(7)" CU2C_FIBER_CLOBBER_HIGH);
}
#endif

#ifdef CU2C_FIBER_INLINE
/* An address in the code of the place it is written, a place of its own wherever the compiler
 * copies it (the where of a cooperative group's call, see runtime/fibers.c's rt_where). */
#define CU2C_FIBER_HERE() \
    __extension__({ const char *__cu2c_pc; __asm__ volatile("leaq 1f(%%rip), %0\n1:" : "=r"(__cu2c_pc)); __cu2c_pc; })

/* The running fiber stops (its state set and counted): the next of the block runs when it
 * can, in index order, else (last_lane: also the last of a warp) the runtime decides. */
static inline __attribute__((always_inline)) void cu2c_fiber_stop(cu2c_fiber_block *b, cu2c_fiber_head *f,
                                                                  int last_lane)
{
    cu2c_fiber_head *to = (cu2c_fiber_head *)((char *)f + b->fiber_size);
    if (__builtin_expect(!last_lane && b->cur + 1 < b->n && to->state <= CU2C_FS_SPIN, 1)) {
        b->cur++;
        b->count[to->state]--;
        cu2c_tls.threadIdx = to->tid;
        cu2c_fiber_jump(&f->ctx, &to->ctx);
    } else if (last_lane) {
        cu2c_fiber_warp_stop();
    } else {
        cu2c_fiber_stop_next();
    }
}

/* __syncthreads() (where_pc 0: where is "FILE:LINE") or a group's sync (where_pc 1). */
static inline __attribute__((always_inline)) void cu2c_fiber_barrier_at(const char *where, int where_pc)
{
    cu2c_fiber_block *b = &cu2c_fiber_now;
    if (__builtin_expect(!b->running, 0)) {
        if (where_pc)
            cu2c_fiber_group_sync();   /* says what went wrong */
        return;
    }
    cu2c_fiber_head *f = (cu2c_fiber_head *)(b->f + b->cur * b->fiber_size);
    cu2c_fiber_note(b, f, CU2C_FS_BAR, CU2C_FB_SYNC, 1, where, where_pc);
    cu2c_fiber_stop(b, f, 0);
}
#define cu2c_fiber_barrier(where) cu2c_fiber_barrier_at(where, 0)

/* A warp call, as cu2c_fiber_warp (where_pc 0) or cu2c_fiber_group_warp (where_pc 1) make it:
 * lanes 0..30 of a warp go on to the next lane; its last settles the call. */
static inline __attribute__((always_inline)) unsigned long long
cu2c_fiber_warp_at(int op, unsigned mask, void *v, unsigned size, int arg, int width, int *pred, const char *where,
                   int where_pc)
{
    cu2c_fiber_block *b = &cu2c_fiber_now;
    if (__builtin_expect(!b->running || size > 16, 0))
        return where_pc ? cu2c_fiber_group_warp(op, mask, v, size, arg, width, pred)
                        : cu2c_fiber_warp(op, mask, v, size, arg, width, pred, where);
    cu2c_fiber_head *f = (cu2c_fiber_head *)(b->f + b->cur * b->fiber_size);
    cu2c_fiber_note_warp(b, f, op, mask, v, size, arg, width, pred, where, where_pc);
    cu2c_fiber_stop(b, f, (b->cur & 31) == 31 || b->cur + 1 == b->n);
    return cu2c_fiber_warp_result(f, op, v, size);
}
#endif

#ifdef __cplusplus
}
#endif

#endif
