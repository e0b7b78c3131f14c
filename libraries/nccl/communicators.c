/* libraries/nccl/communicators.c - making communicators (ncclGetUniqueId, ncclCommInitRank,
 * its Config and Scalable forms, ncclCommInitAll), their configuration, and the rest of
 * their life: queries, asynchronous errors, finalize, destroy, abort, buffer registration.
 *
 * Making one has two halves: attaching to the segment (at the call, never waiting for other
 * ranks) and meeting the other ranks (waiting until all have attached, then checking them).
 * The second waits at the call, or at ncclGroupEnd inside a group (so that one thread may
 * make several ranks), or not at all for a non-blocking communicator (ncclInProgress until
 * ncclCommGetAsyncError finds everyone there). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "nccl_internal.h"

#define NC_MAX_CTAS 32   /* NCCL's MAXCHANNELS: maxCTAs' default */

/* ---- configuration --------------------------------------------------------------------------- */

ncclResult_t nc_config_parse(const ncclConfig_t *config, ncclConfig_t *out)
{
    ncclConfig_t c = NCCL_CONFIG_INITIALIZER;
    const ncclConfig_t defaults = NCCL_CONFIG_INITIALIZER;
    if (config) {
        /* a program built with an older header has a shorter struct: its size says */
        size_t size;
        memcpy(&size, config, sizeof size);
        if (size > sizeof c)
            size = sizeof c;
        memcpy(&c, config, size);
        if (c.magic != 0xcafebeef)
            return nc_error(ncclInvalidArgument, "ncclConfig_t argument not initialized via NCCL_CONFIG_INITIALIZER");
        if (c.version < NCCL_VERSION(2, 14, 0))
            c.blocking = defaults.blocking;
        if (c.version < NCCL_VERSION(2, 17, 0)) {
            c.cgaClusterSize = defaults.cgaClusterSize;
            c.minCTAs = defaults.minCTAs;
            c.maxCTAs = defaults.maxCTAs;
            c.netName = defaults.netName;
        }
    }
    const int undef = NCCL_CONFIG_UNDEF_INT;
    if (c.blocking != undef && c.blocking != 0 && c.blocking != 1)
        return nc_error(ncclInvalidArgument, "Invalid config blocking attribute value %d", c.blocking);
    if (c.cgaClusterSize != undef && c.cgaClusterSize < 0)
        return nc_error(ncclInvalidArgument, "Invalid config cgaClusterSize attribute value %d", c.cgaClusterSize);
    if ((c.minCTAs != undef && c.minCTAs <= 0) || (c.maxCTAs != undef && c.maxCTAs <= 0) ||
        (c.minCTAs != undef && c.maxCTAs != undef && c.minCTAs > c.maxCTAs))
        return nc_error(ncclInvalidArgument, "Invalid config min/max channels attribute value %d/%d", c.minCTAs,
                        c.maxCTAs);
    if (c.splitShare != undef && c.splitShare != 0 && c.splitShare != 1)
        return nc_error(ncclInvalidArgument, "Invalid config splitShare attribute value %d", c.splitShare);
    if (c.blocking == undef)
        c.blocking = 1;
    /* NCCL_COMM_BLOCKING overrides the program's choice, as in NCCL */
    const char *env = getenv("NCCL_COMM_BLOCKING");
    if (env && (!strcmp(env, "0") || !strcmp(env, "1")))
        c.blocking = env[0] - '0';
    if (c.cgaClusterSize == undef)
        c.cgaClusterSize = 4;
    if (c.minCTAs == undef)
        c.minCTAs = 1;
    if (c.maxCTAs == undef)
        c.maxCTAs = NC_MAX_CTAS;
    if (c.splitShare == undef)
        c.splitShare = 0;
    c.size = sizeof c;
    *out = c;
    return ncclSuccess;
}

/* ---- a communicator's life --------------------------------------------------------------------- */

ncclResult_t nc_comm_new(ncclComm_t *out, int dev, const ncclConfig_t *config)
{
    *out = NULL;
    ncclConfig_t c;
    ncclResult_t r = nc_config_parse(config, &c);
    if (r != ncclSuccess)
        return r;
    ncclComm_t comm = calloc(1, sizeof *comm);
    if (!comm)
        return nc_error(ncclSystemError, "NCCL: out of memory for a communicator");
    comm->magic = NC_COMM_MAGIC;
    comm->dev = dev;
    comm->config = c;
    atomic_init(&comm->state, ncclInProgress);
    comm->step = NC_STEP_ATTACHED;
    pthread_mutex_init(&comm->run_lock, NULL);
    pthread_mutex_init(&comm->lock, NULL);
    pthread_cond_init(&comm->idle, NULL);
    *out = comm;
    return ncclSuccess;
}

ncclResult_t nc_comm_size(ncclComm_t comm, int nranks, int rank)
{
    comm->nranks = nranks;
    comm->rank = rank;
    comm->send_seq = calloc((size_t)nranks, sizeof *comm->send_seq);
    comm->recv_seq = calloc((size_t)nranks, sizeof *comm->recv_seq);
    comm->send_bytes = calloc((size_t)nranks, sizeof *comm->send_bytes);
    comm->srcs = calloc((size_t)nranks, sizeof *comm->srcs);
    comm->dsts = calloc((size_t)nranks, sizeof *comm->dsts);
    comm->scalars = calloc((size_t)nranks, sizeof *comm->scalars);
    if (!comm->send_seq || !comm->recv_seq || !comm->send_bytes || !comm->srcs || !comm->dsts || !comm->scalars)
        return nc_error(ncclSystemError, "NCCL: out of memory for a communicator of %d ranks", nranks);
    return ncclSuccess;
}

void nc_comm_free(ncclComm_t comm)
{
    nc_seg_detach(comm);
    nc_mpi_free(comm);
    for (nc_plan *p = comm->kept, *next; p; p = next) {
        next = p->next_kept;
        free(p);
    }
    pthread_mutex_destroy(&comm->run_lock);
    pthread_mutex_destroy(&comm->lock);
    pthread_cond_destroy(&comm->idle);
    free(comm->send_seq);
    free(comm->recv_seq);
    free(comm->send_bytes);
    free(comm->srcs);
    free(comm->dsts);
    free(comm->scalars);
    free(comm->ops);
    comm->magic = 0;
    free(comm);
}

/* Everyone has attached: checks the ranks against each other and picks how data moves. */
static ncclResult_t nc_comm_meet(ncclComm_t comm)
{
    int self = (int)getpid(), direct = 1;
    for (int i = 0; i < comm->nranks; i++) {
        nc_peer *p = nc_peer_of(comm->seg, i);
        if (p->pid != self) {
            direct = 0;
            continue;
        }
        if (i != comm->rank && p->dev == comm->dev)
            return nc_error(ncclInvalidUsage, "Duplicate GPU detected : rank %d and rank %d both on CUDA device %d",
                            comm->rank, i, comm->dev);
    }
    /* NCCL_P2P_DISABLE=1: through the segment's staging slots even within one process */
    const char *p2p_off = getenv("NCCL_P2P_DISABLE");
    if (p2p_off && *p2p_off == '1')
        direct = 0;
    comm->direct = direct;
    return ncclSuccess;
}

/* Fails comm for good with r (its making is over). */
static ncclResult_t nc_comm_settle(ncclComm_t comm, ncclResult_t r)
{
    comm->step = NC_STEP_READY;
    atomic_store(&comm->state, (int)r);
    return r;
}

ncclResult_t nc_comm_attach(ncclComm_t comm, int wait)
{
    int state = atomic_load(&comm->state);
    if (state != ncclInProgress)
        return (ncclResult_t)state;
    if (comm->step != NC_STEP_SPLIT && comm->step != NC_STEP_MEET)
        return ncclSuccess;
    ncclResult_t r = comm->step == NC_STEP_MEET ? nc_meet_progress(comm, wait) : nc_split_progress(comm, wait);
    return r == ncclSuccess || r == ncclInProgress ? r : nc_comm_settle(comm, r);
}

ncclResult_t nc_comm_progress(ncclComm_t comm, int wait)
{
    ncclResult_t r = nc_comm_attach(comm, wait);
    int state = atomic_load(&comm->state);
    if (r != ncclSuccess || state != ncclInProgress)
        return r != ncclSuccess ? r : (ncclResult_t)state;
    if (comm->mpi)
        return nc_comm_settle(comm, nc_mpi_check(comm));
    r = nc_seg_all_attached(comm, wait);
    if (r == ncclInProgress)
        return r;
    if (r == ncclSuccess)
        r = nc_comm_meet(comm);
    return nc_comm_settle(comm, r);
}

ncclResult_t nc_comm_ready(ncclComm_t comm, const char *what)
{
    if (!comm)
        return nc_error(ncclInvalidArgument, "%s : comm argument is NULL", what);
    if (comm->magic != NC_COMM_MAGIC)
        return nc_error(ncclInvalidArgument, "Error: corrupted comm object detected");
    int state = atomic_load(&comm->state);
    if (state == ncclInProgress)
        return nc_error(ncclInvalidArgument,
                        "Attempt to use communicator before the previous operation returned ncclSuccess");
    if (state != ncclSuccess)
        return (ncclResult_t)state;
    return (ncclResult_t)atomic_load(&comm->async_error);
}

/* Waits until the plans queued on comm have run. */
static void nc_comm_drain(ncclComm_t comm)
{
    pthread_mutex_lock(&comm->lock);
    while (comm->pending > 0)
        pthread_cond_wait(&comm->idle, &comm->lock);
    pthread_mutex_unlock(&comm->lock);
}

/* ---- making communicators ------------------------------------------------------------------- */

ncclResult_t ncclGetUniqueId(ncclUniqueId *uniqueId)
{
    if (!uniqueId)
        return nc_error(ncclInvalidArgument, "ncclGetUniqueId : uniqueId argument is NULL");
    _Static_assert(sizeof(nc_id) <= sizeof(ncclUniqueId), "the id fits in ncclUniqueId");
    nc_id id;
    ncclResult_t r = nc_id_new(&id);
    /* under MPI, ranks may meet through this process (mpi_meet.c) */
    id.mpi_rank = *nc_mpi_unavailable() ? -1 : nc_mpi_world_rank();
    if (r == ncclSuccess) {
        memset(uniqueId, 0, sizeof *uniqueId);
        memcpy(uniqueId->internal, &id, sizeof id);
    }
    return r;
}

/* Rank `rank` of nranks on dev: attached now (or its meeting over MPI begun), met now or at
 * ncclGroupEnd. */
static ncclResult_t nc_init_rank(ncclComm_t *newcomm, int nranks, const ncclUniqueId *uid, int rank, int dev,
                                 const ncclConfig_t *config)
{
    if (!newcomm)
        return nc_group_error(nc_error(ncclInvalidArgument, "CommInitRank : newcomm argument is NULL"));
    *newcomm = NULL;
    if (nranks < 1 || rank < 0 || rank >= nranks)
        return nc_group_error(nc_error(ncclInvalidArgument, "Invalid rank requested : %d/%d", rank, nranks));
    ncclComm_t comm;
    ncclResult_t r = nc_comm_new(&comm, dev, config);
    if (r != ncclSuccess)
        return nc_group_error(r);
    nc_id id;
    memcpy(&id, uid->internal, sizeof id);
    if ((r = nc_comm_size(comm, nranks, rank)) != ncclSuccess || (r = nc_transport_attach(comm, &id)) != ncclSuccess) {
        nc_comm_free(comm);
        return nc_group_error(r);
    }
    *newcomm = comm;
    return nc_defer_init(comm);
}

/* The calling thread's current device, as NCCL binds a new rank to it. */
static ncclResult_t nc_current_device(int *dev)
{
    cudaError_t e = cudaGetDevice(dev);
    if (e != cudaSuccess)
        return nc_error(ncclUnhandledCudaError, "Cuda failure '%s'", cudaGetErrorString(e));
    return ncclSuccess;
}

ncclResult_t ncclCommInitRankConfig(ncclComm_t *comm, int nranks, ncclUniqueId commId, int rank,
                                    ncclConfig_t *config)
{
    int dev;
    ncclResult_t r = nc_current_device(&dev);
    return r != ncclSuccess ? r : nc_init_rank(comm, nranks, &commId, rank, dev, config);
}

ncclResult_t ncclCommInitRank(ncclComm_t *comm, int nranks, ncclUniqueId commId, int rank)
{
    return ncclCommInitRankConfig(comm, nranks, commId, rank, NULL);
}

/* Every rank has the same ids: the first names the segment. */
ncclResult_t ncclCommInitRankScalable(ncclComm_t *newcomm, int nranks, int myrank, int nId,
                                      ncclUniqueId *commIds, ncclConfig_t *config)
{
    if (nId <= 0 || nId > nranks || !commIds)
        return nc_error(ncclInvalidArgument, "improper usage of ncclCommInitRank: nId = %d, nranks=%d", nId, nranks);
    int dev;
    ncclResult_t r = nc_current_device(&dev);
    return r != ncclSuccess ? r : nc_init_rank(newcomm, nranks, &commIds[0], myrank, dev, config);
}

ncclResult_t ncclCommInitAll(ncclComm_t *comms, int ndev, const int *devlist)
{
    if (!comms)
        return nc_error(ncclInvalidArgument, "CommInitAll : comms argument is NULL");
    if (ndev < 0)
        return nc_error(ncclInvalidArgument, "Invalid device count requested : %d", ndev);
    int total = 0, old = 0;
    cudaError_t e = cudaGetDeviceCount(&total);
    if (e == cudaSuccess)
        e = cudaGetDevice(&old);
    if (e != cudaSuccess)
        return nc_error(ncclUnhandledCudaError, "Cuda failure '%s'", cudaGetErrorString(e));
    if (devlist)
        for (int i = 0; i < ndev; i++) {
            if (devlist[i] < 0 || devlist[i] >= total)
                return nc_error(ncclInvalidArgument, "Invalid device %d (totalnDev=%d)", devlist[i], total);
            for (int j = 0; j < i; j++)
                if (devlist[j] == devlist[i])
                    return nc_error(ncclInvalidUsage, "ncclCommInitAll : device %d is listed twice", devlist[i]);
        }
    ncclUniqueId id;
    ncclResult_t r = ncclGetUniqueId(&id);
    if (r != ncclSuccess)
        return r;
    ncclGroupStart();
    for (int i = 0; i < ndev; i++) {
        int dev = devlist ? devlist[i] : i;
        if ((e = cudaSetDevice(dev)) != cudaSuccess) {
            nc_group_error(nc_error(ncclUnhandledCudaError, "Cuda failure '%s'", cudaGetErrorString(e)));
            break;
        }
        nc_init_rank(comms + i, ndev, &id, i, dev, NULL);   /* its error, if any, is the group's */
    }
    r = ncclGroupEnd();
    cudaSetDevice(old);
    return r;
}

/* ---- queries --------------------------------------------------------------------------------- */

ncclResult_t ncclCommCount(const ncclComm_t comm, int *count)
{
    ncclResult_t r = nc_comm_ready(comm, "CommCount");
    if (r != ncclSuccess)
        return r;
    if (!count)
        return nc_error(ncclInvalidArgument, "CommCount : count argument is NULL");
    *count = comm->nranks;
    return ncclSuccess;
}

ncclResult_t ncclCommCuDevice(const ncclComm_t comm, int *device)
{
    ncclResult_t r = nc_comm_ready(comm, "CommCuDevice");
    if (r != ncclSuccess)
        return r;
    if (!device)
        return nc_error(ncclInvalidArgument, "CommCuDevice : devid argument is NULL");
    *device = comm->dev;
    return ncclSuccess;
}

ncclResult_t ncclCommUserRank(const ncclComm_t comm, int *rank)
{
    ncclResult_t r = nc_comm_ready(comm, "CommUserRank");
    if (r != ncclSuccess)
        return r;
    if (!rank)
        return nc_error(ncclInvalidArgument, "CommUserRank : rank argument is NULL");
    *rank = comm->rank;
    return ncclSuccess;
}

/* A communicator still being made gets the chance to finish (non-blocking ones are polled
 * here). */
ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t *asyncError)
{
    if (!nc_comm_valid(comm))
        return nc_error(ncclInvalidArgument, comm ? "Error: corrupted comm object detected"
                                                  : "ncclGetAsyncError : comm argument is NULL");
    if (!asyncError)
        return nc_error(ncclInvalidArgument, "ncclGetAsyncError : asyncError argument is NULL");
    ncclResult_t r = nc_comm_progress(comm, 0);
    *asyncError = r != ncclSuccess ? r : (ncclResult_t)atomic_load(&comm->async_error);
    return ncclSuccess;
}

/* Buffers need no registration here (every rank reads them in place or through the
 * segment): the handle only has to be one ncclCommDeregister takes back. */
ncclResult_t ncclCommRegister(const ncclComm_t comm, void *buff, size_t size, void **handle)
{
    ncclResult_t r = nc_comm_ready(comm, "ncclCommRegister");
    if (r != ncclSuccess)
        return r;
    if (!buff || !handle)
        return nc_error(ncclInvalidArgument, "ncclCommRegister : %s argument is NULL", buff ? "handle" : "buff");
    (void)size;
    *handle = malloc(1);
    return *handle ? ncclSuccess : nc_error(ncclSystemError, "ncclCommRegister : out of memory");
}

ncclResult_t ncclCommDeregister(const ncclComm_t comm, void *handle)
{
    ncclResult_t r = nc_comm_ready(comm, "ncclCommDeregister");
    if (r != ncclSuccess)
        return r;
    if (!handle)
        return nc_error(ncclInvalidArgument, "ncclCommDeregister : handle argument is NULL");
    free(handle);
    return ncclSuccess;
}

/* ---- the end of a communicator ------------------------------------------------------------------ */

ncclResult_t ncclCommFinalize(ncclComm_t comm)
{
    ncclResult_t r = nc_comm_ready(comm, "ncclCommFinalize");
    if (r != ncclSuccess)
        return r;
    if (comm->finalized)
        return nc_error(ncclInvalidArgument, "ncclCommFinalize : comm %p was finalized already", (void *)comm);
    comm->finalized = 1;
    nc_comm_drain(comm);
    return ncclSuccess;
}

ncclResult_t ncclCommDestroy(ncclComm_t comm)
{
    if (!comm)
        return ncclSuccess;
    if (comm->magic != NC_COMM_MAGIC)
        return nc_error(ncclInvalidArgument, "comm %p has already been destroyed", (void *)comm);
    if (atomic_load(&comm->state) == ncclInProgress)
        return nc_error(ncclInvalidArgument,
                        "Attempt to use communicator before the previous operation returned ncclSuccess");
    nc_comm_drain(comm);
    nc_comm_free(comm);
    return ncclSuccess;
}

/* The other ranks' waits on the segment fail (ncclRemoteError), as this rank's queued plans
 * do, which then end at once (over MPI: the other ranks get a note, best effort). */
ncclResult_t ncclCommAbort(ncclComm_t comm)
{
    if (!comm)
        return ncclSuccess;
    if (comm->magic != NC_COMM_MAGIC)
        return nc_error(ncclInvalidArgument, "comm %p has already been destroyed", (void *)comm);
    if (comm->seg)
        nc_seg_abort(comm->seg, ncclRemoteError);
    nc_mpi_abort(comm, ncclRemoteError);
    nc_comm_drain(comm);
    nc_comm_free(comm);
    return ncclSuccess;
}

NC_PROFILING_NAME(ncclGetUniqueId);
NC_PROFILING_NAME(ncclCommInitRankConfig);
NC_PROFILING_NAME(ncclCommInitRank);
NC_PROFILING_NAME(ncclCommInitRankScalable);
NC_PROFILING_NAME(ncclCommInitAll);
NC_PROFILING_NAME(ncclCommCount);
NC_PROFILING_NAME(ncclCommCuDevice);
NC_PROFILING_NAME(ncclCommUserRank);
NC_PROFILING_NAME(ncclCommGetAsyncError);
NC_PROFILING_NAME(ncclCommRegister);
NC_PROFILING_NAME(ncclCommDeregister);
NC_PROFILING_NAME(ncclCommFinalize);
NC_PROFILING_NAME(ncclCommDestroy);
NC_PROFILING_NAME(ncclCommAbort);
