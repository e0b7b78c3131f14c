/* libraries/nccl/execute.c - a plan on its device's worker: its collectives one after the
 * other, then its sends and receives (p2p.c). A communicator's plans run one at a time, in
 * call order (group.c orders them on their streams), so every rank's collectives meet in
 * the order they were called.
 *
 * A rank publishes its buffers and PreMulSum scalar in its record of the segment, then:
 *  - direct mode (every rank in this process): after a barrier each rank does its share,
 *    reading the others' buffers in place (an AllReduce's rank r reduces the r-th part of
 *    every rank's input and writes it to every rank's output; an AllGather's or Broadcast's
 *    rank copies into its own output), and a second barrier keeps each rank's buffers in use
 *    until the others are done with them;
 *  - through the segment (ranks in several processes): chunk by chunk, each rank copies its
 *    input into its staging slot, a barrier, each reduces its 1/N part of the chunk across
 *    all slots into the shared result area (or copies slots out), a barrier, each copies the
 *    result out. Every step that writes a shared area follows a barrier all readers of its
 *    previous contents have passed, from one chunk or collective to the next.
 * A failure (an abort, a rank gone) fails the segment too, so that no rank waits forever for
 * one that gave up; the communicator keeps the error for ncclCommGetAsyncError.
 * A communicator over MPI runs its operations in mpi_ops.c instead. */
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

/* Rank `rank`'s part of n elements of es bytes: parts of whole cache lines, so that two
 * ranks never write one line. */
static void nc_part(size_t n, size_t es, int nranks, int rank, size_t *lo, size_t *hi)
{
    size_t line = es < NC_LINE ? NC_LINE / es : 1;
    size_t per = (n + (size_t)nranks - 1) / (size_t)nranks;
    per = (per + line - 1) / line * line;
    *lo = (size_t)rank * per < n ? (size_t)rank * per : n;
    *hi = *lo + per < n ? *lo + per : n;
}

/* How writes into the segment go: an operation of a slot or more streams them around the
 * cache (other cores read them next, chunk after chunk); a smaller one keeps them cached. */
static size_t nc_shared_stream(const nc_seg *seg, size_t bytes)
{
    return bytes >= seg->slot_bytes ? 0 : NC_STREAM_NEVER;
}

static char *nc_at(uint64_t addr, size_t off)
{
    return (char *)(uintptr_t)addr + off;
}

/* Every rank's PreMulSum scalar, published before the barrier just passed. */
static void nc_gather_scalars(ncclComm_t comm)
{
    for (int q = 0; q < comm->nranks; q++)
        comm->scalars[q] = nc_peer_of(comm->seg, q)->scalar;
}

/* ---- direct mode ------------------------------------------------------------------------------- */

static ncclResult_t nc_direct(ncclComm_t comm, const nc_task *t)
{
    ncclResult_t r = nc_barrier_wait(comm);
    if (r != ncclSuccess)
        return r;
    nc_seg *seg = comm->seg;
    int n = comm->nranks, rank = comm->rank;
    size_t es = nc_type_size(t->type), lo, hi;
    nc_gather_scalars(comm);
    switch (t->func) {
    case NC_ALLREDUCE:
    case NC_REDUCE: {
        nc_part(t->count, es, n, rank, &lo, &hi);
        int ndst = 0;
        for (int q = 0; q < n; q++) {
            nc_peer *p = nc_peer_of(seg, q);
            comm->srcs[q] = nc_at(p->send, lo * es);
            if (t->func == NC_ALLREDUCE || q == t->root)
                comm->dsts[ndst++] = nc_at(p->recv, lo * es);
        }
        nc_reduce(t->type, t->op.kind, comm->scalars, n, comm->dsts, ndst, comm->srcs, n, hi - lo, NC_STREAM_OWN);
        break;
    }
    case NC_REDUCESCATTER:
        for (int q = 0; q < n; q++)
            comm->srcs[q] = nc_at(nc_peer_of(seg, q)->send, (size_t)rank * t->count * es);
        comm->dsts[0] = t->recv;
        nc_reduce(t->type, t->op.kind, comm->scalars, n, comm->dsts, 1, comm->srcs, n, t->count, NC_STREAM_OWN);
        break;
    case NC_ALLGATHER:
        for (int q = 0; q < n; q++) {
            char *dst = (char *)t->recv + (size_t)q * t->count * es, *src = nc_at(nc_peer_of(seg, q)->send, 0);
            nc_copy(dst, src, t->count * es, NC_STREAM_OWN);
        }
        break;
    case NC_BROADCAST: {
        nc_copy(t->recv, nc_at(nc_peer_of(seg, t->root)->send, 0), t->count * es, NC_STREAM_OWN);
        break;
    }
    case NC_SEND:
    case NC_RECV:
        break;
    }
    return nc_barrier_wait(comm);
}

/* ---- through the segment --------------------------------------------------------------------------- */

/* AllReduce and Reduce: chunks of a slot. */
static ncclResult_t nc_staged_reduce(ncclComm_t comm, const nc_task *t)
{
    nc_seg *seg = comm->seg;
    int n = comm->nranks, rank = comm->rank;
    size_t es = nc_type_size(t->type), chunk = seg->slot_bytes / es, lo, hi;
    size_t shared = nc_shared_stream(seg, t->count * es);
    char *result = nc_result_of(seg);
    for (size_t off = 0; off < t->count; off += chunk) {
        size_t len = t->count - off < chunk ? t->count - off : chunk;
        nc_copy(nc_slot_of(seg, rank), (const char *)t->send + off * es, len * es, shared);
        ncclResult_t r = nc_barrier_wait(comm);
        if (r != ncclSuccess)
            return r;
        nc_gather_scalars(comm);
        nc_part(len, es, n, rank, &lo, &hi);
        for (int q = 0; q < n; q++)
            comm->srcs[q] = nc_slot_of(seg, q) + lo * es;
        comm->dsts[0] = result + lo * es;
        nc_reduce(t->type, t->op.kind, comm->scalars, n, comm->dsts, 1, comm->srcs, n, hi - lo, shared);
        if ((r = nc_barrier_wait(comm)) != ncclSuccess)
            return r;
        if (t->func == NC_ALLREDUCE || rank == t->root)
            nc_copy((char *)t->recv + off * es, result, len * es, NC_STREAM_OWN);
    }
    return ncclSuccess;
}

/* ReduceScatter: a chunk of every block of the input in a slot; each rank reduces its own
 * block's chunk straight into its output. */
static ncclResult_t nc_staged_reduce_scatter(ncclComm_t comm, const nc_task *t)
{
    nc_seg *seg = comm->seg;
    int n = comm->nranks, rank = comm->rank;
    size_t es = nc_type_size(t->type), chunk = seg->slot_bytes / (size_t)n / es;
    size_t shared = nc_shared_stream(seg, t->count * (size_t)n * es);
    for (size_t off = 0; off < t->count; off += chunk) {
        size_t len = t->count - off < chunk ? t->count - off : chunk;
        for (int q = 0; q < n; q++)
            nc_copy(nc_slot_of(seg, rank) + (size_t)q * len * es,
                    (const char *)t->send + ((size_t)q * t->count + off) * es, len * es, shared);
        ncclResult_t r = nc_barrier_wait(comm);
        if (r != ncclSuccess)
            return r;
        nc_gather_scalars(comm);
        for (int q = 0; q < n; q++)
            comm->srcs[q] = nc_slot_of(seg, q) + (size_t)rank * len * es;
        comm->dsts[0] = (char *)t->recv + off * es;
        nc_reduce(t->type, t->op.kind, comm->scalars, n, comm->dsts, 1, comm->srcs, n, len, NC_STREAM_OWN);
        if ((r = nc_barrier_wait(comm)) != ncclSuccess)
            return r;
    }
    return ncclSuccess;
}

/* AllGather and Broadcast: bytes, a slot's worth at a time (Broadcast: root's slot only). */
static ncclResult_t nc_staged_copy(ncclComm_t comm, const nc_task *t)
{
    nc_seg *seg = comm->seg;
    int n = comm->nranks, rank = comm->rank;
    size_t block = t->count * nc_type_size(t->type), chunk = seg->slot_bytes;
    size_t shared = nc_shared_stream(seg, block);
    int gather = t->func == NC_ALLGATHER;
    for (size_t off = 0; off < block; off += chunk) {
        size_t len = block - off < chunk ? block - off : chunk;
        const char *mine = t->send ? (const char *)t->send + off : NULL;   /* NULL: a Broadcast's non-root */
        if (gather || rank == t->root)
            nc_copy(nc_slot_of(seg, rank), mine, len, shared);
        ncclResult_t r = nc_barrier_wait(comm);
        if (r != ncclSuccess)
            return r;
        for (int q = 0; q < n; q++) {
            if (!gather && q != t->root)
                continue;
            char *dst = (char *)t->recv + (gather ? (size_t)q * block : 0) + off;
            nc_copy(dst, q == rank ? mine : nc_slot_of(seg, q), len, NC_STREAM_OWN);
        }
        if ((r = nc_barrier_wait(comm)) != ncclSuccess)
            return r;
    }
    return ncclSuccess;
}

static ncclResult_t nc_collective(ncclComm_t comm, const nc_task *t)
{
    nc_peer *me = nc_peer_of(comm->seg, comm->rank);
    uint64_t scalar = t->op.scalar;
    if (t->op.kind == NC_PREMUL && t->op.by_ptr) {
        scalar = 0;
        memcpy(&scalar, t->op.ptr, nc_type_size(t->type));   /* device memory is host memory */
    }
    me->send = (uint64_t)(uintptr_t)t->send;
    me->recv = (uint64_t)(uintptr_t)t->recv;
    me->scalar = scalar;
    if (comm->direct)
        return nc_direct(comm, t);
    switch (t->func) {
    case NC_ALLREDUCE:
    case NC_REDUCE:
        return nc_staged_reduce(comm, t);
    case NC_REDUCESCATTER:
        return nc_staged_reduce_scatter(comm, t);
    default:
        return nc_staged_copy(comm, t);
    }
}

void nc_run_plan(void *arg)
{
    nc_plan *plan = arg;
    ncclComm_t comm = plan->comm;
    pthread_mutex_lock(&comm->run_lock);
    ncclResult_t r = (ncclResult_t)atomic_load(&comm->async_error);
    for (int i = 0; i < plan->ncoll && r == ncclSuccess; i++)
        r = comm->mpi ? nc_mpi_collective(comm, &plan->tasks[i]) : nc_collective(comm, &plan->tasks[i]);
    if (r == ncclSuccess && plan->np2p > 0)
        r = comm->mpi ? nc_mpi_p2p_run(comm, plan->tasks + plan->ncoll, plan->np2p)
                      : nc_p2p_run(comm, plan->tasks + plan->ncoll, plan->np2p);
    if (r != ncclSuccess) {
        int expected = ncclSuccess;
        atomic_compare_exchange_strong(&comm->async_error, &expected, (int)r);
        /* no rank waits for this one any more */
        if (comm->mpi)
            nc_mpi_abort(comm, ncclRemoteError);
        else
            nc_seg_abort(comm->seg, ncclRemoteError);
    }
    pthread_mutex_unlock(&comm->run_lock);
    if (plan->keep)
        return;
    free(plan);
    pthread_mutex_lock(&comm->lock);
    if (--comm->pending == 0)
        pthread_cond_broadcast(&comm->idle);
    pthread_mutex_unlock(&comm->lock);
}
