/* Shared by the runtime tests: CHECK records a failure with its line and goes on, so one run
 * reports every mismatch; a test ends with `return check_report();`. */
#ifndef CU2C_TEST_CHECK_H
#define CU2C_TEST_CHECK_H

#include <stdio.h>

static int check_failures;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            check_failures++;                                                         \
        }                                                                             \
    } while (0)

/* A runtime call that must succeed; prints the error's name when it does not. */
#define CHECK_OK(call)                                                                  \
    do {                                                                                \
        cudaError_t check_e_ = (call);                                                  \
        if (check_e_ != cudaSuccess) {                                                  \
            fprintf(stderr, "%s:%d: %s returned %s\n", __FILE__, __LINE__, #call,       \
                    cudaGetErrorName(check_e_));                                        \
            check_failures++;                                                           \
        }                                                                               \
    } while (0)

/* A runtime call that must fail with `want`. */
#define CHECK_ERR(call, want)                                                           \
    do {                                                                                \
        cudaError_t check_e_ = (call);                                                  \
        if (check_e_ != (want)) {                                                       \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s\n", __FILE__, __LINE__, \
                    #call, cudaGetErrorName(check_e_), #want);                          \
            check_failures++;                                                           \
        }                                                                               \
    } while (0)

static int check_report(void)
{
    if (check_failures)
        fprintf(stderr, "%d check(s) failed\n", check_failures);
    return check_failures != 0;
}

#endif
