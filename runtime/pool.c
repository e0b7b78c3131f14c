/* runtime/pool.c - the device: a queue of work per stream, and the worker threads that drain
 * the queues, running each kernel's thread blocks on every core.
 *
 * Every operation (launch, copy, set, host function, event record, wait) is queued on a
 * stream and returns; synchronous calls queue theirs too and run it themselves when its turn
 * comes (rt_run_by_host). An operation may start when it is the oldest of its stream and its
 * dependencies are done: an event's record (cudaStreamWaitEvent) and CUDA's legacy default
 * stream rule (work on it waits for earlier work on every blocking stream, and work on a
 * blocking stream for earlier work on it). A dependency is a (stream, seq) pair, done when the
 * stream has completed that many operations; operations of a stream complete in order.
 *
 * Each device has its workers (devices.c: CU2C_NUM_THREADS or the cores this process may
 * use, shared among CU2C_DEVICES); a worker runs only its device's streams. They start on the first
 * submission with big stacks (kernels keep __shared__ arrays and per-thread copies on the
 * stack) and stay until exit. An idle worker looks for work under the queue lock: an
 * operation that may start (it starts it: copies and host functions it runs alone, a kernel it
 * opens for every worker), else a running kernel with blocks left (it joins). Consecutive
 * work therefore runs back to back: the worker that completes an operation starts the next,
 * and idle workers poll for a while before sleeping, so the host wakes nobody per launch.
 *
 * A kernel's blocks reach the workers by CU2C_SCHEDULE: dynamic (chunks from a shared
 * counter, the default), static (one contiguous range per worker; CU2C_SCHEDULE=cyclic for
 * every P-th block) or steal (contiguous ranges; an idle worker takes half of the fullest);
 * block_schedule.c takes them. CU2C_AFFINITY=1 pins worker i to the i-th core this process
 * may use. Cooperative launches run in cooperative.c; blocks that wait for blocks not yet
 * running get helper threads in spin_helpers.c; what blocks call while they run (faults,
 * assert, scratch storage) is in block_services.c. */
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

#define RT_STACK_SIZE ((size_t)16 << 20)
#define RT_STACK_GUARD ((size_t)1 << 20)   /* below each worker's stack: address space only */
/* How long an idle worker polls for the next operation before sleeping (rt_poll_pause steps,
 * about a millisecond): back-to-back launches then skip the wake-up, which costs tens of us. */
#define RT_WORKER_SPIN 20000
/* The host's poll for completion is shorter: its core is one a worker may need. */
#define RT_HOST_SPIN 2000

enum { RT_QUEUED, RT_RUNNING, RT_BY_HOST };

/* Adaptive: held for short scans, so a contender spins briefly instead of sleeping in the
 * kernel (which cost launches most of their time). */
pthread_mutex_t rt_queue_lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;
static pthread_cond_t rt_work_cv = PTHREAD_COND_INITIALIZER;  /* workers: something changed */
static pthread_cond_t rt_done_cv = PTHREAD_COND_INITIALIZER;  /* hosts: work completed */
static atomic_uint_fast64_t rt_gen;     /* bumped, lock held, when work may have become ready */
static int rt_sleepers, rt_waiters;     /* workers / host threads asleep on the conditions */
static struct CUstream_st *rt_busy_head, *rt_busy_tail;   /* streams with queued work */
/* Whether rt_busy_head is non-empty, read without the lock: thrust's device algorithms ask
 * before each access to device memory (include/cu2c/thrust_wait.h) and wait only when work
 * is pending. Stored with release after the list changes (under the lock): a reader's
 * acquire that sees 0 sees the finished work's writes. */
int __cu2c_work_queued;
static rt_op *rt_running;               /* kernels and split copies with parts to take */
static _Atomic cudaError_t rt_async_error;  /* left by asynchronous work for the next sync
                                             (stored under the queue lock) */

static rt_worker *rt_workers_arr;
static int rt_nworkers;                 /* threads running; 0 until the first submission */
static int rt_spin;                     /* 0 when oversubscribed: spinning would steal cores */
static rt_schedule rt_sched;
static atomic_int rt_shutdown;
static _Thread_local rt_worker *rt_self;   /* this thread's worker; NULL on host threads */

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

uint64_t rt_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int rt_on_worker(void)
{
    return rt_self != NULL;
}

rt_worker *rt_current_worker(void)
{
    return rt_self;
}

void rt_set_current_worker(rt_worker *w)
{
    rt_self = w;
}

/* ---- Schedule --------------------------------------------------------------------------------- */

static rt_schedule rt_read_schedule(void)
{
    const char *env = getenv("CU2C_SCHEDULE");
    if (!env || !*env || !strcmp(env, "dynamic"))
        return RT_SCHED_DYNAMIC;
    if (!strcmp(env, "static") || !strcmp(env, "blocked"))
        return RT_SCHED_BLOCKED;
    if (!strcmp(env, "cyclic"))
        return RT_SCHED_CYCLIC;
    if (!strcmp(env, "steal"))
        return RT_SCHED_STEAL;
    fprintf(stderr, "cu2c: ignoring CU2C_SCHEDULE=%s (want dynamic, static, cyclic or steal)\n",
            env);
    return RT_SCHED_DYNAMIC;
}

static pthread_once_t rt_sched_once = PTHREAD_ONCE_INIT;

static void rt_init_schedule(void)
{
    rt_sched = rt_read_schedule();
}

/* The schedule kernels are launched with (read once), for operations.c's stealing ranges. */
rt_schedule rt_current_schedule(void)
{
    pthread_once(&rt_sched_once, rt_init_schedule);
    return rt_sched;
}

static int rt_add_dep(rt_op *op, struct CUstream_st *s, uint64_t seq)
{
    if (atomic_load_explicit(&s->completed, memory_order_acquire) >= seq)
        return 1;   /* already done */
    if (op->ndeps == op->cap_deps) {
        int cap = op->cap_deps * 2;
        rt_dep *d = malloc((size_t)cap * sizeof *d);
        if (!d)
            return 0;
        memcpy(d, op->deps, (size_t)op->ndeps * sizeof *d);
        if (op->deps != op->inline_deps)
            free(op->deps);
        op->deps = d;
        op->cap_deps = cap;
    }
    rt_dep d = { s, seq };
    op->deps[op->ndeps++] = d;
    return 1;
}

int rt_dep_done(const rt_dep *d)
{
    return !d->stream ||
           atomic_load_explicit(&d->stream->completed, memory_order_acquire) >= d->seq;
}

/* Whether op may start: the work before it in its stream and its dependencies are done. */
static int rt_op_ready(const rt_op *op)
{
    if (atomic_load_explicit(&op->stream->completed, memory_order_acquire) + 1 < op->seq)
        return 0;
    for (int i = 0; i < op->ndeps; i++)
        if (!rt_dep_done(&op->deps[i]))
            return 0;
    return 1;
}

static void rt_busy_unlink(struct CUstream_st *s)
{
    if (s->prev_busy)
        s->prev_busy->next_busy = s->next_busy;
    else {
        rt_busy_head = s->next_busy;
        __atomic_store_n(&__cu2c_work_queued, rt_busy_head != NULL, __ATOMIC_RELEASE);
    }
    if (s->next_busy)
        s->next_busy->prev_busy = s->prev_busy;
    else
        rt_busy_tail = s->prev_busy;
    s->next_busy = s->prev_busy = NULL;
}

/* Something may have become ready: pollers see the generation change, sleepers are woken. */
static void rt_notify(void)
{
    atomic_fetch_add_explicit(&rt_gen, 1, memory_order_release);
    if (rt_sleepers)
        pthread_cond_broadcast(&rt_work_cv);
    if (rt_waiters)
        pthread_cond_broadcast(&rt_done_cv);
}

/* op, its stream's oldest, is done. Lock held. */
static void rt_complete(rt_op *op)
{
    struct CUstream_st *s = op->stream;
    s->head = op->next;
    if (!s->head) {
        s->tail = NULL;
        rt_busy_unlink(s);
    }
    atomic_store_explicit(&s->completed, op->seq, memory_order_release);
    if (!s->head && s->destroyed)
        rt_stream_recycle(s);
    rt_notify();
    rt_op_free(op);
}

/* Whether every worker may join op while it runs: a kernel, or a copy split in parts. */
static int rt_op_shared(const rt_op *op)
{
    return op->kind == RT_OP_KERNEL || (op->kind == RT_OP_COPY && op->u.copy.nparts);
}

/* Lets idle workers join op (rt_find_work); the caller is its first thread. Lock held. */
static void rt_open_shared(rt_op *op)
{
    op->refs = 1;
    op->next_running = rt_running;
    rt_running = op;
}

static void rt_leave_shared(rt_op *op);

/* ---- Starting the workers ------------------------------------------------------------------- */

static void *rt_worker_main(void *arg);

/* Pins worker i to the i-th core of this process's affinity mask (CU2C_AFFINITY=1). */
static void rt_pin(pthread_t t, int i)
{
    cpu_set_t allowed, one;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) == 0)
        return;
    int k = i % CPU_COUNT(&allowed);
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &allowed) && k-- == 0) {
            CPU_ZERO(&one);
            CPU_SET(c, &one);
            pthread_setaffinity_np(t, sizeof one, &one);
            return;
        }
}

void rt_block_thread_attr(pthread_attr_t *attr)
{
    size_t stack = RT_STACK_SIZE;
    const char *env = getenv("CU2C_STACK_SIZE");   /* bytes, for kernels with huge frames */
    if (env && atol(env) >= 65536)
        stack = (size_t)atol(env);
    pthread_attr_init(attr);
    pthread_attr_setstacksize(attr, stack);
    /* a frame that overflows lands in the guard, not in other memory (then a fault) */
    pthread_attr_setguardsize(attr, RT_STACK_GUARD);
}

static void rt_pool_stop(void);

/* Starts the workers. Queue lock held. Fewer threads than asked is fine (the others take
 * their blocks); none is cudaErrorLaunchOutOfResources. */
static cudaError_t rt_pool_start(void)
{
    int per = rt_num_workers(), ndev = rt_device_count() > 0 ? rt_device_count() : 1;
    int want = per * ndev;
    rt_worker *ws = calloc((size_t)want, sizeof *ws);
    if (!ws)
        return cudaErrorMemoryAllocation;
    const char *aff = getenv("CU2C_AFFINITY");
    int pin = aff && !strcmp(aff, "1");
    pthread_attr_t attr;
    rt_block_thread_attr(&attr);
    rt_faults_install();
    /* Workers block every signal, so the program's handlers run on its own threads. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    rt_spin = cores > 0 && want > cores ? 0 : RT_WORKER_SPIN;
    int n = 0;
    /* round robin over the devices: if fewer threads start than asked, each device still
     * has one while there are as many as devices */
    for (; n < want; n++) {
        ws[n].id = n / ndev;
        ws[n].device = n % ndev;
        if (pthread_create(&ws[n].thread, &attr, rt_worker_main, &ws[n]) != 0)
            break;
        if (pin)
            rt_pin(ws[n].thread, n);
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

/* ---- Submitting ----------------------------------------------------------------------------- */

/* op, about to be queued on s, waits for what CUDA orders s after: a device's legacy default
 * stream waits for every blocking stream of the device, they wait for it. 0 when memory runs
 * out. Lock held. */
static int rt_order_by_legacy(rt_op *op, struct CUstream_st *s)
{
    int ok = 1;
    struct CUstream_st *legacy = &rt_legacy_streams[s->device];
    if (s == legacy) {
        for (struct CUstream_st *b = rt_busy_head; ok && b; b = b->next_busy)
            if (b != s && b->device == s->device && !(b->flags & cudaStreamNonBlocking))
                ok = rt_add_dep(op, b, atomic_load_explicit(&b->submitted, memory_order_relaxed));
    } else if (!(s->flags & cudaStreamNonBlocking) && legacy->head) {
        ok = rt_add_dep(op, legacy, atomic_load_explicit(&legacy->submitted, memory_order_relaxed));
    }
    return ok;
}

/* Appends op to s's queue in state (RT_QUEUED or RT_BY_HOST). Lock held. */
static void rt_enqueue(struct CUstream_st *s, rt_op *op, int state)
{
    op->stream = s;
    op->seq = atomic_load_explicit(&s->submitted, memory_order_relaxed) + 1;
    atomic_store_explicit(&s->submitted, op->seq, memory_order_release);
    op->state = state;
    if (s->tail) {
        s->tail->next = op;
    } else {
        s->head = op;
        s->prev_busy = rt_busy_tail;
        if (rt_busy_tail)
            rt_busy_tail->next_busy = s;
        else {
            rt_busy_head = s;
            __atomic_store_n(&__cu2c_work_queued, 1, __ATOMIC_RELEASE);
        }
        rt_busy_tail = s;
    }
    s->tail = op;
}

cudaError_t rt_submit_at(cudaStream_t handle, rt_op *op, const rt_dep *dep, int by_host,
                         rt_dep *placed)
{
    struct CUstream_st *s = rt_stream_of(handle);
    if (!s || rt_sticky_error() || !rt_device_count()) {
        rt_op_discard(op);
        return !s ? cudaErrorInvalidResourceHandle : rt_sticky_error() ? rt_sticky_error() : cudaErrorNoDevice;
    }
    if (atomic_load_explicit(&s->capture, memory_order_acquire)) {
        if (placed)
            *placed = (rt_dep){ NULL, 0 };   /* nothing queued: nothing to wait for */
        return rt_capture_submit(s, op, by_host);
    }
    pthread_mutex_lock(&rt_queue_lock);
    cudaError_t e = cudaSuccess;
    if (atomic_load(&rt_shutdown))
        e = cudaErrorCudartUnloading;
    else if (rt_nworkers == 0 && !by_host)
        e = rt_pool_start();
    int ok = e == cudaSuccess && rt_order_by_legacy(op, s);
    if (ok && dep && dep->stream)
        ok = rt_add_dep(op, dep->stream, dep->seq);
    if (!ok) {
        pthread_mutex_unlock(&rt_queue_lock);
        rt_op_discard(op);
        return e != cudaSuccess ? e : cudaErrorMemoryAllocation;
    }
    rt_enqueue(s, op, by_host ? RT_BY_HOST : RT_QUEUED);
    if (placed) {
        placed->stream = s;
        placed->seq = op->seq;
    }
    rt_take_spare();
    if (!by_host)
        rt_notify();
    pthread_mutex_unlock(&rt_queue_lock);
    return cudaSuccess;
}

cudaError_t rt_submit_batch(cudaStream_t handle, rt_op **ops, size_t n)
{
    struct CUstream_st *s = rt_stream_of(handle);
    cudaError_t e = !s ? cudaErrorInvalidResourceHandle : rt_sticky_error();
    size_t i = 0;
    if (e == cudaSuccess && atomic_load_explicit(&s->capture, memory_order_acquire)) {
        for (; i < n && e == cudaSuccess; i++)
            e = rt_capture_submit(s, ops[i], 0);
        for (; i < n; i++)
            rt_op_discard(ops[i]);
        return e;
    }
    if (e == cudaSuccess && n) {
        pthread_mutex_lock(&rt_queue_lock);
        if (atomic_load(&rt_shutdown))
            e = cudaErrorCudartUnloading;
        else if (rt_nworkers == 0)
            e = rt_pool_start();
        /* the first waits for what CUDA orders the stream after; the others follow it */
        if (e == cudaSuccess && !rt_order_by_legacy(ops[0], s))
            e = cudaErrorMemoryAllocation;
        for (; e == cudaSuccess && i < n; i++)
            rt_enqueue(s, ops[i], RT_QUEUED);
        rt_take_spare();
        rt_notify();
        pthread_mutex_unlock(&rt_queue_lock);
    }
    for (; i < n; i++)
        rt_op_discard(ops[i]);
    return e;
}

cudaError_t rt_submit(cudaStream_t stream, rt_op *op, const rt_dep *dep, int by_host)
{
    return rt_submit_at(stream, op, dep, by_host, NULL);
}

/* ---- Waiting (host threads) ----------------------------------------------------------------- */

/* Polls, then sleeps, until done(arg) holds; done reads only atomics. */
static void rt_wait_until(int (*done)(const void *), const void *arg)
{
    for (int i = 0; i < RT_HOST_SPIN; i++) {
        if (done(arg))
            return;
        rt_poll_pause(i);
    }
    pthread_mutex_lock(&rt_queue_lock);
    rt_waiters++;
    while (!done(arg))
        pthread_cond_wait(&rt_done_cv, &rt_queue_lock);
    rt_waiters--;
    pthread_mutex_unlock(&rt_queue_lock);
}

static int rt_ready_pred(const void *op)
{
    return rt_op_ready(op);
}

static int rt_dep_pred(const void *d)
{
    return rt_dep_done(d);
}

void rt_wait_dep(const rt_dep *d)
{
    rt_wait_until(rt_dep_pred, d);
}

/* Returns the sticky error, or returns and clears the error asynchronous work left. */
static cudaError_t rt_take_async_error(void)
{
    if (rt_sticky_error())
        return rt_sticky_error();
    if (atomic_load_explicit(&rt_async_error, memory_order_relaxed) == cudaSuccess)
        return cudaSuccess;     /* the common case: no lock */
    pthread_mutex_lock(&rt_queue_lock);
    cudaError_t e = atomic_exchange_explicit(&rt_async_error, cudaSuccess, memory_order_relaxed);
    pthread_mutex_unlock(&rt_queue_lock);
    return e;
}

/* Runs a copy, set, host function, callback or free (a worker, or the host for by_host ones).
 * Kernels run in rt_run_blocks; records and waits complete in rt_find_work. */
static void rt_exec(rt_op *op)
{
    switch (op->kind) {
    case RT_OP_COPY:
        rt_copy_work(&op->u.copy);
        break;
    case RT_OP_HOST:
        op->u.host.fn(op->u.host.data);
        break;
    case RT_OP_CALLBACK:
        op->u.callback.fn(op->u.callback.handle, rt_sticky_error(), op->u.callback.data);
        break;
    case RT_OP_FREE:
        rt_heap_free(op->u.free.ptr, op->u.free.size);
        if (op->u.free.pool)
            rt_pool_give(op->u.free.pool, op->u.free.size);
        break;
    case RT_OP_KERNEL:
    case RT_OP_RECORD:
    case RT_OP_NOP:
        break;
    }
}

cudaError_t rt_run_by_host(rt_op *op)
{
    rt_wait_until(rt_ready_pred, op);
    if (!rt_op_shared(op)) {
        rt_exec(op);
        pthread_mutex_lock(&rt_queue_lock);
        rt_complete(op);
        pthread_mutex_unlock(&rt_queue_lock);
        return rt_take_async_error();
    }
    /* A split copy: opened for the workers as a kernel is, this thread taking parts too, so
     * it proceeds even while every worker is busy with a kernel of another stream. The last
     * thread to leave completes it (and frees op): this one waits for its place. */
    rt_dep done = { op->stream, op->seq };
    pthread_mutex_lock(&rt_queue_lock);
    if (rt_nworkers == 0 && !atomic_load(&rt_shutdown))
        rt_pool_start();   /* so that workers join; without them this thread does it all */
    rt_open_shared(op);
    rt_notify();
    pthread_mutex_unlock(&rt_queue_lock);
    rt_copy_work(&op->u.copy);
    pthread_mutex_lock(&rt_queue_lock);
    rt_leave_shared(op);
    pthread_mutex_unlock(&rt_queue_lock);
    rt_wait_dep(&done);
    return rt_take_async_error();
}

/* The places, at the time of the call, that rt_sync(stream) waits for. */
typedef struct {
    rt_dep *deps;
    int n;
} rt_targets;

static int rt_targets_pred(const void *arg)
{
    const rt_targets *t = arg;
    for (int i = 0; i < t->n; i++)
        if (!rt_dep_done(&t->deps[i]))
            return 0;
    return 1;
}

/* Waits for stream s, or every stream of device `device` (s NULL, device >= 0), or every
 * stream (s NULL, device < 0). */
static cudaError_t rt_sync_where(struct CUstream_st *s, int device)
{
    if (rt_self)
        return cudaErrorNotPermitted;   /* a host function waiting on the device */
    if (s && !s->legacy) {
        /* one stream: its last operation queued so far, read without the lock */
        rt_dep d = { s, atomic_load_explicit(&s->submitted, memory_order_acquire) };
        rt_wait_until(rt_dep_pred, &d);
        return rt_take_async_error();
    }
    rt_dep local[16];
    rt_targets t = { local, 0 };
    int cap = 16, truncated;
    do {
        /* Out of memory for the list, it waits for what it holds and looks again. */
        truncated = 0;
        t.n = 0;
        pthread_mutex_lock(&rt_queue_lock);
        for (struct CUstream_st *b = rt_busy_head; b; b = b->next_busy) {
            /* The legacy stream waits with every blocking stream of its device (a superset of
             * CUDA's). */
            int want = s ? b == s || (s->legacy && b->device == s->device &&
                                      !(b->flags & cudaStreamNonBlocking))
                         : device < 0 || b->device == device;
            if (!want)
                continue;
            if (t.n == cap) {
                rt_dep *d = malloc((size_t)cap * 2 * sizeof *d);
                if (!d) {
                    truncated = 1;
                    break;
                }
                memcpy(d, t.deps, (size_t)t.n * sizeof *d);
                if (t.deps != local)
                    free(t.deps);
                t.deps = d;
                cap *= 2;
            }
            rt_dep d = { b, atomic_load_explicit(&b->submitted, memory_order_relaxed) };
            t.deps[t.n++] = d;
        }
        pthread_mutex_unlock(&rt_queue_lock);
        rt_wait_until(rt_targets_pred, &t);
    } while (truncated);
    if (t.deps != local)
        free(t.deps);
    return rt_take_async_error();
}

cudaError_t rt_sync(cudaStream_t handle)
{
    struct CUstream_st *s = NULL;
    if (handle != RT_ALL_STREAMS && !(s = rt_stream_of(handle)))
        return cudaErrorInvalidResourceHandle;
    return rt_sync_where(s, -1);
}

cudaError_t rt_sync_device(int d)
{
    return rt_sync_where(NULL, d);
}

int rt_stream_idle(cudaStream_t handle)
{
    struct CUstream_st *s = rt_stream_of(handle);
    pthread_mutex_lock(&rt_queue_lock);
    int idle = atomic_load(&s->completed) == atomic_load_explicit(&s->submitted, memory_order_relaxed);
    pthread_mutex_unlock(&rt_queue_lock);
    return idle;
}

/* ---- Running a kernel's blocks -------------------------------------------------------------- */

/* Makes w's dynamic shared memory at least `bytes` (never less than one cache line, so
 * dyn_shared is never NULL). Runs on the worker, once per launch. */
int rt_grow_dyn_shared(rt_worker *w, size_t bytes)
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

void rt_blocks_on(rt_job *job, rt_worker *w, void (*run)(rt_job *, cu2c_block *, void *), void *ctx)
{
    if (!rt_grow_dyn_shared(w, job->shmem)) {
        /* No shared memory: the launch fails; its remaining blocks are dropped. */
        atomic_store(&job->failed, 1);
        rt_job_drain(job);
        return;
    }
    cu2c_block blk;
    rt_block_init(&blk, job, w);
    jmp_buf fault;
    w->job = job;
    w->block = &blk;
    w->fault_jmp = &fault;
    cu2c_tls.thread_known = 0;
    if (setjmp(fault) == 0)
        run(job, &blk, ctx);
    else
        rt_faults_recovered();
    w->job = NULL;
    w->block = NULL;
    w->fault_jmp = NULL;
}

static void rt_take_blocks_of(rt_job *job, cu2c_block *blk, void *ctx)
{
    (void)ctx;
    rt_take_blocks(job, blk);
}

/* The worker's share of the job. */
static void rt_run_blocks(rt_job *job, rt_worker *w)
{
    if (job->cooperative) {
        if (atomic_fetch_add(&job->next, 1) == 0)
            rt_run_cooperative(job);
        return;
    }
    rt_blocks_on(job, w, rt_take_blocks_of, NULL);
}

/* Opens a kernel for its device's workers. Lock held. */
static void rt_job_start(rt_job *job)
{
    rt_job_plan(job, rt_sched, (unsigned)rt_num_workers());
}

/* ---- Workers -------------------------------------------------------------------------------- */

/* Work for an idle worker, lock held: an operation it starts (for a kernel it is then the
 * first of the kernel's workers), else a running kernel it joins; NULL if none. Records,
 * and waits whose dependencies are done, complete here and now (an event's time is taken
 * the moment the work before it is done). */
static rt_op *rt_find_work(const rt_worker *w)
{
    for (int again = 1; again;) {
        again = 0;
        struct CUstream_st *next;
        for (struct CUstream_st *s = rt_busy_head; s; s = next) {
            next = s->next_busy;
            rt_op *op = s->head;
            if (s->device != w->device || op->state != RT_QUEUED || !rt_op_ready(op))
                continue;
            if (op->kind == RT_OP_RECORD || op->kind == RT_OP_NOP) {
                if (op->kind == RT_OP_RECORD)
                    rt_event_fire(op);
                rt_complete(op);
                again = 1;
                continue;
            }
            if (op->kind == RT_OP_KERNEL && rt_sticky_error()) {
                rt_complete(op);   /* after a fault the device runs no kernel */
                again = 1;
                continue;
            }
            op->state = RT_RUNNING;
            if (op->kind == RT_OP_KERNEL)
                rt_job_start(&op->u.job);
            if (rt_op_shared(op))
                rt_open_shared(op);
            return op;
        }
    }
    for (rt_op *op = rt_running; op; op = op->next_running)
        if (!op->exhausted && op->stream->device == w->device) {
            op->refs++;
            return op;
        }
    return NULL;
}

/* A thread has taken all it could of a kernel or split copy: nothing is left to take. Lock
 * held. */
static void rt_leave_shared(rt_op *op)
{
    if (!op->exhausted) {
        op->exhausted = 1;
        rt_op **p = &rt_running;
        while (*p != op)
            p = &(*p)->next_running;
        *p = op->next_running;
    }
    if (--op->refs == 0) {
        if (op->kind == RT_OP_KERNEL && atomic_load(&op->u.job.failed))
            atomic_store_explicit(&rt_async_error, cudaErrorLaunchOutOfResources, memory_order_relaxed);
        rt_complete(op);
    }
}

void rt_op_join(rt_op *op)
{
    pthread_mutex_lock(&rt_queue_lock);
    op->refs++;
    pthread_mutex_unlock(&rt_queue_lock);
}

void rt_op_leave(rt_op *op)
{
    pthread_mutex_lock(&rt_queue_lock);
    rt_leave_shared(op);
    pthread_mutex_unlock(&rt_queue_lock);
}

static void *rt_worker_main(void *arg)
{
    rt_worker *w = arg;
    rt_self = w;
    void *signal_stack = rt_faults_worker_start();
    pthread_mutex_lock(&rt_queue_lock);
    for (;;) {
        rt_op *op = rt_find_work(w);
        if (op) {
            pthread_mutex_unlock(&rt_queue_lock);
            if (op->kind == RT_OP_KERNEL)
                rt_run_blocks(&op->u.job, w);
            else
                rt_exec(op);
            pthread_mutex_lock(&rt_queue_lock);
            if (rt_op_shared(op))
                rt_leave_shared(op);
            else
                rt_complete(op);
            continue;
        }
        if (atomic_load(&rt_shutdown))
            break;
        uint64_t seen = atomic_load_explicit(&rt_gen, memory_order_relaxed);
        pthread_mutex_unlock(&rt_queue_lock);
        for (int i = 0; i < rt_spin; i++) {
            if (atomic_load_explicit(&rt_gen, memory_order_acquire) != seen ||
                atomic_load_explicit(&rt_shutdown, memory_order_relaxed))
                break;
            rt_poll_pause(i);
        }
        pthread_mutex_lock(&rt_queue_lock);
        rt_sleepers++;
        while (atomic_load(&rt_gen) == seen && !atomic_load(&rt_shutdown))
            pthread_cond_wait(&rt_work_cv, &rt_queue_lock);
        rt_sleepers--;
    }
    pthread_mutex_unlock(&rt_queue_lock);
    rt_faults_worker_end(signal_stack);
    return NULL;
}

/* At exit: lets the queued work finish, then joins the workers so none is left running a
 * block while the process tears down (a worker calling exit itself skips this: it cannot
 * join itself). */
static void rt_pool_stop(void)
{
    if (rt_self)
        return;
    rt_sync(RT_ALL_STREAMS);
    pthread_mutex_lock(&rt_queue_lock);
    atomic_store(&rt_shutdown, 1);
    pthread_cond_broadcast(&rt_work_cv);
    pthread_mutex_unlock(&rt_queue_lock);
    for (int i = 0; i < rt_nworkers; i++) {
        pthread_join(rt_workers_arr[i].thread, NULL);
        free(rt_workers_arr[i].dyn_shared);
        free(rt_workers_arr[i].scratch);
    }
    free(rt_workers_arr);
    rt_workers_arr = NULL;
    rt_nworkers = 0;
}
