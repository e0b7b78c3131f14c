/* runtime/operations.c - the memory of queued operations (rt_op): made, copied, recycled.
 *
 * Operations up to RT_OP_BYTES (header, stealing ranges and a kernel's arguments) are recycled:
 * completed ones go to a free list (the queue lock is held there anyway), and each submitting
 * thread takes a spare from it while it holds the lock to submit, for its next rt_op_new.
 * Launches then neither allocate nor free: with malloc the workers' frees fought the host's
 * allocations for the arena lock. A graph's operations are never submitted themselves: each
 * launch queues clones (rt_op_clone_batch takes their memory from the free list at once). */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* A kernel's stealing ranges come first in its extra storage, one cache line each. */
static size_t rt_ranges_bytes(rt_op_kind kind)
{
    if (kind != RT_OP_KERNEL || rt_current_schedule() != RT_SCHED_STEAL)
        return 0;
    return (size_t)rt_num_workers() * RT_RANGE_STRIDE * sizeof(atomic_uint_fast64_t);
}

#define RT_OP_BYTES 1024
#define RT_OP_FREE_MAX 4096
static rt_op *rt_free_ops;              /* lock held */
static int rt_nfree_ops;
static _Thread_local rt_op *rt_spare;
static pthread_key_t rt_spare_key;
static pthread_once_t rt_spare_once = PTHREAD_ONCE_INIT;

static void rt_spare_exit(void *op)
{
    free(op);
}

static void rt_spare_init(void)
{
    pthread_key_create(&rt_spare_key, rt_spare_exit);
}

/* An operation's header, stealing ranges and extra bytes: their total, and where they start. */
static size_t rt_op_bytes(rt_op_kind kind, size_t extra, size_t *head, size_t *ranges)
{
    *head = (sizeof(rt_op) + 63) & ~(size_t)63;
    *ranges = rt_ranges_bytes(kind);
    return *head + *ranges + extra;
}

/* A new operation of kind with extra bytes: a pooled-size one from *spares (a list through
 * `next`) when it has one, else from the allocator; NULL when memory runs out. */
static rt_op *rt_op_alloc(rt_op_kind kind, size_t extra, rt_op **spares)
{
    size_t head, ranges, bytes = rt_op_bytes(kind, extra, &head, &ranges);
    int pooled = bytes <= RT_OP_BYTES;
    rt_op *op = NULL;
    if (pooled && *spares) {
        op = *spares;
        *spares = op->next;
    } else if (posix_memalign((void **)&op, 64, pooled ? RT_OP_BYTES : bytes) != 0) {
        return NULL;
    }
    memset(op, 0, sizeof *op);
    op->kind = kind;
    op->pooled = pooled;
    op->deps = op->inline_deps;
    op->cap_deps = RT_INLINE_DEPS;
    if (ranges)
        op->u.job.ranges = (atomic_uint_fast64_t *)((char *)op + head);
    if (extra)
        op->extra = (char *)op + head + ranges;
    op->extra_bytes = extra;
    return op;
}

rt_op *rt_op_new(rt_op_kind kind, size_t extra)
{
    rt_op *spare = rt_spare;
    rt_op *op = rt_op_alloc(kind, extra, &rt_spare);
    if (spare && op == spare)
        pthread_setspecific(rt_spare_key, NULL);
    return op;
}

/* Copies op's work into c, a new operation of its kind and size. */
static rt_op *rt_op_copy_into(rt_op *c, const rt_op *op)
{
    atomic_uint_fast64_t *ranges = c->u.job.ranges;
    memcpy(&c->u, &op->u, sizeof c->u);
    if (op->extra_bytes)
        memcpy(c->extra, op->extra, op->extra_bytes);
    if (op->kind == RT_OP_KERNEL) {
        c->u.job.ranges = ranges;
        atomic_init(&c->u.job.next, 0);
        atomic_init(&c->u.job.failed, 0);
        atomic_init(&c->u.job.faulted, 0);
        /* the copied arguments: their pointers (into extra) moved with them */
        void **argv = op->u.job.args;
        if (op->extra && argv == op->extra) {
            void **cargv = c->extra;
            for (int i = 0; i < op->u.job.nargs; i++)
                cargv[i] = (char *)c->extra + ((char *)argv[i] - (char *)op->extra);
            c->u.job.args = cargv;
        }
    } else if (op->kind == RT_OP_COPY) {
        atomic_init(&c->u.copy.next, 0);
    }
    return c;
}

rt_op *rt_op_clone(const rt_op *op)
{
    rt_op *c = rt_op_new(op->kind, op->extra_bytes);
    return c ? rt_op_copy_into(c, op) : NULL;
}

int rt_op_clone_batch(rt_op *const *ops, size_t n, rt_op **out)
{
    /* pooled blocks from the free list, as many as it has, under one lock */
    size_t taken = 0;
    rt_op *list = NULL;
    pthread_mutex_lock(&rt_queue_lock);
    while (taken < n && rt_free_ops) {
        rt_op *f = rt_free_ops;
        rt_free_ops = f->next;
        rt_nfree_ops--;
        f->next = list;
        list = f;
        taken++;
    }
    pthread_mutex_unlock(&rt_queue_lock);
    size_t i = 0;
    for (; i < n; i++) {
        rt_op *c = rt_op_alloc(ops[i]->kind, ops[i]->extra_bytes, &list);
        if (!c)
            break;
        out[i] = rt_op_copy_into(c, ops[i]);
    }
    while (list) {   /* what a failure left over */
        rt_op *f = list;
        list = list->next;
        free(f);
    }
    if (i < n) {
        while (i > 0)
            rt_op_discard(out[--i]);
        return 0;
    }
    return 1;
}

void rt_op_discard(rt_op *op)
{
    if (op->deps != op->inline_deps)
        free(op->deps);
    free(op);
}

/* Lock held. */
void rt_op_free(rt_op *op)
{
    if (!op->pooled || rt_nfree_ops >= RT_OP_FREE_MAX) {
        rt_op_discard(op);
        return;
    }
    if (op->deps != op->inline_deps)
        free(op->deps);
    op->next = rt_free_ops;
    rt_free_ops = op;
    rt_nfree_ops++;
}

/* Gives the calling thread a spare operation for its next rt_op_new. Lock held. */
void rt_take_spare(void)
{
    if (rt_spare || !rt_free_ops)
        return;
    pthread_once(&rt_spare_once, rt_spare_init);
    rt_spare = rt_free_ops;
    rt_free_ops = rt_spare->next;
    rt_spare->next = NULL;   /* a list of one, for rt_op_alloc */
    rt_nfree_ops--;
    pthread_setspecific(rt_spare_key, rt_spare);
}

