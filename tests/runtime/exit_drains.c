// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// A program that returns from main with work still queued: the runtime lets it finish and
// stops its workers cleanly at exit (in CUDA's order), so output from host functions and
// kernels queued last is not lost.
#include <stdio.h>
#include <time.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"

static void slow_print(void *arg)
{
    struct timespec nap = { 0, 30 * 1000 * 1000 };
    nanosleep(&nap, NULL);
    printf("host function %d\n", (int)(long)arg);
}

static int hits[8];

static void count_block(void **args, cu2c_block *blk)
{
    (void)args;
    hits[blk->blockIdx.x]++;
}

static void count_kernel(void)
{
    cu2c_launch_stub((const void *)count_kernel, NULL);
}

__attribute__((constructor)) static void register_count(void)
{
    cu2c_register_kernel((const void *)count_kernel, count_block, "count_kernel", 0, NULL);
}

static void report(void *arg)
{
    (void)arg;
    int sum = 0;
    for (int i = 0; i < 8; i++)
        sum += hits[i];
    printf("blocks run: %d\n", sum);
}

int main(void)
{
    cudaStream_t s;
    if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
        return 1;
    // CHECK: main returns
    // CHECK-NEXT: host function 1
    // CHECK-NEXT: blocks run: 8
    // CHECK-NEXT: host function 2
    cudaLaunchHostFunc(s, slow_print, (void *)1);
    dim3 grid = { 8, 1, 1 }, block = { 4, 1, 1 };
    cu2c_push_call_configuration(grid, block, 0, s);
    count_kernel();
    cudaLaunchHostFunc(s, report, NULL);
    cudaLaunchHostFunc(s, slow_print, (void *)2);
    printf("main returns\n");
    fflush(stdout);
    return 0;
}
