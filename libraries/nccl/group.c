/* libraries/nccl/group.c - group semantics (ncclGroupStart/End) and queueing plans on streams.
 *
 * A thread's group (nested Starts count; the outermost End acts) collects the tasks of its
 * calls and the communicators being made by them. At the End, communicators are finished in
 * two passes (every split's child attached, then every communicator waits for its ranks), so
 * that one thread making several ranks never waits for a rank it has not attached yet. Then
 * each communicator's tasks become one plan: a host function queued on the stream of its
 * first task, with the device of the communicator current (so that it runs on that device's
 * workers), the other streams joined to it by events before and after. A call outside a group
 * is a group of its own. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

typedef struct nc_item {
    struct nc_item *next;
    ncclComm_t comm;           /* a task's, or a communicator being made (task unused) */
    cudaStream_t stream;
    nc_task task;
} nc_item;

typedef struct nc_list {
    nc_item *head, *tail;
} nc_list;

static _Thread_local struct {
    int depth;                 /* ncclGroupStart calls not yet ended */
    ncclResult_t error;        /* the first error of a call in the group */
    nc_list tasks, inits;
} nc_grp;

ncclResult_t nc_group_error(ncclResult_t r)
{
    if (r != ncclSuccess && r != ncclInProgress && nc_grp.depth > 0 && nc_grp.error == ncclSuccess)
        nc_grp.error = r;
    return r;
}

static void nc_list_add(nc_list *l, nc_item *it)
{
    it->next = NULL;
    if (l->tail)
        l->tail->next = it;
    else
        l->head = it;
    l->tail = it;
}

static void nc_list_free(nc_item *it)
{
    while (it) {
        nc_item *next = it->next;
        free(it);
        it = next;
    }
}

/* ---- queueing a plan ---------------------------------------------------------------------------- */

/* Joins stream `to` to the work queued so far on `from` (an event between them). */
static cudaError_t nc_join(cudaStream_t to, cudaStream_t from)
{
    cudaEvent_t e;
    cudaError_t err = cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    if (err != cudaSuccess)
        return err;
    err = cudaEventRecord(e, from);
    if (err == cudaSuccess)
        err = cudaStreamWaitEvent(to, e, 0);
    cudaEventDestroy(e);
    return err;
}

static ncclResult_t nc_submit(nc_plan *plan, const cudaStream_t *streams, int nstreams)
{
    ncclComm_t comm = plan->comm;
    int old = 0;
    cudaError_t err = cudaGetDevice(&old);
    if (err == cudaSuccess)
        err = cudaSetDevice(comm->dev);
    for (int i = 1; i < nstreams && err == cudaSuccess; i++)
        err = nc_join(streams[0], streams[i]);
    enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (err == cudaSuccess)
        err = cudaStreamIsCapturing(streams[0], &capture);
    if (err != cudaSuccess) {
        free(plan);
        cudaSetDevice(old);
        return nc_error(ncclUnhandledCudaError, "Cuda failure '%s'", cudaGetErrorString(err));
    }
    /* a graph captures the host function: the plan runs at each launch, and lives as long as
     * the communicator */
    plan->keep = capture != cudaStreamCaptureStatusNone;
    /* NCCL runs a communicator's operations in the order they were called, whatever their
     * streams: a plan on another stream than the last one's waits for the work queued there
     * so far (a stream the program has destroyed since orders nothing) */
    if (!plan->keep && comm->last_stream_set && comm->last_stream != streams[0] &&
        nc_join(streams[0], comm->last_stream) != cudaSuccess)
        cudaGetLastError();   /* not the program's error */
    comm->last_stream = streams[0];
    comm->last_stream_set = !plan->keep;
    pthread_mutex_lock(&comm->lock);
    if (plan->keep) {
        plan->next_kept = comm->kept;
        comm->kept = plan;
    } else {
        comm->pending++;
    }
    pthread_mutex_unlock(&comm->lock);
    err = cudaLaunchHostFunc(streams[0], nc_run_plan, plan);
    if (err != cudaSuccess && !plan->keep) {
        pthread_mutex_lock(&comm->lock);
        if (--comm->pending == 0)
            pthread_cond_broadcast(&comm->idle);
        pthread_mutex_unlock(&comm->lock);
        free(plan);
    }
    for (int i = 1; i < nstreams && err == cudaSuccess; i++)
        err = nc_join(streams[i], streams[0]);
    cudaSetDevice(old);
    if (err != cudaSuccess)
        return nc_error(ncclUnhandledCudaError, "Cuda failure '%s'", cudaGetErrorString(err));
    return ncclSuccess;
}

/* The plans of a group's tasks, one per communicator in order of first appearance. */
static ncclResult_t nc_launch(nc_item *items)
{
    ncclResult_t result = ncclSuccess;
    for (nc_item *it = items; it; it = it->next) {
        if (!it->comm)
            continue;   /* planned with an earlier communicator's */
        ncclComm_t comm = it->comm;
        int n = 0, nstreams = 0;
        for (nc_item *j = it; j; j = j->next)
            n += j->comm == comm;
        nc_plan *plan = calloc(1, sizeof *plan + (size_t)n * sizeof(nc_task));
        cudaStream_t *streams = malloc((size_t)n * sizeof *streams);
        if (!plan || !streams) {
            free(plan);
            free(streams);
            result = nc_error(ncclSystemError, "ncclGroupEnd : out of memory");
            continue;
        }
        plan->comm = comm;
        /* collectives first, in call order, then sends and receives */
        for (int pass = 0; pass < 2; pass++)
            for (nc_item *j = it; j; j = j->next) {
                if (j->comm != comm || (j->task.func >= NC_SEND) != pass)
                    continue;
                plan->tasks[plan->ncoll + plan->np2p] = j->task;
                *(pass ? &plan->np2p : &plan->ncoll) += 1;
                int seen = 0;
                for (int s = 0; s < nstreams; s++)
                    seen |= streams[s] == j->stream;
                if (!seen)
                    streams[nstreams++] = j->stream;
            }
        for (nc_item *j = it; j; j = j->next)
            if (j->comm == comm)
                j->comm = NULL;
        ncclResult_t r = nc_submit(plan, streams, nstreams);
        free(streams);
        if (result == ncclSuccess)
            result = r;
    }
    return result;
}

ncclResult_t nc_enqueue(ncclComm_t comm, const nc_task *task, cudaStream_t stream)
{
    nc_item *it = malloc(sizeof *it);
    if (!it)
        return nc_group_error(nc_error(ncclSystemError, "NCCL: out of memory for an operation"));
    it->comm = comm;
    it->stream = stream;
    it->task = *task;
    if (nc_grp.depth > 0) {
        nc_list_add(&nc_grp.tasks, it);
        return ncclSuccess;
    }
    it->next = NULL;
    ncclResult_t r = nc_launch(it);
    free(it);
    return r;
}

/* ---- communicators being made --------------------------------------------------------------------- */

ncclResult_t nc_defer_init(ncclComm_t comm)
{
    if (nc_grp.depth == 0)
        return nc_comm_progress(comm, comm->config.blocking);
    nc_item *it = calloc(1, sizeof *it);
    if (!it)
        return nc_group_error(nc_error(ncclSystemError, "NCCL: out of memory"));
    it->comm = comm;
    nc_list_add(&nc_grp.inits, it);
    return ncclSuccess;
}

/* Finishes the group's communicators: ncclInProgress when a non-blocking one is not done. */
static ncclResult_t nc_finish_inits(nc_item *inits)
{
    ncclResult_t result = ncclSuccess;
    int in_progress = 0;
    for (int pass = 0; pass < 2; pass++)
        for (nc_item *it = inits; it; it = it->next) {
            ncclComm_t comm = it->comm;
            int wait = comm->config.blocking;
            ncclResult_t r = pass == 0 ? nc_comm_attach(comm, wait) : nc_comm_progress(comm, wait);
            if (r == ncclInProgress)
                in_progress = 1;
            else if (r != ncclSuccess && result == ncclSuccess)
                result = r;
        }
    return result != ncclSuccess ? result : in_progress ? ncclInProgress : ncclSuccess;
}

/* ---- groups ----------------------------------------------------------------------------------- */

ncclResult_t ncclGroupStart(void)
{
    nc_grp.depth++;
    return ncclSuccess;
}

static ncclResult_t nc_group_end(ncclSimInfo_t *sim)
{
    if (nc_grp.depth == 0)
        return nc_error(ncclInvalidUsage, "ncclGroupEnd: not in a group call.");
    if (--nc_grp.depth > 0)
        return ncclSuccess;
    nc_item *tasks = nc_grp.tasks.head, *inits = nc_grp.inits.head;
    ncclResult_t error = nc_grp.error;
    memset(&nc_grp, 0, sizeof nc_grp);
    size_t sim_size = 0;
    if (error == ncclSuccess && sim) {
        /* the program's struct may be shorter (an older header): its size says */
        ncclSimInfo_t info = NCCL_SIM_INFO_INITIALIZER;
        memcpy(&sim_size, &sim->size, sizeof sim_size);
        if (sim_size > sizeof info)
            sim_size = sizeof info;
        memcpy(&info, sim, sim_size);
        if (info.magic != 0x74685283)
            error = nc_error(ncclInvalidArgument, "ncclSimInfo_t argument not initialized via NCCL_SIM_INFO_INITIALIZER");
    }
    if (error != ncclSuccess) {
        /* nothing of a failed group is queued; its communicators carry the error */
        for (nc_item *it = inits; it; it = it->next) {
            int expected = ncclInProgress;
            atomic_compare_exchange_strong(&it->comm->state, &expected, (int)error);
        }
        nc_list_free(tasks);
        nc_list_free(inits);
        return error;
    }
    ncclResult_t r = nc_finish_inits(inits);
    nc_list_free(inits);
    if (sim) {
        /* a simulation queues nothing: its estimate is the bytes moved at a memory's pace */
        double bytes = 0;
        for (nc_item *it = tasks; it; it = it->next)
            bytes += (double)it->task.count * (double)nc_type_size(it->task.type);
        float estimate = (float)(bytes / 1e4);   /* 10 GB/s, in microseconds */
        if (sim_size >= offsetof(ncclSimInfo_t, estimatedTime) + sizeof estimate)
            memcpy((char *)sim + offsetof(ncclSimInfo_t, estimatedTime), &estimate, sizeof estimate);
        nc_list_free(tasks);
        return r;
    }
    ncclResult_t q = nc_launch(tasks);
    nc_list_free(tasks);
    return r != ncclSuccess ? r : q;
}

ncclResult_t ncclGroupEnd(void)
{
    return nc_group_end(NULL);
}

ncclResult_t ncclGroupSimulateEnd(ncclSimInfo_t *simInfo)
{
    return nc_group_end(simInfo);
}

NC_PROFILING_NAME(ncclGroupStart);
NC_PROFILING_NAME(ncclGroupEnd);
NC_PROFILING_NAME(ncclGroupSimulateEnd);
