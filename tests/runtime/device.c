// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=3 timeout 60 %t && env CU2C_NUM_THREADS=1 timeout 60 %t
// The one device: its properties describe a compute-capability-8.0 GPU whose
// multiprocessors are the worker threads, and every attribute agrees with the properties.
#include <stdlib.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "Inputs/check.h"

int main(void)
{
    int n = -1, dev = -1;
    CHECK_OK(cudaGetDeviceCount(&n));
    CHECK(n == 1);
    CHECK_OK(cudaGetDevice(&dev));
    CHECK(dev == 0);
    CHECK_OK(cudaSetDevice(0));
    CHECK_ERR(cudaSetDevice(1), cudaErrorInvalidDevice);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidDevice);
    CHECK_ERR(cudaGetDeviceCount(NULL), cudaErrorInvalidValue);
    cudaGetLastError();

    struct cudaDeviceProp p;
    memset(&p, 0x55, sizeof p);
    CHECK_OK(cudaGetDeviceProperties(&p, 0));
    CHECK_ERR(cudaGetDeviceProperties(&p, 1), cudaErrorInvalidDevice);
    cudaGetLastError();
    CHECK(strncmp(p.name, "cu2c CPU: ", 10) == 0 && strlen(p.name) > 10);
    CHECK(p.warpSize == 32);
    CHECK(p.maxThreadsPerBlock == 1024);
    CHECK(p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[1] == 1024 && p.maxThreadsDim[2] == 64);
    CHECK(p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535 &&
          p.maxGridSize[2] == 65535);
    CHECK(p.sharedMemPerBlock == 48 * 1024);
    CHECK(p.sharedMemPerBlockOptin >= p.sharedMemPerBlock);
    CHECK(p.major == 8 && p.minor == 0);
    CHECK(p.totalGlobalMem > ((size_t)64 << 20));
    CHECK(p.clockRate > 0 && p.totalConstMem == 65536 && p.regsPerBlock > 0);
    CHECK(p.managedMemory == 1 && p.unifiedAddressing == 1 && p.concurrentKernels == 1);
    CHECK(p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock);
    const char *env = getenv("CU2C_NUM_THREADS");
    if (env)
        CHECK(p.multiProcessorCount == atoi(env));
    CHECK(p.multiProcessorCount >= 1);

    /* Every attribute a program is likely to query agrees with the properties. */
    static const struct { enum cudaDeviceAttr attr; int offset; } ints[] = {
#define A(attr, field) { attr, (int)offsetof(struct cudaDeviceProp, field) }
        A(cudaDevAttrMaxThreadsPerBlock, maxThreadsPerBlock),
        A(cudaDevAttrMaxBlockDimX, maxThreadsDim[0]),
        A(cudaDevAttrMaxBlockDimY, maxThreadsDim[1]),
        A(cudaDevAttrMaxBlockDimZ, maxThreadsDim[2]),
        A(cudaDevAttrMaxGridDimX, maxGridSize[0]),
        A(cudaDevAttrMaxGridDimY, maxGridSize[1]),
        A(cudaDevAttrMaxGridDimZ, maxGridSize[2]),
        A(cudaDevAttrWarpSize, warpSize),
        A(cudaDevAttrMaxRegistersPerBlock, regsPerBlock),
        A(cudaDevAttrClockRate, clockRate),
        A(cudaDevAttrMultiProcessorCount, multiProcessorCount),
        A(cudaDevAttrComputeCapabilityMajor, major),
        A(cudaDevAttrComputeCapabilityMinor, minor),
        A(cudaDevAttrL2CacheSize, l2CacheSize),
        A(cudaDevAttrMaxThreadsPerMultiProcessor, maxThreadsPerMultiProcessor),
        A(cudaDevAttrMemoryClockRate, memoryClockRate),
        A(cudaDevAttrGlobalMemoryBusWidth, memoryBusWidth),
        A(cudaDevAttrConcurrentKernels, concurrentKernels),
        A(cudaDevAttrManagedMemory, managedMemory),
        A(cudaDevAttrUnifiedAddressing, unifiedAddressing),
        A(cudaDevAttrIntegrated, integrated),
        A(cudaDevAttrCanMapHostMemory, canMapHostMemory),
        A(cudaDevAttrComputeMode, computeMode),
        A(cudaDevAttrAsyncEngineCount, asyncEngineCount),
        A(cudaDevAttrGpuOverlap, deviceOverlap),
        A(cudaDevAttrEccEnabled, ECCEnabled),
        A(cudaDevAttrPciBusId, pciBusID),
        A(cudaDevAttrPciDeviceId, pciDeviceID),
        A(cudaDevAttrKernelExecTimeout, kernelExecTimeoutEnabled),
        A(cudaDevAttrMaxBlocksPerMultiprocessor, maxBlocksPerMultiProcessor),
        A(cudaDevAttrCooperativeLaunch, cooperativeLaunch),
        A(cudaDevAttrConcurrentManagedAccess, concurrentManagedAccess),
        A(cudaDevAttrPageableMemoryAccess, pageableMemoryAccess),
#undef A
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        int v = -12345, want;
        memcpy(&want, (const char *)&p + ints[i].offset, sizeof want);
        CHECK_OK(cudaDeviceGetAttribute(&v, ints[i].attr, 0));
        if (v != want)
            fprintf(stderr, "attribute %d: %d, properties say %d\n", (int)ints[i].attr, v, want);
        CHECK(v == want);
    }
    /* Byte counts are size_t in the properties and int as attributes. */
    const struct { enum cudaDeviceAttr attr; size_t want; } sizes[] = {
        { cudaDevAttrMaxSharedMemoryPerBlock, p.sharedMemPerBlock },
        { cudaDevAttrTotalConstantMemory, p.totalConstMem },
        { cudaDevAttrMaxSharedMemoryPerBlockOptin, p.sharedMemPerBlockOptin },
        { cudaDevAttrMaxSharedMemoryPerMultiprocessor, p.sharedMemPerMultiprocessor },
        { cudaDevAttrTextureAlignment, p.textureAlignment },
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int v = -1;
        CHECK_OK(cudaDeviceGetAttribute(&v, sizes[i].attr, 0));
        CHECK((size_t)v == sizes[i].want);
    }
    int v;
    CHECK_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1), cudaErrorInvalidDevice);
    CHECK_ERR(cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)0, 0), cudaErrorInvalidValue);
    CHECK_ERR(cudaDeviceGetAttribute(NULL, cudaDevAttrWarpSize, 0), cudaErrorInvalidValue);
    cudaGetLastError();

    /* Versions, flags, limits and configurations are accepted and remembered. */
    int rv = 0, dv = 0;
    CHECK_OK(cudaRuntimeGetVersion(&rv));
    CHECK_OK(cudaDriverGetVersion(&dv));
    CHECK(rv == CUDART_VERSION && dv >= rv && rv >= 12000);
    unsigned fl = 0;
    CHECK_OK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
    CHECK_OK(cudaGetDeviceFlags(&fl));
    CHECK(fl == (cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
    CHECK_ERR(cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceScheduleYield),
              cudaErrorInvalidValue);
    cudaGetLastError();
    size_t lim = 0;
    CHECK_OK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, (size_t)64 << 20));
    CHECK_OK(cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize));
    CHECK(lim == (size_t)64 << 20);
    CHECK_OK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
    enum cudaFuncCache cc;
    CHECK_OK(cudaDeviceGetCacheConfig(&cc));
    CHECK(cc == cudaFuncCachePreferShared);
    CHECK_OK(cudaDeviceSynchronize());
    CHECK_OK(cudaThreadSynchronize());
    CHECK_OK(cudaDeviceReset());
    CHECK_OK(cudaThreadExit());
    CHECK_ERR(cudaGetLastError(), cudaSuccess);
    return check_report();
}
