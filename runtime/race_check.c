/* runtime/race_check.c - CU2C_CHECK=race: finds pairs of accesses to one block's shared
 * memory, from two of its threads, at least one a write, that no barrier orders - what
 * compute-sanitizer's racecheck reports on a GPU.
 *
 * How it sees accesses: cu2cc compiles the translated program with -fsanitize=thread, so
 * that the C compiler calls __tsan_read4(addr) and friends before every load and store; this
 * file, linked instead of ThreadSanitizer's runtime (lib/libcu2c-race.a), defines those
 * calls. The translated code tells it the rest through kernel.h's CU2C_RACE_* markers: a
 * block begins (its shared arrays registered by address), which thread the thread loop is
 * running, barriers, __syncwarp. Accesses outside a registered shared array, and every
 * access outside a kernel's block, return at once.
 *
 * The check: each byte of a registered array has a shadow cell holding the last write, the
 * last atomic and two readers in the current epoch (epochs end at barriers and blocks), each
 * with its thread and the code address it came from. An access conflicts with one of them
 * by another thread unless __syncwarp ordered the two (same warp, a __syncwarp passed since)
 * or they are one warp's and either is volatile (legacy warp-synchronous code, which cu2c
 * runs in lockstep; plain accesses with no volatile in sight are a race since Volta). Code run once for the whole block (uniform statements) counts as every
 * thread. Each distinct pair of source lines is reported once, as
 *   cu2c: race in kernel K, block [x,y,z]: write by thread [a,b,c] at F:L and read by
 *   thread [d,e,f] at F:L of the same shared memory (address A), no barrier between them
 * on stderr (and appended to the file CU2C_CHECK_LOG names, if any). Slow by design: every
 * memory access of the instrumented program is a call. */
#define CU2C_RACE_CHECK 1   /* kernel.h declares the markers */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#define RT_NONE INT32_MIN       /* no access recorded */
#define RT_ALL (-1)             /* uniform code: every thread of the block */
#define RT_VOLATILE 1u
#define RT_MAX_RANGES 64        /* shared arrays remembered per worker */

enum { RT_READ, RT_WRITE, RT_ATOMIC };

/* One recorded access. */
typedef struct rt_race_rec {
    int32_t tid;                /* linear thread index, RT_ALL or RT_NONE */
    uint32_t syncwarps;         /* __syncwarp()s its thread had passed */
    uint32_t flags;             /* RT_VOLATILE */
    uintptr_t pc;               /* return address of the instrumentation call */
} rt_race_rec;

/* The accesses of one byte in the current epoch. */
typedef struct rt_race_cell {
    uint64_t epoch;
    rt_race_rec write, atomic, read, read2;
} rt_race_cell;

/* A registered shared array and its shadow. */
typedef struct rt_race_range {
    uintptr_t base;
    size_t size;
    rt_race_cell *shadow;
    int active;                 /* registered by the running block */
} rt_race_range;

/* What one worker thread knows about the block it runs. */
typedef struct rt_race_state {
    const cu2c_block *blk;      /* NULL outside a block: accesses are not checked */
    int32_t tid;                /* the thread the thread loop runs, or RT_ALL */
    uint64_t epoch;
    uint32_t *syncwarps;        /* per thread */
    size_t nthreads, cap_threads;
    rt_race_range ranges[RT_MAX_RANGES];
    int nranges;
    int busy;                   /* inside the checker: its own accesses are not the program's */
} rt_race_state;

static __thread rt_race_state rt_rs;

/* ---- Reports --------------------------------------------------------------------------- */

static pthread_mutex_t rt_report_lock = PTHREAD_MUTEX_INITIALIZER;
static char **rt_reported;      /* "lineA|lineB" of each pair reported */
static size_t rt_nreported, rt_cap_reported;
static unsigned long long rt_races;
static uintptr_t (*rt_seen_pcs)[2];   /* code address pairs already looked at */
static size_t rt_nseen, rt_cap_seen;
static struct { uintptr_t pc; char *where; } *rt_lines;   /* code address -> FILE:LINE */
static size_t rt_nlines, rt_cap_lines;

/* Room for one more item in a growing array (doubling from first): 0 when out of memory. */
static int rt_room(void *items_p, size_t *cap, size_t len, size_t size, size_t first)
{
    void **items = items_p;
    if (len < *cap)
        return 1;
    size_t want = *cap ? 2 * *cap : first;
    void *p = realloc(*items, want * size);
    if (!p)
        return 0;
    *items = p;
    *cap = want;
    return 1;
}

static const char *rt_line_of(uintptr_t pc)
{
    for (size_t i = 0; i < rt_nlines; i++)
        if (rt_lines[i].pc == pc)
            return rt_lines[i].where;
    char where[600];
    rt_source_line(pc - 1, where, sizeof where);   /* the call instruction before the return address */
    if (!where[0])
        snprintf(where, sizeof where, "%#lx (build with -g for lines)", (unsigned long)pc);
    if (!rt_room(&rt_lines, &rt_cap_lines, rt_nlines, sizeof *rt_lines, 64))
        return "?";
    rt_lines[rt_nlines].pc = pc;
    rt_lines[rt_nlines].where = strdup(where);
    return rt_lines[rt_nlines].where ? rt_lines[rt_nlines++].where : "?";
}

static const char *rt_kind_name(int kind)
{
    return kind == RT_WRITE ? "write" : kind == RT_ATOMIC ? "atomic" : "read";
}

static void rt_thread_name(int32_t tid, char *out, size_t cap)
{
    const cu2c_block *b = rt_rs.blk;
    if (tid == RT_ALL) {
        snprintf(out, cap, "every thread (code run once per block)");
        return;
    }
    unsigned x = b->blockDim.x, y = b->blockDim.y;
    snprintf(out, cap, "thread [%u,%u,%u]", (unsigned)tid % x, (unsigned)tid / x % y, (unsigned)tid / (x * y));
}

static void rt_log(const char *line)
{
    fputs(line, stderr);
    const char *path = getenv("CU2C_CHECK_LOG");
    FILE *f = path && path[0] ? fopen(path, "a") : NULL;
    if (f) {
        fputs(line, f);
        fclose(f);
    }
}

/* A race between the earlier access `then` (of kind then_kind) and the one being made. */
static void rt_race(const rt_race_rec *then, int then_kind, int32_t tid, int kind, uintptr_t pc, uintptr_t addr)
{
    pthread_mutex_lock(&rt_report_lock);
    rt_races++;
    for (size_t i = 0; i < rt_nseen; i++)
        if (rt_seen_pcs[i][0] == then->pc && rt_seen_pcs[i][1] == pc) {
            pthread_mutex_unlock(&rt_report_lock);
            return;
        }
    if (rt_room(&rt_seen_pcs, &rt_cap_seen, rt_nseen, sizeof *rt_seen_pcs, 64)) {
        rt_seen_pcs[rt_nseen][0] = then->pc;
        rt_seen_pcs[rt_nseen++][1] = pc;
    }
    const char *a = rt_line_of(then->pc), *b = rt_line_of(pc);
    char key[1300];
    snprintf(key, sizeof key, "%s|%s", strcmp(a, b) < 0 ? a : b, strcmp(a, b) < 0 ? b : a);   /* either order */
    for (size_t i = 0; i < rt_nreported; i++)
        if (strcmp(rt_reported[i], key) == 0) {
            pthread_mutex_unlock(&rt_report_lock);
            return;
        }
    if (rt_room(&rt_reported, &rt_cap_reported, rt_nreported, sizeof *rt_reported, 16))
        rt_reported[rt_nreported++] = strdup(key);
    char t1[80], t2[80], line[1800];
    rt_thread_name(then->tid, t1, sizeof t1);
    rt_thread_name(tid, t2, sizeof t2);
    rt_worker *w = rt_current_worker();
    const uint3 bi = rt_rs.blk->blockIdx;
    snprintf(line, sizeof line,
             "cu2c: race in kernel %s, block [%u,%u,%u]: %s by %s at %s and %s by %s at %s of the same "
             "shared memory (address %#lx), no barrier between them\n",
             w && w->job && w->job->name ? w->job->name : "(unnamed)", bi.x, bi.y, bi.z, rt_kind_name(then_kind), t1,
             a, rt_kind_name(kind), t2, b, (unsigned long)addr);
    rt_log(line);
    pthread_mutex_unlock(&rt_report_lock);
}

static void rt_race_summary(void)
{
    if (!rt_races)
        return;
    char line[200];
    snprintf(line, sizeof line, "cu2c: race check: %llu racing access%s, %zu distinct pair%s of source lines\n",
             rt_races, rt_races == 1 ? "" : "es", rt_nreported, rt_nreported == 1 ? "" : "s");
    rt_log(line);
}

/* ---- The check ------------------------------------------------------------------------- */

/* Whether the earlier access `then` happens before one by thread tid with these flags. */
static int rt_ordered(const rt_race_rec *then, int32_t tid, uint32_t flags)
{
    if (then->tid == RT_NONE || then->tid == tid)
        return 1;
    if (then->tid == RT_ALL || tid == RT_ALL)
        return 0;
    if (then->tid / 32 != tid / 32)
        return 0;
    if ((size_t)tid < rt_rs.nthreads && rt_rs.syncwarps[tid] > then->syncwarps)
        return 1;
    return (flags | then->flags) & RT_VOLATILE;
}

static void rt_record(rt_race_rec *r, int32_t tid, uint32_t flags, uintptr_t pc)
{
    r->tid = tid;
    r->syncwarps = tid >= 0 && (size_t)tid < rt_rs.nthreads ? rt_rs.syncwarps[tid] : 0;
    r->flags = flags;
    r->pc = pc;
}

/* Checks one byte's cell against an access and records it; *raced: a race of this access
 * was reported already (one report per access, whatever its size). */
static void rt_check_cell(rt_race_cell *c, int kind, uint32_t flags, uintptr_t pc, uintptr_t addr, int *raced)
{
    int32_t tid = rt_rs.tid;
    if (c->epoch != rt_rs.epoch) {
        c->epoch = rt_rs.epoch;
        c->write.tid = c->atomic.tid = c->read.tid = c->read2.tid = RT_NONE;
    }
    const rt_race_rec *then = NULL;
    int then_kind = RT_READ;
    if (!rt_ordered(&c->write, tid, flags))
        then = &c->write, then_kind = RT_WRITE;
    else if (kind != RT_ATOMIC && !rt_ordered(&c->atomic, tid, flags))
        then = &c->atomic, then_kind = RT_ATOMIC;
    else if (kind != RT_READ && !rt_ordered(&c->read, tid, flags))
        then = &c->read;
    else if (kind != RT_READ && !rt_ordered(&c->read2, tid, flags))
        then = &c->read2;
    if (then && !*raced) {
        rt_race(then, then_kind, tid, kind, pc, addr);
        *raced = 1;
    }
    if (kind == RT_WRITE)
        rt_record(&c->write, tid, flags, pc);
    else if (kind == RT_ATOMIC)
        rt_record(&c->atomic, tid, flags, pc);
    else if (c->read.tid == RT_NONE || c->read.tid == tid)
        rt_record(&c->read, tid, flags, pc);
    else
        rt_record(&c->read2, tid, flags, pc);
}

static void rt_access(const volatile void *p, size_t size, int kind, uint32_t flags, uintptr_t pc)
{
    if (!rt_rs.blk || rt_rs.busy)
        return;
    uintptr_t a = (uintptr_t)p;
    for (int i = 0; i < rt_rs.nranges; i++) {
        rt_race_range *r = &rt_rs.ranges[i];
        if (!r->active || a - r->base >= r->size)
            continue;
        rt_rs.busy = 1;
        size_t off = a - r->base, n = size < r->size - off ? size : r->size - off;
        int raced = 0;
        for (size_t j = 0; j < n; j++)
            rt_check_cell(&r->shadow[off + j], kind, flags, pc, a, &raced);
        rt_rs.busy = 0;
        return;
    }
}

/* ---- The markers translated code calls (kernel.h, CU2C_RACE_*) ------------------------- */

int cu2c_race_block(const cu2c_block *blk)
{
    size_t n = (size_t)blk->blockDim.x * blk->blockDim.y * blk->blockDim.z;
    if (n > rt_rs.cap_threads) {
        uint32_t *p = realloc(rt_rs.syncwarps, n * sizeof *p);
        if (!p) {
            rt_rs.blk = NULL;   /* out of memory: this block goes unchecked */
            return 0;
        }
        rt_rs.syncwarps = p;
        rt_rs.cap_threads = n;
    }
    memset(rt_rs.syncwarps, 0, n * sizeof *rt_rs.syncwarps);
    rt_rs.nthreads = n;
    rt_rs.blk = blk;
    rt_rs.tid = RT_ALL;
    rt_rs.epoch++;
    for (int i = 0; i < rt_rs.nranges; i++)
        rt_rs.ranges[i].active = 0;
    if (blk->dyn_shared && blk->dyn_shared_size)
        cu2c_race_shared(blk->dyn_shared, blk->dyn_shared_size);
    return 0;
}

void cu2c_race_block_end(int *unused)
{
    (void)unused;
    rt_rs.blk = NULL;
}

void cu2c_race_shared(const volatile void *p, size_t size)
{
    if (!rt_rs.blk || !size)
        return;
    uintptr_t base = (uintptr_t)p;
    int free_slot = -1;
    for (int i = 0; i < rt_rs.nranges; i++) {
        rt_race_range *r = &rt_rs.ranges[i];
        if (r->base == base && r->size == size) {
            r->active = 1;
            return;
        }
        if (!r->active && free_slot < 0)
            free_slot = i;
    }
    rt_race_cell *shadow = calloc(size, sizeof *shadow);
    if (!shadow)
        return;   /* out of memory: this array goes unchecked */
    rt_race_range *r;
    if (rt_rs.nranges < RT_MAX_RANGES) {
        r = &rt_rs.ranges[rt_rs.nranges++];
    } else if (free_slot >= 0) {
        r = &rt_rs.ranges[free_slot];
        free(r->shadow);
    } else {
        free(shadow);
        return;
    }
    r->base = base;
    r->size = size;
    r->shadow = shadow;
    r->active = 1;
}

int cu2c_race_enter(unsigned x, unsigned y, unsigned z)
{
    if (rt_rs.blk)
        rt_rs.tid = (int32_t)((z * rt_rs.blk->blockDim.y + y) * rt_rs.blk->blockDim.x + x);
    return 0;
}

void cu2c_race_enter_linear(size_t i)
{
    rt_rs.tid = (int32_t)i;
}

void cu2c_race_leave(int *unused)
{
    (void)unused;
    rt_rs.tid = RT_ALL;
}

void cu2c_race_barrier(void)
{
    rt_rs.epoch++;
}

void cu2c_race_syncwarp(void)
{
    if (rt_rs.tid >= 0 && (size_t)rt_rs.tid < rt_rs.nthreads)
        rt_rs.syncwarps[rt_rs.tid]++;
}

__attribute__((constructor)) static void rt_race_init(void)
{
    atexit(rt_race_summary);
}

/* ---- The compiler's instrumentation calls (-fsanitize=thread's ABI) --------------------- */

#define RT_CALLER ((uintptr_t)__builtin_return_address(0))
#define RT_PLAIN(n)                                                                                 \
    void __tsan_read##n(void *p);                                                                   \
    void __tsan_write##n(void *p);                                                                  \
    void __tsan_unaligned_read##n(void *p);                                                         \
    void __tsan_unaligned_write##n(void *p);                                                        \
    void __tsan_volatile_read##n(void *p);                                                          \
    void __tsan_volatile_write##n(void *p);                                                         \
    void __tsan_read##n(void *p) { rt_access(p, n, RT_READ, 0, RT_CALLER); }                        \
    void __tsan_write##n(void *p) { rt_access(p, n, RT_WRITE, 0, RT_CALLER); }                      \
    void __tsan_unaligned_read##n(void *p) { rt_access(p, n, RT_READ, 0, RT_CALLER); }              \
    void __tsan_unaligned_write##n(void *p) { rt_access(p, n, RT_WRITE, 0, RT_CALLER); }            \
    void __tsan_volatile_read##n(void *p) { rt_access(p, n, RT_READ, RT_VOLATILE, RT_CALLER); }     \
    void __tsan_volatile_write##n(void *p) { rt_access(p, n, RT_WRITE, RT_VOLATILE, RT_CALLER); }
RT_PLAIN(1)
RT_PLAIN(2)
RT_PLAIN(4)
RT_PLAIN(8)
RT_PLAIN(16)

void __tsan_read_range(void *p, size_t n);
void __tsan_write_range(void *p, size_t n);
void __tsan_read_range(void *p, size_t n) { rt_access(p, n, RT_READ, 0, RT_CALLER); }
void __tsan_write_range(void *p, size_t n) { rt_access(p, n, RT_WRITE, 0, RT_CALLER); }

void __tsan_init(void);
void __tsan_func_entry(void *pc);
void __tsan_func_exit(void);
void __tsan_vptr_update(void **vptr_p, void *new_val);
void __tsan_vptr_read(void **vptr_p);
void __tsan_init(void) {}
void __tsan_func_entry(void *pc) { (void)pc; }
void __tsan_func_exit(void) {}
void __tsan_vptr_update(void **vptr_p, void *new_val) { (void)vptr_p, (void)new_val; }
void __tsan_vptr_read(void **vptr_p) { (void)vptr_p; }

void *__tsan_memcpy(void *d, const void *s, size_t n);
void *__tsan_memmove(void *d, const void *s, size_t n);
void *__tsan_memset(void *d, int c, size_t n);
void *__tsan_memcpy(void *d, const void *s, size_t n)
{
    rt_access(s, n, RT_READ, 0, RT_CALLER);
    rt_access(d, n, RT_WRITE, 0, RT_CALLER);
    return memcpy(d, s, n);
}
void *__tsan_memmove(void *d, const void *s, size_t n)
{
    rt_access(s, n, RT_READ, 0, RT_CALLER);
    rt_access(d, n, RT_WRITE, 0, RT_CALLER);
    return memmove(d, s, n);
}
void *__tsan_memset(void *d, int c, size_t n)
{
    rt_access(d, n, RT_WRITE, 0, RT_CALLER);
    return memset(d, c, n);
}

/* Atomics: done (sequentially consistent, whatever order was asked: stronger is allowed)
 * and recorded as atomic accesses, which race with plain accesses only. */
#define RT_ATOMICS(n, T)                                                                            \
    T __tsan_atomic##n##_load(const volatile T *a, int mo);                                         \
    void __tsan_atomic##n##_store(volatile T *a, T v, int mo);                                      \
    T __tsan_atomic##n##_exchange(volatile T *a, T v, int mo);                                      \
    T __tsan_atomic##n##_fetch_add(volatile T *a, T v, int mo);                                     \
    T __tsan_atomic##n##_fetch_sub(volatile T *a, T v, int mo);                                     \
    T __tsan_atomic##n##_fetch_and(volatile T *a, T v, int mo);                                     \
    T __tsan_atomic##n##_fetch_or(volatile T *a, T v, int mo);                                      \
    T __tsan_atomic##n##_fetch_xor(volatile T *a, T v, int mo);                                     \
    T __tsan_atomic##n##_fetch_nand(volatile T *a, T v, int mo);                                    \
    int __tsan_atomic##n##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo);      \
    int __tsan_atomic##n##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo);        \
    T __tsan_atomic##n##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo);            \
    T __tsan_atomic##n##_load(const volatile T *a, int mo)                                          \
    {                                                                                               \
        (void)mo;                                                                                   \
        rt_access(a, sizeof(T), RT_ATOMIC, 0, RT_CALLER);                                           \
        return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                                \
    }                                                                                               \
    void __tsan_atomic##n##_store(volatile T *a, T v, int mo)                                       \
    {                                                                                               \
        (void)mo;                                                                                   \
        rt_access(a, sizeof(T), RT_ATOMIC, 0, RT_CALLER);                                           \
        __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                                   \
    }                                                                                               \
    RT_ATOMIC_RMW(n, T, exchange, __atomic_exchange_n)                                              \
    RT_ATOMIC_RMW(n, T, fetch_add, __atomic_fetch_add)                                              \
    RT_ATOMIC_RMW(n, T, fetch_sub, __atomic_fetch_sub)                                              \
    RT_ATOMIC_RMW(n, T, fetch_and, __atomic_fetch_and)                                              \
    RT_ATOMIC_RMW(n, T, fetch_or, __atomic_fetch_or)                                                \
    RT_ATOMIC_RMW(n, T, fetch_xor, __atomic_fetch_xor)                                              \
    RT_ATOMIC_RMW(n, T, fetch_nand, __atomic_fetch_nand)                                            \
    int __tsan_atomic##n##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo)       \
    {                                                                                               \
        (void)mo, (void)fmo;                                                                        \
        rt_access(a, sizeof(T), RT_ATOMIC, 0, RT_CALLER);                                           \
        return __atomic_compare_exchange_n(a, c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);         \
    }                                                                                               \
    int __tsan_atomic##n##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo)         \
    {                                                                                               \
        (void)mo, (void)fmo;                                                                        \
        rt_access(a, sizeof(T), RT_ATOMIC, 0, RT_CALLER);                                           \
        return __atomic_compare_exchange_n(a, c, v, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);         \
    }                                                                                               \
    T __tsan_atomic##n##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo)             \
    {                                                                                               \
        (void)mo, (void)fmo;                                                                        \
        rt_access(a, sizeof(T), RT_ATOMIC, 0, RT_CALLER);                                           \
        __atomic_compare_exchange_n(a, &c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);               \
        return c;                                                                                   \
    }
#define RT_ATOMIC_RMW(n, T, op, builtin)                                                            \
    T __tsan_atomic##n##_##op(volatile T *a, T v, int mo)                                           \
    {                                                                                               \
        (void)mo;                                                                                   \
        rt_access(a, sizeof(T), RT_ATOMIC, 0, RT_CALLER);                                           \
        return builtin(a, v, __ATOMIC_SEQ_CST);                                                     \
    }
RT_ATOMICS(8, uint8_t)
RT_ATOMICS(16, uint16_t)
RT_ATOMICS(32, uint32_t)
RT_ATOMICS(64, uint64_t)

void __tsan_atomic_thread_fence(int mo);
void __tsan_atomic_signal_fence(int mo);
void __tsan_atomic_thread_fence(int mo)
{
    (void)mo;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
void __tsan_atomic_signal_fence(int mo)
{
    (void)mo;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}
