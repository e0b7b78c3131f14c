/* libraries/nccl/mpi_meet.c - making communicators whose data moves through MPI: which
 * transport a rank takes, the meeting through the id's creator, ncclCommSplit of such a
 * communicator, its tags, its abort and its end.
 *
 * A unique id made while MPI was initialised carries its creator's MPI_COMM_WORLD rank.
 * Every rank of such an id sends its record (rank, MPI rank, host, device, process) to that
 * process, which collects nranks of them (any of its own ranks of the communicator serves,
 * while it waits or is polled), picks the transport (MPI when the hosts differ or a rank
 * asks for it with CU2C_NCCL_TRANSPORT=mpi; else the shared segment, as without MPI) and
 * sends the table of all ranks back to each. So the creating process must make one of the
 * communicator's ranks. An id made without MPI keeps to the shared segment: ranks on other
 * hosts are refused, with the reason.
 *
 * Tags: a communicator's messages use a window of tags in the upper half of MPI_TAG_UB on
 * MPI_COMM_WORLD (programs' own tags are usually small), placed by a hash of its id, so that
 * two communicators do not mix: three single tags (the meeting's records, its tables, abort
 * notes), then a range per kind of message between two ranks, indexed by (sender,
 * receiver). Between two ranks, messages of one kind are matched in the order both post
 * them (MPI does not overtake), which is the order of the program's calls on both sides. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "nccl_internal.h"

#define NC_TAG_REC 0
#define NC_TAG_TABLE 1
#define NC_TAG_ABORT 2
#define NC_TAG_FIXED 3
#define NC_TAG_KINDS 4

/* ---- tags ------------------------------------------------------------------------------------ */

/* The window of the communicator whose id has this nonce: its first tag, and the size of
 * each kind's range. */
static void nc_tag_window(uint64_t nonce, int *base, int *pairs)
{
    int ub = nc_mpi_tag_ub(), lo = ub / 2 + 1, space = ub - lo + 1;
    int p = 4096;
    while (p > 16 && (NC_TAG_FIXED + NC_TAG_KINDS * p) * 8 > space)
        p /= 2;
    int w = NC_TAG_FIXED + NC_TAG_KINDS * p, nwin = space / w;
    uint64_t h = (nonce ^ (nonce >> 29)) * 0xbf58476d1ce4e5b9ull;
    *base = lo + (int)((h >> 17) % (uint64_t)nwin) * w;
    *pairs = p;
}

int nc_mpi_tag(const nc_mpi_comm *m, nc_tag_kind kind, int nranks, int from, int to)
{
    uint64_t pair = ((uint64_t)from * (uint64_t)nranks + (uint64_t)to) % (uint64_t)m->pairs;
    return m->tag_base + NC_TAG_FIXED + (int)kind * m->pairs + (int)pair;
}

/* ---- which transport ---------------------------------------------------------------------------- */

typedef enum { NC_MODE_AUTO, NC_MODE_SHM, NC_MODE_MPI } nc_mode;

static ncclResult_t nc_transport_mode(nc_mode *mode)
{
    const char *env = getenv("CU2C_NCCL_TRANSPORT");
    *mode = NC_MODE_AUTO;
    if (!env || !*env || !strcmp(env, "auto"))
        return ncclSuccess;
    if (!strcmp(env, "shm"))
        *mode = NC_MODE_SHM;
    else if (!strcmp(env, "mpi"))
        *mode = NC_MODE_MPI;
    else
        return nc_error(ncclInvalidArgument, "ncclCommInitRank: CU2C_NCCL_TRANSPORT=%s (expected shm, mpi or auto)",
                        env);
    return ncclSuccess;
}

/* A rank on another host than its id's, which cannot meet the others through MPI. */
static ncclResult_t nc_remote_refused(ncclComm_t comm, const nc_id *id, const char *why)
{
    char host[64] = "";
    gethostname(host, sizeof host - 1);
    return nc_error(ncclSystemError,
                    "ncclCommInitRank: rank %d runs on host %s (hash %016llx) but its unique id was made on host %s "
                    "(hash %016llx): ranks on different hosts exchange data through MPI, and %s",
                    comm->rank, host, (unsigned long long)nc_host_hash(), id->hostname, (unsigned long long)id->host,
                    why);
}

static ncclResult_t nc_meet_start(ncclComm_t comm, const nc_id *id);

ncclResult_t nc_transport_attach(ncclComm_t comm, const nc_id *id)
{
    if (memcmp(id->magic, NC_ID_MAGIC, sizeof id->magic) != 0)
        return nc_error(ncclInvalidArgument, "ncclCommInitRank: the unique id was not made by ncclGetUniqueId");
    if (id->layout != NC_LAYOUT)
        return nc_error(ncclInvalidUsage, "ncclCommInitRank: the unique id comes from another version of cu2c's NCCL");
    nc_mode mode;
    ncclResult_t r = nc_transport_mode(&mode);
    if (r != ncclSuccess)
        return r;
    int remote = id->host != nc_host_hash();
    if (mode == NC_MODE_SHM)
        return remote ? nc_remote_refused(comm, id, "CU2C_NCCL_TRANSPORT=shm keeps to shared memory")
                      : nc_seg_attach(comm, id);
    const char *why = nc_mpi_unavailable();
    if (!*why && id->mpi_rank >= 0)
        return nc_meet_start(comm, id);
    if (!*why)
        why = "the unique id was made while MPI was not initialised (ncclGetUniqueId records its process's MPI rank: "
              "call it after MPI_Init)";
    if (mode == NC_MODE_MPI)
        return nc_error(ncclSystemError, "ncclCommInitRank: rank %d: CU2C_NCCL_TRANSPORT=mpi, but %s", comm->rank, why);
    return remote ? nc_remote_refused(comm, id, why) : nc_seg_attach(comm, id);
}

/* ---- the meeting ---------------------------------------------------------------------------------- */

/* Why a meeting failed: a table header's nranks field. */
enum { NC_MEET_OK, NC_MEET_NRANKS, NC_MEET_TAKEN };

/* The id's creating process: collects the records, sends the tables. Shared by its ranks of
 * the communicator (refs), guarded by nc_roots_lock. */
typedef struct nc_meet_root {
    struct nc_meet_root *next;
    uint64_t nonce;
    int tag_rec, tag_table;
    int nranks, refs;
    int got, sent;             /* records received; tables posted */
    nc_mpi_rec cur;            /* the record being received */
    nc_mpi_req cur_req;
    nc_mpi_rec *table;         /* a header, then each rank's record by rank */
    nc_mpi_rec *from;          /* the records as they came: where the tables go */
    nc_mpi_req *sends;
} nc_meet_root;

/* A rank's side of the meeting. */
typedef struct nc_meet {
    nc_mpi_rec mine;
    nc_mpi_req rec_req, table_req;
    nc_mpi_rec *table;         /* a header, then nranks records */
    nc_meet_root *root;        /* this process made the id */
} nc_meet;

static pthread_mutex_t nc_roots_lock = PTHREAD_MUTEX_INITIALIZER;
static nc_meet_root *nc_roots;

static void nc_root_free(nc_meet_root *rt)
{
    for (nc_meet_root **p = &nc_roots; *p; p = &(*p)->next)
        if (*p == rt) {
            *p = rt->next;
            break;
        }
    nc_mpi_drop(&rt->cur_req);
    for (int i = 0; rt->sends && i < rt->got; i++)
        nc_mpi_drop(&rt->sends[i]);
    free(rt->table);
    free(rt->from);
    free(rt->sends);
    free(rt);
}

static int nc_root_done(nc_meet_root *rt)
{
    return rt->sent && nc_mpi_test(rt->sends, rt->got) == 0;
}

/* A record received: placed in the table, or the meeting fails. */
static void nc_root_take(nc_meet_root *rt, const nc_mpi_rec *rec)
{
    rt->from[rt->got++] = *rec;
    nc_mpi_rec *head = &rt->table[0];
    if (head->rank != ncclSuccess)
        return;
    if (rec->nranks != rt->nranks || rec->rank < 0 || rec->rank >= rt->nranks) {
        head->rank = ncclInvalidUsage;
        head->nranks = NC_MEET_NRANKS;
    } else if (rt->table[1 + rec->rank].nranks != 0) {
        head->rank = ncclInvalidArgument;
        head->nranks = NC_MEET_TAKEN;
    } else {
        rt->table[1 + rec->rank] = *rec;
    }
}

/* Everyone is in: the transport, then a table to each record's process (only the header
 * when the meeting failed: it fits every rank's buffer). */
static void nc_root_send(nc_meet_root *rt)
{
    nc_mpi_rec *head = &rt->table[0];
    int mpi = 0;
    for (int i = 0; i < rt->got; i++)
        mpi |= rt->from[i].want_mpi || rt->from[i].host != rt->from[0].host;
    head->world = mpi;
    size_t bytes = (head->rank == ncclSuccess ? (size_t)rt->nranks + 1 : 1) * sizeof(nc_mpi_rec);
    for (int i = 0; i < rt->got; i++)
        if (nc_mpi_isend(rt->table, bytes, rt->from[i].world, rt->tag_table, &rt->sends[i]) != ncclSuccess)
            rt->sends[i].active = 0;
    rt->sent = 1;
}

/* One step of a root, without waiting (nc_roots_lock held). */
static void nc_root_step(nc_meet_root *rt)
{
    while (rt->got < rt->nranks) {
        if (!rt->cur_req.active &&
            nc_mpi_irecv(&rt->cur, sizeof rt->cur, NC_MPI_ANY_SOURCE, rt->tag_rec, &rt->cur_req) != ncclSuccess)
            return;
        if (nc_mpi_test(&rt->cur_req, 1) > 0)
            return;
        nc_root_take(rt, &rt->cur);
    }
    if (!rt->sent)
        nc_root_send(rt);
}

/* The root of the meeting of id in this process, made by the first of its ranks. */
static ncclResult_t nc_root_join(ncclComm_t comm, const nc_id *id, int tag_base, nc_meet_root **out)
{
    pthread_mutex_lock(&nc_roots_lock);
    nc_meet_root *rt = nc_roots;
    while (rt && rt->nonce != id->nonce)
        rt = rt->next;
    if (!rt) {
        size_t n = (size_t)comm->nranks;
        rt = calloc(1, sizeof *rt);
        if (rt) {
            rt->table = calloc(n + 1, sizeof *rt->table);
            rt->from = calloc(n, sizeof *rt->from);
            rt->sends = calloc(n, sizeof *rt->sends);
        }
        if (!rt || !rt->table || !rt->from || !rt->sends) {
            if (rt)
                nc_root_free(rt);
            pthread_mutex_unlock(&nc_roots_lock);
            return nc_error(ncclSystemError, "ncclCommInitRank: out of memory for the ranks' table");
        }
        rt->nonce = id->nonce;
        rt->tag_rec = tag_base + NC_TAG_REC;
        rt->tag_table = tag_base + NC_TAG_TABLE;
        rt->nranks = comm->nranks;
        rt->next = nc_roots;
        nc_roots = rt;
    }
    rt->refs++;
    pthread_mutex_unlock(&nc_roots_lock);
    *out = rt;
    return ncclSuccess;
}

static void nc_root_leave(nc_meet_root *rt)
{
    pthread_mutex_lock(&nc_roots_lock);
    if (--rt->refs == 0 && nc_root_done(rt))
        nc_root_free(rt);
    pthread_mutex_unlock(&nc_roots_lock);
}

static void nc_meet_free(nc_meet *mt)
{
    nc_mpi_drop(&mt->rec_req);
    nc_mpi_drop(&mt->table_req);
    if (mt->root) {
        pthread_mutex_lock(&nc_roots_lock);
        if (--mt->root->refs == 0)
            nc_root_free(mt->root);   /* done or not: no rank of this process waits for it */
        pthread_mutex_unlock(&nc_roots_lock);
    }
    free(mt->table);
    free(mt);
}

/* Posts this rank's record to the id's creator and the receive of the table. */
static ncclResult_t nc_meet_start(ncclComm_t comm, const nc_id *id)
{
    comm->id = *id;
    int base, pairs;
    nc_tag_window(id->nonce, &base, &pairs);
    nc_meet *mt = calloc(1, sizeof *mt);
    if (mt)
        mt->table = calloc((size_t)comm->nranks + 1, sizeof *mt->table);
    if (!mt || !mt->table) {
        free(mt);
        return nc_error(ncclSystemError, "ncclCommInitRank: out of memory");
    }
    const char *env = getenv("CU2C_NCCL_TRANSPORT");
    mt->mine = (nc_mpi_rec){.rank = comm->rank, .nranks = comm->nranks, .world = nc_mpi_world_rank(),
                            .dev = comm->dev, .pid = (int32_t)getpid(), .host = nc_host_hash(),
                            .want_mpi = env && !strcmp(env, "mpi")};
    ncclResult_t r = ncclSuccess;
    if (id->mpi_rank == nc_mpi_world_rank())
        r = nc_root_join(comm, id, base, &mt->root);
    if (r == ncclSuccess)
        r = nc_mpi_irecv(mt->table, ((size_t)comm->nranks + 1) * sizeof *mt->table, id->mpi_rank,
                         base + NC_TAG_TABLE, &mt->table_req);
    if (r == ncclSuccess)
        r = nc_mpi_isend(&mt->mine, sizeof mt->mine, id->mpi_rank, base + NC_TAG_REC, &mt->rec_req);
    if (r != ncclSuccess) {
        nc_meet_free(mt);
        return r;
    }
    comm->meet = mt;
    comm->step = NC_STEP_MEET;
    return ncclSuccess;
}

static ncclResult_t nc_mpi_setup(ncclComm_t comm, const nc_mpi_rec *recs);

ncclResult_t nc_meet_progress(ncclComm_t comm, int wait)
{
    nc_meet *mt = comm->meet;
    unsigned idle = 0;
    for (;;) {
        /* every meeting this process is the root of: a rank waiting here may be the one
         * another process's ranks need (one thread making ranks of several communicators) */
        pthread_mutex_lock(&nc_roots_lock);
        for (nc_meet_root *rt = nc_roots; rt; rt = rt->next)
            nc_root_step(rt);
        int root_busy = mt->root && !nc_root_done(mt->root);
        pthread_mutex_unlock(&nc_roots_lock);
        int left = nc_mpi_test(&mt->rec_req, 1) + nc_mpi_test(&mt->table_req, 1);
        if (left == 0 && !root_busy)
            break;
        if (!wait)
            return ncclInProgress;
        nc_mpi_backoff(&idle);
    }
    if (mt->root) {
        nc_root_leave(mt->root);
        mt->root = NULL;
    }
    nc_mpi_rec head = mt->table[0];
    ncclResult_t r = ncclSuccess;
    if (head.rank != ncclSuccess)
        r = nc_error((ncclResult_t)head.rank,
                     head.nranks == NC_MEET_TAKEN
                         ? "ncclCommInitRank: rank %d of %d: a rank was taken by two callers (met through MPI rank %d)"
                         : "ncclCommInitRank: rank %d of %d: the ranks disagree on nranks (met through MPI rank %d)",
                     comm->rank, comm->nranks, comm->id.mpi_rank);
    else if (head.world)
        r = nc_mpi_setup(comm, mt->table + 1);
    else
        r = nc_seg_attach(comm, &comm->id);
    comm->meet = NULL;
    nc_meet_free(mt);
    if (r == ncclSuccess)
        comm->step = NC_STEP_ATTACHED;
    return r;
}

/* ---- a communicator over MPI --------------------------------------------------------------------- */

/* comm's ranks are recs (by rank): its tags, and the receive of abort notes. */
static ncclResult_t nc_mpi_setup(ncclComm_t comm, const nc_mpi_rec *recs)
{
    nc_mpi_comm *m = calloc(1, sizeof *m);
    if (m)
        m->peers = malloc((size_t)comm->nranks * sizeof *m->peers);
    if (!m || !m->peers) {
        free(m);
        return nc_error(ncclSystemError, "NCCL: out of memory for a communicator of %d ranks", comm->nranks);
    }
    memcpy(m->peers, recs, (size_t)comm->nranks * sizeof *m->peers);
    nc_tag_window(comm->id.nonce, &m->tag_base, &m->pairs);
    ncclResult_t r = nc_mpi_irecv(&m->abort_note, sizeof m->abort_note, NC_MPI_ANY_SOURCE,
                                  m->tag_base + NC_TAG_ABORT, &m->abort_req);
    if (r != ncclSuccess) {
        free(m->peers);
        free(m);
        return r;
    }
    comm->mpi = m;
    comm->direct = 0;
    nc_mpi_thread_check();
    return ncclSuccess;
}

ncclResult_t nc_mpi_check(ncclComm_t comm)
{
    const nc_mpi_rec *me = &comm->mpi->peers[comm->rank];
    for (int i = 0; i < comm->nranks; i++) {
        const nc_mpi_rec *p = &comm->mpi->peers[i];
        if (i != comm->rank && p->host == me->host && p->pid == me->pid && p->dev == me->dev)
            return nc_error(ncclInvalidUsage, "Duplicate GPU detected : rank %d and rank %d both on CUDA device %d",
                            comm->rank, i, comm->dev);
    }
    return ncclSuccess;
}

void nc_mpi_abort(ncclComm_t comm, ncclResult_t why)
{
    nc_mpi_comm *m = comm->mpi;
    if (!m)
        return;
    int expected = 0;
    atomic_compare_exchange_strong(&m->aborted, &expected, (int)why);
    if (atomic_exchange(&m->abort_sent, 1))
        return;
    /* one note per other rank: each rank's receive takes one, whichever process sends it */
    static const int32_t note = 1;
    for (int q = 0; q < comm->nranks; q++) {
        nc_mpi_req req;
        if (q != comm->rank && nc_mpi_isend(&note, sizeof note, m->peers[q].world, m->tag_base + NC_TAG_ABORT,
                                            &req) == ncclSuccess)
            nc_mpi_drop(&req);
    }
}

/* ---- ncclCommSplit over MPI ------------------------------------------------------------------------ */

/* One split's exchange of colors and keys between the parent's ranks. */
typedef struct nc_mpi_split {
    struct nc_mpi_split *next;
    int n, rank;               /* the parent's size and this rank's place in it */
    int32_t mine[2];           /* this rank's color and key, sent to every other */
    int32_t (*all)[2];         /* everyone's */
    nc_mpi_req *reqs;          /* 2 (n - 1) */
    nc_mpi_rec *peers;         /* the parent's ranks */
} nc_mpi_split;

static void nc_split_free(nc_mpi_split *x)
{
    for (int i = 0; i < 2 * (x->n - 1); i++)
        nc_mpi_drop(&x->reqs[i]);
    free(x->all);
    free(x->reqs);
    free(x->peers);
    free(x);
}

ncclResult_t nc_mpi_split_post(ncclComm_t parent, ncclComm_t child, int color, int key)
{
    nc_mpi_comm *m = parent->mpi;
    /* the exchanges of earlier splits this rank took no part in, done by now */
    for (nc_mpi_split **p = &m->splits; *p;) {
        nc_mpi_split *x = *p;
        if (nc_mpi_test(x->reqs, 2 * (x->n - 1)) == 0) {
            *p = x->next;
            nc_split_free(x);
        } else {
            p = &x->next;
        }
    }
    int n = parent->nranks;
    nc_mpi_split *x = calloc(1, sizeof *x);
    if (x) {
        x->all = calloc((size_t)n, sizeof *x->all);
        x->reqs = calloc(2 * (size_t)n, sizeof *x->reqs);
        x->peers = malloc((size_t)n * sizeof *x->peers);
    }
    if (!x || !x->all || !x->reqs || !x->peers) {
        if (x) {
            free(x->all);
            free(x->reqs);
            free(x->peers);
            free(x);
        }
        return nc_error(ncclSystemError, "CommSplit : out of memory");
    }
    x->n = n;
    x->rank = parent->rank;
    x->mine[0] = color;
    x->mine[1] = key;
    x->all[parent->rank][0] = color;
    x->all[parent->rank][1] = key;
    memcpy(x->peers, m->peers, (size_t)n * sizeof *x->peers);
    ncclResult_t r = ncclSuccess;
    for (int q = 0, i = 0; q < n && r == ncclSuccess; q++) {
        if (q == parent->rank)
            continue;
        r = nc_mpi_isend(x->mine, sizeof x->mine, m->peers[q].world, nc_mpi_tag(m, NC_TAG_SPLIT, n, parent->rank, q),
                         &x->reqs[i++]);
        if (r == ncclSuccess)
            r = nc_mpi_irecv(x->all[q], sizeof x->all[q], m->peers[q].world,
                             nc_mpi_tag(m, NC_TAG_SPLIT, n, q, parent->rank), &x->reqs[i++]);
    }
    if (r != ncclSuccess) {
        nc_split_free(x);
        return r;
    }
    if (child) {
        child->split_x = x;
    } else {
        x->next = m->splits;
        m->splits = x;
    }
    return ncclSuccess;
}

ncclResult_t nc_mpi_split_progress(ncclComm_t child, int wait)
{
    nc_mpi_split *x = child->split_x;
    unsigned idle = 0;
    while (nc_mpi_test(x->reqs, 2 * (x->n - 1)) > 0) {
        if (!wait)
            return ncclInProgress;
        nc_mpi_backoff(&idle);
    }
    /* the child's ranks: those of its color, ordered by (key, parent rank) */
    int n = 0, rank = 0;
    for (int i = 0; i < x->n; i++) {
        if (x->all[i][0] != child->split_color)
            continue;
        n++;
        if (x->all[i][1] < child->split_key || (x->all[i][1] == child->split_key && i < x->rank))
            rank++;
    }
    nc_mpi_rec *recs = calloc((size_t)n, sizeof *recs);
    if (!recs)
        return nc_error(ncclSystemError, "CommSplit : out of memory");
    for (int i = 0; i < x->n; i++) {
        if (x->all[i][0] != child->split_color)
            continue;
        int at = 0;
        for (int j = 0; j < x->n; j++)
            if (x->all[j][0] == child->split_color &&
                (x->all[j][1] < x->all[i][1] || (x->all[j][1] == x->all[i][1] && j < i)))
                at++;
        recs[at] = x->peers[i];
        recs[at].rank = at;
        recs[at].nranks = n;
    }
    nc_split_free(x);
    child->split_x = NULL;
    ncclResult_t r = nc_comm_size(child, n, rank);
    if (r == ncclSuccess)
        r = nc_mpi_setup(child, recs);
    free(recs);
    if (r == ncclSuccess)
        child->step = NC_STEP_ATTACHED;
    return r;
}

/* ---- the end -------------------------------------------------------------------------------------- */

void nc_mpi_free(ncclComm_t comm)
{
    if (comm->meet) {
        nc_meet_free(comm->meet);
        comm->meet = NULL;
    }
    if (comm->split_x) {
        nc_split_free(comm->split_x);
        comm->split_x = NULL;
    }
    nc_mpi_comm *m = comm->mpi;
    if (!m)
        return;
    nc_mpi_drop(&m->abort_req);
    while (m->splits) {
        nc_mpi_split *x = m->splits;
        m->splits = x->next;
        nc_split_free(x);
    }
    free(m->peers);
    free(m->stage);
    free(m->reqs);
    free(m->scalars);
    free(m);
    comm->mpi = NULL;
}
