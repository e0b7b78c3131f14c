/* runtime/fibers.c - the fiber engine: a block's CUDA threads as user-space fibers on the
 * worker running the block (passes/fiber_kernel.c makes the kernels, cu2c/fiber.h the calls).
 *
 * Each thread runs the kernel's body on a stack of its own (CU2C_FIBER_STACK bytes, 256 KiB by
 * default, from the worker's own mapping, with a guard page below each: an overflow is an
 * illegal address, as on a worker's stack). The worker's scheduler runs the fibers in turn,
 * in the order of their linear thread index; each runs until it waits: at a barrier, at a warp
 * function, in a spin-wait (or __nanosleep), or until it exits, and then jumps into the next
 * (a plain barrier and the warp functions do that inline, cu2c/fiber_switch.h). The last lane
 * of a warp to stop at a warp function settles the call at once, and the warp goes on. When
 * every fiber has stopped:
 * - a warp function's lanes go on once every lane its masks name has come to it (or exited),
 *   with the results computed as on the GPU (shuffles reading a lane that is not there read
 *   zero, as the thread-loop engine's, cu2c/warp.h);
 * - else a barrier completes once every thread that has not exited waits at one (Volta's
 *   rule; at any __syncthreads*, which the GPU's all are: barrier 0);
 * - threads waiting at a barrier and at a warp function whose lanes never all come end the
 *   kernel with cudaErrorLaunchFailure and a located message, as compute-sanitizer's
 *   synccheck would report them. Nothing hangs: a spin-wait that never ends is
 *   cu2c_spin_wait's timeout. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "internal.h"
#include "cu2c/fiber.h"
#include "cu2c/warp.h"

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

/* Under ThreadSanitizer (libcu2c-race.a, CU2C_CHECK=race) each fiber is one of its fibers,
 * and every switch orders what came before it for the next. */
#if defined(__SANITIZE_THREAD__)
void *__tsan_get_current_fiber(void);
void *__tsan_create_fiber(unsigned flags);
void __tsan_destroy_fiber(void *fiber);
void __tsan_switch_to_fiber(void *fiber, unsigned flags);
#define RT_TSAN_SWITCH(to) __tsan_switch_to_fiber((to), 0)
#else
#define RT_TSAN_SWITCH(to) ((void)0)
#endif

/* A fiber: the head the inline calls use (cu2c/fiber_switch.h), then the rest. */
typedef struct rt_fiber {
    cu2c_fiber_head h;          /* its context, state, threadIdx, the call it waits at, its values */
#if !defined(__x86_64__)
    ucontext_t uctx;
#endif
    unsigned tile;              /* a tile's call (CU2C_FS_TILE): the tile's size */
    long long clk, clk_read, clk_back; /* its clock, the time it read it, the time it went on */
    void *tsan;                 /* its ThreadSanitizer fiber (see RT_TSAN_SWITCH) */
} rt_fiber;

/* A worker's fibers and their stacks, kept from block to block (with cu2c_fiber_now: the
 * block running, its threads' states). */
typedef struct rt_fibers {
    rt_fiber *f;
    size_t cap;                 /* fibers with a stack */
    char *stacks;               /* cap * stride bytes, a guard page at the bottom of each */
    size_t stride, stack;
    unsigned char *gather;      /* the values a tile's call gathered, 16 bytes a thread */
    unsigned char *here;        /* and which threads came to it */
    void (*body)(void **, cu2c_block *);
    void **args;
    cu2c_block *blk;
    unsigned early_left;        /* warp calls this round may settle early (rt_warp_settles_here) */
#if defined(__x86_64__)
    cu2c_fiber_ctx main_ctx;    /* the scheduler's, while a fiber runs */
#else
    ucontext_t main_ctx;
#endif
    void *tsan_main;            /* the worker's own ThreadSanitizer fiber */
} rt_fibers;

__thread cu2c_fiber_block cu2c_fiber_now;
static __thread rt_fibers rt_fb;

#define RT_WARP_EARLY 4096   /* see rt_warp_settles_here */

/* ---- switching -------------------------------------------------------------------------- */

#if defined(__x86_64__)
/* rt_fiber_switch(save, to): saves the callee-saved registers on this stack and the context
 * into *save, then goes on at *to; the same protocol as cu2c_fiber_jump, whose contexts it
 * resumes and which resumes its. The SSE and x87 control words are the worker's for all its
 * fibers (loading them costs more than the rest of a switch). */
void rt_fiber_switch(cu2c_fiber_ctx *save, cu2c_fiber_ctx *to);
void rt_fiber_start(void);
__asm__(".text\n"
        ".globl rt_fiber_switch\n.type rt_fiber_switch,@function\n"
        "rt_fiber_switch:\n"
        "  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rbp, 8(%rdi)\n  leaq 1f(%rip), %rax\n  movq %rax, 16(%rdi)\n  movq %rsp, (%rdi)\n"
        "  movq 16(%rsi), %rax\n  movq (%rsi), %rsp\n  movq 8(%rsi), %rbp\n  jmpq *%rax\n"
        "1:\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n"
        "  ret\n"
        ".size rt_fiber_switch, .-rt_fiber_switch\n"
        /* a new fiber's first jump lands here, with a 16-aligned stack */
        ".globl rt_fiber_start\n.type rt_fiber_start,@function\n"
        "rt_fiber_start:\n"
        "  callq rt_fiber_main\n  ud2\n"
        ".size rt_fiber_start, .-rt_fiber_start\n");
#endif

void rt_fiber_main(void);

/* Prepares fiber i to start at rt_fiber_main on its stack. */
static void rt_fiber_init(rt_fibers *fb, size_t i)
{
    char *top = fb->stacks + (i + 1) * fb->stride;
#if defined(__x86_64__)
    /* rt_fiber_start calls rt_fiber_main from a 16-aligned stack */
    cu2c_fiber_ctx *c = &fb->f[i].h.ctx;
    c->sp = (void *)((uintptr_t)(top - 64) & ~(uintptr_t)15);
    c->bp = NULL;
    c->pc = (void *)(uintptr_t)rt_fiber_start;
#else
    ucontext_t *c = &fb->f[i].uctx;
    getcontext(c);
    c->uc_stack.ss_sp = top - fb->stack;
    c->uc_stack.ss_size = fb->stack;
    c->uc_link = NULL;
    makecontext(c, (void (*)(void))rt_fiber_main, 0);
#endif
}

/* Into fiber j, from fiber `from` or from the scheduler (from == NULL). */
static inline __attribute__((always_inline)) void rt_enter(rt_fibers *fb, rt_fiber *from, size_t j)
{
    rt_fiber *to = &fb->f[j];
    cu2c_fiber_now.cur = j;
    cu2c_fiber_now.count[to->h.state]--;
    cu2c_tls.threadIdx = to->h.tid;
    RT_TSAN_SWITCH(to->tsan);
#if defined(__x86_64__)
    rt_fiber_switch(from ? &from->h.ctx : &fb->main_ctx, &to->h.ctx);
#else
    swapcontext(from ? &from->uctx : &fb->main_ctx, &to->uctx);
#endif
}

/* The running fiber, its state set and counted, gives way: to the next fiber of this round
 * that can run (a higher index), or to the scheduler when there is none. Returns when the
 * fiber is resumed. */
static inline __attribute__((always_inline)) void rt_next(rt_fibers *fb)
{
    size_t i = cu2c_fiber_now.cur, j = i + 1;
    rt_fiber *f = &fb->f[i];
    while (j < cu2c_fiber_now.n && fb->f[j].h.state > CU2C_FS_SPIN)
        j++;
    if (j < cu2c_fiber_now.n) {
        rt_enter(fb, f, j);
        return;
    }
    RT_TSAN_SWITCH(fb->tsan_main);
#if defined(__x86_64__)
    rt_fiber_switch(&f->h.ctx, &fb->main_ctx);
#else
    swapcontext(&f->uctx, &fb->main_ctx);
#endif
}

/* The running fiber stops, in state (see rt_next). */
static inline __attribute__((always_inline)) void rt_stop(rt_fibers *fb, int state)
{
    fb->f[cu2c_fiber_now.cur].h.state = (unsigned char)state;
    cu2c_fiber_now.count[state]++;
    rt_next(fb);
}

void cu2c_fiber_stop_next(void)
{
    rt_next(&rt_fb);
}

static int rt_warp_settles_here(rt_fibers *fb);

void cu2c_fiber_warp_stop(void)
{
    if (!rt_warp_settles_here(&rt_fb))
        rt_next(&rt_fb);
}

/* Each fiber's first and only frame on its stack (from rt_fiber_start or makecontext). */
__attribute__((visibility("hidden"), used)) void rt_fiber_main(void)
{
    rt_fibers *fb = &rt_fb;
    fb->body(fb->args, fb->blk);
    cu2c_fiber_now.live--;
    rt_stop(fb, CU2C_FS_DONE);
    abort();   /* a finished fiber is never resumed */
}

/* ---- stacks ----------------------------------------------------------------------------- */

static size_t rt_fiber_stack_size(void)
{
    const char *env = getenv("CU2C_FIBER_STACK");
    size_t n = 256 * 1024;
    if (env && *env) {
        char *end;
        unsigned long long v = strtoull(env, &end, 10);
        if (*end == 'k' || *end == 'K')
            v <<= 10;
        else if (*end == 'm' || *end == 'M')
            v <<= 20;
        if (v >= 16 * 1024)
            n = (size_t)v;
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (n + page - 1) / page * page;
}

/* Fibers and stacks for n threads; false when the memory cannot be had. */
static int rt_fibers_reserve(rt_fibers *fb, size_t n)
{
    if (n <= fb->cap)
        return 1;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (!fb->stack)
        fb->stack = rt_fiber_stack_size();
    size_t stride = fb->stack + page;
    rt_fiber *f = realloc(fb->f, n * sizeof *f);
    if (!f)
        return 0;
    memset(f + fb->cap, 0, (n - fb->cap) * sizeof *f);
    fb->f = f;
    /* a tile's slots reach past the block's last thread when the tile does (up to 1024) */
    size_t slots = n < 1024 ? 1024 : n;
    unsigned char *gather = realloc(fb->gather, slots * 16), *here = gather ? realloc(fb->here, slots) : NULL;
    if (gather)
        fb->gather = gather;
    if (here)
        fb->here = here;
    if (!gather || !here)
        return 0;
    char *s = mmap(NULL, n * stride, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (s == MAP_FAILED)
        return 0;
    for (size_t i = 0; i < n; i++)
        mprotect(s + i * stride, page, PROT_NONE);
    if (fb->stacks)
        munmap(fb->stacks, fb->cap * fb->stride);
    fb->stacks = s;
    fb->stride = stride;
    fb->cap = n;
    return 1;
}

/* ---- warp functions --------------------------------------------------------------------- */

static unsigned long long rt_get(const rt_fiber *f)
{
    unsigned long long v = 0;
    memcpy(&v, f->h.value, f->h.size < sizeof v ? f->h.size : sizeof v);
    return v;
}

static long long rt_signed(const rt_fiber *f)
{
    return f->h.size == 4 ? (long long)(int)rt_get(f) : (long long)rt_get(f);
}

/* The results of the lanes `group` (bits of warp w0..w0+31) waiting at one call. */
static void rt_warp_results(rt_fibers *fb, size_t w0, unsigned group)
{
    rt_fiber *lanes = fb->f + w0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(group >> l & 1))
            continue;
        rt_fiber *f = &lanes[l];
        unsigned in = f->h.mask & group;    /* the named lanes that are here */
        switch (f->h.op) {
        case CU2C_FW_SHFL: case CU2C_FW_SHFL_UP: case CU2C_FW_SHFL_DOWN: case CU2C_FW_SHFL_XOR: {
            static const int kind[] = {CU2C_SHFL_IDX, CU2C_SHFL_UP, CU2C_SHFL_DOWN, CU2C_SHFL_XOR};
            size_t j = (size_t)cu2c_shfl_src(kind[f->h.op], (int)l, f->h.arg, f->h.width);
            if (w0 + j >= cu2c_fiber_now.n)
                memcpy(f->h.result_value, f->h.value, sizeof f->h.value);
            else if (!(group >> j & 1))
                memset(f->h.result_value, 0, f->h.size);
            else
                memcpy(f->h.result_value, lanes[j].h.value, sizeof f->h.value);
            break;
        }
        case CU2C_FW_BALLOT: case CU2C_FW_ANY: case CU2C_FW_ALL: {
            unsigned set = 0;
            for (unsigned m = 0; m < 32; m++)
                if ((in >> m & 1) && lanes[m].h.arg)
                    set |= 1u << m;
            f->h.result = f->h.op == CU2C_FW_BALLOT ? set : f->h.op == CU2C_FW_ANY ? set != 0 : set == in;
            break;
        }
        case CU2C_FW_ACTIVEMASK: f->h.result = group; break;
        case CU2C_FW_SYNCWARP: case CU2C_FW_STEP: f->h.result = 0; break;
        case CU2C_FW_MATCH_ANY: case CU2C_FW_MATCH_ALL: {
            unsigned same = 0;
            for (unsigned m = 0; m < 32; m++)
                if ((in >> m & 1) && memcmp(lanes[m].h.value, f->h.value, f->h.size) == 0)
                    same |= 1u << m;
            if (f->h.op == CU2C_FW_MATCH_ANY) {
                f->h.result = same;
            } else {
                f->h.result = same == in ? in : 0;
                if (f->h.match_pred)
                    *f->h.match_pred = same == in;
            }
            break;
        }
        default: {   /* __reduce_*_sync over int (arg: signed) or unsigned int */
            long long acc = f->h.op == CU2C_FW_REDUCE_AND ? -1 : 0;
            int first = 1;
            for (unsigned m = 0; m < 32; m++) {
                if (!(in >> m & 1))
                    continue;
                long long v = f->h.arg ? rt_signed(&lanes[m]) : (long long)(unsigned)rt_get(&lanes[m]);
                switch (f->h.op) {
                case CU2C_FW_REDUCE_ADD: acc += v; break;
                case CU2C_FW_REDUCE_MIN: acc = first || v < acc ? v : acc; break;
                case CU2C_FW_REDUCE_MAX: acc = first || v > acc ? v : acc; break;
                case CU2C_FW_REDUCE_AND: acc &= v; break;
                case CU2C_FW_REDUCE_OR: acc |= v; break;
                default: acc ^= v; break;
                }
                first = 0;
            }
            f->h.result = (unsigned long long)acc;
            break;
        }
        }
    }
    for (unsigned l = 0; l < 32; l++)
        if (group >> l & 1)
            lanes[l].h.state = CU2C_FS_RUN;
    unsigned k = (unsigned)__builtin_popcount(group);
    cu2c_fiber_now.count[CU2C_FS_WARP] -= k;
    cu2c_fiber_now.count[CU2C_FS_RUN] += k;
}

/* Lets go the lanes of warp w0 whose call can complete: those waiting at one place whose
 * masks name only lanes waiting there too, or exited. Of the lanes at warp steps' meetings
 * (CU2C_FW_STEP), only those at the first in the kernel's order go: lanes that took a branch
 * the others skipped step through it first, as a warp runs a divergent branch before it
 * reconverges. Returns whether any went. */
static int rt_warp_release(rt_fibers *fb, size_t w0)
{
    size_t end = w0 + 32 < cu2c_fiber_now.n ? w0 + 32 : cu2c_fiber_now.n;
    unsigned waiting = 0, ready = 0;
    unsigned done = end - w0 < 32 ? ~0u << (end - w0) : 0;   /* lanes past the block: none */
    for (size_t i = w0; i < end; i++) {
        if (fb->f[i].h.state == CU2C_FS_WARP)
            waiting |= 1u << (i - w0);
        else if (fb->f[i].h.state == CU2C_FS_DONE)
            done |= 1u << (i - w0);
    }
    unsigned left = waiting, step_group = 0;
    int step_order = 0;
    while (left) {
        unsigned l = (unsigned)__builtin_ctz(left);
        const char *where = fb->f[w0 + l].h.where;
        unsigned group = 0, named = 0;
        for (unsigned m = l; m < 32; m++) {
            rt_fiber *g = &fb->f[w0 + m];
            if ((left >> m & 1) && g->h.where == where) {
                group |= 1u << m;
                if (g->h.op != CU2C_FW_ACTIVEMASK)
                    named |= g->h.mask;
            }
        }
        left &= ~group;
        if (fb->f[w0 + l].h.op == CU2C_FW_STEP) {
            if (!step_group || fb->f[w0 + l].h.arg < step_order) {
                step_group = group;
                step_order = fb->f[w0 + l].h.arg;
            }
        } else if ((named & ~(group | done)) == 0) {
            rt_warp_results(fb, w0, group);
            ready |= group;
        }
    }
    if (step_group) {
        rt_warp_results(fb, w0, step_group);
        ready |= step_group;
    }
    return ready != 0;
}

/* Lets go the tiles whose threads that have not exited all wait at one call of
 * cu2c_fiber_group_tile: their values go to the tile's slots of fb->gather. Returns whether
 * any went. */
static int rt_tile_release(rt_fibers *fb)
{
    int released = 0;
    for (size_t i = 0; i < cu2c_fiber_now.n; i++) {
        const rt_fiber *f = &fb->f[i];
        if (f->h.state != CU2C_FS_TILE)
            continue;
        size_t t0 = i & ~(size_t)(f->tile - 1), end = t0 + f->tile < cu2c_fiber_now.n ? t0 + f->tile : cu2c_fiber_now.n;
        int ready = 1;
        for (size_t j = t0; j < end && ready; j++)
            ready = fb->f[j].h.state == CU2C_FS_DONE || (fb->f[j].h.state == CU2C_FS_TILE && fb->f[j].h.where == f->h.where);
        if (ready)   /* ranks past the block's end (a warp's mma_sync reads all 32): none came */
            memset(fb->here + end, 0, t0 + f->tile - end);
        for (size_t j = t0; ready && j < end; j++) {
            rt_fiber *g = &fb->f[j];
            fb->here[j] = g->h.state == CU2C_FS_TILE;
            if (!fb->here[j])
                continue;
            memcpy(fb->gather + 16 * j, g->h.value, sizeof g->h.value);
            g->h.state = CU2C_FS_RUN;
            cu2c_fiber_now.count[CU2C_FS_TILE]--;
            cu2c_fiber_now.count[CU2C_FS_RUN]++;
            released = 1;
        }
        i = end - 1;
    }
    return released;
}

/* ---- the scheduler ---------------------------------------------------------------------- */

static const char *rt_state_name(const rt_fiber *f)
{
    switch (f->h.state) {
    case CU2C_FS_BAR: return "waiting at the barrier at ";
    case CU2C_FS_WARP: return "waiting at a warp function at ";
    case CU2C_FS_TILE: return "waiting at a tile's collective at ";
    default: return "running";
    }
}

/* No fiber can go on: threads at a barrier and others at a warp function whose lanes never
 * all come (they wait at the barrier), or a warp function's lanes at two others. */
/* Where a fiber waits, as messages name it: "FILE:LINE"; a cooperative group's call by its
 * place in the kernel where debug info has it. */
static const char *rt_where(const rt_fiber *f, char *buf, size_t cap)
{
    if (!f || !f->h.where)
        return "?";
    if (!f->h.where_pc)
        return f->h.where;
    /* the call, before its return address, where the group's method was inlined */
    static const char *const headers[] = {"/cooperative_groups.h:", "/cooperative_groups/", NULL};
    rt_source_line_outside((uintptr_t)f->h.where - 1, headers, buf, cap);
    if (!buf[0])
        snprintf(buf, cap, "a cooperative groups call (build with -g for its line)");
    return buf;
}

static void rt_fibers_stuck(rt_fibers *fb)
{
    const rt_fiber *at = NULL, *other = NULL;
    size_t arrived = 0;
    for (size_t i = 0; i < cu2c_fiber_now.n; i++) {
        const rt_fiber *f = &fb->f[i];
        if (f->h.state == CU2C_FS_DONE)
            continue;
        if (!at)
            at = f;
        if (f->h.state == at->h.state && f->h.where == at->h.where)
            arrived++;
        else if (!other)
            other = f;
    }
    char why[512], w1[256], w2[256];
    snprintf(why, sizeof why, "thread (%u,%u,%u) is %s%s", other ? other->h.tid.x : 0, other ? other->h.tid.y : 0,
             other ? other->h.tid.z : 0, other ? rt_state_name(other) : "",
             other && other->h.where ? rt_where(other, w2, sizeof w2) : "");
    static const char *const warp_names[] = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
        "__ballot_sync", "__any_sync", "__all_sync", "__activemask", "__syncwarp", "__match_any_sync",
        "__match_all_sync", "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync",
        "__reduce_or_sync", "__reduce_xor_sync", "a warp step"};
    const char *name = !at || at->h.state == CU2C_FS_BAR ? (at && at->h.op == CU2C_FB_GRID ? "grid_group::sync" : at && at->h.op == CU2C_FB_MULTI_GRID ? "multi_grid_group::sync" : "__syncthreads")
                     : at->h.state == CU2C_FS_TILE ? "thread_block_tile collective"
                     : at->h.op >= 0 && at->h.op <= CU2C_FW_STEP ? warp_names[at->h.op] : "warp function";
    cu2c_barrier_diverged(fb->blk, rt_where(at, w1, sizeof w1), name, arrived, cu2c_fiber_now.live, why);
}

void cu2c_fiber_run(void **args, cu2c_block *blk, void (*body)(void **, cu2c_block *))
{
    rt_fibers *fb = &rt_fb;
    size_t bx = blk->blockDim.x, by = blk->blockDim.y, bz = blk->blockDim.z, n = bx * by * bz;
    if (!rt_fibers_reserve(fb, n)) {
        fprintf(stderr, "cu2c: no memory for the fiber stacks of %zu threads (CU2C_FIBER_STACK)\n", n);
        cu2c_device_fault(cudaErrorLaunchOutOfResources);
        return;
    }
    cu2c_fiber_now.f = (char *)fb->f;
    cu2c_fiber_now.fiber_size = sizeof(rt_fiber);
    cu2c_fiber_now.n = cu2c_fiber_now.live = n;
    fb->body = body;
    fb->args = args;
    fb->blk = blk;
    for (size_t i = 0; i < n; i++) {
        rt_fiber *f = &fb->f[i];
        f->h.state = CU2C_FS_RUN;
        f->h.tid.x = (unsigned)(i % bx);
        f->h.tid.y = (unsigned)(i / bx % by);
        f->h.tid.z = (unsigned)(i / (bx * by));
        f->h.where = NULL;
        f->h.where_pc = 0;
        f->clk = 0;
#if defined(__SANITIZE_THREAD__)
        if (f->tsan)
            __tsan_destroy_fiber(f->tsan);
        f->tsan = __tsan_create_fiber(0);
#endif
        rt_fiber_init(fb, i);
    }
#if defined(__SANITIZE_THREAD__)
    fb->tsan_main = __tsan_get_current_fiber();
#endif
    cu2c_tls.blockIdx = blk->blockIdx;
    cu2c_tls.blockDim = blk->blockDim;
    cu2c_tls.gridDim = blk->gridDim;
    cu2c_tls.dyn_shared = blk->dyn_shared;
    int known = cu2c_tls.thread_known;
    cu2c_tls.thread_known = 1;
    memset(cu2c_fiber_now.count, 0, sizeof cu2c_fiber_now.count);
    cu2c_fiber_now.count[CU2C_FS_RUN] = n;
    cu2c_fiber_now.running = 1;
    while (cu2c_fiber_now.live) {
        size_t first = 0;
        while (first < n && fb->f[first].h.state > CU2C_FS_SPIN)
            first++;
        fb->early_left = RT_WARP_EARLY;
        if (first < n)
            rt_enter(fb, NULL, first);   /* a round: every fiber that can run, in index order;
                                          * each stopping fiber chains to the next (rt_stop) */
        if (!cu2c_fiber_now.live)
            break;
        int released = 0;
        for (size_t w0 = 0; cu2c_fiber_now.count[CU2C_FS_WARP] && w0 < n; w0 += 32)
            released |= rt_warp_release(fb, w0);
        if (cu2c_fiber_now.count[CU2C_FS_TILE])
            released |= rt_tile_release(fb);
        if (released || cu2c_fiber_now.count[CU2C_FS_SPIN])
            continue;
        /* a barrier: every thread not exited waits at one (at any __syncthreads*, as on the
         * GPU, where they all are barrier 0) */
        if (cu2c_fiber_now.count[CU2C_FS_BAR] != cu2c_fiber_now.live) {
            cu2c_fiber_now.running = 0;
            rt_fibers_stuck(fb);
            break;
        }
        int count = 0, every = 1, any = 0, grid = 0, multi = 0;
        for (size_t i = 0; i < n; i++) {
            rt_fiber *f = &fb->f[i];
            if (f->h.state != CU2C_FS_BAR)
                continue;
            count += f->h.pred != 0;
            every &= f->h.pred != 0;
            any |= f->h.pred != 0;
            grid |= f->h.op == CU2C_FB_GRID;
            multi |= f->h.op == CU2C_FB_MULTI_GRID;
        }
        if (multi)  /* multi_grid_group::sync(): now every grid's blocks */
            cu2c_multi_grid_sync(blk);
        else if (grid)   /* grid_group::sync(): the block's threads are there; now the grid's blocks */
            cu2c_grid_sync(blk);
        for (size_t i = 0; i < n; i++) {
            rt_fiber *f = &fb->f[i];
            if (f->h.state == CU2C_FS_BAR) {
                f->h.state = CU2C_FS_RUN;
                f->h.result = f->h.op == CU2C_FB_COUNT ? (unsigned long long)count
                          : f->h.op == CU2C_FB_AND ? (unsigned long long)every : (unsigned long long)any;
            }
        }
        cu2c_fiber_now.count[CU2C_FS_RUN] += cu2c_fiber_now.count[CU2C_FS_BAR];
        cu2c_fiber_now.count[CU2C_FS_BAR] = 0;
    }
    cu2c_fiber_now.running = 0;
    cu2c_tls.thread_known = known;
}

/* ---- what the fibers call --------------------------------------------------------------- */

static int rt_sync_call(int op, int pred, const char *where, int where_pc)
{
    rt_fibers *fb = &rt_fb;
    cu2c_fiber_note(&cu2c_fiber_now, &fb->f[cu2c_fiber_now.cur].h, CU2C_FS_BAR, op, pred, where, where_pc);
    rt_next(fb);
    return op == CU2C_FB_SYNC ? 0 : (int)fb->f[cu2c_fiber_now.cur].h.result;
}

int cu2c_fiber_sync(int op, int pred, const char *where)
{
    if (!cu2c_fiber_now.running)
        return pred;   /* one thread: its own count, and, or */
    return rt_sync_call(op, pred, where, 0);
}

/* The running fiber, just stopped at a warp function, is the last of its warp that could run
 * this round: its warp's call is settled now rather than after the round, and the warp goes
 * on from its first lane that can (a warp runs its calls back to back, its lanes' stacks
 * warm). Returns true when the running fiber goes on: released itself, or resumed after its
 * warp went on. So that warps spinning on
 * each other (a vote waiting for another warp's store) cannot keep the round from ending, a
 * round settles at most RT_WARP_EARLY calls this way. */
static int rt_warp_settles_here(rt_fibers *fb)
{
    size_t cur = cu2c_fiber_now.cur, w0 = cur & ~(size_t)31;
    size_t end = w0 + 32 < cu2c_fiber_now.n ? w0 + 32 : cu2c_fiber_now.n;
    for (size_t j = cur + 1; j < end; j++)
        if (fb->f[j].h.state <= CU2C_FS_SPIN)
            return 0;
    if (!fb->early_left || !rt_warp_release(fb, w0))
        return 0;
    fb->early_left--;
    size_t k = w0;
    while (fb->f[k].h.state != CU2C_FS_RUN)
        k++;
    if (k == cur) {
        cu2c_fiber_now.count[CU2C_FS_RUN]--;
        return 1;
    }
    rt_enter(fb, &fb->f[cur], k);
    return 1;
}

static unsigned long long rt_warp_call(int op, unsigned mask, void *v, unsigned size, int arg, int width, int *pred,
                                       const char *where, int where_pc)
{
    cu2c_fiber_note_warp(&cu2c_fiber_now, &rt_fb.f[cu2c_fiber_now.cur].h, op, mask, v, size, arg, width, pred, where,
                         where_pc);
    cu2c_fiber_warp_stop();
    return cu2c_fiber_warp_result(&rt_fb.f[cu2c_fiber_now.cur].h, op, v, size);
}

unsigned long long cu2c_fiber_warp(int op, unsigned mask, void *v, unsigned size, int arg, int width, int *pred,
                                   const char *where)
{
    if (!rt_fibers_running() || size > 16)
        return 0;
    return rt_warp_call(op, mask, v, size, arg, width, pred, where, 0);
}

/* cooperative_groups.h's methods on the fiber engine. Where the thread waits is the call's
 * return address: the methods are inlined into the kernel, so each call of one is a place of
 * its own, as each written barrier is. Outside a fiber kernel the translator has replaced
 * every call: one that runs ends the kernel, saying so. */
static int rt_group_call_here(void)
{
    if (rt_fibers_running())
        return 1;
    fprintf(stderr, "cu2c: error: a cooperative groups, wmma or cuda::barrier collective ran in a kernel cu2c built "
                    "for thread loops without translating it (please report it)\n");
    cu2c_device_fault(cudaErrorLaunchFailure);
    return 0;
}

__attribute__((noinline)) void cu2c_fiber_group_sync(void)
{
    const char *pc = __builtin_return_address(0);
    if (rt_group_call_here())
        rt_sync_call(CU2C_FB_SYNC, 1, pc, 1);
}

__attribute__((noinline)) unsigned long long cu2c_fiber_group_warp(int op, unsigned mask, void *v, unsigned size,
                                                                   int arg, int width, int *pred)
{
    const char *pc = __builtin_return_address(0);
    if (!rt_group_call_here() || size > 16)
        return 0;
    return rt_warp_call(op, mask, v, size, arg, width, pred, pc, 1);
}

__attribute__((noinline)) void cu2c_fiber_group_grid_sync(void)
{
    const char *pc = __builtin_return_address(0);
    if (rt_group_call_here())
        rt_sync_call(CU2C_FB_GRID, 1, pc, 1);
}

__attribute__((noinline)) void cu2c_fiber_group_multi_grid_sync(void)
{
    const char *pc = __builtin_return_address(0);
    if (rt_group_call_here())
        rt_sync_call(CU2C_FB_MULTI_GRID, 1, pc, 1);
}

__attribute__((noinline)) const unsigned char *cu2c_fiber_group_tile(unsigned size, const void *v, unsigned vsize,
                                                                     const unsigned char **here)
{
    static const unsigned char none[16];
    const char *pc = __builtin_return_address(0);
    *here = none;
    if (!rt_group_call_here() || vsize > 16 || size < 32 || size > 1024 || (size & (size - 1)))
        return none;
    rt_fibers *fb = &rt_fb;
    rt_fiber *f = &fb->f[cu2c_fiber_now.cur];
    f->tile = size;
    f->h.size = vsize;
    f->h.where = pc;
    f->h.where_pc = 1;
    if (vsize)
        memcpy(f->h.value, v, vsize);
    rt_stop(fb, CU2C_FS_TILE);
    size_t t0 = cu2c_fiber_now.cur & ~(size_t)(size - 1);
    *here = fb->here + t0;
    return fb->gather + 16 * t0;
}

unsigned cu2c_fiber_lane(void)
{
    return rt_fibers_running() ? (unsigned)(cu2c_fiber_now.cur & 31) : 0;
}

int cu2c_fiber_running(void)
{
    return rt_fibers_running();
}

int cu2c_fiber_wait_here(const char *what)
{
    if (rt_fibers_running())
        return 1;
    fprintf(stderr, "cu2c: error: %s ran in a kernel cu2c built for thread loops without translating it (please "
                    "report it)\n", what);
    cu2c_device_fault(cudaErrorLaunchFailure);
    return 0;
}

void cu2c_fiber_yield(void)
{
    if (rt_fibers_running())
        rt_stop(&rt_fb, CU2C_FS_SPIN);
}

/* A stretch longer than this between two reads is the thread's own work, counted as it is;
 * a shorter one (a spin's round) counts as long as the block's fibers took to come round, at
 * most as if each had spun that long. */
#define RT_FIBER_WORK_NS 20000

int rt_fiber_clock(long long now, long long (*clock)(void), long long *out)
{
    rt_fibers *fb = &rt_fb;
    if (!rt_fibers_running())
        return 0;
    rt_fiber *f = &fb->f[cu2c_fiber_now.cur];
    long long own = now - f->clk_back, gap = now - f->clk_read;   /* its work, the wall's */
    if (!f->clk)
        f->clk = now;
    else   /* a short gap: as if the others had spun alongside, not after it */
        f->clk += own >= RT_FIBER_WORK_NS ? own : gap < own * (long long)cu2c_fiber_now.live ? gap : own * (long long)cu2c_fiber_now.live;
    f->clk_read = now;
    *out = f->clk;
    rt_stop(fb, CU2C_FS_SPIN);
    f = &fb->f[cu2c_fiber_now.cur];
    f->clk_back = clock();
    return 1;
}

/* Outside a fiber kernel (a call the translator left in a thread loop) nothing waits. */
int rt_fibers_running(void)
{
    return cu2c_fiber_now.running;
}

void rt_fibers_release(void)
{
    rt_fibers *fb = &rt_fb;
#if defined(__SANITIZE_THREAD__)
    for (size_t i = 0; i < fb->cap; i++)
        if (fb->f[i].tsan)
            __tsan_destroy_fiber(fb->f[i].tsan);
#endif
    if (fb->stacks)
        munmap(fb->stacks, fb->cap * fb->stride);
    free(fb->f);
    free(fb->gather);
    free(fb->here);
    memset(fb, 0, sizeof *fb);
    memset(&cu2c_fiber_now, 0, sizeof cu2c_fiber_now);
}

void rt_fibers_abandon(void)
{
#if defined(__SANITIZE_THREAD__)
    if (cu2c_fiber_now.running)
        __tsan_switch_to_fiber(rt_fb.tsan_main, 0);   /* the jump out lands on the worker's stack */
#endif
    cu2c_fiber_now.running = 0;
}
