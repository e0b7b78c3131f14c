// cu2c's cuFFT multi-GPU tests (tests/run/cufft_xt_multi_gpu_*.cu): a failure counter, a
// check printing the first failures, and the devices every test runs on.
#ifndef CU2C_TEST_CUFFT_XT_CHECKS_H
#define CU2C_TEST_CUFFT_XT_CHECKS_H
#include <cstdio>
#include <cuda_runtime.h>

static int failures;

#define CHECK(cond, ...)                                                \
    do {                                                                \
        if (!(cond)) {                                                  \
            if (++failures < 20) {                                      \
                printf("FAIL line %d: %s: ", __LINE__, #cond);          \
                printf(__VA_ARGS__);                                    \
                printf("\n");                                           \
            }                                                           \
        }                                                               \
    } while (0)

static int ndev, gpus[16];   // the devices (at most 16), gpus[i] = i

// At least two devices (CU2C_DEVICES): ndev and gpus set, else a message and false.
static bool two_devices_or_more() {
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev < 2) {
        printf("needs two devices\n");
        return false;
    }
    if (ndev > 16)
        ndev = 16;
    for (int i = 0; i < ndev; i++)
        gpus[i] = i;
    return true;
}

#endif
