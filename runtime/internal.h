/* runtime/internal.h - what libcu2c's files share and nothing outside the runtime sees.
 *
 * One section per file. Internal names start with rt_; the public symbols are CUDA's names
 * (cuda_runtime_api.h) and the translator's interface (cu2c/kernel.h). */
#ifndef CU2C_RT_INTERNAL_H
#define CU2C_RT_INTERNAL_H

#include <stdatomic.h>
#include <stdint.h>
#include <pthread.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"

/* Limits of the emulated device (compute capability 8.0, as an A100 reports them). */
#define RT_MAX_THREADS_PER_BLOCK 1024
#define RT_MAX_BLOCK_X 1024
#define RT_MAX_BLOCK_Y 1024
#define RT_MAX_BLOCK_Z 64
#define RT_MAX_GRID_X 2147483647u
#define RT_MAX_GRID_YZ 65535u
#define RT_SHARED_PER_BLOCK (48u * 1024)          /* without opt-in */
#define RT_SHARED_PER_BLOCK_OPTIN (163u * 1024)   /* cudaFuncSetAttribute's ceiling */
#define RT_SHARED_PER_SM (164u * 1024)
#define RT_ALLOC_ALIGN 256                        /* cudaMalloc's alignment on a GPU */

/* ---- error.c ---------------------------------------------------------------------------- */

/* Records a failure as this host thread's last error and returns it (cudaSuccess passes
 * through untouched), so an API function ends with `return rt_error(e);`. */
cudaError_t rt_error(cudaError_t e);
/* Clears this thread's last error (cudaDeviceReset). */
void rt_clear_error(void);
/* Records a sticky error (a fault in a kernel); the first one stays for the process. */
void rt_set_sticky(cudaError_t e);
/* The sticky error, cudaSuccess while there is none. Calls that use the device start with
 * RT_STICKY_CHECK(). */
cudaError_t rt_sticky_error(void);
#define RT_STICKY_CHECK()                              \
    do {                                               \
        if (rt_sticky_error() != cudaSuccess)          \
            return rt_error(rt_sticky_error());        \
    } while (0)

/* ---- devices.c, device.c ---------------------------------------------------------------- */

#define RT_MAX_DEVICES 64
/* Devices the program sees (CU2C_DEVICES, as CUDA_VISIBLE_DEVICES selects them); 0 when it
 * hides them all. Visible device d is physical device rt_device_physical(d). */
int rt_device_count(void);
int rt_valid_device(int d);
int rt_device_physical(int d);
/* The calling host thread's current device (cudaSetDevice), and setting it. */
int rt_current_device(void);
void rt_use_device(int d);
/* Worker threads per device: CU2C_DEVICE_WORKERS, else CU2C_NUM_THREADS or this process's
 * share of the cores, divided among the devices. Read once; the pool and
 * multiProcessorCount agree on it. */
int rt_num_workers(void);
/* Physical device i's UUID bytes, and its properties. */
void rt_device_uuid(int i, unsigned char out[16]);
void rt_physical_props(int i, struct cudaDeviceProp *p);
/* device.c: the blocks a device runs at once by its properties */
int rt_resident_blocks(void);
/* Bytes of physical memory, and each device's share (totalGlobalMem). */
size_t rt_total_memory(void);
size_t rt_device_memory(void);
/* peer.c: device d's peer mappings, both ways, gone (cudaDeviceReset) */
void rt_peer_reset(int d);

/* ---- memory.c --------------------------------------------------------------------------- */

/* How an allocation was made: decides which free call accepts it and what
 * cudaPointerGetAttributes reports. */
typedef enum {
    RT_MEM_DEVICE,   /* cudaMalloc, cudaMallocPitch, cudaMallocAsync */
    RT_MEM_MANAGED,  /* cudaMallocManaged */
    RT_MEM_HOST,     /* cudaMallocHost, cudaHostAlloc */
    RT_MEM_REGISTERED, /* the user's memory, cudaHostRegister'ed: never freed by the runtime */
    RT_MEM_ARRAY,    /* a struct cudaArray, its texels in the same block */
    RT_MEM_TEXTURE,  /* a struct cu2c_texture: a texture object or a reference's binding */
    RT_MEM_SURFACE,  /* a struct cu2c_surface: a surface object or a reference's binding */
    RT_MEM_MIPMAP,   /* a struct cudaMipmappedArray (its levels are arrays of their own) */
} rt_mem_kind;

/* Frees every allocation the runtime made on device d (cudaDeviceReset destroys them, as on
 * a GPU). */
void rt_free_device_allocations(int d);
/* Records p, one malloc'd block of size bytes, as an allocation of kind (arrays and
 * textures live in the same map, so cudaDeviceReset frees them too); 0 when out of memory. */
int rt_mem_track(void *p, size_t size, rt_mem_kind kind);
/* Forgets p if it is an allocation of kind, without freeing it; returns whether it was. */
int rt_mem_untrack(const void *p, rt_mem_kind kind);
/* Whether p is (the start of) an allocation of kind. */
int rt_mem_is(const void *p, rt_mem_kind kind);
/* Bytes from p to the end of the allocation holding it; 0 if the runtime did not allocate it. */
size_t rt_mem_extent(const void *p);
struct rt_copy;
/* Plans c's parts when it is large enough to be worth spreading over the threads (and its
 * two ends do not overlap: memmove's order cannot be split); leaves it whole otherwise. */
void rt_copy_split(struct rt_copy *c);
/* Runs a copy or set: the whole of it when it has no parts, else parts until none is left
 * to take (other threads may be running the others). */
void rt_copy_work(struct rt_copy *c);

/* A CUDA array: width x height x depth elements (height, depth 0 where the array has fewer
 * dimensions, as allocated), stored densely right after the struct. */
struct cudaArray {
    struct cudaChannelFormatDesc desc;
    struct cudaExtent extent;
    unsigned int flags;
    size_t elem;               /* bytes per element */
    size_t pitch;              /* bytes per row: width * elem */
    size_t rows;               /* rows per slice or layer: height, at least 1 */
    size_t slices;             /* slices or layers: depth, at least 1 */
    char *data;
    const struct cudaMipmappedArray *mipmap; /* the mipmapped array it is a level of, or NULL */
};
/* A mipmapped array (cudaMallocMipmappedArray): its levels, each a CUDA array of its own,
 * level l of width max(1, width >> l) (and so for height and depth). */
struct cudaMipmappedArray {
    struct cudaChannelFormatDesc desc;
    struct cudaExtent extent;  /* level 0's, as allocated */
    unsigned int flags;
    unsigned int levels;
    struct cudaArray *level[32];
};
/* Bytes per element of a channel format cu2c arrays and textures can hold (1, 2 or 4 equal
 * channels of 8, 16 or 32 bits; 16 or 32 for floats); 0 for any other. */
size_t rt_channel_bytes(const struct cudaChannelFormatDesc *d);
/* memory.c's copies, for arrays.c: a 3-D copy (src NULL: a set) checked as CUDA checks it,
 * and whether a copy kind is one of CUDA's. */
cudaError_t rt_copy3d(void *dst, size_t dpitch, size_t dheight, const void *src, size_t spitch,
                      size_t sheight, int value, size_t width, size_t height, size_t depth,
                      int memset_call, cudaStream_t stream, int async);
int rt_valid_kind(enum cudaMemcpyKind kind);
/* symbols.c: whether p lies in a registered __device__/__constant__ variable or in a writable
 * segment of the program or a library (a global) */
int rt_in_variable(const void *p);
/* cudaMemcpy and cudaMemcpyAsync (async 1), on stream: for symbols.c. */
cudaError_t rt_memcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                      cudaStream_t stream, int async);
/* A stream-ordered set of width elements of elem bytes (1, 2 or 4) per row, height rows pitch
 * bytes apart, each to value's low elem bytes: graphs' memset nodes. */
cudaError_t rt_memset_elements(void *dst, size_t pitch, unsigned value, unsigned elem, size_t width,
                               size_t height, cudaStream_t stream);

/* ---- launch.c --------------------------------------------------------------------------- */

/* A registered kernel: the stub's address is its identity (the function pointer the user
 * passes to cudaLaunchKernel and cudaFuncSetAttribute). */
typedef struct rt_kernel {
    const void *stub;          /* host stub under the kernel's own name */
    cu2c_block_fn fn;          /* runs one block */
    const char *name;
    int nargs;
    size_t *arg_sizes;         /* owned copy; for copying arguments of asynchronous launches */
    size_t max_dyn_shared;     /* cudaFuncAttributeMaxDynamicSharedMemorySize */
    size_t static_shared;      /* bytes of its __shared__ variables (cu2c_set_static_shared) */
    int carveout;              /* cudaFuncAttributePreferredSharedMemoryCarveout */
} rt_kernel;

/* ---- device_heap.c ------------------------------------------------------------------- */

/* Device and pinned buffers, away from the C heap (see the file): size bytes aligned to at
 * least RT_ALLOC_ALIGN, NULL when out of memory; freed with the size they were asked for. */
void *rt_heap_alloc(size_t size);
void rt_heap_free(void *p, size_t size);

/* ---- faults.c ------------------------------------------------------------------------- */

/* Installs the SIGSEGV/SIGBUS handler turning faults in kernels into the sticky
 * cudaErrorIllegalAddress (once per process, before the workers start). */
void rt_faults_install(void);
/* On a worker as it starts: the fault signals unblocked, its own signal stack (returned,
 * NULL if none could be had), so that a stack overflow is reported too. */
void *rt_faults_worker_start(void);
void rt_faults_worker_end(void *signal_stack);
/* After leaving a block that faulted: the fault signals unblocked again. */
void rt_faults_recovered(void);

/* ---- driver_api.c ----------------------------------------------------------------------- */

/* The runtime API was used: driver calls need no cuInit (CUDA's runtime calls it). */
void rt_driver_initialised(void);
/* cudaSetDevice(d): the thread's current context becomes d's primary one. */
void rt_driver_device_set(int d);

/* ---- fibers.c ------------------------------------------------------------------------- */

/* A block of the fiber engine left by a fault (a jump out of its fiber): its fibers are
 * dropped, the worker is no longer in one. */
void rt_fibers_abandon(void);
/* A thread that ran blocks and ends (a spin helper, a cooperative block's thread) gives its
 * fibers' memory back. */
void rt_fibers_release(void);
/* Is this worker running a block's fibers? */
int rt_fibers_running(void);
/* The device clock (ns) a fiber reads at `now` on clock(): true on the fiber engine, where
 * the thread then lets the others run (they wait together, as on a GPU). Its clock counts
 * its own work between two reads at the real rate, and a short gap (a spin's) as the round
 * of the block's fibers: a spin lasts its time once per block, not once per thread. */
int rt_fiber_clock(long long now, long long (*clock)(void), long long *out);

/* ---- pool.c: the device's work queue and the workers that drain it ------------------------ */

/* One worker thread's state, reused from block to block and launch to launch. */
typedef struct rt_worker {
    int id;                    /* among its device's workers */
    int device;
    pthread_t thread;
    struct rt_job *job;        /* the kernel whose blocks it is running, NULL between them */
    void *fault_jmp;           /* jmp_buf * to leave a block that faulted */
    const cu2c_block *block;   /* the block it is running (for fault messages), else NULL */
    void *dyn_shared;          /* extern __shared__ storage, 64-aligned */
    size_t dyn_shared_cap;
    void *scratch;             /* cu2c_block_scratch storage, 64-aligned */
    size_t scratch_cap;
    /* the consecutive blocks it has taken and not begun: [run_next, run_end) (block_schedule.c's
     * rt_run_range; a spin helper takes them over) */
    uint64_t run_next, run_end;
} rt_worker;

/* How a kernel's blocks reach the workers (CU2C_SCHEDULE). */
typedef enum {
    RT_SCHED_DYNAMIC,          /* chunks of consecutive blocks from one shared counter */
    RT_SCHED_BLOCKED,          /* static: one contiguous range per worker */
    RT_SCHED_CYCLIC,           /* static: worker p of P runs blocks p, p+P, p+2P... */
    RT_SCHED_STEAL,            /* a contiguous range per worker; idle workers steal halves */
} rt_schedule;

#define RT_RANGE_STRIDE 8      /* words between two stealing ranges: one cache line */

/* A kernel launch: everything a worker needs to run the grid's blocks. */
typedef struct rt_job {
    cu2c_block_fn fn;
    const void *stub;          /* the kernel as the user names it (graphs' kernel nodes) */
    int nargs;                 /* how many arguments args points to */
    int args_borrowed;         /* args are the caller's, used in place (sizes unknown) */
    const char *name;          /* the kernel's, for fault messages */
    void **args;               /* points into the launch's own copy of the arguments */
    dim3 grid;
    dim3 block;
    size_t shmem;
    uint64_t nblocks;          /* grid.x * grid.y * grid.z */
    rt_schedule sched;
    unsigned nparts;           /* partitions (static, steal) */
    atomic_uint_fast64_t next; /* dynamic: first block not taken; static: next partition */
    atomic_int failed;         /* a worker could not get shared memory: blocks were skipped */
    atomic_int faulted;        /* a block faulted: its line is printed, the others' are not */
    /* steal: partition p holds blocks [lo, hi) packed as lo << 32 | hi (nblocks < 2^32),
     * each range on its own cache line (RT_RANGE_STRIDE words apart) */
    atomic_uint_fast64_t *ranges;
    int cooperative;           /* cudaLaunchCooperativeKernel: every block at once (rt_run_cooperative) */
    struct rt_grid *grid_bar;  /* then its grid barrier, while it runs */
    struct rt_multi *multi;    /* cudaLaunchCooperativeKernelMultiDevice: the grids' barrier */
    unsigned multi_rank;       /* this grid's place among them */
} rt_job;

/* What a queued operation does. */
typedef enum {
    RT_OP_KERNEL,
    RT_OP_COPY,                /* up to three-dimensional copy or set (src NULL: set) */
    RT_OP_HOST,                /* cudaLaunchHostFunc */
    RT_OP_CALLBACK,            /* cudaStreamAddCallback */
    RT_OP_RECORD,              /* cudaEventRecord */
    RT_OP_FREE,                /* cudaFreeAsync */
    RT_OP_NOP,                 /* cudaStreamWaitEvent: only its dependencies matter */
} rt_op_kind;

/* A copy of width bytes per row, height rows per slice, depth slices; or a set when src is
 * NULL. Pitches are between rows, slices are bytes between slices. A large one is split into
 * parts (rt_copy_split) that every idle worker and a waiting host thread take in turn. */
typedef struct rt_copy {
    char *dst;
    const char *src;
    int value;
    size_t width, height, depth;
    size_t dpitch, spitch, dslice, sslice;
    unsigned elem;             /* a set's element: value's low 1 (or 0), 2 or 4 bytes repeated */
    uint64_t nparts;           /* 0: one memmove/memset per row by one thread */
    uint64_t row_parts;        /* parts per row (wide rows), or 0: rows_per_part rows a part */
    uint64_t rows_per_part;
    atomic_uint_fast64_t next; /* the first part not taken */
} rt_copy;

/* The work is done when stream's completed count reaches seq. */
typedef struct rt_dep {
    struct CUstream_st *stream;
    uint64_t seq;
} rt_dep;

#define RT_INLINE_DEPS 2

typedef struct rt_op {
    struct rt_op *next;        /* in its stream's queue */
    struct rt_op *next_running;/* kernels and split copies with parts to take */
    struct CUstream_st *stream;
    uint64_t seq;              /* its place in the stream, from 1 */
    rt_op_kind kind;
    int state;                 /* RT_QUEUED, RT_RUNNING, RT_BY_HOST (see pool.c) */
    int refs;                  /* threads in a running kernel or split copy */
    int exhausted;             /* a kernel (split copy) with no blocks (parts) left to take */
    int pooled;                /* recycled through the free list (pool.c) */
    int ndeps, cap_deps;
    rt_dep *deps, inline_deps[RT_INLINE_DEPS];
    void *extra;               /* rt_op_new's extra bytes (16-aligned), NULL if none */
    size_t extra_bytes;        /* how many (rt_op_clone copies them) */
    union {
        rt_job job;
        rt_copy copy;
        struct { cudaHostFn_t fn; void *data; } host;
        struct { cudaStreamCallback_t fn; void *data; cudaStream_t handle; } callback;
        struct { struct CUevent_st *event; uint64_t id; } record;
        struct { void *ptr; size_t size; struct CUmemPoolHandle_st *pool; } free;   /* cudaFreeAsync's */
    } u;
} rt_op;

/* A new operation with `extra` bytes after it (a kernel's arguments), zeroed; NULL when
 * memory runs out. */
rt_op *rt_op_new(rt_op_kind kind, size_t extra);
/* Frees an operation that was never submitted. */
void rt_op_discard(rt_op *op);
/* A copy of an operation never submitted (a graph's), ready to submit; NULL when memory runs
 * out. A kernel's arguments are copied and its argument pointers moved to the copy. */
rt_op *rt_op_clone(const rt_op *op);
/* Clones of n such operations into out, which may be ops itself (their memory taken under one
 * lock); 0 when memory runs out (then none is made). */
int rt_op_clone_batch(rt_op *const *ops, size_t n, rt_op **out);
/* Queues op on stream (a handle as the user passed it) behind the stream's earlier work and,
 * as CUDA orders them, the legacy default stream's or every blocking stream's; `dep`, when
 * not NULL, is one more dependency (an event's record). by_host: the calling thread runs the
 * op itself (rt_run_by_host) instead of a worker. Frees op and returns the error when the
 * stream is not valid. */
cudaError_t rt_submit(cudaStream_t stream, rt_op *op, const rt_dep *dep, int by_host);
/* operations.c for pool.c (queue lock held): a completed operation back to the free list, and
 * a spare from it for the calling thread's next rt_op_new. */
void rt_op_free(rt_op *op);
void rt_take_spare(void);
/* pool.c: the schedule kernels are launched with (CU2C_SCHEDULE, read once) */
rt_schedule rt_current_schedule(void);
/* Queues n operations on stream in order as one submission (a graph's launch): the first
 * ordered as rt_submit orders an op, the others after it. Frees them on failure. */
cudaError_t rt_submit_batch(cudaStream_t stream, rt_op **ops, size_t n);
/* rt_submit, and *placed tells where op went (for events). */
cudaError_t rt_submit_at(cudaStream_t stream, rt_op *op, const rt_dep *dep, int by_host,
                         rt_dep *placed);
/* Waits until op, submitted by_host, may run, runs it and completes it. */
cudaError_t rt_run_by_host(rt_op *op);
/* Waits until the work queued on stream so far is done (0 on the legacy stream waits for
 * every blocking stream too); all streams when stream is RT_ALL_STREAMS. Returns and clears
 * an error left by asynchronous work, or cudaErrorNotPermitted on a worker thread. */
#define RT_ALL_STREAMS ((cudaStream_t)(uintptr_t)-1)
cudaError_t rt_sync(cudaStream_t stream);
/* rt_sync of every stream of device d (cudaDeviceSynchronize). */
cudaError_t rt_sync_device(int d);
/* Whether every operation queued on stream so far is done (cudaStreamQuery). */
int rt_stream_idle(cudaStream_t stream);
/* Whether the calling thread is one of the runtime's workers. */
int rt_on_worker(void);
/* Whether some stream has work queued (read lock-free by cu2c/thrust_wait.h). */
extern int __cu2c_work_queued;
/* faults.c: "FILE:LINE" of the code at pc where the program has debug info, else "" */
void rt_source_line(uintptr_t pc, char *out, size_t cap);
/* ... naming code inlined from files whose "FILE:LINE" holds one of skip's strings (NULL
 * ended) by the line it was inlined at */
void rt_source_line_outside(uintptr_t pc, const char *const *skip, char *out, size_t cap);
/* pool.c: the worker this thread is (NULL on host threads), for cooperative.c's block threads */
rt_worker *rt_current_worker(void);
void rt_set_current_worker(rt_worker *w);
/* A block begins on this thread: its device clock has no running thread yet (device.c). */
void rt_clock_block(void);
/* pool.c: a worker's dynamic shared memory grown to bytes (0: out of memory) */
int rt_grow_dyn_shared(rt_worker *w, size_t bytes);
/* block_schedule.c: a block as the block function sees it, before its index; its index set
 * to the grid's i-th block */
void rt_block_init(cu2c_block *blk, const rt_job *job, rt_worker *w);
void rt_block_at(cu2c_block *blk, const rt_job *job, uint64_t i);
/* block_schedule.c: a kernel's blocks set out for P workers by a schedule; the blocks a
 * worker takes, run until none is left; blocks start, start + step, ... below end; whether a spin helper would find a block untaken,
 * and one such block (0: none left); the
 * blocks not yet taken dropped (a fault or a failed launch ends the kernel) */
void rt_job_plan(rt_job *job, rt_schedule sched, unsigned P);
void rt_take_blocks(rt_job *job, cu2c_block *blk);
void rt_run_range(const rt_job *job, cu2c_block *blk, uint64_t start, uint64_t end, uint64_t step);
int rt_job_untaken(rt_job *job);
int rt_take_one(rt_job *job, uint64_t *i);
void rt_job_drain(rt_job *job);
/* block_services.c: a block begins on this thread: a spin of it is a new one */
void rt_spin_block_begins(void);
/* spin_helpers.c: a block on this worker has spun a while: when its kernel has blocks no
 * thread has taken, a thread joins to run them */
void rt_spin_help(void);
/* pool.c: blocks of a kernel run on this thread as worker w by run(job, blk, ctx): w's shared
 * memory and the block it runs set, a block that faults (cu2c_device_fault) jumping back */
void rt_blocks_on(rt_job *job, rt_worker *w, void (*run)(rt_job *, cu2c_block *, void *), void *ctx);
/* pool.c: the attributes of a thread that runs blocks: a worker's stack (CU2C_STACK_SIZE)
 * above a guard */
void rt_block_thread_attr(pthread_attr_t *attr);
/* pool.c: one more thread works on a running kernel (op), or leaves it; lock not held */
void rt_op_join(rt_op *op);
void rt_op_leave(rt_op *op);
/* cooperative.c: runs a cooperative launch's blocks, each on a thread of its own */
void rt_run_cooperative(rt_job *job);
/* cooperative.c: the barrier of ngrids grids of nblocks blocks each launched together
 * (cudaLaunchCooperativeKernelMultiDevice), freed when the last has run; NULL when out of
 * memory. Grids that will never run (their launch failed) leave it, breaking it. */
struct rt_multi *rt_multi_new(unsigned ngrids, uint64_t nblocks);
void rt_multi_abandon(struct rt_multi *m, unsigned grids);
/* Where the work a dependency names stands. */
int rt_dep_done(const rt_dep *d);
/* Waits until d is done (cudaEventSynchronize). */
void rt_wait_dep(const rt_dep *d);
/* The lock that guards queues, streams and events. */
extern pthread_mutex_t rt_queue_lock;

/* ---- stream.c, event.c ------------------------------------------------------------------- */

/* Handles carry a magic number so that a destroyed or foreign handle is refused (best
 * effort). Streams and events are never freed, only recycled, so that a dependency or an
 * event may name a stream after the user destroyed it: counts only grow. */
#define RT_STREAM_MAGIC 0x5354524dU  /* "STRM" */
#define RT_EVENT_MAGIC 0x45564e54U   /* "EVNT" */

struct CUstream_st {
    unsigned magic;
    _Atomic(struct rt_capture *) capture;  /* the capture it takes part in (graph_capture.c) */
    struct CUgraphNode_st **cap_deps;      /* there: what its next captured node depends on */
    size_t cap_ndeps, cap_size;
    unsigned flags;            /* cudaStreamDefault / cudaStreamNonBlocking */
    int device;                /* the device it belongs to: its workers run its work */
    int legacy;                /* the device's legacy default stream */
    int priority;
    int destroyed;             /* by the user: recycled once its queue is empty */
    rt_op *head, *tail;        /* queued work, oldest first; the head may be running */
    struct CUstream_st *next_busy, *prev_busy;  /* streams with queued work */
    struct CUstream_st *next_free;
    cudaLaunchAttributeValue attrs[4];  /* cudaStreamSetAttribute's: access policy window,
                                           synchronisation policy, sync domain map, domain */
    atomic_uint_fast64_t submitted;  /* seq of the last op queued (stored under the queue lock;
                                        rt_sync_where reads it without) */
    atomic_uint_fast64_t completed;  /* seq of the last op done (ops finish in order) */
};

struct CUevent_st {
    unsigned magic;
    unsigned long long cap_id;             /* last recorded in this capture, 0: not (graph lock) */
    struct CUgraphNode_st **cap_nodes;     /* then the nodes its record follows */
    size_t cap_n, cap_size;
    unsigned flags;            /* cudaEventDefault / BlockingSync / DisableTiming */
    struct CUevent_st *next_free;
    rt_dep last;               /* the last record's place; stream NULL: never recorded */
    uint64_t record_id;        /* counts records, never reset (recycling included) */
    uint64_t timed_id;         /* the record time_ns belongs to */
    uint64_t time_ns;          /* CLOCK_MONOTONIC when that record ran */
};

/* Each device's legacy default stream (handles NULL and cudaStreamLegacy). */
extern struct CUstream_st rt_legacy_streams[RT_MAX_DEVICES];

/* The stream behind a handle: NULL and cudaStreamLegacy are the legacy default stream,
 * cudaStreamPerThread the calling thread's own (and NULL too under --default-stream
 * per-thread); NULL for an invalid handle. */
struct CUstream_st *rt_stream_of(cudaStream_t s);
/* Whether s names a stream: NULL, the two special handles, or one cudaStreamCreate made. */
int rt_valid_stream(cudaStream_t s);
/* A stream left by the user has drained: back to the free list. Queue lock held. */
void rt_stream_recycle(struct CUstream_st *s);
/* The event's last record (read under the queue lock). */
rt_dep rt_event_last(cudaEvent_t e);
/* Runs a record operation: the event's time, if op is still its last record. */
void rt_event_fire(rt_op *op);
/* Current CLOCK_MONOTONIC time in nanoseconds. */
uint64_t rt_now_ns(void);

/* ---- mem_pool.c ---------------------------------------------------------------------------- */

/* The pool cudaMallocAsync takes from: the device's current one. */
struct CUmemPoolHandle_st *rt_current_pool(void);
/* Counts size bytes as used in pool: 0 when that passes its maxSize (nothing counted). */
int rt_pool_take(struct CUmemPoolHandle_st *pool, size_t size);
/* size bytes of pool freed (a pool destroyed meanwhile goes once nothing of it is left). */
void rt_pool_give(struct CUmemPoolHandle_st *pool, size_t size);
/* The pool graph memory nodes allocate from (its counts are cudaDeviceGetGraphMemAttribute's) */
struct CUmemPoolHandle_st *rt_graph_pool(void);
/* memory.c for mem_pool.c: device memory counted in pool */
cudaError_t rt_alloc_from_pool(void **out, size_t size, struct CUmemPoolHandle_st *pool);

/* ---- graph.c, graph_capture.c ----------------------------------------------------------------- */

/* A graph's node (graph.c): a kernel, copy, set or host node holds the operation it runs, never
 * submitted itself (each launch queues a copy). */
#define RT_GRAPH_MAGIC 0x47525048U   /* "GRPH" */
#define RT_NODE_MAGIC 0x4e4f4445U    /* "NODE" */
#define RT_EXEC_MAGIC 0x47455843U    /* "GEXC" */

struct CUgraphNode_st {
    unsigned magic;
    struct CUgraph_st *graph;
    size_t index;              /* its place among graph->nodes */
    unsigned long long seen;   /* the last walk that visited it (rt_graph_reaches) */
    enum cudaGraphNodeType type;
    struct CUgraphNode_st **deps;
    size_t ndeps, cap_deps;
    rt_op *op;                 /* kernel, memcpy, memset, host: what it runs */
    cudaEvent_t event;         /* event record and wait nodes */
    cudaGraph_t child;         /* child graph nodes: the node's own copy */
    void *dptr;                /* memory nodes: the graph memory they allocate or free */
    size_t bytes;              /* allocation nodes: its size */
};

struct CUgraph_st {
    unsigned magic;
    struct CUgraphNode_st **nodes;   /* in the order they were added */
    size_t n, cap;
};

/* An executable graph's node: a copy of a graph node's work, in launch order. */
typedef struct {
    enum cudaGraphNodeType type;
    size_t index;              /* the graph node's place among the graph's nodes */
    cudaGraphNode_t node;      /* that node (compared, never read: the graph may be gone) */
    rt_op *op;
    cudaEvent_t event;
    struct CUgraphExec_st *child;
    size_t *deps, ndeps;       /* its dependencies' places among the graph's nodes */
    int disabled;              /* cudaGraphNodeSetEnabled */
} rt_xnode;

struct CUgraphExec_st {
    unsigned magic;
    rt_xnode *nodes;
    size_t n;
    unsigned long long flags;
};

static inline int rt_valid_graph(cudaGraph_t g)
{
    return g && g->magic == RT_GRAPH_MAGIC;
}

static inline int rt_valid_node(cudaGraphNode_t n)
{
    return n && n->magic == RT_NODE_MAGIC;
}

static inline int rt_valid_exec(cudaGraphExec_t x)
{
    return x && x->magic == RT_EXEC_MAGIC;
}

/* Whether stream is capturing into a graph now. */
int rt_capturing(cudaStream_t stream);
/* rt_submit_at on a capturing stream: op becomes a node of the capture's graph (owned by it)
 * after the stream's capture dependencies, or is discarded with the error. */
cudaError_t rt_capture_submit(struct CUstream_st *s, rt_op *op, int by_host);
/* cudaEventRecord on a capturing stream: the event remembers the stream's capture
 * dependencies instead of being queued. */
cudaError_t rt_capture_record(cudaEvent_t event, cudaStream_t stream);
/* Whether the event was last recorded in a capture (CUDA then refuses to query, wait on or
 * time it: cudaErrorCapturedEvent). */
int rt_capture_recorded(cudaEvent_t event);
/* A record outside capture: the event forgets any capture it was recorded in. */
void rt_capture_forget_event(cudaEvent_t event);
/* cudaStreamWaitEvent where a capture is involved (the stream capturing, or the event recorded
 * in a capture): joins or extends the capture and returns 1 with *e set; 0 when no capture is
 * involved (the wait is queued as usual). */
int rt_capture_wait(cudaStream_t stream, cudaEvent_t event, cudaError_t *e);
/* A capture cannot go on (an unsupported call on its stream): it ends invalidated. */
void rt_capture_invalidate(cudaStream_t stream);
/* cudaStreamDestroy: the stream leaves its capture, which is invalidated unless the stream's
 * work was joined back into the stream that began it (and ended, when the stream began it). */
void rt_capture_leave(cudaStream_t stream);
/* graph.c for graph_capture.c: adds a node running op (kernel, copy, set or host function)
 * after deps; the graph owns op from then on, even on failure (NULL: out of memory). */
struct CUgraphNode_st *rt_graph_add_op(cudaGraph_t graph, rt_op *op, struct CUgraphNode_st *const *deps,
                                      size_t ndeps);
/* graph.c: a new node of type after deps (nodes of g), or NULL; and the check of a
 * node-making call's graph and dependencies (graph lock held for both) */
struct CUgraphNode_st *rt_graph_node_new(cudaGraph_t g, enum cudaGraphNodeType type,
                                         struct CUgraphNode_st *const *deps, size_t ndeps);
cudaError_t rt_graph_check_deps(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n);
/* graph.c: adds a node without an operation (empty, event, child-graph, memory), recording
 * a failure as the last error (lock not held) */
cudaError_t rt_add_plain_node(cudaGraphNode_t *pNode, cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps,
                              enum cudaGraphNodeType type, cudaEvent_t event, cudaGraph_t child, void *dptr,
                              size_t bytes);
/* graph_memory.c: memory of allocation nodes (kept until exit: see there), and a capture's
 * cudaMallocAsync (dptr out) or cudaFreeAsync (dptr in) of it as a memory node */
int rt_is_graph_memory(const void *p);
cudaError_t rt_graph_memory_alloc(void **dptr, size_t bytes);
cudaError_t rt_capture_memory_node(cudaStream_t stream, enum cudaGraphNodeType type, void **dptr, size_t bytes);
/* Whether node is one of graph's nodes */
int rt_graph_has_node(cudaGraph_t graph, cudaGraphNode_t node);
/* Whether an ancestor of (or one of) the nodes `of` is node: EndCapture's join check */
int rt_graph_reaches(struct CUgraphNode_st *const *of, size_t n, cudaGraphNode_t node);
/* The asynchronous calls whose operation a node holds, and the operation one makes from its
 * parameters (cudaKernelNodeParams, cudaMemcpy3DParms, rt_memcpy1d, cudaMemsetParams,
 * cudaHostNodeParams), checked as that call checks them (graph.c). */
typedef enum { RT_CALL_KERNEL, RT_CALL_MEMCPY, RT_CALL_MEMCPY1D, RT_CALL_MEMSET, RT_CALL_HOST } rt_call_kind;
typedef struct {
    void *dst;
    const void *src;
    size_t count;
    enum cudaMemcpyKind kind;
} rt_memcpy1d;
cudaError_t rt_graph_make_op(rt_call_kind kind, const void *params, rt_op **op);
/* The graph lock: graphs, nodes and captures. */
extern pthread_mutex_t rt_graph_lock;

#endif
