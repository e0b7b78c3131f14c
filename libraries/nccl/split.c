/* libraries/nccl/split.c - ncclCommSplit: every rank of the parent posts its color and key in
 * its record of the parent's segment (split number k), then reads everyone's; ranks of one
 * color become a communicator ordered by (key, parent rank), meeting in a segment whose name
 * every member derives alike from the parent's id, k and the color: no other exchange.
 *
 * Posting never waits (but for the rare rank still reading split k - 1); reading waits for
 * every rank's post, at the call, at ncclGroupEnd inside a group, or in
 * ncclCommGetAsyncError for a non-blocking child. A rank that reads records that it has
 * (split_read), so that the others may post split k + 1 over the same fields.
 *
 * A communicator over MPI exchanges colors and keys through MPI instead (mpi_meet.c); its
 * children are made over MPI from its table of ranks, with no meeting. */
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

/* Waits until every rank of comm has read split k (its fields may then change). */
static ncclResult_t nc_split_wait_read(ncclComm_t comm, uint64_t k)
{
    nc_peer *me = nc_peer_of(comm->seg, comm->rank);
    for (int i = 0; i < comm->nranks; i++)
        while (atomic_load(&nc_peer_of(comm->seg, i)->split_read) < k) {
            uint32_t bell = atomic_load(&me->doorbell);
            if (atomic_load(&nc_peer_of(comm->seg, i)->split_read) >= k)
                break;
            ncclResult_t r = nc_wait_change(comm, &me->doorbell, bell, &me->sleepers);
            if (r != ncclSuccess)
                return r;
        }
    return ncclSuccess;
}

/* This rank has read split k: the others may post again. */
static void nc_split_done_reading(ncclComm_t comm, uint64_t k)
{
    atomic_store(&nc_peer_of(comm->seg, comm->rank)->split_read, k);
    for (int i = 0; i < comm->nranks; i++)
        nc_ring(comm->seg, i);
}

/* The child's segment name: the parent's, mixed with the split's number and color. */
static void nc_split_id(const nc_id *parent, uint64_t k, int color, nc_id *out)
{
    *out = *parent;
    uint64_t h = parent->nonce ^ 0x9e3779b97f4a7c15ull;
    uint64_t words[2] = {k, (uint64_t)(uint32_t)color};
    for (int i = 0; i < 2; i++) {
        h ^= words[i] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    out->nonce = h;
}

ncclResult_t ncclCommSplit(ncclComm_t comm, int color, int key, ncclComm_t *newcomm, ncclConfig_t *config)
{
    ncclResult_t r = nc_comm_ready(comm, "CommSplit");
    if (r != ncclSuccess)
        return nc_group_error(r);
    if (!newcomm)
        return nc_group_error(nc_error(ncclInvalidArgument, "CommSplit : newcomm argument is NULL"));
    *newcomm = NULL;
    if (color < 0 && color != NCCL_SPLIT_NOCOLOR)
        return nc_group_error(nc_error(ncclInvalidArgument, "ncclCommSplit : invalid color %d", color));
    ncclComm_t child = NULL;
    if (color != NCCL_SPLIT_NOCOLOR) {
        /* the child inherits the parent's configuration unless given one */
        r = nc_comm_new(&child, comm->dev, config ? config : &comm->config);
        if (r != ncclSuccess)
            return nc_group_error(r);
    }
    uint64_t k = ++comm->splits;
    if (comm->mpi) {
        if (child) {
            child->split_no = k;
            child->split_color = color;
            child->split_key = key;
            nc_split_id(&comm->id, k, color, &child->id);
        }
        if ((r = nc_mpi_split_post(comm, child, color, key)) != ncclSuccess) {
            if (child)
                nc_comm_free(child);
            return nc_group_error(r);
        }
        if (!child)
            return ncclSuccess;
        child->step = NC_STEP_SPLIT;
        *newcomm = child;
        return nc_defer_init(child);
    }
    if ((r = nc_split_wait_read(comm, k - 1)) != ncclSuccess) {
        if (child)
            nc_comm_free(child);
        return nc_group_error(r);
    }
    nc_peer *me = nc_peer_of(comm->seg, comm->rank);
    me->split_color = color;
    me->split_key = key;
    atomic_store(&me->split_posted, k);
    for (int i = 0; i < comm->nranks; i++)
        nc_ring(comm->seg, i);
    if (!child) {
        nc_split_done_reading(comm, k);   /* a rank of no color reads nothing */
        return ncclSuccess;
    }
    child->parent = comm;
    child->split_no = k;
    child->split_color = color;
    child->split_key = key;
    child->step = NC_STEP_SPLIT;
    *newcomm = child;
    return nc_defer_init(child);
}

ncclResult_t nc_split_progress(ncclComm_t child, int wait)
{
    if (child->split_x)
        return nc_mpi_split_progress(child, wait);
    ncclComm_t parent = child->parent;
    nc_seg *seg = parent->seg;
    nc_peer *me = nc_peer_of(seg, parent->rank);
    uint64_t k = child->split_no;
    for (int i = 0; i < parent->nranks; i++)
        while (atomic_load(&nc_peer_of(seg, i)->split_posted) < k) {
            if (!wait)
                return ncclInProgress;
            uint32_t bell = atomic_load(&me->doorbell);
            if (atomic_load(&nc_peer_of(seg, i)->split_posted) >= k)
                break;
            ncclResult_t r = nc_wait_change(parent, &me->doorbell, bell, &me->sleepers);
            if (r != ncclSuccess)
                return r;
        }
    /* my place: ranks of my color before me by (key, parent rank) */
    int n = 0, rank = 0;
    for (int i = 0; i < parent->nranks; i++) {
        nc_peer *p = nc_peer_of(seg, i);
        if (p->split_color != child->split_color)
            continue;
        n++;
        if (p->split_key < child->split_key || (p->split_key == child->split_key && i < parent->rank))
            rank++;
    }
    nc_split_done_reading(parent, k);
    nc_id id;
    nc_split_id(&parent->id, k, child->split_color, &id);
    ncclResult_t r = nc_comm_size(child, n, rank);
    if (r == ncclSuccess)
        r = nc_seg_attach(child, &id);
    child->step = NC_STEP_ATTACHED;
    child->parent = NULL;   /* the parent may go now */
    return r;
}

NC_PROFILING_NAME(ncclCommSplit);
