/* runtime/pool.c - the worker pool that runs a launch's thread blocks on every core.
 *
 * CU2C_NUM_THREADS workers (default: the cores this process may use) start on the first
 * launch with big stacks (kernels keep __shared__ arrays and per-thread copies on the stack)
 * and stay until exit. A launch is a job: the host publishes it, every worker takes chunks of
 * linear block indices from the job's atomic counter until none are left, then lets go of the
 * job; the host returns when the last worker has. Launches are serialised by one mutex, so a
 * worker cannot miss a job: the next is published only after all have let go of this one.
 *
 * The block loop takes no lock and allocates nothing: each worker's dynamic shared memory is
 * grown once per launch at most, and its scratch storage only when a block asks for more. */
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"

#define RT_STACK_SIZE ((size_t)16 << 20)
/* How long an idle worker polls for the next job before sleeping (rt_poll_pause steps, about
 * a millisecond): back-to-back launches then skip the wake-up, which costs tens of us. */
#define RT_WORKER_SPIN 20000
/* The host's poll for completion is shorter: its core is one a worker may need. */
#define RT_HOST_SPIN 2000

static pthread_mutex_t rt_launch_lock = PTHREAD_MUTEX_INITIALIZER;  /* one launch at a time */
static pthread_mutex_t rt_pool_lock = PTHREAD_MUTEX_INITIALIZER;    /* sleeping and waking */
static pthread_cond_t rt_work_cv = PTHREAD_COND_INITIALIZER;        /* a job or shutdown */
static pthread_cond_t rt_done_cv = PTHREAD_COND_INITIALIZER;        /* a job is finished */

static rt_worker *rt_workers_arr;
static int rt_nworkers;             /* threads running; 0 until the first launch */
static int rt_spin;                 /* 0 when oversubscribed: spinning would steal cores */
static _Atomic(rt_job *) rt_current;
static atomic_uint_fast64_t rt_generation;  /* bumped, under rt_pool_lock, per job */
static atomic_int rt_shutdown;
static uint64_t rt_start_generation;       /* written before the workers are created */
static _Thread_local rt_worker *rt_self;    /* this thread's worker; NULL on host threads */

static inline void rt_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* One step of a polling loop: mostly a pause instruction, now and then a yield, so that a
 * polling thread gives its core to the host or a worker with work to do. */
static inline void rt_poll_pause(int i)
{
    if ((i & 63) == 63)
        sched_yield();
    else
        rt_cpu_relax();
}

/* Makes w's dynamic shared memory at least `bytes` (never less than one cache line, so
 * dyn_shared is never NULL). Runs on the worker, once per launch. */
static int rt_grow_dyn_shared(rt_worker *w, size_t bytes)
{
    if (bytes < 64)
        bytes = 64;
    if (bytes <= w->dyn_shared_cap)
        return 1;
    bytes = (bytes + 63) & ~(size_t)63;
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0)
        return 0;
    free(w->dyn_shared);
    w->dyn_shared = p;
    w->dyn_shared_cap = bytes;
    return 1;
}

/* The worker's share of the job: chunks of consecutive linear block indices, x fastest. */
static void rt_run_blocks(rt_job *job, rt_worker *w)
{
    /* A worker without shared memory sits this launch out; the others take its blocks. */
    if (!rt_grow_dyn_shared(w, job->shmem))
        return;
    cu2c_block blk;
    memset(&blk, 0, sizeof blk);
    blk.blockDim = job->block;
    blk.gridDim = job->grid;
    blk.dyn_shared = w->dyn_shared;
    blk.dyn_shared_size = job->shmem;
    blk.worker = w;
    const unsigned gx = job->grid.x, gy = job->grid.y;
    const uint64_t n = job->nblocks, chunk = job->chunk;
    cu2c_block_fn fn = job->fn;
    void **args = job->args;
    for (;;) {
        uint64_t start = atomic_fetch_add_explicit(&job->next, chunk, memory_order_relaxed);
        if (start >= n)
            break;
        uint64_t end = start + chunk < n ? start + chunk : n;
        uint64_t q = start / gx;
        unsigned x = (unsigned)(start % gx), y = (unsigned)(q % gy), z = (unsigned)(q / gy);
        for (uint64_t i = start; i < end; i++) {
            blk.blockIdx.x = x;
            blk.blockIdx.y = y;
            blk.blockIdx.z = z;
            fn(args, &blk);
            if (++x == gx) {
                x = 0;
                if (++y == gy) {
                    y = 0;
                    z++;
                }
            }
        }
    }
}

/* Waits for a generation other than `seen`; returns it (shutdown shows as rt_shutdown). */
static uint64_t rt_wait_for_job(uint64_t seen)
{
    for (int i = 0; i < rt_spin; i++) {
        uint64_t g = atomic_load_explicit(&rt_generation, memory_order_acquire);
        if (g != seen || atomic_load_explicit(&rt_shutdown, memory_order_relaxed))
            return g;
        rt_poll_pause(i);
    }
    pthread_mutex_lock(&rt_pool_lock);
    uint64_t g;
    while ((g = atomic_load(&rt_generation)) == seen && !atomic_load(&rt_shutdown))
        pthread_cond_wait(&rt_work_cv, &rt_pool_lock);
    pthread_mutex_unlock(&rt_pool_lock);
    return g;
}

static void *rt_worker_main(void *arg)
{
    rt_worker *w = arg;
    rt_self = w;
    /* The generation when the pool started, not when this thread got to run: the first job
     * may already be published by then. */
    uint64_t seen = rt_start_generation;
    for (;;) {
        seen = rt_wait_for_job(seen);
        if (atomic_load(&rt_shutdown))
            break;
        rt_job *job = atomic_load_explicit(&rt_current, memory_order_acquire);
        rt_run_blocks(job, w);
        /* Last use of job: once the count reaches 0 the host may reuse its memory. */
        if (atomic_fetch_sub_explicit(&job->workers_left, 1, memory_order_acq_rel) == 1) {
            pthread_mutex_lock(&rt_pool_lock);
            pthread_cond_broadcast(&rt_done_cv);
            pthread_mutex_unlock(&rt_pool_lock);
        }
    }
    return NULL;
}

/* Joins the workers at exit so none is left running a block while the process tears down
 * (a worker calling exit itself skips this: it cannot join itself). */
static void rt_pool_stop(void)
{
    if (rt_self)
        return;
    pthread_mutex_lock(&rt_launch_lock);  /* let a launch in progress finish */
    pthread_mutex_lock(&rt_pool_lock);
    atomic_store(&rt_shutdown, 1);
    pthread_cond_broadcast(&rt_work_cv);
    pthread_mutex_unlock(&rt_pool_lock);
    for (int i = 0; i < rt_nworkers; i++) {
        pthread_join(rt_workers_arr[i].thread, NULL);
        free(rt_workers_arr[i].dyn_shared);
        free(rt_workers_arr[i].scratch);
    }
    free(rt_workers_arr);
    rt_workers_arr = NULL;
    rt_nworkers = 0;
    pthread_mutex_unlock(&rt_launch_lock);
}

/* Starts the workers. Launch lock held. Fewer threads than asked is fine (the grid is
 * shared among those that started); none is cudaErrorLaunchOutOfResources. */
static cudaError_t rt_pool_start(void)
{
    int want = rt_num_workers();
    rt_worker *ws = calloc((size_t)want, sizeof *ws);
    if (!ws)
        return cudaErrorMemoryAllocation;
    size_t stack = RT_STACK_SIZE;
    const char *env = getenv("CU2C_STACK_SIZE");   /* bytes, for kernels with huge frames */
    if (env && atol(env) >= 65536)
        stack = (size_t)atol(env);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, stack);
    /* Workers block every signal, so the program's handlers run on its own threads. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    rt_start_generation = atomic_load(&rt_generation);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    rt_spin = cores > 0 && want > cores ? 0 : RT_WORKER_SPIN;
    int n = 0;
    for (; n < want; n++) {
        ws[n].id = n;
        if (pthread_create(&ws[n].thread, &attr, rt_worker_main, &ws[n]) != 0)
            break;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
    if (n == 0) {
        free(ws);
        return cudaErrorLaunchOutOfResources;
    }
    rt_workers_arr = ws;
    rt_nworkers = n;
    atexit(rt_pool_stop);
    return cudaSuccess;
}

cudaError_t rt_pool_run(rt_job *job)
{
    /* A kernel launching a kernel would wait for itself (no dynamic parallelism). */
    if (rt_self)
        return cudaErrorNotSupported;
    pthread_mutex_lock(&rt_launch_lock);
    if (atomic_load(&rt_shutdown)) {
        pthread_mutex_unlock(&rt_launch_lock);
        return cudaErrorCudartUnloading;
    }
    if (rt_nworkers == 0) {
        cudaError_t e = rt_pool_start();
        if (e != cudaSuccess) {
            pthread_mutex_unlock(&rt_launch_lock);
            return e;
        }
    }
    job->nblocks = (uint64_t)job->grid.x * job->grid.y * job->grid.z;
    /* Chunks small enough that uneven blocks balance (about 8 per worker), big enough that
     * the shared counter is not touched per block in huge grids. */
    uint64_t chunk = job->nblocks / ((uint64_t)rt_nworkers * 8);
    job->chunk = chunk < 1 ? 1 : chunk > 256 ? 256 : chunk;
    atomic_init(&job->next, 0);
    atomic_init(&job->workers_left, rt_nworkers);

    atomic_store_explicit(&rt_current, job, memory_order_release);
    pthread_mutex_lock(&rt_pool_lock);
    atomic_fetch_add_explicit(&rt_generation, 1, memory_order_release);
    pthread_cond_broadcast(&rt_work_cv);
    pthread_mutex_unlock(&rt_pool_lock);

    int done = 0;
    for (int i = 0; i < RT_HOST_SPIN && !done; i++) {
        done = atomic_load_explicit(&job->workers_left, memory_order_acquire) == 0;
        rt_poll_pause(i);
    }
    if (!done) {
        pthread_mutex_lock(&rt_pool_lock);
        while (atomic_load_explicit(&job->workers_left, memory_order_acquire) != 0)
            pthread_cond_wait(&rt_done_cv, &rt_pool_lock);
        pthread_mutex_unlock(&rt_pool_lock);
    }
    /* Every block taken has run; blocks left over mean no worker had shared memory. */
    cudaError_t e = atomic_load(&job->next) >= job->nblocks ? cudaSuccess
                                                             : cudaErrorMemoryAllocation;
    pthread_mutex_unlock(&rt_launch_lock);
    return e;
}

void rt_pool_sync(void)
{
    if (rt_self)
        return;
    pthread_mutex_lock(&rt_launch_lock);
    pthread_mutex_unlock(&rt_launch_lock);
}

/* ---- Scratch storage ------------------------------------------------------------------------
 * One region per worker, handed to every block it runs: a block asks once for all its
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
