/* libraries/common/parallel_blocks.h - work of a math library spread over cu2c's workers as a
 * kernel: lib_parallel_launch(stream, fn, job, bytes, n) runs fn(job, b) for every b in
 * [0, n), each call a block of one thread, ordered on the stream like any kernel (and captured
 * into a graph like one). The job's bytes are copied with the launch (as a kernel's arguments
 * are), so the caller's copy may go at once; it must not point into itself.
 *
 * Header-only with static functions: each library that includes it (in one file) registers a
 * kernel of its own under its own name (LIB_PARALLEL_NAME), so two libraries never define the
 * same symbol. */
#ifndef CU2C_LIB_PARALLEL_BLOCKS_H
#define CU2C_LIB_PARALLEL_BLOCKS_H

#include <pthread.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"

#ifndef LIB_PARALLEL_NAME
#error "define LIB_PARALLEL_NAME (the kernel's name in fault messages) before including parallel_blocks.h"
#endif

#define LIB_PARALLEL_JOB_MAX 256   /* bytes of a job */

typedef void (*lib_parallel_fn)(const void *job, unsigned block);

/* The kernel's one argument: what to run and the job, copied by value with the launch. */
typedef struct lib_parallel_args {
    lib_parallel_fn fn;
    _Alignas(16) unsigned char job[LIB_PARALLEL_JOB_MAX];
} lib_parallel_args;

/* The kernel's identity for the runtime (its "host stub"): never called. */
static void lib_parallel_stub(void)
{
}

static void lib_parallel_block(void **args, cu2c_block *blk)
{
    const lib_parallel_args *a = args[0];
    a->fn(a->job, blk->blockIdx.x);
}

static pthread_once_t lib_parallel_once = PTHREAD_ONCE_INIT;

static void lib_parallel_register(void)
{
    static const size_t sizes[1] = {sizeof(lib_parallel_args)};
    cu2c_register_kernel((const void *)lib_parallel_stub, lib_parallel_block, LIB_PARALLEL_NAME, 1, sizes);
}

/* The workers' count (CU2C_NUM_THREADS, else the cores): how many blocks keep them busy. */
static inline int lib_parallel_workers(void)
{
    int n = 1;
    if (cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess || n < 1)
        n = 1;
    return n;
}

/* Launches nblocks (1 to 2^31 - 1) blocks of fn over job on stream. */
static cudaError_t lib_parallel_launch(cudaStream_t stream, lib_parallel_fn fn, const void *job, size_t bytes,
                                       unsigned nblocks)
{
    if (bytes > LIB_PARALLEL_JOB_MAX)
        return cudaErrorInvalidValue;
    pthread_once(&lib_parallel_once, lib_parallel_register);
    lib_parallel_args a;
    a.fn = fn;
    memcpy(a.job, job, bytes);
    void *args[1] = {&a};
    dim3 grid = {nblocks, 1, 1}, block = {1, 1, 1};
    return cudaLaunchKernel((const void *)lib_parallel_stub, grid, block, args, 0, stream);
}

#endif
