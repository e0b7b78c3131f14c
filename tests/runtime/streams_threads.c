// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=3 CU2C_SCHEDULE=cyclic timeout 60 %t
// Several host threads, each with its own streams (a created one and its per-thread default
// stream), launching, copying and recording events at once: each thread's work runs in its
// order, exactly once per block, and event waits across threads order streams.
#include <pthread.h>
#include <stdlib.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"
#include "Inputs/check.h"

enum { THREADS = 4, ROUNDS = 150, BLOCKS = 24 };

/* Block b: out[b] = out[b] * 3 + value (mod 2^32). Order matters: a reordered launch gives another sum. */
static void step_block(void **args, cu2c_block *blk)
{
    unsigned *out = *(unsigned **)args[0];
    out[blk->blockIdx.x] = out[blk->blockIdx.x] * 3u + *(unsigned *)args[1];
}

static void step_kernel(unsigned *out, unsigned value)
{
    void *args[] = { &out, &value };
    cu2c_launch_stub((const void *)step_kernel, args);
}

__attribute__((constructor)) static void register_step(void)
{
    static const size_t sizes[] = { sizeof(unsigned *), sizeof(unsigned) };
    cu2c_register_kernel((const void *)step_kernel, step_block, "step_kernel", 2, sizes);
}

static unsigned expected(unsigned id)
{
    unsigned v = 0;
    for (unsigned r = 0; r < ROUNDS; r++)
        v = v * 3u + (r % 5 + id);
    return v;
}

static cudaEvent_t done_events[THREADS];

static void *host_thread(void *arg)
{
    long id = (long)arg;
    long bad = 0;
    cudaStream_t s;
    unsigned *out, *host;
    bad += cudaStreamCreateWithFlags(&s, id % 2 ? cudaStreamNonBlocking : cudaStreamDefault) != 0;
    bad += cudaMalloc((void **)&out, BLOCKS * sizeof *out) != 0;
    bad += cudaMallocHost((void **)&host, BLOCKS * sizeof *host) != 0;
    /* half the threads on their per-thread default stream */
    cudaStream_t use = id < 2 ? s : cudaStreamPerThread;
    bad += cudaMemsetAsync(out, 0, BLOCKS * sizeof *out, use) != 0;
    dim3 grid = { BLOCKS, 1, 1 }, block = { 16, 1, 1 };
    for (int r = 0; r < ROUNDS; r++) {
        cu2c_push_call_configuration(grid, block, 0, use);
        step_kernel(out, (unsigned)(r % 5 + id));
    }
    bad += cudaGetLastError() != cudaSuccess;
    bad += cudaMemcpyAsync(host, out, BLOCKS * sizeof *out, cudaMemcpyDeviceToHost, use) != 0;
    bad += cudaEventRecord(done_events[id], use) != 0;
    /* wait for the next thread's work through its event (recorded or not yet: both fine) */
    bad += cudaStreamWaitEvent(use, done_events[(id + 1) % THREADS], 0) != 0;
    bad += cudaStreamSynchronize(use) != 0;
    for (int b = 0; b < BLOCKS; b++)
        bad += host[b] != expected((unsigned)id);
    bad += cudaFree(out) != 0;
    bad += cudaFreeHost(host) != 0;
    bad += cudaStreamDestroy(s) != 0;
    return (void *)bad;
}

int main(void)
{
    for (int i = 0; i < THREADS; i++)
        CHECK_OK(cudaEventCreateWithFlags(&done_events[i], cudaEventDisableTiming));
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
    CHECK_OK(cudaDeviceSynchronize());
    for (int i = 0; i < THREADS; i++) {
        CHECK_OK(cudaEventQuery(done_events[i]));
        CHECK_OK(cudaEventDestroy(done_events[i]));
    }
    CHECK_ERR(cudaGetLastError(), cudaSuccess);
    return check_report();
}
