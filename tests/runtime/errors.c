// RUN: %rtcc %s -o %t %rtlibs && timeout 60 %t
// Error names and messages are CUDA's; the last error is per host thread, cudaGetLastError
// clears it and cudaPeekAtLastError does not; these errors are not sticky (a fault in a
// kernel is: sticky_errors.c).
#include <pthread.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "Inputs/check.h"

static void *other_thread(void *arg)
{
    (void)arg;
    /* The main thread's pending error is not this thread's. */
    return (void *)(size_t)cudaPeekAtLastError();
}

int main(void)
{
    static const struct { cudaError_t code; const char *name, *text; } known[] = {
        { cudaSuccess, "cudaSuccess", "no error" },
        { cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument" },
        { cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory" },
        { cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
          "invalid configuration argument" },
        { cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol" },
        { cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection",
          "invalid copy direction for memcpy" },
        { cudaErrorMissingConfiguration, "cudaErrorMissingConfiguration",
          "__global__ function call is not configured" },
        { cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction",
          "invalid device function" },
        { cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal" },
        { cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle",
          "invalid resource handle" },
        { cudaErrorNotReady, "cudaErrorNotReady", "device not ready" },
        { cudaErrorIllegalAddress, "cudaErrorIllegalAddress",
          "an illegal memory access was encountered" },
        { cudaErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources",
          "too many resources requested for launch" },
        { cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure" },
        { cudaErrorAssert, "cudaErrorAssert", "device-side assert triggered" },
        { cudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported" },
        { cudaErrorUnknown, "cudaErrorUnknown", "unknown error" },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        CHECK(strcmp(cudaGetErrorName(known[i].code), known[i].name) == 0);
        CHECK(strcmp(cudaGetErrorString(known[i].code), known[i].text) == 0);
    }
    /* Numeric values programs hard-code. */
    CHECK(cudaErrorInvalidValue == 1 && cudaErrorMemoryAllocation == 2 &&
          cudaErrorInvalidConfiguration == 9 && cudaErrorInvalidDeviceFunction == 98 &&
          cudaErrorInvalidDevice == 101 && cudaErrorIllegalAddress == 700 &&
          cudaErrorUnknown == 999);
    /* Codes CUDA does not know get a message, never NULL. */
    CHECK(strcmp(cudaGetErrorName((cudaError_t)12345), "unrecognized error code") == 0);
    CHECK(strcmp(cudaGetErrorString((cudaError_t)10), "unrecognized error code") == 0);
    CHECK(strcmp(cudaGetErrorString((cudaError_t)-1), "unrecognized error code") == 0);

    /* Last-error semantics. */
    CHECK_ERR(cudaGetLastError(), cudaSuccess);
    CHECK_ERR(cudaSetDevice(7), cudaErrorInvalidDevice);
    CHECK_ERR(cudaPeekAtLastError(), cudaErrorInvalidDevice);
    CHECK_ERR(cudaPeekAtLastError(), cudaErrorInvalidDevice);   /* peek does not clear */
    pthread_t t;
    void *res;
    CHECK(pthread_create(&t, NULL, other_thread, NULL) == 0);
    CHECK(pthread_join(t, &res) == 0);
    CHECK((cudaError_t)(size_t)res == cudaSuccess);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidDevice);      /* get returns ... */
    CHECK_ERR(cudaGetLastError(), cudaSuccess);                 /* ... and clears */
    /* A later success does not clear a pending error; a later failure replaces it. */
    CHECK_ERR(cudaMalloc(NULL, 16), cudaErrorInvalidValue);
    CHECK_OK(cudaSetDevice(0));
    CHECK_ERR(cudaPeekAtLastError(), cudaErrorInvalidValue);
    CHECK_ERR(cudaSetDevice(-1), cudaErrorInvalidDevice);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidDevice);
    /* Not sticky: the runtime goes on working after an error. */
    void *p = NULL;
    CHECK_OK(cudaMalloc(&p, 64));
    CHECK_OK(cudaFree(p));
    CHECK_ERR(cudaGetLastError(), cudaSuccess);
    return check_report();
}
