/* libraries/nccl/mpi.c - the MPI library the program runs under, found at run time. libnccl
 * links no MPI (a program without MPI links and runs as before): MPI's functions are looked
 * up with dlsym in the process's global scope when first needed, and its predefined handles
 * taken as the implementation's family defines them in its mpi.h: Open MPI's are addresses
 * of its global objects (ompi_mpi_comm_world, ompi_mpi_byte), MPICH's (and its derivatives':
 * Intel MPI, MVAPICH, Cray MPICH) integer constants. Only byte messages on MPI_COMM_WORLD
 * are used, sent and received without blocking and completed by polling.
 *
 * Every MPI call of libnccl is made under one mutex: operations run on cu2c's workers, one
 * process may run operations of several communicators at once, and the program may have
 * initialised MPI for one thread at a time. Waits poll with MPI_Test, releasing the mutex
 * between polls, so that every operation in flight progresses. */
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "nccl_internal.h"

/* Handles and constants of MPICH's mpi.h (the ABI its derivatives share). */
#define NC_MPICH_COMM_WORLD 0x44000000
#define NC_MPICH_BYTE 0x4c00010d
#define NC_MPICH_ANY_SOURCE (-2)
#define NC_MPICH_STATUS_IGNORE ((void *)1)
#define NC_MPICH_TAG_UB 0x64400001
/* Open MPI's (MPI_TAG_UB is the first of an enum; MPI_STATUS_IGNORE is NULL) */
#define NC_OMPI_ANY_SOURCE (-1)
#define NC_OMPI_TAG_UB 0
/* MPI_THREAD_MULTIPLE in both */
#define NC_MPI_THREAD_MULTIPLE 3

/* Polls that find nothing done before a waiter starts sleeping between them. */
#define NC_IDLE_SPINS 20000u
#define NC_IDLE_SLEEP_NS 50000L

/* The functions, each in the signature its family gives it (handles by value differ). */
typedef int (*nc_int_fn)(int *);
typedef int (*nc_test_fn)(void *req, int *flag, void *status);
typedef int (*nc_req_fn)(void *req);
static struct {
    int bound;                 /* MPI_Initialized and every function below were found */
    int ompi;                  /* Open MPI's handles; else MPICH's */
    void *world, *byte;        /* Open MPI's MPI_COMM_WORLD and MPI_BYTE */
    int any_source;
    void *status_ignore;
    nc_int_fn initialized, finalized, query_thread;
    union {
        int (*o)(void *comm, int *rank);
        int (*m)(int comm, int *rank);
    } comm_rank;
    union {
        int (*o)(void *comm, int keyval, void *value, int *flag);
        int (*m)(int comm, int keyval, void *value, int *flag);
    } get_attr;                /* may be missing (an MPI-1 library): tags up to 32767 */
    union {
        int (*o)(const void *buf, int count, void *type, int dest, int tag, void *comm, void *req);
        int (*m)(const void *buf, int count, int type, int dest, int tag, int comm, void *req);
    } isend;
    union {
        int (*o)(void *buf, int count, void *type, int src, int tag, void *comm, void *req);
        int (*m)(void *buf, int count, int type, int src, int tag, int comm, void *req);
    } irecv;
    nc_test_fn test;
    nc_req_fn cancel, request_free;
    _Atomic int world_rank, tag_ub;   /* read once MPI is initialised */
} nc_mpi;
static pthread_once_t nc_mpi_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t nc_mpi_lock = PTHREAD_MUTEX_INITIALIZER;

static void *nc_sym(const char *name)
{
    return dlsym(RTLD_DEFAULT, name);
}

static void nc_mpi_bind(void)
{
    nc_mpi.initialized = (nc_int_fn)nc_sym("MPI_Initialized");
    nc_mpi.finalized = (nc_int_fn)nc_sym("MPI_Finalized");
    nc_mpi.query_thread = (nc_int_fn)nc_sym("MPI_Query_thread");
    *(void **)&nc_mpi.comm_rank = nc_sym("MPI_Comm_rank");
    *(void **)&nc_mpi.get_attr = nc_sym("MPI_Comm_get_attr");
    *(void **)&nc_mpi.isend = nc_sym("MPI_Isend");
    *(void **)&nc_mpi.irecv = nc_sym("MPI_Irecv");
    nc_mpi.test = (nc_test_fn)nc_sym("MPI_Test");
    nc_mpi.cancel = (nc_req_fn)nc_sym("MPI_Cancel");
    nc_mpi.request_free = (nc_req_fn)nc_sym("MPI_Request_free");
    nc_mpi.world = nc_sym("ompi_mpi_comm_world");
    nc_mpi.ompi = nc_mpi.world != NULL;
    if (nc_mpi.ompi) {
        nc_mpi.byte = nc_sym("ompi_mpi_byte");
        nc_mpi.any_source = NC_OMPI_ANY_SOURCE;
        nc_mpi.status_ignore = NULL;
    } else {
        nc_mpi.any_source = NC_MPICH_ANY_SOURCE;
        nc_mpi.status_ignore = NC_MPICH_STATUS_IGNORE;
    }
    nc_mpi.bound = nc_mpi.initialized && nc_mpi.finalized && nc_mpi.query_thread && nc_mpi.comm_rank.o &&
                   nc_mpi.isend.o && nc_mpi.irecv.o && nc_mpi.test && nc_mpi.cancel && nc_mpi.request_free &&
                   (!nc_mpi.ompi || nc_mpi.byte);
    nc_mpi.world_rank = -1;
}

/* MPI_TAG_UB's value: the attribute is a pointer to it. */
static int nc_mpi_read_tag_ub(void)
{
    int *value = NULL, flag = 0;
    if (!nc_mpi.get_attr.o)
        return 32767;
    int rc = nc_mpi.ompi ? nc_mpi.get_attr.o(nc_mpi.world, NC_OMPI_TAG_UB, &value, &flag)
                         : nc_mpi.get_attr.m(NC_MPICH_COMM_WORLD, NC_MPICH_TAG_UB, &value, &flag);
    return rc == 0 && flag && value && *value >= 32767 ? *value : 32767;
}

const char *nc_mpi_unavailable(void)
{
    pthread_once(&nc_mpi_once, nc_mpi_bind);
    if (!nc_mpi.bound)
        return "the program is not linked with MPI (no MPI_Initialized, MPI_Isend... in the process)";
    const char *why = "";
    pthread_mutex_lock(&nc_mpi_lock);
    int init = 0, fini = 0;
    nc_mpi.initialized(&init);
    nc_mpi.finalized(&fini);
    if (!init)
        why = "MPI is not initialised (call MPI_Init before ncclGetUniqueId and ncclCommInitRank)";
    else if (fini)
        why = "MPI was finalised (MPI_Finalize)";
    else if (nc_mpi.world_rank < 0) {
        int rank = -1;
        int rc = nc_mpi.ompi ? nc_mpi.comm_rank.o(nc_mpi.world, &rank) : nc_mpi.comm_rank.m(NC_MPICH_COMM_WORLD, &rank);
        if (rc != 0 || rank < 0)
            why = "MPI_Comm_rank(MPI_COMM_WORLD) failed";
        else {
            nc_mpi.tag_ub = nc_mpi_read_tag_ub();
            nc_mpi.world_rank = rank;
        }
    }
    pthread_mutex_unlock(&nc_mpi_lock);
    return why;
}

int nc_mpi_world_rank(void)
{
    return nc_mpi.world_rank;
}

int nc_mpi_tag_ub(void)
{
    return nc_mpi.tag_ub;
}

void nc_mpi_thread_check(void)
{
    static _Atomic int warned;
    int level = NC_MPI_THREAD_MULTIPLE;
    pthread_mutex_lock(&nc_mpi_lock);
    nc_mpi.query_thread(&level);
    pthread_mutex_unlock(&nc_mpi_lock);
    if (level < NC_MPI_THREAD_MULTIPLE && !atomic_exchange(&warned, 1))
        nc_warn("NCCL over MPI: MPI was initialised with thread level %d, below MPI_THREAD_MULTIPLE: NCCL's "
                "operations call MPI from cu2c's worker threads, so the program must not call MPI while they are "
                "in flight, or must initialise MPI with MPI_Init_thread(MPI_THREAD_MULTIPLE)",
                level);
}

/* ---- messages ------------------------------------------------------------------------------------ */

ncclResult_t nc_mpi_isend(const void *buf, size_t bytes, int dest, int tag, nc_mpi_req *req)
{
    pthread_mutex_lock(&nc_mpi_lock);
    int rc = nc_mpi.ompi ? nc_mpi.isend.o(buf, (int)bytes, nc_mpi.byte, dest, tag, nc_mpi.world, &req->h)
                         : nc_mpi.isend.m(buf, (int)bytes, NC_MPICH_BYTE, dest, tag, NC_MPICH_COMM_WORLD, &req->h);
    pthread_mutex_unlock(&nc_mpi_lock);
    req->active = rc == 0;
    req->recv = 0;
    if (rc != 0)
        return nc_error(ncclSystemError, "NCCL: MPI_Isend of %zu bytes to MPI rank %d failed (MPI error %d)", bytes,
                        dest, rc);
    return ncclSuccess;
}

ncclResult_t nc_mpi_irecv(void *buf, size_t bytes, int src, int tag, nc_mpi_req *req)
{
    if (src == NC_MPI_ANY_SOURCE)
        src = nc_mpi.any_source;
    pthread_mutex_lock(&nc_mpi_lock);
    int rc = nc_mpi.ompi ? nc_mpi.irecv.o(buf, (int)bytes, nc_mpi.byte, src, tag, nc_mpi.world, &req->h)
                         : nc_mpi.irecv.m(buf, (int)bytes, NC_MPICH_BYTE, src, tag, NC_MPICH_COMM_WORLD, &req->h);
    pthread_mutex_unlock(&nc_mpi_lock);
    req->active = rc == 0;
    req->recv = 1;
    if (rc != 0)
        return nc_error(ncclSystemError, "NCCL: MPI_Irecv of %zu bytes from MPI rank %d failed (MPI error %d)", bytes,
                        src, rc);
    return ncclSuccess;
}

int nc_mpi_test(nc_mpi_req *reqs, int n)
{
    int left = 0;
    pthread_mutex_lock(&nc_mpi_lock);
    for (int i = 0; i < n; i++) {
        if (!reqs[i].active)
            continue;
        int flag = 0;
        if (nc_mpi.test(&reqs[i].h, &flag, nc_mpi.status_ignore) != 0 || flag)
            reqs[i].active = 0;   /* a failed test frees nothing more: not waited for again */
        else
            left++;
    }
    pthread_mutex_unlock(&nc_mpi_lock);
    return left;
}

void nc_mpi_drop(nc_mpi_req *req)
{
    if (!req->active)
        return;
    pthread_mutex_lock(&nc_mpi_lock);
    int fini = 0;
    nc_mpi.finalized(&fini);   /* a communicator freed after MPI_Finalize: nothing to end */
    if (fini) {
        pthread_mutex_unlock(&nc_mpi_lock);
        req->active = 0;
        return;
    }
    /* a cancelled receive still has to be completed; a send cannot be cancelled portably */
    if (req->recv && nc_mpi.cancel(&req->h) == 0) {
        int flag = 0;
        for (int i = 0; i < 1000000 && !flag; i++)
            if (nc_mpi.test(&req->h, &flag, nc_mpi.status_ignore) != 0)
                break;
        if (!flag)
            nc_mpi.request_free(&req->h);
    } else {
        nc_mpi.request_free(&req->h);
    }
    pthread_mutex_unlock(&nc_mpi_lock);
    req->active = 0;
}

void nc_mpi_backoff(unsigned *idle)
{
    if (++*idle < NC_IDLE_SPINS) {
        sched_yield();
        return;
    }
    struct timespec ts = {0, NC_IDLE_SLEEP_NS};
    nanosleep(&ts, NULL);
}
