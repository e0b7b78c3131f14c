/* libraries/nccl/shm.c - where ranks meet: the unique id, the shared-memory segment it names
 * (created by the first rank to attach, laid out from nranks by every rank alike, unlinked
 * once all have attached, so nothing is left in /dev/shm), and the waits on it: words in
 * the segment that ranks bump, waited on by spinning a while and then in futex_wait (shared
 * futexes, so the same code serves threads of one process and processes of one node), the
 * collectives' barrier, and the checks that make a wait fail instead of hanging: an abort,
 * a rank's process gone.
 *
 * Ranks on different hosts cannot share a segment: they never get here (mpi_meet.c picks
 * MPI for them, or refuses them with the reason). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "nccl_internal.h"

/* Polls before a waiter sleeps: long enough to cover a barrier between chunks of a copy. */
#define NC_SPIN 16384
/* A sleeping waiter wakes this often to look for an abort, and checks peers' processes
 * every NC_PEER_CHECK_NS. */
#define NC_SLEEP_NS 100000000L
#define NC_PEER_CHECK_NS 1000000000ull
/* How long an attaching rank waits for the creator to lay the segment out. */
#define NC_CREATE_TIMEOUT_NS 30000000000ull

static uint64_t nc_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline void nc_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* ---- ids --------------------------------------------------------------------------------- */

static uint64_t nc_fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* NCCL's notion of a host: its name and its boot id (containers on two machines may share a
 * name), or NCCL_HOSTID when set. */
uint64_t nc_host_hash(void)
{
    uint64_t h = 0xcbf29ce484222325ull;
    const char *env = getenv("NCCL_HOSTID");
    if (env && *env)
        return nc_fnv(h, env, strlen(env));
    char name[256] = "";
    gethostname(name, sizeof name - 1);
    h = nc_fnv(h, name, strlen(name));
    FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
    if (f) {
        char boot[64] = "";
        if (fgets(boot, sizeof boot, f))
            h = nc_fnv(h, boot, strlen(boot));
        fclose(f);
    }
    return h;
}

ncclResult_t nc_id_new(nc_id *id)
{
    memset(id, 0, sizeof *id);
    memcpy(id->magic, NC_ID_MAGIC, sizeof id->magic);
    id->layout = NC_LAYOUT;
    id->mpi_rank = -1;
    id->pid = (int32_t)getpid();
    id->host = nc_host_hash();
    gethostname(id->hostname, sizeof id->hostname - 1);
    if (getrandom(&id->nonce, sizeof id->nonce, 0) != (ssize_t)sizeof id->nonce) {
        /* no entropy source: time, pid and a counter still differ from one id to the next */
        static _Atomic uint64_t counter;
        id->nonce = nc_fnv(nc_now_ns() ^ ((uint64_t)getpid() << 32), &id->pid, sizeof id->pid) +
                    atomic_fetch_add(&counter, 1);
    }
    return ncclSuccess;
}

static void nc_seg_name(const nc_id *id, char *out, size_t cap)
{
    snprintf(out, cap, "/cu2c-nccl-%d-%016llx", (int)id->pid, (unsigned long long)id->nonce);
}

/* ---- the segment ---------------------------------------------------------------------------- */

static uint64_t nc_align(uint64_t v, uint64_t a)
{
    return (v + a - 1) / a * a;
}

static uint64_t nc_clamp(uint64_t v, uint64_t lo, uint64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The layout every rank computes alike from nranks. Rings and staging slots shrink as ranks
 * grow, so that a communicator of 8 ranks takes about 12 MiB of /dev/shm. */
static void nc_layout(int nranks, nc_seg *h)
{
    uint64_t n = (uint64_t)nranks, pairs = n * n;
    h->nranks = nranks;
    h->peers_off = nc_align(sizeof(nc_seg), NC_LINE);
    h->chans_off = nc_align(h->peers_off + n * sizeof(nc_peer), NC_LINE);
    h->rings_off = nc_align(h->chans_off + pairs * sizeof(nc_chan), 4096);
    h->ring_bytes = nc_align(nc_clamp((2u << 20) / pairs, 4096, 512u << 10), 4096);
    h->slots_off = h->rings_off + pairs * h->ring_bytes;
    h->slot_bytes = nc_align(nc_clamp((8u << 20) / n, 128u << 10, 2u << 20), 4096);
    h->result_off = h->slots_off + n * h->slot_bytes;
    h->bytes = h->result_off + h->slot_bytes;
}

/* Waits for the creator of the segment behind fd to size it to `bytes`. */
static ncclResult_t nc_wait_sized(int fd, uint64_t bytes, const char *name)
{
    uint64_t start = nc_now_ns();
    for (;;) {
        struct stat st;
        if (fstat(fd, &st) != 0)
            return nc_error(ncclSystemError, "ncclCommInitRank: fstat of shared memory %s: %s", name,
                            strerror(errno));
        if ((uint64_t)st.st_size == bytes)
            return ncclSuccess;
        if (st.st_size != 0)
            return nc_error(ncclInvalidUsage,
                            "ncclCommInitRank: ranks of one communicator disagree on nranks (shared memory %s "
                            "holds %lld bytes, this rank expects %llu)",
                            name, (long long)st.st_size, (unsigned long long)bytes);
        if (nc_now_ns() - start > NC_CREATE_TIMEOUT_NS)
            return nc_error(ncclSystemError, "ncclCommInitRank: shared memory %s was never sized by its creator",
                            name);
        usleep(100);
    }
}

ncclResult_t nc_seg_attach(ncclComm_t comm, const nc_id *id)
{
    if (memcmp(id->magic, NC_ID_MAGIC, sizeof id->magic) != 0)
        return nc_error(ncclInvalidArgument, "ncclCommInitRank: the unique id was not made by ncclGetUniqueId");
    if (id->layout != NC_LAYOUT)
        return nc_error(ncclInvalidUsage, "ncclCommInitRank: the unique id comes from another version of cu2c's NCCL");

    char name[64];
    nc_seg_name(id, name, sizeof name);
    nc_seg proto;
    memset(&proto, 0, sizeof proto);
    nc_layout(comm->nranks, &proto);

    int created = 1;
    int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 && errno == EEXIST) {
        created = 0;
        fd = shm_open(name, O_RDWR, 0600);
    }
    if (fd < 0)
        return nc_error(ncclSystemError,
                        "ncclCommInitRank: shared memory %s: %s (more ranks than nranks, or an id used again "
                        "after its communicator was made?)",
                        name, strerror(errno));
    ncclResult_t r = ncclSuccess;
    if (created) {
        /* allocated now, so that a /dev/shm too small fails here and not with SIGBUS later */
        int e = ftruncate(fd, (off_t)proto.bytes) != 0 ? errno : posix_fallocate(fd, 0, (off_t)proto.bytes);
        if (e != 0) {
            shm_unlink(name);
            r = nc_error(ncclSystemError, "ncclCommInitRank: cannot allocate %llu bytes of shared memory (%s): %s",
                         (unsigned long long)proto.bytes, name, strerror(e));
        }
    } else {
        r = nc_wait_sized(fd, proto.bytes, name);
    }
    void *map = MAP_FAILED;
    if (r == ncclSuccess) {
        map = mmap(NULL, proto.bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (map == MAP_FAILED)
            r = nc_error(ncclSystemError, "ncclCommInitRank: mmap of shared memory %s: %s", name, strerror(errno));
    }
    close(fd);
    if (r != ncclSuccess)
        return r;
    nc_seg *seg = map;
    if (created) {
        /* a new segment reads as zeros: only the layout is written, then the magic that
         * tells the others it is there */
        seg->bytes = proto.bytes;
        seg->nranks = proto.nranks;
        seg->peers_off = proto.peers_off;
        seg->chans_off = proto.chans_off;
        seg->rings_off = proto.rings_off;
        seg->slots_off = proto.slots_off;
        seg->result_off = proto.result_off;
        seg->ring_bytes = proto.ring_bytes;
        seg->slot_bytes = proto.slot_bytes;
        atomic_store_explicit(&seg->magic, NC_SEG_MAGIC, memory_order_release);
    } else {
        uint64_t start = nc_now_ns();
        while (atomic_load_explicit(&seg->magic, memory_order_acquire) != NC_SEG_MAGIC) {
            if (nc_now_ns() - start > NC_CREATE_TIMEOUT_NS) {
                munmap(map, proto.bytes);
                return nc_error(ncclSystemError, "ncclCommInitRank: shared memory %s was never laid out", name);
            }
            usleep(100);
        }
    }
    nc_peer *me = nc_peer_of(seg, comm->rank);
    if (atomic_exchange(&me->claimed, 1) != 0) {
        munmap(map, proto.bytes);
        return nc_error(ncclInvalidArgument, "ncclCommInitRank: rank %d of %d was taken by another caller",
                        comm->rank, comm->nranks);
    }
    me->pid = (int32_t)getpid();
    me->host = id->host;
    me->dev = comm->dev;
    comm->seg = seg;
    comm->seg_bytes = proto.bytes;
    comm->id = *id;
    /* the count's release publishes the record; the last rank in takes the name away */
    uint32_t n = atomic_fetch_add(&seg->attached, 1) + 1;
    if (atomic_load(&seg->attach_sleepers))
        syscall(SYS_futex, (uint32_t *)&seg->attached, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
    if (n == (uint32_t)comm->nranks)
        shm_unlink(name);
    return ncclSuccess;
}

ncclResult_t nc_seg_all_attached(ncclComm_t comm, int wait)
{
    nc_seg *seg = comm->seg;
    for (;;) {
        uint32_t n = atomic_load(&seg->attached);
        if (n >= (uint32_t)comm->nranks)
            return ncclSuccess;
        ncclResult_t r = nc_seg_failed(seg);
        if (r != ncclSuccess)
            return r;
        if (!wait)
            return ncclInProgress;
        r = nc_wait_change(comm, &seg->attached, n, &seg->attach_sleepers);
        if (r != ncclSuccess)
            return r;
    }
}

/* A rank that leaves before every rank has attached takes the name away, so that nothing is
 * left in /dev/shm (a rank still to come would wait in vain anyway). */
void nc_seg_detach(ncclComm_t comm)
{
    if (!comm->seg)
        return;
    if (atomic_load(&comm->seg->attached) < (uint32_t)comm->nranks) {
        char name[64];
        nc_seg_name(&comm->id, name, sizeof name);
        shm_unlink(name);
    }
    munmap(comm->seg, comm->seg_bytes);
    comm->seg = NULL;
}

/* ---- waiting ------------------------------------------------------------------------------- */

static void nc_futex_wake(_Atomic uint32_t *word)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

void nc_seg_abort(nc_seg *seg, ncclResult_t why)
{
    int expected = 0;
    atomic_compare_exchange_strong(&seg->abort, &expected, (int)why);
    /* every word a rank may sleep on */
    nc_futex_wake(&seg->attached);
    nc_futex_wake(&seg->bar.gen);
    for (int i = 0; i < seg->nranks; i++)
        nc_futex_wake(&nc_peer_of(seg, i)->doorbell);
}

void nc_bump(_Atomic uint32_t *word, _Atomic uint32_t *sleepers)
{
    atomic_fetch_add(word, 1);
    /* seq_cst on both sides: a waiter that counted itself after this load sees the new
     * value in futex_wait's own comparison */
    if (atomic_load(sleepers))
        nc_futex_wake(word);
}

/* Whether process pid has exited (gone, or a zombie its parent has not reaped). */
static int nc_process_gone(int pid)
{
    if (kill(pid, 0) != 0 && errno == ESRCH)
        return 1;
    char path[64], buf[256];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *close_paren = strrchr(buf, ')');   /* the state follows the command's name */
    return close_paren && close_paren[1] == ' ' && (close_paren[2] == 'Z' || close_paren[2] == 'X');
}

/* Fails the segment when a rank's process has exited. */
static ncclResult_t nc_check_peers(ncclComm_t comm)
{
    int self = (int)getpid();
    for (int i = 0; i < comm->nranks; i++) {
        nc_peer *p = nc_peer_of(comm->seg, i);
        if (!atomic_load(&p->claimed) || p->pid == self || !nc_process_gone(p->pid))
            continue;
        nc_seg_abort(comm->seg, ncclRemoteError);
        return nc_error(ncclRemoteError, "NCCL: rank %d of the communicator (process %d) has exited", i, p->pid);
    }
    return ncclSuccess;
}

ncclResult_t nc_wait_change(ncclComm_t comm, _Atomic uint32_t *word, uint32_t seen, _Atomic uint32_t *sleepers)
{
    for (int i = 0; i < NC_SPIN; i++) {
        if (atomic_load_explicit(word, memory_order_acquire) != seen)
            return ncclSuccess;
        if ((i & 63) == 63)
            sched_yield();
        else
            nc_cpu_relax();
    }
    uint64_t next_check = nc_now_ns() + NC_PEER_CHECK_NS;
    for (;;) {
        if (atomic_load(word) != seen)
            return ncclSuccess;
        ncclResult_t r = nc_seg_failed(comm->seg);
        if (r != ncclSuccess)
            return nc_error(r, "NCCL: the communicator was aborted (ncclCommAbort, or a rank's process exited)");
        atomic_fetch_add(sleepers, 1);
        struct timespec ts = {0, NC_SLEEP_NS};
        syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, seen, &ts, NULL, 0);
        atomic_fetch_sub(sleepers, 1);
        if (nc_now_ns() > next_check) {
            if ((r = nc_check_peers(comm)) != ncclSuccess)
                return r;
            next_check = nc_now_ns() + NC_PEER_CHECK_NS;
        }
    }
}

/* A central counter: the last rank in resets it and bumps the generation the others wait on
 * (read before arriving, so a rank never misses the change it waits for). */
ncclResult_t nc_barrier_wait(ncclComm_t comm)
{
    nc_barrier *b = &comm->seg->bar;
    uint32_t gen = atomic_load(&b->gen);
    if (atomic_fetch_add(&b->count, 1) == (uint32_t)comm->nranks - 1) {
        atomic_store(&b->count, 0);
        nc_bump(&b->gen, &b->sleepers);
        return ncclSuccess;
    }
    return nc_wait_change(comm, &b->gen, gen, &b->sleepers);
}
