// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=2 timeout 60 %t && env CU2C_NUM_THREADS=3 CU2C_SCHEDULE=steal timeout 60 %t
// Asynchronous streams and events: work returns at once and runs in order per stream on the
// runtime's threads; a gate (a host function that waits until the test opens it) holds a
// stream back, so what must wait for it and what must not is seen, not timed. The legacy
// default stream waits for blocking streams and they for it; non-blocking streams do not;
// events order streams and time work; callbacks get their stream; synchronous calls from a
// host function are refused. Needs 2 workers: one may sit in a gate.
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"
#include "Inputs/check.h"

static atomic_int gates[4];     /* gate i is open when gates[i] != 0 */

static void gate(void *arg)
{
    atomic_int *g = arg;
    struct timespec nap = { 0, 100 * 1000 };
    while (!atomic_load(g))
        nanosleep(&nap, NULL);
}

/* A log of what ran, in order. */
static int order[64];
static atomic_int norder;
static atomic_int on_main_thread;
static pthread_t main_thread;

static void note(void *arg)
{
    order[atomic_fetch_add(&norder, 1)] = (int)(long)arg;
    if (pthread_equal(pthread_self(), main_thread))
        atomic_store(&on_main_thread, 1);
}

static void reset_log(void)
{
    atomic_store(&norder, 0);
    memset(order, 0, sizeof order);
}

static cudaStream_t cb_stream;
static cudaError_t cb_status = cudaErrorUnknown;

static void callback(cudaStream_t s, cudaError_t status, void *arg)
{
    cb_stream = s;
    cb_status = status;
    note(arg);
}

static atomic_int sync_from_host_fn;

static void sync_inside(void *arg)
{
    (void)arg;
    atomic_store(&sync_from_host_fn, cudaDeviceSynchronize());
}

/* A kernel: block b sets out[b] = value (the value at the time of the launch). */
static void set_block(void **args, cu2c_block *blk)
{
    int *out = *(int **)args[0];
    out[blk->blockIdx.x] = *(int *)args[1];
}

static void set_kernel(int *out, int value)
{
    void *args[] = { &out, &value };
    cu2c_launch_stub((const void *)set_kernel, args);
}

__attribute__((constructor)) static void register_set(void)
{
    static const size_t sizes[] = { sizeof(int *), sizeof(int) };
    cu2c_register_kernel((const void *)set_kernel, set_block, "set_kernel", 2, sizes);
}

static dim3 d1(unsigned x)
{
    dim3 d = { x, 1, 1 };
    return d;
}

int main(void)
{
    main_thread = pthread_self();
    cudaStream_t s1, s2, nb;
    CHECK_OK(cudaStreamCreate(&s1));
    CHECK_OK(cudaStreamCreateWithFlags(&s2, cudaStreamDefault));
    CHECK_OK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    unsigned flags = 99;
    CHECK_OK(cudaStreamGetFlags(nb, &flags));
    CHECK(flags == cudaStreamNonBlocking);
    CHECK_ERR(cudaStreamCreateWithFlags(&s1, 0x10), cudaErrorInvalidValue);
    cudaGetLastError();

    /* 1. Work returns at once and runs in order, on runtime threads. A launch copies its
     *    arguments: changing them after the launch changes nothing. */
    int *out;
    int *pinned;
    CHECK_OK(cudaMalloc((void **)&out, 8 * sizeof *out));
    CHECK_OK(cudaMallocHost((void **)&pinned, 8 * sizeof *pinned));
    reset_log();
    CHECK_OK(cudaLaunchHostFunc(s1, gate, &gates[0]));
    CHECK_OK(cudaLaunchHostFunc(s1, note, (void *)1));
    int value = 7;
    cu2c_push_call_configuration(d1(8), d1(1), 0, s1);
    set_kernel(out, value);
    value = 8;
    CHECK_OK(cudaGetLastError());
    CHECK_OK(cudaMemcpyAsync(pinned, out, 8 * sizeof *out, cudaMemcpyDeviceToHost, s1));
    CHECK_OK(cudaStreamAddCallback(s1, callback, (void *)2, 0));
    CHECK_ERR(cudaStreamQuery(s1), cudaErrorNotReady);
    CHECK_OK(cudaGetLastError());   /* not ready is an answer, not an error */
    CHECK(atomic_load(&norder) == 0);
    atomic_store(&gates[0], 1);
    CHECK_OK(cudaStreamSynchronize(s1));
    CHECK_OK(cudaStreamQuery(s1));
    CHECK(atomic_load(&norder) == 2 && order[0] == 1 && order[1] == 2);
    CHECK(pinned[0] == 7 && pinned[7] == 7);
    CHECK(cb_stream == s1 && cb_status == cudaSuccess);
    CHECK(!atomic_load(&on_main_thread));

    /* 2. The legacy default stream waits for blocking streams, not for non-blocking ones. */
    reset_log();
    CHECK_OK(cudaLaunchHostFunc(s1, gate, &gates[1]));
    CHECK_OK(cudaLaunchHostFunc(0, note, (void *)10));
    CHECK_OK(cudaLaunchHostFunc(nb, note, (void *)11));
    CHECK_OK(cudaStreamSynchronize(nb));      /* runs although s1 is held */
    CHECK(atomic_load(&norder) == 1 && order[0] == 11);
    CHECK_ERR(cudaStreamQuery(0), cudaErrorNotReady);
    /*    and a blocking stream waits for the legacy stream: s2 queues behind it. */
    CHECK_OK(cudaLaunchHostFunc(s2, note, (void *)12));
    CHECK_ERR(cudaStreamQuery(s2), cudaErrorNotReady);
    atomic_store(&gates[1], 1);
    CHECK_OK(cudaStreamSynchronize(s2));
    CHECK(atomic_load(&norder) == 3 && order[1] == 10 && order[2] == 12);

    /* 3. An event recorded on one stream holds another back until its work is done. */
    reset_log();
    cudaEvent_t ev, start, stop, untimed, fresh;
    CHECK_OK(cudaEventCreate(&ev));
    CHECK_OK(cudaEventCreate(&start));
    CHECK_OK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
    CHECK_OK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
    CHECK_OK(cudaEventCreate(&fresh));
    CHECK_OK(cudaLaunchHostFunc(s1, gate, &gates[2]));
    CHECK_OK(cudaEventRecord(ev, s1));
    CHECK_OK(cudaStreamWaitEvent(nb, ev, 0));
    CHECK_OK(cudaLaunchHostFunc(nb, note, (void *)20));
    CHECK_ERR(cudaEventQuery(ev), cudaErrorNotReady);
    CHECK_OK(cudaGetLastError());
    CHECK_ERR(cudaStreamQuery(nb), cudaErrorNotReady);
    atomic_store(&gates[2], 1);
    CHECK_OK(cudaEventSynchronize(ev));
    CHECK_OK(cudaEventQuery(ev));
    CHECK_OK(cudaStreamSynchronize(nb));
    CHECK(atomic_load(&norder) == 1 && order[0] == 20);

    /* 4. Timing: the time between two records is the work between them, in milliseconds. */
    CHECK_OK(cudaEventRecord(start, s1));
    CHECK_OK(cudaLaunchHostFunc(s1, gate, &gates[3]));
    CHECK_OK(cudaEventRecord(stop, s1));
    float ms = -1;
    CHECK_ERR(cudaEventElapsedTime(&ms, start, stop), cudaErrorNotReady);
    /*    the nap starts once `start` has its time (the stream's worker may be slow to take
     *    it on a loaded machine), so the two records are at least the nap apart */
    CHECK_OK(cudaEventSynchronize(start));
    struct timespec nap = { 0, 20 * 1000 * 1000 };
    nanosleep(&nap, NULL);
    atomic_store(&gates[3], 1);
    CHECK_OK(cudaEventSynchronize(stop));
    CHECK_OK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(ms >= 19.0f && ms < 2000.0f);
    CHECK_OK(cudaEventElapsedTime(&ms, stop, start));
    CHECK(ms <= -19.0f);
    /*    back-to-back records measure (nearly) nothing, far below the 20 ms gate above (the
     *    bound leaves room for a worker preempted between them on a loaded machine, as under
     *    ThreadSanitizer next to other jobs) */
    CHECK_OK(cudaEventRecord(start, s2));
    CHECK_OK(cudaEventRecord(stop, s2));
    CHECK_OK(cudaEventSynchronize(stop));
    CHECK_OK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(ms >= 0.0f && ms < 10.0f);
    CHECK_OK(cudaEventRecord(untimed, 0));
    CHECK_ERR(cudaEventElapsedTime(&ms, start, untimed), cudaErrorInvalidResourceHandle);
    CHECK_ERR(cudaEventElapsedTime(&ms, start, fresh), cudaErrorInvalidResourceHandle);
    CHECK_ERR(cudaEventElapsedTime(NULL, start, stop), cudaErrorInvalidValue);
    CHECK_OK(cudaEventQuery(fresh));   /* never recorded: nothing pending */
    CHECK_OK(cudaStreamWaitEvent(s1, fresh, 0));   /* orders nothing */
    cudaGetLastError();

    /* 5. The per-thread default stream keeps order and waits for the legacy stream. */
    reset_log();
    CHECK_OK(cudaLaunchHostFunc(0, gate, &gates[0]));   /* gate 0 is open */
    CHECK_OK(cudaLaunchHostFunc(cudaStreamPerThread, note, (void *)30));
    CHECK_OK(cudaLaunchHostFunc(cudaStreamPerThread, note, (void *)31));
    CHECK_OK(cudaStreamSynchronize(cudaStreamPerThread));
    CHECK(atomic_load(&norder) == 2 && order[0] == 30 && order[1] == 31);
    CHECK_OK(cudaStreamQuery(cudaStreamPerThread));

    /* 6. cudaDeviceSynchronize waits for every stream; a stream destroyed with work queued
     *    finishes it. */
    reset_log();
    static atomic_int late_gate;
    cudaStream_t doomed;
    CHECK_OK(cudaStreamCreate(&doomed));
    CHECK_OK(cudaLaunchHostFunc(doomed, gate, &late_gate));
    CHECK_OK(cudaLaunchHostFunc(doomed, note, (void *)40));
    CHECK_OK(cudaLaunchHostFunc(nb, note, (void *)41));
    CHECK_OK(cudaStreamDestroy(doomed));
    CHECK_ERR(cudaStreamQuery(doomed), cudaErrorInvalidResourceHandle);
    cudaGetLastError();
    atomic_store(&late_gate, 1);
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(atomic_load(&norder) == 2);

    /* 7. A host function may not wait for the device. */
    CHECK_OK(cudaLaunchHostFunc(s1, sync_inside, NULL));
    CHECK_OK(cudaStreamSynchronize(s1));
    CHECK(atomic_load(&sync_from_host_fn) == cudaErrorNotPermitted);

    /* Invalid handles and arguments. */
    CHECK_ERR(cudaLaunchHostFunc(s1, NULL, NULL), cudaErrorInvalidValue);
    CHECK_ERR(cudaStreamAddCallback(s1, callback, NULL, 1), cudaErrorInvalidValue);
    CHECK_ERR(cudaStreamWaitEvent(s1, ev, 7), cudaErrorInvalidValue);
    CHECK_ERR(cudaStreamDestroy(0), cudaErrorInvalidResourceHandle);
    CHECK_ERR(cudaStreamDestroy(cudaStreamPerThread), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaStreamSynchronize(cudaStreamLegacy));
    cudaGetLastError();

    CHECK_OK(cudaEventDestroy(ev));
    CHECK_ERR(cudaEventQuery(ev), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaEventDestroy(start));
    CHECK_OK(cudaEventDestroy(stop));
    CHECK_OK(cudaEventDestroy(untimed));
    CHECK_OK(cudaEventDestroy(fresh));
    CHECK_OK(cudaStreamDestroy(s1));
    CHECK_OK(cudaStreamDestroy(s2));
    CHECK_OK(cudaStreamDestroy(nb));
    CHECK_ERR(cudaStreamSynchronize(s1), cudaErrorInvalidResourceHandle);
    CHECK_ERR(cudaEventDestroy(NULL), cudaErrorInvalidResourceHandle);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaFree(out));
    CHECK_OK(cudaFreeHost(pinned));
    return check_report();
}
