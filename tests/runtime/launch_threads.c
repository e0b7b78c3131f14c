// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=3 timeout 60 %t
// Several host threads launching at once: each launch runs all of its blocks exactly once,
// each thread's errors stay its own, and cudaDeviceSynchronize from another thread returns.
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"
#include "Inputs/check.h"

enum { THREADS = 4, LAUNCHES = 200, BLOCKS = 37 };

/* args[0]: int *out, args[1]: int value; block b adds value to out[b]. */
static void add_block(void **args, cu2c_block *blk)
{
    int *out = *(int **)args[0];
    int value = *(int *)args[1];
    out[blk->blockIdx.x] += value;   /* one block per element: no race */
}

static void add_kernel(int *out, int value)
{
    void *args[] = { &out, &value };
    cu2c_launch_stub((const void *)add_kernel, args);
}

__attribute__((constructor)) static void register_add(void)
{
    static const size_t sizes[] = { sizeof(int *), sizeof(int) };
    cu2c_register_kernel((const void *)add_kernel, add_block, "add_kernel", 2, sizes);
}

static void *host_thread(void *arg)
{
    long id = (long)arg;
    int *out = calloc(BLOCKS, sizeof *out);
    long bad = 0;
    dim3 grid = { BLOCKS, 1, 1 }, block = { 32, 1, 1 }, none = { 0, 1, 1 };
    for (int i = 0; i < LAUNCHES; i++) {
        cu2c_push_call_configuration(grid, block, 0, 0);
        add_kernel(out, (int)id + 1);
        if (i % 50 == 0) {   /* an error in this thread only */
            cu2c_push_call_configuration(none, block, 0, 0);
            add_kernel(out, 1000);
            bad += cudaGetLastError() != cudaErrorInvalidConfiguration;
        }
        bad += cudaGetLastError() != cudaSuccess;
    }
    bad += cudaStreamSynchronize(0) != cudaSuccess;
    for (int b = 0; b < BLOCKS; b++)
        bad += out[b] != LAUNCHES * ((int)id + 1);
    free(out);
    return (void *)bad;
}

int main(void)
{
    pthread_t t[THREADS];
    for (long i = 0; i < THREADS; i++)
        CHECK(pthread_create(&t[i], NULL, host_thread, (void *)i) == 0);
    CHECK_OK(cudaDeviceSynchronize());
    for (int i = 0; i < THREADS; i++) {
        void *bad;
        CHECK(pthread_join(t[i], &bad) == 0);
        if (bad)
            fprintf(stderr, "thread %d: %ld mismatches\n", i, (long)bad);
        CHECK(bad == NULL);
    }
    CHECK_ERR(cudaGetLastError(), cudaSuccess);
    return check_report();
}
