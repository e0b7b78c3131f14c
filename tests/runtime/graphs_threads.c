// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=3 timeout 60 %t
// Graphs from C and from several host threads at once (the sanitizer runs of make
// check-sanitize watch the runtime's locks here): each of four threads captures its own stream
// (thread-local mode) into a graph of a hand-written kernel, a set and a host function, builds
// a second graph by hand, and launches both many times on its stream while the others do the
// same; one executable graph (a host function) is also launched from every thread at once.
// Counts and memory checked after each thread synchronises.
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"
#include "Inputs/check.h"

#define THREADS 4
#define LAUNCHES 40
#define N 256

/* The block function of `__global__ void add_one(int *p)`: one block of N threads. */
static void add_one_block(void **args, cu2c_block *blk)
{
    int *p = *(int **)args[0];
    (void)blk;
    for (int i = 0; i < N; i++)
        p[i] += 1;
}

static void add_one(int *p)
{
    void *args[] = {&p};
    cu2c_launch_stub((const void *)add_one, args);
}

__attribute__((constructor)) static void register_kernels(void)
{
    static size_t sizes[] = {sizeof(int *)};
    cu2c_register_kernel((const void *)add_one, add_one_block, "add_one", 1, sizes);
}

static atomic_int host_calls;
static void CUDART_CB count(void *arg)
{
    (void)arg;
    atomic_fetch_add(&host_calls, 1);
}

static cudaGraphExec_t shared_exec;   /* calls count */
static pthread_barrier_t start;

static void *worker(void *arg)
{
    (void)arg;
    cudaStream_t s;
    int *buf, *buf2, host[N];
    CHECK_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK_OK(cudaMalloc((void **)&buf, N * sizeof(int)));
    CHECK_OK(cudaMalloc((void **)&buf2, N * sizeof(int)));
    CHECK_OK(cudaMemset(buf, 0, N * sizeof(int)));

    /* captured: add one, add one, host function */
    cudaGraph_t g;
    CHECK_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    CHECK_OK(cu2c_push_call_configuration((dim3){1, 1, 1}, (dim3){N, 1, 1}, 0, s) == 0 ? cudaSuccess
                                                                                       : cudaErrorUnknown);
    add_one(buf);
    void *args[] = {&buf};
    CHECK_OK(cudaLaunchKernel((const void *)add_one, (dim3){1, 1, 1}, (dim3){N, 1, 1}, args, 0, s));
    CHECK_OK(cudaLaunchHostFunc(s, count, NULL));
    CHECK_OK(cudaStreamEndCapture(s, &g));
    size_t n = 0;
    CHECK_OK(cudaGraphGetNodes(g, NULL, &n));
    CHECK(n == 3);

    /* by hand: set buf2 to 5 (as ints), then a child graph: the captured one */
    cudaGraph_t h;
    cudaGraphNode_t set, child;
    CHECK_OK(cudaGraphCreate(&h, 0));
    struct cudaMemsetParams mp = {buf2, 0, 5, 4, N, 1};
    CHECK_OK(cudaGraphAddMemsetNode(&set, h, NULL, 0, &mp));
    CHECK_OK(cudaGraphAddChildGraphNode(&child, h, &set, 1, g));

    cudaGraphExec_t xg, xh;
    CHECK_OK(cudaGraphInstantiate(&xg, g, 0));
    CHECK_OK(cudaGraphInstantiate(&xh, h, 0));
    CHECK_OK(cudaGraphDestroy(g));
    CHECK_OK(cudaGraphDestroy(h));
    pthread_barrier_wait(&start);
    for (int k = 0; k < LAUNCHES; k++) {
        CHECK_OK(cudaGraphLaunch(xg, s));
        CHECK_OK(cudaGraphLaunch(shared_exec, s));
    }
    CHECK_OK(cudaGraphLaunch(xh, s));
    CHECK_OK(cudaStreamSynchronize(s));
    CHECK_OK(cudaMemcpy(host, buf, sizeof host, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        CHECK(host[i] == 2 * LAUNCHES + 2);   /* xh's child graph adds two more */
    CHECK_OK(cudaMemcpy(host, buf2, sizeof host, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        CHECK(host[i] == 5);
    CHECK_OK(cudaGraphExecDestroy(xg));
    CHECK_OK(cudaGraphExecDestroy(xh));
    CHECK_OK(cudaFree(buf));
    CHECK_OK(cudaFree(buf2));
    CHECK_OK(cudaStreamDestroy(s));
    return NULL;
}

int main(void)
{
    cudaGraph_t g;
    cudaGraphNode_t node;
    CHECK_OK(cudaGraphCreate(&g, 0));
    struct cudaHostNodeParams hp = {count, NULL};
    CHECK_OK(cudaGraphAddHostNode(&node, g, NULL, 0, &hp));
    CHECK_OK(cudaGraphInstantiate(&shared_exec, g, 0));
    CHECK_OK(cudaGraphDestroy(g));

    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start);
    CHECK(atomic_load(&host_calls) == THREADS * (2 * LAUNCHES + 1));
    CHECK_OK(cudaGraphExecDestroy(shared_exec));
    return check_report();
}
