/* libraries/nccl/p2p.c - a plan's sends and receives, progressed together so that no order of
 * them deadlocks: each pass over the plan's tasks posts what it can post, moves what it can
 * move, and only when nothing moved waits for this rank's doorbell (rung by every peer that
 * posts to it, pushes to it, or takes from it).
 *
 * The k-th send from rank a to rank b matches b's k-th receive from a (NCCL's order). A send
 * posts a descriptor in the pair's channel (its buffer and size; at most NC_DESCS not yet
 * taken). In direct mode the receiver copies from the sender's buffer and marks the message
 * taken, which completes the send. Through the segment, the sender pushes the message's bytes
 * into the pair's ring as room allows (its send is done once all are in) and the receiver
 * pops them as they come: a stream of the messages' bytes one after the other. A receive of
 * another size than its send takes what fits and fails with ncclInvalidUsage. */
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

/* What a task has done so far. */
typedef struct nc_p2p_state {
    uint64_t seq;              /* the message's number between this rank and the peer */
    uint64_t start;            /* where its bytes start in the pair's ring stream */
    int posted, started, done;
} nc_p2p_state;

/* Puts n bytes at stream position pos into the ring (streamed around the cache when the
 * message is large: the receiver's core reads them). */
static void nc_ring_put(char *ring, uint64_t cap, uint64_t pos, const char *src, uint64_t n, size_t stream_from)
{
    uint64_t off = pos % cap, first = n < cap - off ? n : cap - off;
    nc_copy(ring + off, src, first, stream_from);
    nc_copy(ring, src + first, n - first, stream_from);
}

/* Copies n bytes at stream position pos out of the ring (dst NULL: skips them). */
static void nc_ring_get(const char *ring, uint64_t cap, uint64_t pos, char *dst, uint64_t n)
{
    if (!dst)
        return;
    uint64_t off = pos % cap, first = n < cap - off ? n : cap - off;
    memcpy(dst, ring + off, first);
    memcpy(dst + first, ring, n - first);
}

/* One step of a send; whether it changed anything. */
static int nc_send_step(ncclComm_t comm, const nc_task *t, nc_p2p_state *st)
{
    nc_seg *seg = comm->seg;
    nc_chan *ch = nc_chan_of(seg, comm->rank, t->root);
    uint64_t bytes = t->count * nc_type_size(t->type);
    int moved = 0;
    if (!st->posted) {
        /* after the earlier messages to this peer, with a descriptor free */
        if (atomic_load(&ch->posted) != st->seq || st->seq - atomic_load(&ch->taken) >= NC_DESCS)
            return 0;
        ch->desc[st->seq % NC_DESCS].addr = (uint64_t)(uintptr_t)t->send;
        ch->desc[st->seq % NC_DESCS].bytes = bytes;
        atomic_store(&ch->posted, st->seq + 1);
        nc_ring(seg, t->root);
        st->posted = moved = 1;
    }
    if (comm->direct) {
        if (atomic_load(&ch->taken) > st->seq)
            st->done = moved = 1;
        return moved;
    }
    uint64_t pushed = atomic_load(&ch->pushed), end = st->start + bytes;
    if (pushed < st->start)
        return moved;   /* an earlier message's bytes are still going in */
    uint64_t room = seg->ring_bytes - (pushed - atomic_load(&ch->popped));
    uint64_t k = end - pushed < room ? end - pushed : room;
    if (k > 0) {
        nc_ring_put(nc_ring_of(seg, comm->rank, t->root), seg->ring_bytes, pushed,
                    (const char *)t->send + (pushed - st->start), k, bytes >= seg->ring_bytes ? 0 : NC_STREAM_NEVER);
        atomic_store(&ch->pushed, pushed + k);
        nc_ring(seg, t->root);
        moved = 1;
    }
    if (pushed + k == end)
        st->done = moved = 1;
    return moved;
}

/* One step of a receive; whether it changed anything. A size mismatch sets *err. */
static int nc_recv_step(ncclComm_t comm, const nc_task *t, nc_p2p_state *st, ncclResult_t *err)
{
    nc_seg *seg = comm->seg;
    nc_chan *ch = nc_chan_of(seg, t->root, comm->rank);
    /* the earlier messages from this peer are taken, and this one is posted */
    if (atomic_load(&ch->taken) != st->seq || atomic_load(&ch->posted) <= st->seq)
        return 0;
    uint64_t sent = ch->desc[st->seq % NC_DESCS].bytes, want = t->count * nc_type_size(t->type);
    uint64_t fits = sent < want ? sent : want;
    if (!st->started) {
        st->started = 1;
        st->start = atomic_load(&ch->popped);   /* the earlier messages are all popped */
        if (sent != want && *err == ncclSuccess)
            *err = nc_error(ncclInvalidUsage, "Recv : rank %d expects %llu bytes from rank %d, which sends %llu",
                            comm->rank, (unsigned long long)want, t->root, (unsigned long long)sent);
    }
    if (comm->direct) {
        nc_copy(t->recv, (const void *)(uintptr_t)ch->desc[st->seq % NC_DESCS].addr, fits, NC_STREAM_OWN);
    } else {
        uint64_t popped = atomic_load(&ch->popped), end = st->start + sent;
        uint64_t avail = atomic_load(&ch->pushed) - popped, k = end - popped < avail ? end - popped : avail;
        if (k == 0 && popped < end)
            return 0;
        /* the message's bytes [popped - start, + k): those below `fits` are the receiver's */
        const char *ring = nc_ring_of(seg, t->root, comm->rank);
        uint64_t at = popped - st->start, keep = at < fits ? (fits - at < k ? fits - at : k) : 0;
        nc_ring_get(ring, seg->ring_bytes, popped, keep ? (char *)t->recv + at : NULL, keep);
        atomic_store(&ch->popped, popped + k);
        nc_ring(seg, t->root);
        if (popped + k < end)
            return 1;
    }
    atomic_store(&ch->taken, st->seq + 1);
    nc_ring(seg, t->root);
    st->done = 1;
    return 1;
}

ncclResult_t nc_p2p_run(ncclComm_t comm, const nc_task *tasks, int n)
{
    nc_p2p_state *st = calloc((size_t)n, sizeof *st);
    if (!st)
        return nc_error(ncclSystemError, "NCCL: out of memory for %d sends and receives", n);
    for (int i = 0; i < n; i++) {
        int peer = tasks[i].root;
        if (tasks[i].func == NC_SEND) {
            st[i].seq = comm->send_seq[peer]++;
            st[i].start = comm->send_bytes[peer];
            comm->send_bytes[peer] += tasks[i].count * nc_type_size(tasks[i].type);
        } else {
            st[i].seq = comm->recv_seq[peer]++;
        }
    }
    nc_peer *me = nc_peer_of(comm->seg, comm->rank);
    ncclResult_t r = ncclSuccess, err = ncclSuccess;
    for (int left = n; left > 0 && r == ncclSuccess;) {
        uint32_t bell = atomic_load(&me->doorbell);
        int moved = 0;
        for (int i = 0; i < n; i++) {
            if (st[i].done)
                continue;
            moved |= tasks[i].func == NC_SEND ? nc_send_step(comm, &tasks[i], &st[i])
                                              : nc_recv_step(comm, &tasks[i], &st[i], &err);
            left -= st[i].done;
        }
        if (!moved && left > 0)
            r = nc_wait_change(comm, &me->doorbell, bell, &me->sleepers);
    }
    free(st);
    return r != ncclSuccess ? r : err;
}
