// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=2 timeout 60 %t
// Streams and events of a synchronous runtime: work is done when its call returns, so
// queries find nothing pending, host functions run in order at once, and events time the
// host interval between their records.
#include <time.h>
#include "cuda_runtime_api.h"
#include "Inputs/check.h"

static int order[8], norder;

static void host_fn(void *data)
{
    order[norder++] = *(int *)data;
}

static void stream_cb(cudaStream_t s, cudaError_t status, void *data)
{
    (void)s;
    order[norder++] = status == cudaSuccess ? *(int *)data : -1;
}

int main(void)
{
    cudaStream_t s1, s2;
    CHECK_OK(cudaStreamCreate(&s1));
    CHECK_OK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    unsigned flags = 99;
    CHECK_OK(cudaStreamGetFlags(s2, &flags));
    CHECK(flags == cudaStreamNonBlocking);
    CHECK_ERR(cudaStreamCreateWithFlags(&s1, 0x10), cudaErrorInvalidValue);
    cudaGetLastError();

    /* Asynchronous copies are complete on return. */
    int *d, h[64], back[64];
    for (int i = 0; i < 64; i++)
        h[i] = i * i;
    CHECK_OK(cudaMalloc((void **)&d, sizeof h));
    CHECK_OK(cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, s1));
    CHECK_OK(cudaMemsetAsync(back, 0, sizeof back, s2));
    CHECK_OK(cudaMemcpyAsync(back, d, sizeof h, cudaMemcpyDeviceToHost, s2));
    CHECK_OK(cudaStreamQuery(s1));
    CHECK_OK(cudaStreamSynchronize(s2));
    CHECK(back[63] == 63 * 63);
    CHECK_OK(cudaFree(d));

    /* Host functions and callbacks run in submission order. */
    int a = 1, b = 2, c = 3;
    CHECK_OK(cudaLaunchHostFunc(s1, host_fn, &a));
    CHECK_OK(cudaStreamAddCallback(s2, stream_cb, &b, 0));
    CHECK_OK(cudaLaunchHostFunc(0, host_fn, &c));
    CHECK(norder == 3 && order[0] == 1 && order[1] == 2 && order[2] == 3);
    CHECK_ERR(cudaLaunchHostFunc(s1, NULL, &a), cudaErrorInvalidValue);
    cudaGetLastError();

    /* The default streams are valid everywhere and cannot be destroyed. */
    CHECK_OK(cudaStreamSynchronize(0));
    CHECK_OK(cudaStreamSynchronize(cudaStreamLegacy));
    CHECK_OK(cudaStreamQuery(cudaStreamPerThread));
    CHECK_ERR(cudaStreamDestroy(0), cudaErrorInvalidResourceHandle);
    cudaGetLastError();

    /* Events: record, query, synchronise, time. */
    cudaEvent_t start, stop, untimed, fresh;
    CHECK_OK(cudaEventCreate(&start));
    CHECK_OK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
    CHECK_OK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
    CHECK_OK(cudaEventCreate(&fresh));
    CHECK_OK(cudaEventRecord(start, 0));
    struct timespec nap = { 0, 20 * 1000 * 1000 };   /* 20 ms of "work" */
    nanosleep(&nap, NULL);
    CHECK_OK(cudaEventRecord(stop, s1));
    CHECK_OK(cudaEventQuery(stop));
    CHECK_OK(cudaEventSynchronize(stop));
    float ms = -1;
    CHECK_OK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(ms >= 19.0f && ms < 2000.0f);
    CHECK_OK(cudaEventElapsedTime(&ms, stop, start));
    CHECK(ms <= -19.0f);
    CHECK_OK(cudaStreamWaitEvent(s2, stop, 0));

    CHECK_OK(cudaEventRecord(untimed, 0));
    CHECK_ERR(cudaEventElapsedTime(&ms, start, untimed), cudaErrorInvalidResourceHandle);
    CHECK_ERR(cudaEventElapsedTime(&ms, start, fresh), cudaErrorInvalidResourceHandle);
    CHECK_ERR(cudaEventElapsedTime(NULL, start, stop), cudaErrorInvalidValue);
    CHECK_OK(cudaEventQuery(fresh));   /* never recorded: nothing pending */
    cudaGetLastError();

    CHECK_OK(cudaEventDestroy(start));
    CHECK_OK(cudaEventDestroy(stop));
    CHECK_OK(cudaEventDestroy(untimed));
    CHECK_OK(cudaEventDestroy(fresh));
    CHECK_OK(cudaStreamDestroy(s1));
    CHECK_OK(cudaStreamDestroy(s2));
    CHECK_ERR(cudaEventDestroy(NULL), cudaErrorInvalidResourceHandle);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidResourceHandle);
    return check_report();
}
