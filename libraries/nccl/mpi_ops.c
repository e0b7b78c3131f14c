/* libraries/nccl/mpi_ops.c - the operations of a communicator over MPI, on the worker that
 * runs its plan: each step's messages posted at once, then polled until all are done
 * (nc_mpi_wait), so that no order of ranks deadlocks.
 *
 * Reductions fold every rank's input in rank order, as all of libnccl does, so their results
 * are the bits the shared segment gives: each rank owns 1/N of a chunk; every rank sends each
 * owner its part of its input, the owner folds the N parts in rank order (nc_reduce), then
 * sends its result to every rank. Each rank sends and receives (N-1)/N of the data twice, as
 * a ring would, without a ring's order of folding; a chunk's results go out while the next
 * chunk's parts come in. Reduce gathers the owners' results at the root only; ReduceScatter
 * is the first half, its blocks the parts; AllGather and Broadcast send buffers as they are.
 * A PreMulSum's scalar differs by rank: each rank sends its own to every other first.
 *
 * Sends and receives (ncclSend, ncclRecv) send the message's size first, on a tag of its own,
 * so that a receive of another size than its send can take what fits and fail as the shared
 * segment's does; then its bytes, in pieces MPI's int counts can hold. */
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

/* How often (in polls) a wait looks for an abort note. */
#define NC_ABORT_POLL 64

ncclResult_t nc_mpi_wait(ncclComm_t comm, nc_mpi_req *reqs, int n)
{
    nc_mpi_comm *m = comm->mpi;
    unsigned idle = 0, polls = 0;
    int before = n + 1;
    for (;;) {
        int left = nc_mpi_test(reqs, n);
        if (left == 0)
            return ncclSuccess;
        if (++polls % NC_ABORT_POLL == 0 && m->abort_req.active && nc_mpi_test(&m->abort_req, 1) == 0) {
            int expected = 0;
            atomic_compare_exchange_strong(&m->aborted, &expected, (int)ncclRemoteError);
        }
        int why = atomic_load(&m->aborted);
        if (why) {
            for (int i = 0; i < n; i++)
                nc_mpi_drop(&reqs[i]);
            return nc_error((ncclResult_t)why,
                            "NCCL: the communicator was aborted (ncclCommAbort, or an operation failed, on one of its "
                            "ranks)");
        }
        if (left < before)
            idle = 0;
        else
            nc_mpi_backoff(&idle);
        before = left;
    }
}

/* ---- scratch and posting ------------------------------------------------------------------------ */

/* A reduction's part per rank and chunk: 8 MiB of staging in all, 64 KiB to 1 MiB a part. */
static size_t nc_part_bytes(int nranks)
{
    size_t b = ((size_t)8 << 20) / (size_t)nranks;
    b = b < ((size_t)64 << 10) ? (size_t)64 << 10 : b > ((size_t)1 << 20) ? (size_t)1 << 20 : b;
    return b / NC_LINE * NC_LINE;
}

/* The communicator's staging (a part per rank) and scalars, made on its first collective. */
static ncclResult_t nc_scratch(ncclComm_t comm)
{
    nc_mpi_comm *m = comm->mpi;
    if (m->stage)
        return ncclSuccess;
    m->part_bytes = nc_part_bytes(comm->nranks);
    m->stage_bytes = m->part_bytes * (size_t)comm->nranks;
    m->stage = aligned_alloc(4096, m->stage_bytes);
    m->scalars = calloc((size_t)comm->nranks, sizeof *m->scalars);
    if (!m->stage || !m->scalars) {
        free(m->stage);
        m->stage = NULL;
        return nc_error(ncclSystemError, "NCCL: out of memory for %zu bytes of staging", m->stage_bytes);
    }
    return ncclSuccess;
}

/* The requests of one step, m->reqs[0..k). */
typedef struct nc_step_reqs {
    ncclComm_t comm;
    int k;
} nc_step_reqs;

/* Posts a send (or a receive) of `bytes` to (from) rank peer, in pieces of at most
 * NC_MPI_MSG_MAX; nothing for none. */
static ncclResult_t nc_post(nc_step_reqs *s, int send, const void *buf, size_t bytes, int peer, nc_tag_kind kind)
{
    ncclComm_t comm = s->comm;
    nc_mpi_comm *m = comm->mpi;
    int world = m->peers[peer].world;
    int tag = send ? nc_mpi_tag(m, kind, comm->nranks, comm->rank, peer)
                   : nc_mpi_tag(m, kind, comm->nranks, peer, comm->rank);
    for (size_t off = 0; off < bytes; off += NC_MPI_MSG_MAX) {
        size_t len = bytes - off < NC_MPI_MSG_MAX ? bytes - off : NC_MPI_MSG_MAX;
        if (s->k == m->nreqs) {
            int cap = m->nreqs ? 2 * m->nreqs : 4 * comm->nranks + 8;
            nc_mpi_req *reqs = realloc(m->reqs, (size_t)cap * sizeof *reqs);   /* handles move freely */
            if (!reqs)
                return nc_error(ncclSystemError, "NCCL: out of memory for MPI requests");
            m->reqs = reqs;
            m->nreqs = cap;
        }
        nc_mpi_req *req = &m->reqs[s->k];
        ncclResult_t r = send ? nc_mpi_isend((const char *)buf + off, len, world, tag, req)
                              : nc_mpi_irecv((char *)buf + off, len, world, tag, req);
        if (r != ncclSuccess)
            return r;
        s->k++;
    }
    return ncclSuccess;
}

/* Waits for the step's requests; the step is empty again. */
static ncclResult_t nc_finish(nc_step_reqs *s)
{
    ncclResult_t r = nc_mpi_wait(s->comm, s->comm->mpi->reqs, s->k);
    s->k = 0;
    return r;
}

/* A failure while requests are posted: they are dropped (the communicator fails anyway). */
static ncclResult_t nc_fail(nc_step_reqs *s, ncclResult_t r)
{
    for (int i = 0; i < s->k; i++)
        nc_mpi_drop(&s->comm->mpi->reqs[i]);
    s->k = 0;
    return r;
}

static char *nc_at(const void *p, size_t off)
{
    return (char *)(uintptr_t)p + off;
}

/* Every rank's PreMulSum scalar (this rank's read now: it may be device memory). */
static ncclResult_t nc_gather_scalars(ncclComm_t comm, const nc_task *t)
{
    nc_mpi_comm *m = comm->mpi;
    uint64_t mine = t->op.scalar;
    if (t->op.by_ptr) {
        mine = 0;
        memcpy(&mine, t->op.ptr, nc_type_size(t->type));   /* device memory is host memory */
    }
    m->scalars[comm->rank] = mine;
    nc_step_reqs s = {comm, 0};
    ncclResult_t r = ncclSuccess;
    for (int q = 0; q < comm->nranks && r == ncclSuccess; q++)
        if (q != comm->rank) {
            r = nc_post(&s, 1, &m->scalars[comm->rank], sizeof mine, q, NC_TAG_COLL);
            if (r == ncclSuccess)
                r = nc_post(&s, 0, &m->scalars[q], sizeof mine, q, NC_TAG_COLL);
        }
    return r != ncclSuccess ? nc_fail(&s, r) : nc_finish(&s);
}

/* ---- collectives ---------------------------------------------------------------------------------- */

/* Rank q's part [lo, hi) of a chunk of len elements. */
static void nc_part_of(size_t len, int nranks, int q, size_t *lo, size_t *hi)
{
    size_t per = (len + (size_t)nranks - 1) / (size_t)nranks;
    *lo = (size_t)q * per < len ? (size_t)q * per : len;
    *hi = *lo + per < len ? *lo + per : len;
}

/* AllReduce and Reduce. */
static ncclResult_t nc_mpi_reduce(ncclComm_t comm, const nc_task *t)
{
    nc_mpi_comm *m = comm->mpi;
    int n = comm->nranks, me = comm->rank, all = t->func == NC_ALLREDUCE;
    size_t es = nc_type_size(t->type), part = m->part_bytes / es, chunk = part * (size_t)n;
    nc_step_reqs s = {comm, 0};
    ncclResult_t r = ncclSuccess;
    for (size_t off = 0; off < t->count; off += chunk) {
        size_t len = t->count - off < chunk ? t->count - off : chunk, lo, hi, qlo, qhi;
        nc_part_of(len, n, me, &lo, &hi);
        /* every rank's part of my input to it, theirs of my part to me (the previous chunk's
         * results are still going out) */
        for (int q = 0; q < n && r == ncclSuccess; q++) {
            if (q == me)
                continue;
            nc_part_of(len, n, q, &qlo, &qhi);
            r = nc_post(&s, 1, nc_at(t->send, (off + qlo) * es), (qhi - qlo) * es, q, NC_TAG_COLL);
            if (r == ncclSuccess)
                r = nc_post(&s, 0, m->stage + (size_t)q * m->part_bytes, (hi - lo) * es, q, NC_TAG_COLL);
        }
        if (r != ncclSuccess || (r = nc_finish(&s)) != ncclSuccess)
            return nc_fail(&s, r);
        /* my part, folded in rank order: into my output, or (a Reduce's other ranks) staging */
        void *dst = all || me == t->root ? nc_at(t->recv, (off + lo) * es) : m->stage + (size_t)me * m->part_bytes;
        for (int q = 0; q < n; q++)
            comm->srcs[q] = q == me ? nc_at(t->send, (off + lo) * es) : m->stage + (size_t)q * m->part_bytes;
        nc_reduce(t->type, t->op.kind, m->scalars, n, &dst, 1, comm->srcs, n, hi - lo, NC_STREAM_OWN);
        /* the results: mine to every rank (the root), theirs into my output */
        for (int q = 0; q < n && r == ncclSuccess; q++) {
            if (q == me || (!all && q != t->root && me != t->root))
                continue;
            nc_part_of(len, n, q, &qlo, &qhi);
            if (all || me != t->root)
                r = nc_post(&s, 1, dst, (hi - lo) * es, q, NC_TAG_COLL);
            if (r == ncclSuccess && (all || me == t->root))
                r = nc_post(&s, 0, nc_at(t->recv, (off + qlo) * es), (qhi - qlo) * es, q, NC_TAG_COLL);
        }
        if (r != ncclSuccess)
            return nc_fail(&s, r);
    }
    return nc_finish(&s);
}

/* ReduceScatter: block q of every rank's input goes to rank q, which folds them. */
static ncclResult_t nc_mpi_reduce_scatter(ncclComm_t comm, const nc_task *t)
{
    nc_mpi_comm *m = comm->mpi;
    int n = comm->nranks, me = comm->rank;
    size_t es = nc_type_size(t->type), chunk = m->part_bytes / es;
    nc_step_reqs s = {comm, 0};
    ncclResult_t r = ncclSuccess;
    for (size_t off = 0; off < t->count; off += chunk) {
        size_t len = t->count - off < chunk ? t->count - off : chunk;
        for (int q = 0; q < n && r == ncclSuccess; q++) {
            if (q == me)
                continue;
            r = nc_post(&s, 1, nc_at(t->send, ((size_t)q * t->count + off) * es), len * es, q, NC_TAG_COLL);
            if (r == ncclSuccess)
                r = nc_post(&s, 0, m->stage + (size_t)q * m->part_bytes, len * es, q, NC_TAG_COLL);
        }
        if (r != ncclSuccess || (r = nc_finish(&s)) != ncclSuccess)
            return nc_fail(&s, r);
        void *dst = nc_at(t->recv, off * es);
        for (int q = 0; q < n; q++)
            comm->srcs[q] = q == me ? nc_at(t->send, ((size_t)me * t->count + off) * es)
                                    : m->stage + (size_t)q * m->part_bytes;
        nc_reduce(t->type, t->op.kind, m->scalars, n, &dst, 1, comm->srcs, n, len, NC_STREAM_OWN);
    }
    return ncclSuccess;
}

/* AllGather: my block to every rank, theirs into my output. Broadcast: the root's buffer to
 * every rank. */
static ncclResult_t nc_mpi_copy(ncclComm_t comm, const nc_task *t)
{
    int n = comm->nranks, me = comm->rank;
    size_t block = t->count * nc_type_size(t->type);
    nc_step_reqs s = {comm, 0};
    ncclResult_t r = ncclSuccess;
    if (t->func == NC_ALLGATHER) {
        nc_copy(nc_at(t->recv, (size_t)me * block), t->send, block, NC_STREAM_OWN);   /* nothing in place */
        for (int q = 0; q < n && r == ncclSuccess; q++)
            if (q != me) {
                r = nc_post(&s, 1, t->send, block, q, NC_TAG_COLL);
                if (r == ncclSuccess)
                    r = nc_post(&s, 0, nc_at(t->recv, (size_t)q * block), block, q, NC_TAG_COLL);
            }
    } else if (me == t->root) {
        nc_copy(t->recv, t->send, block, NC_STREAM_OWN);
        for (int q = 0; q < n && r == ncclSuccess; q++)
            if (q != me)
                r = nc_post(&s, 1, t->send, block, q, NC_TAG_COLL);
    } else {
        r = nc_post(&s, 0, t->recv, block, t->root, NC_TAG_COLL);
    }
    return r != ncclSuccess ? nc_fail(&s, r) : nc_finish(&s);
}

ncclResult_t nc_mpi_collective(ncclComm_t comm, const nc_task *t)
{
    ncclResult_t r = nc_scratch(comm);
    int reduces = t->func == NC_ALLREDUCE || t->func == NC_REDUCE || t->func == NC_REDUCESCATTER;
    if (r == ncclSuccess && reduces && t->op.kind == NC_PREMUL)
        r = nc_gather_scalars(comm, t);
    if (r != ncclSuccess)
        return r;
    switch (t->func) {
    case NC_ALLREDUCE:
    case NC_REDUCE:
        return nc_mpi_reduce(comm, t);
    case NC_REDUCESCATTER:
        return nc_mpi_reduce_scatter(comm, t);
    default:
        return nc_mpi_copy(comm, t);
    }
}

/* ---- sends and receives ---------------------------------------------------------------------------- */

ncclResult_t nc_mpi_p2p_run(ncclComm_t comm, const nc_task *tasks, int n)
{
    uint64_t *size = calloc((size_t)n, sizeof *size);   /* a send's size; the size a receive gets */
    char **spill = calloc((size_t)n, sizeof *spill);     /* a receive of less than is sent: all of it */
    if (!size || !spill) {
        free(size);
        free(spill);
        return nc_error(ncclSystemError, "NCCL: out of memory for %d sends and receives", n);
    }
    nc_step_reqs s = {comm, 0};
    ncclResult_t r = ncclSuccess, err = ncclSuccess;
    /* the receives' sizes first (they are at the front of the requests), then every send */
    for (int i = 0; i < n && r == ncclSuccess; i++)
        if (tasks[i].func == NC_RECV)
            r = nc_post(&s, 0, &size[i], sizeof size[i], tasks[i].root, NC_TAG_P2P_HEAD);
    int heads = s.k;
    for (int i = 0; i < n && r == ncclSuccess; i++) {
        if (tasks[i].func != NC_SEND)
            continue;
        size[i] = tasks[i].count * nc_type_size(tasks[i].type);
        r = nc_post(&s, 1, &size[i], sizeof size[i], tasks[i].root, NC_TAG_P2P_HEAD);
        if (r == ncclSuccess)
            r = nc_post(&s, 1, tasks[i].send, size[i], tasks[i].root, NC_TAG_P2P_DATA);
    }
    if (r == ncclSuccess)
        r = nc_mpi_wait(comm, comm->mpi->reqs, heads);
    /* then each receive's bytes, as its send cut them */
    for (int i = 0; i < n && r == ncclSuccess; i++) {
        if (tasks[i].func != NC_RECV)
            continue;
        uint64_t want = tasks[i].count * nc_type_size(tasks[i].type);
        void *to = tasks[i].recv;
        if (size[i] != want && err == ncclSuccess)
            err = nc_error(ncclInvalidUsage, "Recv : rank %d expects %llu bytes from rank %d, which sends %llu",
                           comm->rank, (unsigned long long)want, tasks[i].root, (unsigned long long)size[i]);
        if (size[i] > want && !(to = spill[i] = malloc(size[i])))
            r = nc_error(ncclSystemError, "NCCL: out of memory for a message of %llu bytes",
                         (unsigned long long)size[i]);
        if (r == ncclSuccess)
            r = nc_post(&s, 0, to, size[i], tasks[i].root, NC_TAG_P2P_DATA);
    }
    r = r != ncclSuccess ? nc_fail(&s, r) : nc_finish(&s);
    for (int i = 0; i < n; i++) {
        if (spill[i] && r == ncclSuccess)
            memcpy(tasks[i].recv, spill[i], tasks[i].count * nc_type_size(tasks[i].type));
        free(spill[i]);
    }
    free(size);
    free(spill);
    return r != ncclSuccess ? r : err;
}
