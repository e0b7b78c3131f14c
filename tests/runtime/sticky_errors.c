// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=2 timeout 60 %t && env CU2C_NUM_THREADS=1 CU2C_SCHEDULE=steal timeout 60 %t
// Sticky and non-sticky errors. A bad launch is non-sticky: it is returned, recorded, cleared
// by cudaGetLastError, and the next call works. A fault inside a kernel (what a failed
// device-side assert raises) is sticky, as on a GPU: the faulting block stops there, no
// further block or kernel runs, the next synchronising call reports it, and from then on
// every call that uses the device returns it; cudaGetLastError and cudaDeviceReset do not
// clear it. Callbacks queued behind the fault receive it as their status.
#include <stdatomic.h>
#include "cuda_runtime_api.h"
#include "cu2c/kernel.h"
#include "Inputs/check.h"

static atomic_int blocks_run, after_fault, later_kernel_ran;

static void fault_block(void **args, cu2c_block *blk)
{
    (void)args;
    atomic_fetch_add(&blocks_run, 1);
    if (blk->blockIdx.x == 5) {
        cu2c_device_fault(cudaErrorAssert);
        atomic_store(&after_fault, 1);   /* never reached */
    }
}

static void fault_kernel(void)
{
    cu2c_launch_stub((const void *)fault_kernel, NULL);
}

static void later_block(void **args, cu2c_block *blk)
{
    (void)args;
    (void)blk;
    atomic_store(&later_kernel_ran, 1);
}

static void later_kernel(void)
{
    cu2c_launch_stub((const void *)later_kernel, NULL);
}

__attribute__((constructor)) static void register_kernels(void)
{
    cu2c_register_kernel((const void *)fault_kernel, fault_block, "fault_kernel", 0, NULL);
    cu2c_register_kernel((const void *)later_kernel, later_block, "later_kernel", 0, NULL);
}

static cudaError_t cb_status = cudaSuccess;

static void callback(cudaStream_t s, cudaError_t status, void *arg)
{
    (void)s;
    (void)arg;
    cb_status = status;
}

static atomic_int gate_open;

static void gate(void *arg)
{
    (void)arg;
    while (!atomic_load(&gate_open))
        ;
}

static dim3 d1(unsigned x)
{
    dim3 d = { x, 1, 1 };
    return d;
}

int main(void)
{
    /* Non-sticky: an invalid configuration. */
    cu2c_push_call_configuration(d1(0), d1(1), 0, 0);
    later_kernel();
    CHECK_ERR(cudaPeekAtLastError(), cudaErrorInvalidConfiguration);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidConfiguration);
    CHECK_ERR(cudaGetLastError(), cudaSuccess);
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(!atomic_load(&later_kernel_ran));

    /* Sticky: block 5 of 64 faults. The stream is held (a gate) until everything is queued. */
    cudaStream_t s;
    CHECK_OK(cudaStreamCreate(&s));
    void *d = NULL;
    CHECK_OK(cudaMalloc(&d, 64));
    CHECK_OK(cudaLaunchHostFunc(s, gate, NULL));
    cu2c_push_call_configuration(d1(64), d1(32), 0, s);
    fault_kernel();
    CHECK_OK(cudaGetLastError());            /* the launch itself was fine */
    cu2c_push_call_configuration(d1(4), d1(1), 0, s);
    later_kernel();
    CHECK_OK(cudaStreamAddCallback(s, callback, NULL, 0));
    atomic_store(&gate_open, 1);
    CHECK_ERR(cudaStreamSynchronize(s), cudaErrorAssert);
    CHECK(!atomic_load(&after_fault));
    CHECK(atomic_load(&blocks_run) >= 6 && atomic_load(&blocks_run) <= 64);
    CHECK(!atomic_load(&later_kernel_ran));
    CHECK(cb_status == cudaErrorAssert);

    /* It stays. */
    CHECK_ERR(cudaGetLastError(), cudaErrorAssert);
    CHECK_ERR(cudaGetLastError(), cudaErrorAssert);
    CHECK_ERR(cudaPeekAtLastError(), cudaErrorAssert);
    CHECK_ERR(cudaDeviceSynchronize(), cudaErrorAssert);
    void *more = NULL;
    CHECK_ERR(cudaMalloc(&more, 16), cudaErrorAssert);
    char h[64];
    CHECK_ERR(cudaMemcpy(h, d, 64, cudaMemcpyDeviceToHost), cudaErrorAssert);
    CHECK_ERR(cudaMemsetAsync(d, 0, 64, s), cudaErrorAssert);
    cu2c_push_call_configuration(d1(1), d1(1), 0, 0);
    later_kernel();
    CHECK_ERR(cudaGetLastError(), cudaErrorAssert);
    cudaEvent_t ev;
    CHECK_ERR(cudaEventCreate(&ev), cudaErrorAssert);
    CHECK_ERR(cudaStreamQuery(s), cudaErrorAssert);
    CHECK_ERR(cudaFree(d), cudaErrorAssert);
    CHECK_OK(cudaDeviceReset());
    CHECK_ERR(cudaGetLastError(), cudaErrorAssert);
    CHECK_ERR(cudaDeviceSynchronize(), cudaErrorAssert);
    CHECK(!atomic_load(&later_kernel_ran));
    return check_report();
}
