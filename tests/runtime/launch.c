// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t && env CU2C_NUM_THREADS=7 timeout 60 %t
// Launching hand-written block functions the way translated code does: registration from a
// constructor, `<<<>>>` as cu2c_push_call_configuration + the stub's cu2c_launch_stub, and
// cudaLaunchKernel on the stub's address. Every block runs exactly once with its blockIdx and
// the launch's shape, sees dynamic shared memory of the asked size, and gets reusable aligned
// scratch memory; invalid launches are refused, recorded and run nothing.
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"
#include "Inputs/check.h"

/* What the kernel saw, checked by the host afterwards. */
typedef struct {
    unsigned *hits;           /* per linear block index */
    dim3 grid, block;         /* the shape the launch asked for */
    size_t shmem;
    atomic_int bad_shape, bad_shared, bad_scratch;
} record_t;

/* Scratch regions seen per worker: a worker's region is reused from block to block. */
#define MAX_WORKERS 64
static pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;
static void *seen_worker[MAX_WORKERS], *seen_scratch[MAX_WORKERS];
static int seen_count, scratch_moved;

static void note_scratch(void *worker, void *scratch)
{
    pthread_mutex_lock(&seen_lock);
    int i = 0;
    while (i < seen_count && seen_worker[i] != worker)
        i++;
    if (i == seen_count && seen_count < MAX_WORKERS) {
        seen_worker[i] = worker;
        seen_scratch[i] = scratch;
        seen_count++;
    } else if (i < seen_count && seen_scratch[i] != scratch) {
        seen_scratch[i] = scratch;
        scratch_moved++;
    }
    pthread_mutex_unlock(&seen_lock);
}

static int same_dim(dim3 a, dim3 b)
{
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

/* The block function: args[0] is a record_t *, args[1] an int tag, args[2] a double. */
static void record_block(void **args, cu2c_block *blk)
{
    record_t *r = *(record_t **)args[0];
    int tag = *(int *)args[1];
    double dbl = *(double *)args[2];
    uint3 b = blk->blockIdx;
    if (!same_dim(blk->gridDim, r->grid) || !same_dim(blk->blockDim, r->block) ||
        b.x >= r->grid.x || b.y >= r->grid.y || b.z >= r->grid.z || tag != 42 || dbl != 2.5) {
        atomic_fetch_add(&r->bad_shape, 1);
        return;
    }
    size_t lin = b.x + (size_t)r->grid.x * (b.y + (size_t)r->grid.y * b.z);
    __atomic_fetch_add(&r->hits[lin], 1, __ATOMIC_RELAXED);

    /* Dynamic shared memory: the asked size, 16-aligned, private to the block while it runs. */
    if (blk->dyn_shared_size != r->shmem || !blk->dyn_shared ||
        (uintptr_t)blk->dyn_shared % 16 != 0) {
        atomic_fetch_add(&r->bad_shared, 1);
    } else if (r->shmem) {
        unsigned char *s = blk->dyn_shared, v = (unsigned char)lin;
        memset(s, v, r->shmem);
        for (size_t i = 0; i < r->shmem; i += 97)
            if (s[i] != v)
                atomic_fetch_add(&r->bad_shared, 1);
    }

    /* Scratch: usable, 64-aligned, the same region for every block of a worker (the size
     * asked for is the same in every launch here; growth is checked in main). */
    size_t want = 4096 + 1024 * sizeof(double);
    double *sc = cu2c_block_scratch(blk, want);
    if (!sc || (uintptr_t)sc % 64 != 0) {
        atomic_fetch_add(&r->bad_scratch, 1);
        return;
    }
    memset(sc, 0x7f, want);
    note_scratch(blk->worker, sc);
}

/* The host stub, as the translator writes it for `__global__ void record_blocks(...)`. */
static void record_blocks(record_t *r, int tag, double dbl)
{
    void *args[] = { &r, &tag, &dbl };
    cu2c_launch_stub((const void *)record_blocks, args);
}

__attribute__((constructor)) static void register_kernels(void)
{
    static const size_t sizes[] = { sizeof(record_t *), sizeof(int), sizeof(double) };
    cu2c_register_kernel((const void *)record_blocks, record_block, "record_blocks", 3, sizes);
}

static dim3 d3(unsigned x, unsigned y, unsigned z)
{
    dim3 d = { x, y, z };
    return d;
}

/* Launches grid x block (both ways in turn) and checks every block ran exactly once. */
static void run_shape(dim3 grid, dim3 block, size_t shmem, int via_stub)
{
    size_t n = (size_t)grid.x * grid.y * grid.z;
    record_t r;
    memset(&r, 0, sizeof r);
    r.hits = calloc(n, sizeof *r.hits);
    r.grid = grid;
    r.block = block;
    r.shmem = shmem;
    if (via_stub) {
        cu2c_push_call_configuration(grid, block, shmem, 0);
        record_blocks(&r, 42, 2.5);
        CHECK_ERR(cudaGetLastError(), cudaSuccess);
    } else {
        record_t *rp = &r;
        int tag = 42;
        double dbl = 2.5;
        void *args[] = { &rp, &tag, &dbl };
        CHECK_OK(cudaLaunchKernel((const void *)record_blocks, grid, block, args, shmem, 0));
    }
    CHECK_OK(cudaDeviceSynchronize());
    size_t wrong = 0;
    for (size_t i = 0; i < n; i++)
        wrong += r.hits[i] != 1;
    if (wrong || r.bad_shape || r.bad_shared || r.bad_scratch)
        fprintf(stderr, "grid (%u,%u,%u) block (%u,%u,%u) shmem %zu %s: %zu blocks not run "
                "once, %d bad shapes, %d bad shared, %d bad scratch\n",
                grid.x, grid.y, grid.z, block.x, block.y, block.z, shmem,
                via_stub ? "<<<>>>" : "cudaLaunchKernel", wrong, (int)r.bad_shape,
                (int)r.bad_shared, (int)r.bad_scratch);
    CHECK(wrong == 0 && r.bad_shape == 0 && r.bad_shared == 0 && r.bad_scratch == 0);
    free(r.hits);
}

/* An invalid launch returns `want`, records it as the last error, and runs no block. */
static void refuse_shape(dim3 grid, dim3 block, size_t shmem, cudaError_t want)
{
    record_t r;
    memset(&r, 0, sizeof r);
    r.hits = calloc(1024, sizeof *r.hits);
    r.grid = grid;
    r.block = block;
    record_t *rp = &r;
    int tag = 42;
    double dbl = 2.5;
    void *args[] = { &rp, &tag, &dbl };
    CHECK_ERR(cudaLaunchKernel((const void *)record_blocks, grid, block, args, shmem, 0), want);
    CHECK_ERR(cudaGetLastError(), want);
    cu2c_push_call_configuration(grid, block, shmem, 0);
    record_blocks(&r, 42, 2.5);
    CHECK_ERR(cudaPeekAtLastError(), want);
    CHECK_ERR(cudaGetLastError(), want);
    for (int i = 0; i < 1024; i++)
        CHECK(r.hits[i] == 0);
    CHECK(r.bad_shape == 0);
    free(r.hits);
}

/* A kernel launching a kernel: refused (no dynamic parallelism), not a deadlock. */
static void nested_block(void **args, cu2c_block *blk)
{
    (void)blk;
    int *result = *(int **)args[0];
    void *none[] = { NULL };
    *result = cudaLaunchKernel((const void *)record_blocks, d3(1, 1, 1), d3(1, 1, 1), none, 0, 0);
}

static void nested_stub(int *result)
{
    void *args[] = { &result };
    cu2c_launch_stub((const void *)nested_stub, args);
}

int main(void)
{
    /* Shapes: 1-D, 2-D, 3-D grids and blocks, uneven sizes, the largest block dims. */
    static const struct { dim3 grid, block; size_t shmem; } shapes[] = {
        { { 1, 1, 1 }, { 1, 1, 1 }, 0 },
        { { 1000, 1, 1 }, { 256, 1, 1 }, 0 },
        { { 70001, 1, 1 }, { 32, 1, 1 }, 0 },
        { { 7, 5, 1 }, { 32, 8, 1 }, 100 },
        { { 33, 17, 1 }, { 16, 16, 1 }, 4096 },
        { { 3, 4, 5 }, { 4, 4, 4 }, 1 },
        { { 2, 3, 70 }, { 8, 8, 2 }, 48 * 1024 },
        { { 1, 65535, 1 }, { 1024, 1, 1 }, 0 },
        { { 1, 1, 300 }, { 1, 1, 64 }, 0 },
        { { 5, 1, 1 }, { 1, 1024, 1 }, 0 },
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        run_shape(shapes[i].grid, shapes[i].block, shapes[i].shmem, 0);
        run_shape(shapes[i].grid, shapes[i].block, shapes[i].shmem, 1);
    }
    /* One scratch region per worker, reused for every block (the request never grows). */
    int workers = 0;
    CHECK_OK(cudaDeviceGetAttribute(&workers, cudaDevAttrMultiProcessorCount, 0));
    CHECK(seen_count >= 1 && seen_count <= workers);
    CHECK(scratch_moved == 0);

    /* Scratch grows when a block asks for more and is kept when it asks for less. */
    cu2c_block outside;
    memset(&outside, 0, sizeof outside);   /* no worker: a per-thread region is used */
    char *s1 = cu2c_block_scratch(&outside, 100);
    CHECK(s1 && (uintptr_t)s1 % 64 == 0);
    CHECK(cu2c_block_scratch(&outside, 50) == s1);
    char *s2 = cu2c_block_scratch(&outside, (size_t)1 << 20);
    CHECK(s2 && (uintptr_t)s2 % 64 == 0);
    if (s2)
        memset(s2, 1, (size_t)1 << 20);
    CHECK(cu2c_block_scratch(&outside, 100) == s2);
    CHECK(cu2c_block_scratch(&outside, SIZE_MAX) == NULL);  /* out of memory: NULL */
    CHECK(cu2c_block_scratch(&outside, 100) == s2);         /* and the old region stays */

    /* Invalid configurations, as on a compute-capability-8.x GPU. */
    refuse_shape(d3(0, 1, 1), d3(1, 1, 1), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 0, 1), d3(1, 1, 1), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 1, 1), d3(0, 1, 1), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 1, 1), d3(1, 1, 0), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 1, 1), d3(1025, 1, 1), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 1, 1), d3(32, 33, 1), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 1, 1), d3(1, 1, 65), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 1, 1), d3(1, 1025, 1), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(2147483648u, 1, 1), d3(1, 1, 1), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 65536, 1), d3(1, 1, 1), 0, cudaErrorInvalidConfiguration);
    refuse_shape(d3(1, 1, 65536), d3(1, 1, 1), 0, cudaErrorInvalidConfiguration);
    /* Too much dynamic shared memory: "invalid argument", as recent CUDA versions say. */
    refuse_shape(d3(1, 1, 1), d3(1, 1, 1), 48 * 1024 + 1, cudaErrorInvalidValue);
    /* After all that, a valid launch works, also in a stream of the program's. */
    run_shape(d3(9, 2, 1), d3(64, 1, 1), 16, 1);
    cudaStream_t st;
    CHECK_OK(cudaStreamCreate(&st));
    {
        unsigned hits[6] = { 0 };
        record_t r;
        memset(&r, 0, sizeof r);
        r.hits = hits;
        r.grid = d3(3, 2, 1);
        r.block = d3(8, 1, 1);
        cu2c_push_call_configuration(r.grid, r.block, 0, st);
        record_blocks(&r, 42, 2.5);
        CHECK_ERR(cudaGetLastError(), cudaSuccess);
        CHECK_OK(cudaStreamSynchronize(st));
        for (int i = 0; i < 6; i++)
            CHECK(hits[i] == 1);
    }
    CHECK_OK(cudaStreamDestroy(st));

    /* Opting in to more shared memory, up to the device's limit. */
    CHECK_OK(cudaFuncSetAttribute((const void *)record_blocks,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024));
    run_shape(d3(4, 1, 1), d3(32, 1, 1), 96 * 1024, 0);
    refuse_shape(d3(1, 1, 1), d3(1, 1, 1), 96 * 1024 + 1, cudaErrorInvalidValue);
    int optin = 0;
    CHECK_OK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    CHECK_ERR(cudaFuncSetAttribute((const void *)record_blocks,
                                   cudaFuncAttributeMaxDynamicSharedMemorySize, optin + 1),
              cudaErrorInvalidValue);
    struct cudaFuncAttributes fa;
    CHECK_OK(cudaFuncGetAttributes(&fa, (const void *)record_blocks));
    CHECK(fa.maxThreadsPerBlock == 1024 && fa.maxDynamicSharedSizeBytes == 96 * 1024);
    CHECK_OK(cudaFuncSetCacheConfig((const void *)record_blocks, cudaFuncCachePreferL1));
    int nb = 0;
    CHECK_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, (const void *)record_blocks,
                                                           256, 0));
    CHECK(nb == 8);
    cudaGetLastError();

    /* Not a registered kernel; a stub called without `<<<>>>`. */
    void *noargs[] = { NULL };
    CHECK_ERR(cudaLaunchKernel((const void *)main, d3(1, 1, 1), d3(1, 1, 1), noargs, 0, 0),
              cudaErrorInvalidDeviceFunction);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
    CHECK_ERR(cudaFuncGetAttributes(&fa, (const void *)main), cudaErrorInvalidDeviceFunction);
    CHECK_ERR(cudaLaunchKernel((const void *)record_blocks, d3(1, 1, 1), d3(1, 1, 1), NULL, 0, 0),
              cudaErrorInvalidValue);   /* a kernel with parameters needs its arguments */
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);
    record_t dummy;
    memset(&dummy, 0, sizeof dummy);
    record_blocks(&dummy, 42, 2.5);
    CHECK_ERR(cudaGetLastError(), cudaErrorMissingConfiguration);

    /* Registered after main started, launched from inside a kernel. */
    static const size_t nested_sizes[] = { sizeof(int *) };
    cu2c_register_kernel((const void *)nested_stub, nested_block, "nested", 1, nested_sizes);
    int result = -1;
    cu2c_push_call_configuration(d3(1, 1, 1), d3(1, 1, 1), 0, 0);
    nested_stub(&result);
    CHECK_ERR(cudaGetLastError(), cudaSuccess);
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(result == cudaErrorNotSupported);

    CHECK_OK(cudaDeviceSynchronize());
    return check_report();
}
