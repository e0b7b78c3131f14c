/* runtime/cooperative.c - cooperative launches (cudaLaunchCooperativeKernel): every block of
 * the grid on a thread of its own, and grid_group::sync() as a barrier over them; the worker
 * pool (pool.c) hands such a kernel here whole. A multi-device launch
 * (cudaLaunchCooperativeKernelMultiDevice, launch.c) is one such grid per device, each run by
 * its device's worker, sharing a second barrier over all their blocks
 * (multi_grid_group::sync()).
 *
 * grid_group::sync() needs every block of the grid running at once, as on a GPU that admits
 * the launch only when its blocks fit on the device together. The worker that takes such a
 * kernel runs each block on a thread of its own (cudaLaunchCooperativeKernel limits the grid
 * to what the occupancy calculator says fits: a few dozen threads per core) and waits for
 * them. The barrier counts the blocks still running, so a block that has finished does not
 * hold the others up; a block that faults breaks it, and every block then leaves. */
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include "internal.h"

typedef struct rt_grid {
    pthread_mutex_t lock;
    pthread_cond_t cv;
    uint64_t live;             /* blocks not finished */
    uint64_t arrived;          /* blocks waiting at the barrier */
    uint64_t gen;              /* barriers passed */
    int broken;                /* a block faulted: nobody waits any more */
} rt_grid;

/* The grids of a multi-device launch: a barrier over all their blocks. */
typedef struct rt_multi {
    rt_grid bar;
    unsigned ngrids;
    uint64_t per_grid;         /* blocks of each grid */
    atomic_uint grids_left;    /* grids not yet run to the end: the last frees it */
} rt_multi;

typedef struct {
    rt_job *job;
    rt_worker w;
    cu2c_block blk;
    pthread_t thread;
} rt_coop_block;

/* The barrier's count changed: releases the waiters when all live blocks are there (never
 * once a block has faulted). Lock held. */
static void rt_grid_release(rt_grid *g)
{
    if (!g->broken && g->arrived > 0 && g->arrived >= g->live) {
        g->arrived = 0;
        g->gen++;
        pthread_cond_broadcast(&g->cv);
    }
}

static void rt_grid_leave(rt_grid *g, int fault)
{
    pthread_mutex_lock(&g->lock);
    g->live--;
    if (fault) {
        g->broken = 1;      /* the waiters leave without passing the barrier */
        pthread_cond_broadcast(&g->cv);
    } else {
        rt_grid_release(g);
    }
    pthread_mutex_unlock(&g->lock);
}

/* `blocks` blocks of g will never reach it (they did not start): it is broken, its waiters
 * leave. */
static void rt_grid_drop(rt_grid *g, uint64_t blocks)
{
    pthread_mutex_lock(&g->lock);
    g->live -= blocks;
    g->broken = 1;
    pthread_cond_broadcast(&g->cv);
    pthread_mutex_unlock(&g->lock);
}

/* A block leaves its grid's barrier and its multi-device launch's. */
static void rt_block_leaves(rt_job *job, int fault)
{
    rt_grid_leave(job->grid_bar, fault);
    if (job->multi)
        rt_grid_leave(&job->multi->bar, fault);
}

rt_multi *rt_multi_new(unsigned ngrids, uint64_t nblocks)
{
    rt_multi *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    pthread_mutex_init(&m->bar.lock, NULL);
    pthread_cond_init(&m->bar.cv, NULL);
    m->bar.live = (uint64_t)ngrids * nblocks;
    m->ngrids = ngrids;
    m->per_grid = nblocks;
    atomic_init(&m->grids_left, ngrids);
    return m;
}

/* A grid of m has run (or never will): the last frees m. */
static void rt_multi_grid_done(rt_multi *m)
{
    if (atomic_fetch_sub(&m->grids_left, 1) == 1) {
        pthread_cond_destroy(&m->bar.cv);
        pthread_mutex_destroy(&m->bar.lock);
        free(m);
    }
}

void rt_multi_abandon(rt_multi *m, unsigned grids)
{
    rt_grid_drop(&m->bar, m->per_grid * grids);
    for (unsigned i = 0; i < grids; i++)
        rt_multi_grid_done(m);
}

static void *rt_coop_main(void *arg)
{
    rt_coop_block *b = arg;
    rt_worker *w = &b->w;
    rt_set_current_worker(w);
    jmp_buf fault;
    w->job = b->job;
    w->block = &b->blk;
    w->fault_jmp = &fault;
    if (setjmp(fault) == 0) {
        rt_clock_block();
        b->job->fn(b->job->args, &b->blk);
        rt_block_leaves(b->job, 0);
    } else {
        rt_faults_recovered();
        rt_block_leaves(b->job, 1);
    }
    w->job = NULL;
    w->block = NULL;
    return NULL;
}

void rt_run_cooperative(rt_job *job)
{
    const uint64_t n = job->nblocks;
    rt_grid g = {.live = n};
    pthread_mutex_init(&g.lock, NULL);
    pthread_cond_init(&g.cv, NULL);
    job->grid_bar = &g;
    rt_coop_block *bs = calloc(n, sizeof *bs);
    uint64_t started = 0;
    for (uint64_t i = 0; bs && i < n; i++, started++) {
        rt_coop_block *b = &bs[i];
        b->job = job;
        b->w.id = -1;
        if (!rt_grow_dyn_shared(&b->w, job->shmem))
            break;
        rt_block_init(&b->blk, job, &b->w);
        rt_block_at(&b->blk, job, i);
        if (pthread_create(&b->thread, NULL, rt_coop_main, b) != 0)
            break;
    }
    if (started < n) {
        /* out of threads or memory: the launch fails, the blocks started leave the barrier */
        atomic_store(&job->failed, 1);
        rt_grid_drop(&g, n - started);
        if (job->multi)
            rt_grid_drop(&job->multi->bar, n - started);
    }
    for (uint64_t i = 0; i < started; i++)
        pthread_join(bs[i].thread, NULL);
    for (uint64_t i = 0; bs && i < n; i++) {
        free(bs[i].w.dyn_shared);
        free(bs[i].w.scratch);
    }
    free(bs);
    job->grid_bar = NULL;
    pthread_cond_destroy(&g.cv);
    pthread_mutex_destroy(&g.lock);
    if (job->multi)
        rt_multi_grid_done(job->multi);
}

/* Block w waits at barrier g until every live block is there. */
static void rt_grid_wait(rt_grid *g, rt_worker *w)
{
    pthread_mutex_lock(&g->lock);
    uint64_t gen = g->gen;
    g->arrived++;
    rt_grid_release(g);
    while (g->gen == gen && !g->broken)
        pthread_cond_wait(&g->cv, &g->lock);
    int broken = g->broken && g->gen == gen;
    pthread_mutex_unlock(&g->lock);
    if (broken)
        longjmp(*(jmp_buf *)w->fault_jmp, 1);   /* another block faulted: the kernel is over */
}

void cu2c_grid_sync(cu2c_block *blk)
{
    rt_worker *w = blk ? blk->worker : NULL;
    rt_grid *g = w && w->job ? w->job->grid_bar : NULL;
    if (!g) {
        fprintf(stderr, "cu2c: error: grid_group::sync() in a kernel not launched with "
                        "cudaLaunchCooperativeKernel\n");
        cu2c_device_fault(cudaErrorLaunchFailure);
        return;
    }
    rt_grid_wait(g, w);
}

void cu2c_multi_grid_sync(cu2c_block *blk)
{
    rt_worker *w = blk ? blk->worker : NULL;
    rt_multi *m = w && w->job && w->job->grid_bar ? w->job->multi : NULL;
    if (!m) {
        fprintf(stderr, "cu2c: error: multi_grid_group::sync() in a kernel not launched with "
                        "cudaLaunchCooperativeKernelMultiDevice\n");
        cu2c_device_fault(cudaErrorLaunchFailure);
        return;
    }
    rt_grid_wait(&m->bar, w);
}

unsigned int cu2c_multi_grid_rank(void)
{
    rt_worker *w = rt_current_worker();
    return w && w->job && w->job->multi ? w->job->multi_rank : 0;
}

unsigned int cu2c_multi_grid_count(void)
{
    rt_worker *w = rt_current_worker();
    return w && w->job && w->job->multi ? w->job->multi->ngrids : 1;
}

int cu2c_grid_is_valid(void)
{
    rt_worker *w = rt_current_worker();
    return w && w->job && w->job->grid_bar;
}

