/* libraries/nccl/nccl_internal.h - what libnccl's files share.
 *
 * Ranks meet in a POSIX shared-memory segment whose name the unique id carries (shm.c): each
 * rank claims its record there, the last to attach unlinks the name, and from then on the
 * segment holds what ranks exchange: the collectives' barrier, the buffers each rank
 * publishes for a collective, the staging slots data goes through between processes, and a
 * channel per ordered pair of ranks for sends and receives.
 *
 * An operation checks its arguments at the call, as NCCL does, and becomes a task; a group
 * (group.c) queues its tasks at ncclGroupEnd as one plan per communicator, a host function on
 * the stream (cudaLaunchHostFunc) run on the communicator's device's worker in stream order.
 * A plan runs its collectives in order, each meeting the other ranks at barriers, then all
 * its sends and receives together (p2p.c), posting sends before waiting on any receive. When
 * every rank is in this process (direct mode), ranks read and write each other's buffers in
 * place; otherwise data goes through the segment in chunks (execute.c).
 *
 * Ranks on different hosts (or every rank, with CU2C_NCCL_TRANSPORT=mpi) move data through
 * the MPI library the program runs under instead (mpi.c finds it, mpi_meet.c makes such a
 * communicator, mpi_ops.c runs its operations); they meet through MPI too, by the process
 * that made the unique id, which then picks the transport for all.
 *
 * One section per file; internal names start with nc_. */
#ifndef CU2C_NCCL_INTERNAL_H
#define CU2C_NCCL_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "nccl.h"

/* Each public function's profiling twin (pncclXxx): the same function under NCCL's other name. */
#define NC_PROFILING_NAME(f) extern __typeof__(f) p##f __attribute__((alias(#f)))

/* ---- errors.c -------------------------------------------------------------------------- */

/* Records a message for ncclGetLastError (the process's last) and returns `result`. */
ncclResult_t nc_error(ncclResult_t result, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints a warning under NCCL_DEBUG=WARN (or INFO...), as NCCL does; not an error. */
void nc_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The size of one element of type t; 0 for a value that is not a type. */
size_t nc_type_size(ncclDataType_t t);

/* ---- shm.c: the segment, its waits and barrier ------------------------------------------ */

/* What ncclUniqueId holds (its first bytes). */
typedef struct nc_id {
    char magic[8];             /* NC_ID_MAGIC: an id ncclGetUniqueId made */
    uint32_t layout;           /* NC_LAYOUT: the segment's layout version */
    int32_t pid;               /* the process that made the id */
    uint64_t host;             /* its host's hash (name and boot id) */
    uint64_t nonce;            /* random: the segment's name */
    char hostname[64];         /* for messages */
    int32_t mpi_rank;          /* its MPI_COMM_WORLD rank, -1 when MPI was not initialised */
    int32_t pad;
} nc_id;
#define NC_ID_MAGIC "cu2cNCCL"
#define NC_LAYOUT 2

#define NC_LINE 64             /* a cache line: what two ranks write often is this far apart */
#define NC_DESCS 64            /* messages a sender may post to one peer before it takes them */

/* A barrier of every rank of a segment, reused from one collective to the next. */
typedef struct nc_barrier {
    _Alignas(NC_LINE) _Atomic uint32_t count;   /* ranks arrived at the current one */
    _Alignas(NC_LINE) _Atomic uint32_t gen;     /* barriers completed: waiters wait for a change */
    _Atomic uint32_t sleepers;                  /* waiters in futex_wait on gen */
} nc_barrier;

/* One rank's record in the segment. */
typedef struct nc_peer {
    _Atomic uint32_t claimed;  /* a rank took this place */
    int32_t pid;               /* its process */
    uint64_t host;             /* its host hash */
    int32_t dev;               /* its CUDA device (in its process) */
    /* a collective's buffers and PreMulSum scalar, published before its first barrier */
    uint64_t send, recv, scalar;
    /* ncclCommSplit: the color and key of split number split_posted (the last posted), and
     * the last split whose posts this rank has read (then the others may post again) */
    int32_t split_color, split_key;
    _Atomic uint64_t split_posted, split_read;
    /* bumped by any rank that changed something this rank waits for (sends, receives) */
    _Alignas(NC_LINE) _Atomic uint32_t doorbell;
    _Atomic uint32_t sleepers;
} nc_peer;

/* Sends from one rank to another: message m's descriptor at desc[m % NC_DESCS]; in direct
 * mode the receiver copies from the sender's buffer, else the bytes go through the pair's
 * ring (a stream of the messages' bytes, one after the other). */
typedef struct nc_chan {
    _Alignas(NC_LINE) _Atomic uint64_t posted;  /* messages the sender posted */
    _Atomic uint64_t pushed;                    /* bytes the sender put in the ring */
    _Alignas(NC_LINE) _Atomic uint64_t taken;   /* messages the receiver completed */
    _Atomic uint64_t popped;                    /* bytes the receiver took from the ring */
    struct {
        uint64_t addr, bytes;  /* the sender's buffer (direct mode) and the message's size */
    } desc[NC_DESCS];
} nc_chan;

/* The segment's header; the peers, channels, rings and staging slots follow at offsets. */
typedef struct nc_seg {
    _Atomic uint64_t magic;    /* NC_SEG_MAGIC once the creator has laid it out */
    uint64_t bytes;            /* its size (every rank computes it from nranks) */
    int32_t nranks;
    uint32_t pad;
    uint64_t peers_off, chans_off, rings_off, slots_off, result_off;
    uint64_t ring_bytes;       /* per ordered pair */
    uint64_t slot_bytes;       /* per rank, and the result area's */
    _Alignas(NC_LINE) _Atomic uint32_t attached;   /* ranks that have attached */
    _Atomic uint32_t attach_sleepers;
    _Atomic int32_t abort;     /* 0, or the ncclResult_t every wait now fails with */
    nc_barrier bar;
} nc_seg;
#define NC_SEG_MAGIC 0x6c63636e63327563ull   /* "cu2cnccl" */

/* Fills a new id: a fresh name on this host. */
ncclResult_t nc_id_new(nc_id *id);
/* This host's hash. */
uint64_t nc_host_hash(void);
/* Attaches comm (rank, nranks and dev set) to the segment id names, creating it if this rank
 * is the first: claims the rank's record and counts it in; the last to attach unlinks the
 * name. Waits only for the creator to lay the segment out. */
ncclResult_t nc_seg_attach(ncclComm_t comm, const nc_id *id);
/* Whether every rank has attached; with `wait`, waits until they have. An error when the
 * segment was aborted. */
ncclResult_t nc_seg_all_attached(ncclComm_t comm, int wait);
/* Unmaps comm's segment. */
void nc_seg_detach(ncclComm_t comm);
/* Makes every wait on the segment fail with `why` (ncclCommAbort, a dead peer). */
void nc_seg_abort(nc_seg *seg, ncclResult_t why);

static inline nc_peer *nc_peer_of(nc_seg *seg, int rank)
{
    return (nc_peer *)((char *)seg + seg->peers_off) + rank;
}
static inline nc_chan *nc_chan_of(nc_seg *seg, int from, int to)
{
    return (nc_chan *)((char *)seg + seg->chans_off) + (size_t)from * (size_t)seg->nranks + (size_t)to;
}
static inline char *nc_ring_of(nc_seg *seg, int from, int to)
{
    return (char *)seg + seg->rings_off + ((size_t)from * (size_t)seg->nranks + (size_t)to) * seg->ring_bytes;
}
static inline char *nc_slot_of(nc_seg *seg, int rank)
{
    return (char *)seg + seg->slots_off + (size_t)rank * seg->slot_bytes;
}
static inline char *nc_result_of(nc_seg *seg)
{
    return (char *)seg + seg->result_off;
}

/* Waits until *word differs from `seen`: spinning a while, then in futex_wait (counted in
 * *sleepers, so that a waker knows to call futex_wake). Fails when the segment is aborted or
 * (checked now and then) a rank's process has exited. */
ncclResult_t nc_wait_change(ncclComm_t comm, _Atomic uint32_t *word, uint32_t seen, _Atomic uint32_t *sleepers);
/* Bumps *word and wakes its waiters. */
void nc_bump(_Atomic uint32_t *word, _Atomic uint32_t *sleepers);
/* Every rank of comm arrives before any leaves. */
ncclResult_t nc_barrier_wait(ncclComm_t comm);
/* Rings rank's doorbell (something it waits for changed). */
static inline void nc_ring(nc_seg *seg, int rank)
{
    nc_peer *p = nc_peer_of(seg, rank);
    nc_bump(&p->doorbell, &p->sleepers);
}
/* The segment's failure, ncclSuccess while there is none. */
static inline ncclResult_t nc_seg_failed(nc_seg *seg)
{
    return (ncclResult_t)atomic_load_explicit(&seg->abort, memory_order_acquire);
}

/* ---- mpi.c: MPI, found at run time ---------------------------------------------------- */

/* An MPI request: the implementation's handle (a pointer in Open MPI, an int in MPICH) and
 * whether it is still to be completed. */
typedef struct nc_mpi_req {
    union {
        void *p;
        int i;
    } h;
    int active;
    int recv;                  /* a receive (a send cannot be cancelled) */
} nc_mpi_req;

#define NC_MPI_ANY_SOURCE (-1)   /* nc_mpi_irecv's source: any process */
/* The largest message libnccl sends (MPI counts are ints): larger buffers go in pieces. */
#define NC_MPI_MSG_MAX ((size_t)1 << 30)

/* Why MPI cannot carry data now ("" when it can): not linked into the program, not
 * initialised, or finalised. */
const char *nc_mpi_unavailable(void);
/* This process's rank in MPI_COMM_WORLD (MPI available). */
int nc_mpi_world_rank(void);
/* The largest tag MPI allows (MPI_TAG_UB; at least 32767). */
int nc_mpi_tag_ub(void);
/* Byte messages on MPI_COMM_WORLD, bytes <= NC_MPI_MSG_MAX; src may be NC_MPI_ANY_SOURCE. */
ncclResult_t nc_mpi_isend(const void *buf, size_t bytes, int dest, int tag, nc_mpi_req *req);
ncclResult_t nc_mpi_irecv(void *buf, size_t bytes, int src, int tag, nc_mpi_req *req);
/* Tests the active requests among reqs[0..n) once: how many are still active. */
int nc_mpi_test(nc_mpi_req *reqs, int n);
/* Ends an active request: a receive is cancelled (and completed), a send left to complete
 * on its own (its buffer must outlive it: only small eager messages are left so). */
void nc_mpi_drop(nc_mpi_req *req);
/* Between two polls that found nothing done: yields the core, then sleeps a little once
 * *idle polls have come to nothing for a while (a late peer). */
void nc_mpi_backoff(unsigned *idle);
/* Warns once (NCCL_DEBUG=WARN) when MPI's thread level is below MPI_THREAD_MULTIPLE. */
void nc_mpi_thread_check(void);

/* ---- mpi_meet.c: communicators over MPI ---------------------------------------------------- */

/* One rank as the others know it: what the meeting exchanges. */
typedef struct nc_mpi_rec {
    int32_t rank, nranks;      /* in a table's header: status (ncclResult_t) and 0 */
    int32_t world;             /* its process's MPI_COMM_WORLD rank; a header: the transport */
    int32_t dev, pid;          /* its CUDA device in its process, its process id */
    int32_t want_mpi;          /* CU2C_NCCL_TRANSPORT=mpi in its process */
    uint64_t host;             /* its host hash */
} nc_mpi_rec;

/* A communicator over MPI. */
typedef struct nc_mpi_comm {
    nc_mpi_rec *peers;         /* every rank, by rank */
    int tag_base, pairs;       /* its window of tags (see mpi_meet.c) */
    _Atomic int aborted;       /* 0, or why its waits fail (a local or remote abort) */
    _Atomic int abort_sent;    /* this rank's notes went out */
    nc_mpi_req abort_req;      /* a receive of any rank's abort note */
    int32_t abort_note;
    /* operations' scratch (one plan at a time): staging, requests, scalars */
    char *stage;
    size_t stage_bytes, part_bytes;
    nc_mpi_req *reqs;
    int nreqs;
    uint64_t *scalars;
    struct nc_mpi_split *splits;   /* color exchanges of ranks of no color, to finish */
} nc_mpi_comm;

/* The tags of a communicator's kinds of messages (pair kinds by sender and receiver). */
typedef enum {
    NC_TAG_COLL,               /* collectives' data */
    NC_TAG_P2P_HEAD,           /* a send's size */
    NC_TAG_P2P_DATA,           /* a send's bytes */
    NC_TAG_SPLIT,              /* ncclCommSplit's colors and keys */
} nc_tag_kind;
int nc_mpi_tag(const nc_mpi_comm *m, nc_tag_kind kind, int nranks, int from, int to);

/* How comm (rank, nranks, dev set) joins the communicator id names: attached to the shared
 * segment (as without MPI), or a meeting through MPI begun (step NC_STEP_MEET), which
 * nc_meet_progress ends. */
ncclResult_t nc_transport_attach(ncclComm_t comm, const nc_id *id);
/* The meeting's progress: ncclInProgress until the id's creator has sent the table (with
 * `wait`, waits); then the communicator is attached to the segment or set up over MPI. */
ncclResult_t nc_meet_progress(ncclComm_t comm, int wait);
/* Every rank over MPI is known: checks them against each other (duplicate devices). */
ncclResult_t nc_mpi_check(ncclComm_t comm);
/* ncclCommSplit of an MPI communicator: posts this rank's color and key to every rank;
 * child (NULL for NCCL_SPLIT_NOCOLOR) gets the exchange, whose end nc_mpi_split_progress
 * waits for. */
ncclResult_t nc_mpi_split_post(ncclComm_t parent, ncclComm_t child, int color, int key);
ncclResult_t nc_mpi_split_progress(ncclComm_t child, int wait);
/* Tells every other rank that this one gave up (once), and fails this rank's waits. */
void nc_mpi_abort(ncclComm_t comm, ncclResult_t why);
/* Frees comm's MPI state (its meeting's too), ending what is still in flight. */
void nc_mpi_free(ncclComm_t comm);

/* ---- communicators.c -------------------------------------------------------------------- */

#define NC_COMM_MAGIC 0x4e43434cu   /* "NCCL" */

/* How far a communicator's making has come (a non-blocking one, or one in a group). */
typedef enum {
    NC_STEP_SPLIT,     /* a split's child: waiting for the parent's ranks to post colors */
    NC_STEP_MEET,      /* waiting for the id's creator to send the ranks' table over MPI */
    NC_STEP_ATTACHED,  /* attached: waiting for the other ranks to attach */
    NC_STEP_READY,     /* every rank attached and checked (or it failed: see state) */
} nc_step;

/* A PreMulSum made by ncclRedOpCreatePreMulSum. */
typedef struct nc_user_op {
    int used;
    ncclDataType_t type;
    int by_ptr;                /* ncclScalarDevice: read from ptr by each operation */
    const void *ptr;
    uint64_t value;            /* ncclScalarHostImmediate: the scalar's bits */
} nc_user_op;

struct nc_plan;

struct ncclComm {
    uint32_t magic;            /* NC_COMM_MAGIC while it lives */
    int rank, nranks;
    int dev;                   /* the CUDA device it was made on */
    ncclConfig_t config;       /* checked, defaults filled in */
    nc_id id;
    nc_seg *seg;               /* mapped; NULL before attaching and over MPI */
    nc_mpi_comm *mpi;          /* over MPI: its state; else NULL */
    struct nc_meet *meet;      /* while meeting over MPI */
    struct nc_mpi_split *split_x;  /* a split's child of an MPI parent: the color exchange */
    size_t seg_bytes;
    _Atomic int state;         /* ncclInProgress while being made, then ncclSuccess or why not */
    nc_step step;
    _Atomic int async_error;   /* an operation's failure (ncclCommGetAsyncError) */
    int direct;                /* every rank in this process: buffers are read in place */
    /* a split's child while it is being made: its parent and the split's number */
    ncclComm_t parent;
    uint64_t split_no;
    int split_color, split_key;
    uint64_t splits;           /* ncclCommSplit calls on this communicator */
    /* point to point: messages and bytes so far, per peer (touched by plans only, one at a
     * time under run_lock) */
    uint64_t *send_seq, *recv_seq, *send_bytes;
    /* a collective's per-rank sources, destinations and scalars (the running plan's) */
    const void **srcs;
    void **dsts;
    uint64_t *scalars;
    cudaStream_t last_stream;  /* the last plan's (not captured): the next one follows it */
    int last_stream_set;
    pthread_mutex_t run_lock;  /* one plan runs at a time */
    pthread_mutex_t lock;      /* guards what follows */
    pthread_cond_t idle;       /* pending reached 0 */
    int pending;               /* plans queued and not yet run */
    struct nc_plan *kept;      /* plans captured into graphs: freed with the communicator */
    nc_user_op *ops;           /* PreMulSums, ncclRedOp_t ncclNumOps + index */
    int nops;
    int finalized;
};

/* Whether comm is a live communicator (best effort). */
static inline int nc_comm_valid(ncclComm_t comm)
{
    return comm && comm->magic == NC_COMM_MAGIC;
}
/* ncclInvalidArgument for a null or dead comm, ncclInvalidArgument while it is still being
 * made (NCCL: "use before the previous operation returned ncclSuccess"), its failure when it
 * failed; ncclSuccess when it may be used. `what` names the caller in messages. */
ncclResult_t nc_comm_ready(ncclComm_t comm, const char *what);
/* A new communicator on dev with config (NULL: defaults), not attached. */
ncclResult_t nc_comm_new(ncclComm_t *out, int dev, const ncclConfig_t *config);
/* Gives comm its rank of nranks (and the per-peer state that needs). */
ncclResult_t nc_comm_size(ncclComm_t comm, int nranks, int rank);
/* Frees a communicator (detached from its segment first). */
void nc_comm_free(ncclComm_t comm);
/* Takes a split's child as far as attaching to its segment (nothing to do for others):
 * ncclSuccess once attached, ncclInProgress while some parent rank has not posted. */
ncclResult_t nc_comm_attach(ncclComm_t comm, int wait);
/* Takes the making of comm as far as it goes (attach checks, splits' colors); with `wait`,
 * to the end. ncclInProgress while it is not done, else its final state. */
ncclResult_t nc_comm_progress(ncclComm_t comm, int wait);
/* Checks a user's config and fills out with it, defaults where it leaves a field undefined. */
ncclResult_t nc_config_parse(const ncclConfig_t *config, ncclConfig_t *out);

/* ---- split.c ------------------------------------------------------------------------------ */

/* A split's child: the parent's colors read, then attached to the child's segment.
 * ncclInProgress while some rank of the parent has not posted (unless `wait`). */
ncclResult_t nc_split_progress(ncclComm_t child, int wait);

/* ---- reduce.c: reductions of element types ------------------------------------------------ */

/* A reduction as it runs: what is done to each pair, and the scalar of a PreMulSum. */
typedef enum {
    NC_SUM, NC_PROD, NC_MAX, NC_MIN,
    NC_PREMUL,                 /* each input times its rank's scalar, then summed */
    NC_SUMDIV,                 /* integer ncclAvg: summed, then divided by nranks (truncating) */
} nc_red_kind;

typedef struct nc_redop {
    nc_red_kind kind;
    int by_ptr;                /* the scalar is read from ptr when the operation runs */
    const void *ptr;
    uint64_t scalar;           /* otherwise its bits, in the element type */
} nc_redop;

/* The reduction ncclRedOp_t op means for type t on comm (ncclAvg by its type); an error for
 * an op comm does not know or a PreMulSum made for another type. */
ncclResult_t nc_redop_resolve(ncclComm_t comm, ncclRedOp_t op, ncclDataType_t t, nc_redop *out);
/* For i < count, every dsts[k][i] = srcs[0][i] op srcs[1][i] op ... in rank order (each
 * input first times scalars[j] for NC_PREMUL), rounded to the type after each step as the
 * GPU's reductions are; `divisor` for NC_SUMDIV. A destination may be one of the sources.
 * Destinations of stream_from bytes or more that are not sources are written around the
 * cache (NC_STREAM_OWN for the program's outputs, 0 for what other cores read next,
 * NC_STREAM_NEVER for what this thread reads again). */
void nc_reduce(ncclDataType_t t, nc_red_kind kind, const uint64_t *scalars, int divisor, void *const *dsts,
               int ndst, const void *const *srcs, int nsrc, size_t count, size_t stream_from);
/* Copies n bytes (nothing when dst is src), around the cache from stream_from bytes on. */
void nc_copy(void *dst, const void *src, size_t n, size_t stream_from);
#define NC_STREAM_OWN ((size_t)1 << 18)   /* an output of this size is not read again soon */
#define NC_STREAM_NEVER SIZE_MAX

/* ---- group.c, operations.c: tasks and plans ---------------------------------------------- */

typedef enum {
    NC_ALLREDUCE, NC_BROADCAST, NC_REDUCE, NC_ALLGATHER, NC_REDUCESCATTER,
    NC_SEND, NC_RECV,
} nc_func;

/* One operation of a plan. */
typedef struct nc_task {
    nc_func func;
    const void *send;
    void *recv;                /* a Recv's buffer too */
    size_t count;              /* elements (per rank for AllGather and ReduceScatter) */
    ncclDataType_t type;
    nc_redop op;
    int root;                  /* root, or a send's or receive's peer */
} nc_task;

/* The tasks of one communicator in one group, queued as one host function: collectives in
 * the order they were called, then sends and receives. */
typedef struct nc_plan {
    ncclComm_t comm;
    int keep;                  /* captured into a graph: runs again at each launch */
    struct nc_plan *next_kept;
    int ncoll, np2p;
    nc_task tasks[];
} nc_plan;

/* Queues a checked task on comm and stream: at once (a group of one) outside a group. */
ncclResult_t nc_enqueue(ncclComm_t comm, const nc_task *task, cudaStream_t stream);
/* A communicator being made inside a group: ncclGroupEnd finishes it. Outside a group,
 * finishes it now (waiting, unless it is non-blocking). */
ncclResult_t nc_defer_init(ncclComm_t comm);
/* Records an error of a call inside a group: ncclGroupEnd returns it. */
ncclResult_t nc_group_error(ncclResult_t r);

/* ---- execute.c: a plan on the worker -------------------------------------------------------- */

/* The host function a plan is queued as (must call no CUDA function). */
void nc_run_plan(void *plan);

/* ---- p2p.c ---------------------------------------------------------------------------------- */

/* Runs a plan's sends and receives together until all are done. */
ncclResult_t nc_p2p_run(ncclComm_t comm, const nc_task *tasks, int n);

/* ---- mpi_ops.c: operations over MPI ------------------------------------------------------------ */

/* Polls reqs[0..n) until all complete; fails (dropping them) once comm is aborted. */
ncclResult_t nc_mpi_wait(ncclComm_t comm, nc_mpi_req *reqs, int n);
/* A collective, and a plan's sends and receives, of a communicator over MPI. */
ncclResult_t nc_mpi_collective(ncclComm_t comm, const nc_task *t);
ncclResult_t nc_mpi_p2p_run(ncclComm_t comm, const nc_task *tasks, int n);

#endif
