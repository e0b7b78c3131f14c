// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t && env CU2C_NUM_THREADS=3 timeout 60 %t
// cudaLaunchCooperativeKernel with hand-written block functions: every block runs at once, so
// cu2c_grid_sync (grid_group::sync) lets each block read what all others wrote before it;
// blocks that finish early do not hold the barrier; a block that faults ends the kernel for
// all (none waits forever) with the fault's sticky error. Also the grid limit and the
// is_valid query.
#include <stdatomic.h>
#include <stdlib.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"
#include "Inputs/check.h"

#define ROUNDS 20

/* Round r: block b writes r * 1000 + b, syncs, and checks every other block's value. */
static void rounds_block(void **args, cu2c_block *blk)
{
    int *cells = *(int **)args[0];
    atomic_int *bad = *(atomic_int **)args[1];
    unsigned n = blk->gridDim.x, b = blk->blockIdx.x;
    if (!cu2c_grid_is_valid())
        atomic_fetch_add(bad, 1);
    for (int r = 0; r < ROUNDS; r++) {
        __atomic_store_n(&cells[b], r * 1000 + (int)b, __ATOMIC_RELAXED);
        cu2c_grid_sync(blk);
        for (unsigned o = 0; o < n; o++)
            if (__atomic_load_n(&cells[o], __ATOMIC_RELAXED) != r * 1000 + (int)o)
                atomic_fetch_add(bad, 1);
        cu2c_grid_sync(blk);
    }
}

static void rounds(int *cells, atomic_int *bad)
{
    void *args[] = { &cells, &bad };
    cu2c_launch_stub((const void *)rounds, args);
}

/* Odd blocks leave at once; even ones sync twice. */
static void early_block(void **args, cu2c_block *blk)
{
    atomic_int *passed = *(atomic_int **)args[0];
    if (blk->blockIdx.x % 2)
        return;
    cu2c_grid_sync(blk);
    cu2c_grid_sync(blk);
    atomic_fetch_add(passed, 1);
}

static void early(atomic_int *passed)
{
    void *args[] = { &passed };
    cu2c_launch_stub((const void *)early, args);
}

/* Block 0 faults; the others wait at the barrier and must be let go. */
static void fault_block(void **args, cu2c_block *blk)
{
    atomic_int *after = *(atomic_int **)args[0];
    if (blk->blockIdx.x == 0)
        cu2c_device_fault(cudaErrorAssert);
    cu2c_grid_sync(blk);
    atomic_fetch_add(after, 1);
}

static void faulting(atomic_int *after)
{
    void *args[] = { &after };
    cu2c_launch_stub((const void *)faulting, args);
}

__attribute__((constructor)) static void register_kernels(void)
{
    static const size_t two[] = { sizeof(void *), sizeof(void *) }, one[] = { sizeof(void *) };
    cu2c_register_kernel((const void *)rounds, rounds_block, "rounds", 2, two);
    cu2c_register_kernel((const void *)early, early_block, "early", 1, one);
    cu2c_register_kernel((const void *)faulting, fault_block, "faulting", 1, one);
}

int main(void)
{
    int per_sm = 0, sms = 0;
    CHECK_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, (const void *)rounds, 64, 0));
    CHECK_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    int most = per_sm * sms;
    CHECK(most >= 2);
    dim3 block = { 64, 1, 1 }, grid = { (unsigned)most, 1, 1 };

    int *cells = calloc((size_t)most, sizeof(int));
    atomic_int bad = 0;
    int *pc = cells;
    atomic_int *pb = &bad;
    void *args[] = { &pc, &pb };
    CHECK_OK(cudaLaunchCooperativeKernel((const void *)rounds, grid, block, args, 0, 0));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(atomic_load(&bad) == 0);

    dim3 too_many = { (unsigned)most + 1, 1, 1 };
    CHECK_ERR(cudaLaunchCooperativeKernel((const void *)rounds, too_many, block, args, 0, 0),
              cudaErrorCooperativeLaunchTooLarge);
    CHECK_ERR(cudaGetLastError(), cudaErrorCooperativeLaunchTooLarge);
    CHECK(!cu2c_grid_is_valid());

    atomic_int passed = 0;
    atomic_int *pp = &passed;
    void *eargs[] = { &pp };
    dim3 seven = { 7, 1, 1 };
    CHECK_OK(cudaLaunchCooperativeKernel((const void *)early, seven, block, eargs, 0, 0));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(atomic_load(&passed) == 4);

    atomic_int after = 0;
    atomic_int *pa = &after;
    void *fargs[] = { &pa };
    dim3 four = { 4, 1, 1 };
    CHECK_OK(cudaLaunchCooperativeKernel((const void *)faulting, four, block, fargs, 0, 0));
    CHECK_ERR(cudaDeviceSynchronize(), cudaErrorAssert);
    CHECK(atomic_load(&after) == 0);
    free(cells);
    return check_report();
}
