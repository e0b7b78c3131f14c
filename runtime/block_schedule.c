/* runtime/block_schedule.c - how a kernel's blocks reach the threads that run them, by
 * CU2C_SCHEDULE (read in pool.c): dynamic (chunks from a shared counter, shrinking towards
 * the end), static (one contiguous range per worker; cyclic: every P-th block) or steal
 * (contiguous ranges; a worker whose range is done takes half of the fullest). Taking a
 * block takes no lock and allocates nothing. A spin helper (spin_helpers.c) takes blocks one
 * at a time, from the back, so that every block of a grid whose blocks wait for each other
 * comes to run. */
#include <string.h>
#include "internal.h"

/* The most blocks one claim takes: enough that huge grids do not touch the shared counter (or
 * a stealing range) per block. */
#define RT_MAX_CHUNK 256

/* A block as the block function sees it, before its index is set: the launch's shape and
 * shared memory, and the worker running it. */
void rt_block_init(cu2c_block *blk, const rt_job *job, rt_worker *w)
{
    memset(blk, 0, sizeof *blk);
    blk->blockDim = job->block;
    blk->gridDim = job->grid;
    blk->dyn_shared = w->dyn_shared;
    blk->dyn_shared_size = job->shmem;
    blk->worker = w;
}

/* Sets blk's index to the grid's i-th block in linear order (x fastest). */
void rt_block_at(cu2c_block *blk, const rt_job *job, uint64_t i)
{
    uint64_t q = i / job->grid.x;
    blk->blockIdx.x = (unsigned)(i % job->grid.x);
    blk->blockIdx.y = (unsigned)(q % job->grid.y);
    blk->blockIdx.z = (unsigned)(q / job->grid.y);
}

/* Runs blocks start, start+step, ... below end in linear order (x fastest). Consecutive
 * blocks (step 1) run while below the worker's run_end, which a spin of one of them may
 * lower to hand the rest to a helper (rt_spin_help). */
void rt_run_range(const rt_job *job, cu2c_block *blk, uint64_t start, uint64_t end, uint64_t step)
{
    const unsigned gx = job->grid.x, gy = job->grid.y;
    cu2c_block_fn fn = job->fn;
    void **args = job->args;
    if (step != 1) {
        for (uint64_t i = start; i < end; i += step) {
            rt_block_at(blk, job, i);
            rt_clock_block();
            fn(args, blk);
        }
        return;
    }
    rt_worker *w = blk->worker;
    w->run_end = end;
    uint64_t q = start / gx;
    unsigned x = (unsigned)(start % gx), y = (unsigned)(q % gy), z = (unsigned)(q / gy);
    for (uint64_t i = start; i < w->run_end; i++) {
        blk->blockIdx.x = x;
        blk->blockIdx.y = y;
        blk->blockIdx.z = z;
        w->run_next = i + 1;
        rt_clock_block();
        fn(args, blk);
        if (++x == gx) {
            x = 0;
            if (++y == gy) {
                y = 0;
                z++;
            }
        }
    }
    w->run_next = w->run_end = 0;
}

/* Blocks [*lo, *hi) of partition p when n blocks are split into P contiguous ranges whose
 * sizes differ by one at most. */
static void rt_partition(uint64_t n, uint64_t P, uint64_t p, uint64_t *lo, uint64_t *hi)
{
    uint64_t q = n / P, r = n % P;
    *lo = p * q + (p < r ? p : r);
    *hi = *lo + q + (p < r);
}

static uint64_t rt_pack(uint64_t lo, uint64_t hi)
{
    return lo << 32 | hi;
}

/* Takes an eighth from the front (owner) or half from the back (thief) of range r, at most
 * `want` (0: no limit); returns how many, with the first in *first. */
static uint64_t rt_take(atomic_uint_fast64_t *r, uint64_t want, int thief, uint64_t *first)
{
    uint64_t v = atomic_load_explicit(r, memory_order_relaxed);
    for (;;) {
        uint64_t lo = v >> 32, hi = v & 0xffffffffu;
        if (lo >= hi)
            return 0;
        uint64_t n = thief ? (hi - lo + 1) / 2 : (hi - lo + 7) / 8;
        if (want && n > want)
            n = want;
        uint64_t nv = thief ? rt_pack(lo, hi - n) : rt_pack(lo + n, hi);
        if (atomic_compare_exchange_weak_explicit(r, &v, nv, memory_order_acq_rel,
                                                  memory_order_relaxed)) {
            *first = thief ? hi - n : lo;
            return n;
        }
    }
}

/* The stealing range holding the most untaken blocks; NULL when every one is empty (ranges
 * only shrink: the grid is taken). */
static atomic_uint_fast64_t *rt_fullest_range(rt_job *job)
{
    atomic_uint_fast64_t *fullest = NULL;
    uint64_t most = 0;
    for (unsigned i = 0; i < job->nparts; i++) {
        uint64_t v = atomic_load_explicit(&job->ranges[i * RT_RANGE_STRIDE], memory_order_relaxed);
        uint64_t lo = v >> 32, hi = v & 0xffffffffu;
        if (lo < hi && hi - lo > most) {
            most = hi - lo;
            fullest = &job->ranges[i * RT_RANGE_STRIDE];
        }
    }
    return fullest;
}

static void rt_run_stealing(rt_job *job, cu2c_block *blk)
{
    const unsigned P = job->nparts;
    uint64_t p = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
    atomic_uint_fast64_t *own = p < P ? &job->ranges[p * RT_RANGE_STRIDE] : NULL;
    for (;;) {
        uint64_t first, n;
        while (own && (n = rt_take(own, RT_MAX_CHUNK, 0, &first)) != 0)
            rt_run_range(job, blk, first, first + n, 1);
        /* Own range empty: steal half of the fullest. */
        atomic_uint_fast64_t *victim = rt_fullest_range(job);
        if (!victim)
            return;
        if ((n = rt_take(victim, 0, 1, &first)) == 0)
            continue;
        if (n > 1 && own) {
            /* Keep the first block, publish the rest as this worker's range to be stolen. */
            atomic_store_explicit(own, rt_pack(first + 1, first + n), memory_order_release);
            n = 1;
        }
        rt_run_range(job, blk, first, first + n, 1);
    }
}

/* Lets no worker take another block of the job (a fault, or no shared memory). */
void rt_job_drain(rt_job *job)
{
    atomic_store(&job->next, UINT64_MAX / 2);
    for (unsigned i = 0; job->ranges && i < job->nparts; i++)
        atomic_store(&job->ranges[i * RT_RANGE_STRIDE], 0);
}

/* Takes blocks by the job's schedule and runs them until none is left to take. */
void rt_take_blocks(rt_job *job, cu2c_block *blk)
{
    const uint64_t n = job->nblocks, P = job->nparts;
    switch (job->sched) {
    case RT_SCHED_DYNAMIC:
        /* Guided: each claim takes a share of what is left (at most RT_MAX_CHUNK), so the
         * chunks shrink towards the end and a heavy tail still splits evenly. */
        for (;;) {
            uint64_t start = atomic_load_explicit(&job->next, memory_order_relaxed), c;
            do {
                if (start >= n)
                    return;
                c = (n - start) / (2 * P);
                c = c < 1 ? 1 : c > RT_MAX_CHUNK ? RT_MAX_CHUNK : c;
            } while (!atomic_compare_exchange_weak_explicit(&job->next, &start, start + c,
                                                            memory_order_relaxed,
                                                            memory_order_relaxed));
            rt_run_range(job, blk, start, start + c, 1);
        }
    case RT_SCHED_BLOCKED:
    case RT_SCHED_CYCLIC:
        /* Partition p of P; a worker that finds its own done takes one nobody claimed. */
        for (;;) {
            uint64_t p = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
            if (p >= P)
                return;
            if (job->sched == RT_SCHED_CYCLIC) {
                rt_run_range(job, blk, p, n, P);
            } else {
                uint64_t lo, hi;
                rt_partition(n, P, p, &lo, &hi);
                rt_run_range(job, blk, lo, hi, 1);
            }
        }
    case RT_SCHED_STEAL:
        rt_run_stealing(job, blk);
        return;
    }
}

/* Sets a kernel's blocks out for P workers by schedule sched, before any is taken. */
void rt_job_plan(rt_job *job, rt_schedule sched, unsigned P)
{
    job->nblocks = (uint64_t)job->grid.x * job->grid.y * job->grid.z;
    const uint64_t n = job->nblocks;
    job->sched = sched;
    job->nparts = P;
    if (job->sched == RT_SCHED_STEAL) {
        /* Ranges hold 32-bit indices and were sized for rt_num_workers() partitions. */
        if (!job->ranges || n >> 32 || P > (unsigned)rt_num_workers()) {
            job->sched = RT_SCHED_DYNAMIC;
        } else {
            for (uint64_t p = 0; p < P; p++) {
                uint64_t lo, hi;
                rt_partition(n, P, p, &lo, &hi);
                atomic_init(&job->ranges[p * RT_RANGE_STRIDE], rt_pack(lo, hi));
            }
        }
    }
    atomic_init(&job->next, 0);
    atomic_init(&job->failed, 0);
    atomic_init(&job->faulted, 0);
}

/* Whether a spin helper would find a block nobody has taken (a static schedule's blocks
 * belong to their partitions: none). */
int rt_job_untaken(rt_job *job)
{
    if (job->cooperative)
        return 0;
    if (job->sched == RT_SCHED_DYNAMIC)
        return atomic_load_explicit(&job->next, memory_order_relaxed) < job->nblocks;
    return job->sched == RT_SCHED_STEAL && rt_fullest_range(job) != NULL;
}

/* One block nobody has taken, for a spin helper: the next of the dynamic counter's, or the
 * last of the fullest stealing range. Returns 0 when there is none, else 1 with its index
 * in *i. */
int rt_take_one(rt_job *job, uint64_t *i)
{
    if (job->cooperative)
        return 0;
    if (job->sched == RT_SCHED_DYNAMIC) {
        uint64_t start = atomic_load_explicit(&job->next, memory_order_relaxed);
        do {
            if (start >= job->nblocks)
                return 0;
        } while (!atomic_compare_exchange_weak_explicit(&job->next, &start, start + 1, memory_order_relaxed,
                                                        memory_order_relaxed));
        *i = start;
        return 1;
    }
    if (job->sched != RT_SCHED_STEAL)
        return 0;
    for (;;) {
        atomic_uint_fast64_t *victim = rt_fullest_range(job);
        if (!victim)
            return 0;
        if (rt_take(victim, 1, 1, i))
            return 1;
    }
}
