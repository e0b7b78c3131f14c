/* runtime/block_services.c - what a kernel's blocks call in the runtime while they run:
 * device-side faults (__trap, a mask naming inactive lanes, a divergent barrier, grid.sync()
 * outside a cooperative launch) ending the kernel with a sticky error, assert as CUDA's
 * device-side assert, and the per-block scratch storage of per-thread copies, the seed of a
 * random thread order. */
#include <assert.h>
#include <dlfcn.h>
#include <errno.h>
#include <sched.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"
#include "cu2c/fiber.h"

void cu2c_device_fault(cudaError_t e)
{
    rt_set_sticky(e);
    rt_worker *w = rt_current_worker();
    if (!w || !w->job)
        return;   /* a block function called outside the pool: it goes on */
    rt_job_drain(w->job);
    rt_fibers_abandon();
    longjmp(*(jmp_buf *)w->fault_jmp, 1);
}

void cu2c_barrier_diverged(const cu2c_block *blk, const char *where, const char *name, size_t arrived,
                           size_t live, const char *why)
{
    fprintf(stderr, "%s: error: divergent %s() in block (%u,%u,%u): %zu of its %zu running threads reach it, "
            "the others (%s) may wait at another barrier: CUDA requires every thread of the block to reach "
            "the same barrier\n", where, name, blk->blockIdx.x, blk->blockIdx.y, blk->blockIdx.z, arrived, live,
            why);
    cu2c_device_fault(cudaErrorLaunchFailure);
}

/* A spin-wait's rounds are counted per worker; every 2^16 rounds the time is read: a spin
 * whose previous reading is more than 0.5 s old (or at another place, or in an earlier
 * block) starts anew. A spin that has lasted a millisecond asks for a helper to run its
 * kernel's untaken blocks (spin_helpers.c), one more each millisecond while it lasts, and
 * from then on yields its core each round and reads the time. */
#define RT_SPIN_HELP_AFTER 1e-3
static __thread unsigned rt_spin_rounds;
static __thread const char *rt_spin_where;
static __thread double rt_spin_start, rt_spin_seen, rt_spin_helped;
static __thread int rt_spin_yielding;

void rt_spin_block_begins(void)
{
    rt_spin_where = NULL;
    rt_spin_yielding = 0;
}

static double rt_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void cu2c_spin_wait(const char *where)
{
    cu2c_fiber_yield();   /* on the fiber engine the thread it waits for may run meanwhile */
    if (rt_spin_yielding)
        sched_yield();
    else if (++rt_spin_rounds & 0xffff)
        return;
    double now = rt_seconds();
    if (where != rt_spin_where || now - rt_spin_seen > 0.5) {
        rt_spin_where = where;
        rt_spin_start = rt_spin_helped = now;
        rt_spin_yielding = 0;
    }
    rt_spin_seen = now;
    if (now - rt_spin_helped >= RT_SPIN_HELP_AFTER) {
        rt_spin_helped = now;
        rt_spin_yielding = 1;
        rt_spin_help();
    }
    const char *env = getenv("CU2C_SPIN_TIMEOUT");
    double limit = env && *env ? strtod(env, NULL) : 10.0;
    if (limit <= 0 || now - rt_spin_start < limit)
        return;
    rt_worker *w = rt_current_worker();
    const cu2c_block *b = w ? w->block : NULL;
    fprintf(stderr, "%s: error: spin-wait in block (%u,%u,%u) of %s has waited %.0f s: %s (CU2C_SPIN_TIMEOUT sets "
            "the limit)\n", where, b ? b->blockIdx.x : 0, b ? b->blockIdx.y : 0, b ? b->blockIdx.z : 0,
            w && w->job && w->job->name ? w->job->name : "the kernel", now - rt_spin_start,
            rt_fibers_running() ? "no thread of its block, nor a block running, has set what it waits for"
                                : "cu2c runs a block's threads one after another, so a thread waiting for a later "
                                  "thread of its block waits for ever (or its block waits for more blocks than the "
                                  "device runs at once)");
    rt_spin_where = NULL;
    cu2c_device_fault(cudaErrorLaunchTimeout);
}

/* The kernel's own name in the function text assert reports: the translated kernel body is
 * __cu2c_body_NAME, or __cu2c_fib_NAME on the fiber engine, with NAME__cu2c_oN for a second
 * overload (gcc's __PRETTY_FUNCTION__ adds the return type and the body's own parameters,
 * which are not the kernel's: those become "..."). */
static void rt_kernel_fn_name(const char *function, char *out, size_t cap)
{
    const char *body = function ? strstr(function, "__cu2c_body_") : NULL;
    const char *fib = function ? strstr(function, "__cu2c_fib_") : NULL;
    if (!body && !fib) {
        snprintf(out, cap, "%s", function ? function : "");
        return;
    }
    const char *name = body ? body + strlen("__cu2c_body_") : fib + strlen("__cu2c_fib_");
    body = body ? body : fib;
    size_t len = strcspn(name, "(<");
    const char *overload = strstr(name, "__cu2c_o");   /* an overload's: NAME__cu2c_oN */
    if (overload && (size_t)(overload - name) < len)
        len = (size_t)(overload - name);
    snprintf(out, cap, "%.*s%.*s%s", (int)(body - function), function, (int)len, name,
             name[len] == '(' ? "(...)" : "");
}

/* glibc's assert macro calls this on failure; libcu2c's definition comes first at link time.
 * In a kernel's block on a worker it is a device-side assert, as on a GPU: CUDA's message
 * (the block's and thread's indices from cu2c_tls, which the translator keeps current in
 * kernels that can assert), then the sticky cudaErrorAssert ends the kernel and the host
 * program goes on. Anywhere else it is libc's own __assert_fail (message, abort). */
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
    rt_worker *w = rt_current_worker();
    if (w && w->job) {
        char fn[512];
        rt_kernel_fn_name(function, fn, sizeof fn);
        fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
                file, line, fn, cu2c_tls.blockIdx.x, cu2c_tls.blockIdx.y, cu2c_tls.blockIdx.z,
                cu2c_tls.threadIdx.x, cu2c_tls.threadIdx.y, cu2c_tls.threadIdx.z, assertion);
        cu2c_device_fault(cudaErrorAssert);
    }
    typedef void (*assert_fn)(const char *, const char *, unsigned int, const char *);
    assert_fn libc_assert = (assert_fn)dlsym(RTLD_NEXT, "__assert_fail");
    if (libc_assert && libc_assert != __assert_fail)
        libc_assert(assertion, file, line, function);
    /* no libc to defer to (static link): its message, then abort */
    fprintf(stderr, "%s: %s:%u: %s%sAssertion `%s' failed.\n", program_invocation_short_name, file, line,
            function ? function : "", function ? ": " : "", assertion);
    abort();
}

/* Scratch storage. One region per worker, handed to every block it runs: a block asks once for all its
 * per-thread copies, so each call may return the same storage. A block function called
 * outside the pool (blk->worker NULL) gets a per-thread region instead. */

static _Thread_local rt_worker rt_outside_worker;

void *cu2c_block_scratch(cu2c_block *blk, size_t bytes)
{
    rt_worker *w = blk && blk->worker ? (rt_worker *)blk->worker : &rt_outside_worker;
    if (bytes > w->scratch_cap || !w->scratch) {
        /* Grow geometrically so a sequence of slightly larger requests stays cheap. */
        size_t cap = w->scratch_cap * 2;
        if (cap < bytes)
            cap = bytes;
        if (cap < 64)
            cap = 64;
        cap = (cap + 63) & ~(size_t)63;
        if (cap < bytes)   /* rounding overflowed */
            return NULL;
        void *p = NULL;
        if (posix_memalign(&p, 64, cap) != 0)
            return NULL;
        free(w->scratch);
        w->scratch = p;
        w->scratch_cap = cap;
    }
    return w->scratch;
}

static uint64_t rt_order_base;

static void rt_order_seed_init(void)
{
    const char *s = getenv("CU2C_THREAD_ORDER_SEED");
    rt_order_base = s && *s ? strtoull(s, NULL, 0) : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

/* CU2C_THREAD_ORDER=random (kernel.h's CU2C_ORDERED_RANDOM): a block's permutation seed, from
 * CU2C_THREAD_ORDER_SEED (to repeat a run) or the time, mixed with the block's index. */
unsigned cu2c_thread_order_seed(const cu2c_block *blk)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, rt_order_seed_init);
    uint64_t h = rt_order_base ^ ((uint64_t)blk->blockIdx.x * 0x9e3779b97f4a7c15ull) ^
                 ((uint64_t)blk->blockIdx.y * 0xc2b2ae3d27d4eb4full) ^ ((uint64_t)blk->blockIdx.z * 0x165667b19e3779f9ull);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 29;
    return (unsigned)h;
}
