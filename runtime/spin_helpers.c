/* runtime/spin_helpers.c - blocks that wait for blocks not yet running. CUDA promises no
 * order among a grid's blocks, yet programs count on the blocks of a small grid being
 * resident together, as they are on a GPU with room for them: a persistent kernel whose
 * block b takes tasks b, b + gridDim.x, ... and waits for the flag of the task before it
 * (HeCBench's pad), a chain of blocks each waiting for the last. cu2c runs one block per
 * worker at a time, so the block a spinner waits for may sit untaken behind it, in its own
 * worker's share.
 *
 * When a block has spun for a while (cu2c_spin_wait, block_services.c), a helper thread
 * joins its kernel: it takes over the blocks its worker has taken and not begun (the rest of
 * a chunk), then takes untaken blocks one at a time (rt_take_one) until none is left; a
 * helper that spins in turn starts another. Every block
 * of the grid thus comes to run, up to as many at once as the device says fit
 * (multiProcessorCount x maxBlocksPerMultiProcessor, what cudaOccupancy* and programs sizing
 * persistent grids assume). Helpers are threads beside the workers, with a worker's stack;
 * spinners yield their core to them. A kernel that never spins has none. */
#include <stdlib.h>
#include "internal.h"
#include "cu2c/fiber.h"

typedef struct {
    rt_op *op;
    rt_worker w;
    uint64_t lo, hi;   /* the spinner's blocks handed over: taken, not begun */
} rt_helper;

static atomic_int rt_helpers_live;

/* The spinner's blocks handed over, then untaken ones, one at a time. */
static void rt_helper_blocks(rt_job *job, cu2c_block *blk, void *ctx)
{
    const rt_helper *h = ctx;
    rt_run_range(job, blk, h->lo, h->hi, 1);
    uint64_t i;
    while (rt_take_one(job, &i))
        rt_run_range(job, blk, i, i + 1, 1);
}

static void *rt_helper_main(void *arg)
{
    rt_helper *h = arg;
    rt_op *op = h->op;
    rt_set_current_worker(&h->w);
    void *signal_stack = rt_faults_worker_start();
    rt_blocks_on(&op->u.job, &h->w, rt_helper_blocks, h);
    rt_faults_worker_end(signal_stack);
    rt_fibers_release();
    rt_set_current_worker(NULL);
    free(h->w.dyn_shared);
    free(h->w.scratch);
    free(h);
    atomic_fetch_sub(&rt_helpers_live, 1);
    rt_op_leave(op);   /* the last to leave completes the kernel */
    return NULL;
}

void rt_spin_help(void)
{
    rt_worker *w = rt_current_worker();
    rt_job *job = w ? w->job : NULL;
    if (!job || (w->run_next >= w->run_end && !rt_job_untaken(job)))
        return;
    int live = atomic_fetch_add(&rt_helpers_live, 1);
    if (live + rt_num_workers() >= rt_resident_blocks()) {
        atomic_fetch_sub(&rt_helpers_live, 1);
        return;
    }
    rt_helper *h = calloc(1, sizeof *h);
    if (!h) {
        atomic_fetch_sub(&rt_helpers_live, 1);
        return;
    }
    h->op = (rt_op *)((char *)job - offsetof(rt_op, u.job));
    h->w.id = -1;
    h->lo = w->run_next;
    h->hi = w->run_end;
    w->run_end = w->run_next;   /* this worker ends its run with the spinning block */
    rt_op_join(h->op);   /* the kernel cannot complete before the helper leaves it */
    pthread_attr_t attr;
    rt_block_thread_attr(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t t;
    if (pthread_create(&t, &attr, rt_helper_main, h) != 0) {
        w->run_end = h->hi;
        rt_op_leave(h->op);
        free(h);
        atomic_fetch_sub(&rt_helpers_live, 1);
    }
    pthread_attr_destroy(&attr);
}
