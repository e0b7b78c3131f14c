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

/* ---- device.c --------------------------------------------------------------------------- */

/* Number of worker threads: CU2C_NUM_THREADS, else the cores this process may run on. Read
 * once; the pool and multiProcessorCount agree on it. */
int rt_num_workers(void);
/* Bytes of physical memory (totalGlobalMem). */
size_t rt_total_memory(void);

/* ---- memory.c --------------------------------------------------------------------------- */

/* How an allocation was made: decides which free call accepts it and what
 * cudaPointerGetAttributes reports. */
typedef enum {
    RT_MEM_DEVICE,   /* cudaMalloc, cudaMallocPitch, cudaMallocAsync */
    RT_MEM_MANAGED,  /* cudaMallocManaged */
    RT_MEM_HOST,     /* cudaMallocHost, cudaHostAlloc */
    RT_MEM_REGISTERED, /* the user's memory, cudaHostRegister'ed: never freed by the runtime */
} rt_mem_kind;

/* Frees every allocation the runtime made (cudaDeviceReset destroys them, as on a GPU). */
void rt_free_all_allocations(void);

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

/* ---- pool.c ----------------------------------------------------------------------------- */

/* One worker thread's state, reused from block to block and launch to launch. */
typedef struct rt_worker {
    int id;
    pthread_t thread;
    void *dyn_shared;          /* extern __shared__ storage, 64-aligned */
    size_t dyn_shared_cap;
    void *scratch;             /* cu2c_block_scratch storage, 64-aligned */
    size_t scratch_cap;
} rt_worker;

/* A kernel launch: everything a worker needs to run the grid's blocks. Workers take chunks of
 * linear block indices from `next`; the launch is over when every worker has let go of the
 * job (`workers_left` reaches zero), after which the job's memory may be reused. */
typedef struct rt_job {
    cu2c_block_fn fn;
    void **args;
    dim3 grid;
    dim3 block;
    size_t shmem;
    uint64_t nblocks;          /* grid.x * grid.y * grid.z */
    uint64_t chunk;            /* blocks taken at a time */
    atomic_uint_fast64_t next; /* first block index not yet taken */
    atomic_int workers_left;
} rt_job;

/* Runs the job on the worker pool (starting the pool on first use) and returns when every
 * block has run. cudaErrorMemoryAllocation if a worker's shared memory could not be grown,
 * cudaErrorLaunchOutOfResources if no worker thread could be started, cudaErrorNotSupported
 * when called from inside a kernel. */
cudaError_t rt_pool_run(rt_job *job);
/* Waits until no launch is running (cudaDeviceSynchronize from another host thread). */
void rt_pool_sync(void);

/* ---- stream.c, event.c ------------------------------------------------------------------- */

/* Handles carry a magic number so that a destroyed or foreign handle is refused (best
 * effort: the memory of a destroyed handle is poisoned before it is freed). */
#define RT_STREAM_MAGIC 0x5354524dU  /* "STRM" */
#define RT_EVENT_MAGIC 0x45564e54U   /* "EVNT" */

struct CUstream_st {
    unsigned magic;
    unsigned flags;            /* cudaStreamDefault / cudaStreamNonBlocking */
    int priority;
};

struct CUevent_st {
    unsigned magic;
    unsigned flags;            /* cudaEventDefault / BlockingSync / DisableTiming */
    int recorded;              /* cudaEventRecord was called */
    uint64_t time_ns;          /* CLOCK_MONOTONIC at the last record */
};

/* Whether s names a stream: NULL, the two special handles, or one cudaStreamCreate made. */
int rt_valid_stream(cudaStream_t s);

#endif
