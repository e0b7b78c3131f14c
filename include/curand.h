/* curand.h - cuRAND's host API for cu2c (link with -lcurand: lib64/libcurand.a).
 *
 * Generators fill memory (cudaMalloc'd, or any host memory: it is the same here) with
 * pseudo-random (XORWOW, MRG32k3a, Philox4x32-10) or quasi-random (Sobol, 32 and 64 bit)
 * numbers, on all cores, in the order of their stream (curandSetStream). Names, types, enum
 * values and status codes are cuRAND 10.4's (CUDA 12.8). What is provided and how its
 * sequences relate to NVIDIA's: README, section "cuRAND". Not provided: the MTGP32/MT19937
 * and scrambled Sobol generators (CURAND_STATUS_TYPE_ERROR at creation); binomial, discrete
 * distributions and the direction-vector calls are not declared (a compile error where
 * used). */
#ifndef CU2C_CURAND_H
#define CU2C_CURAND_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define CURAND_H_ /* the toolkit's guard, which programs test */

#include <stddef.h>
#include <cuda_runtime.h>

#include <library_types.h>   /* libraryPropertyType */

#ifndef CURANDAPI
#define CURANDAPI
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define CURAND_VER_MAJOR 10
#define CURAND_VER_MINOR 4
#define CURAND_VER_PATCH 0
#define CURAND_VER_BUILD 35
#define CURAND_VERSION (CURAND_VER_MAJOR * 1000 + CURAND_VER_MINOR * 100 + CURAND_VER_PATCH)

/* Status codes, as cuRAND numbers them. */
enum curandStatus {
    CURAND_STATUS_SUCCESS = 0,                   /* no error */
    CURAND_STATUS_VERSION_MISMATCH = 100,        /* header and library versions differ */
    CURAND_STATUS_NOT_INITIALIZED = 101,         /* no generator (a null handle) */
    CURAND_STATUS_ALLOCATION_FAILED = 102,       /* memory could not be allocated */
    CURAND_STATUS_TYPE_ERROR = 103,              /* the generator type is wrong for the call */
    CURAND_STATUS_OUT_OF_RANGE = 104,            /* an argument is out of range */
    CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,     /* the length is not a multiple of what it must be */
    CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106, /* never here: the CPU has doubles */
    CURAND_STATUS_LAUNCH_FAILURE = 201,          /* the generation could not be launched */
    CURAND_STATUS_PREEXISTING_FAILURE = 202,     /* an earlier error of the runtime */
    CURAND_STATUS_INITIALIZATION_FAILED = 203,   /* the runtime could not be set up */
    CURAND_STATUS_ARCH_MISMATCH = 204,           /* the device lacks a feature */
    CURAND_STATUS_INTERNAL_ERROR = 999           /* a bug of the library */
};
typedef enum curandStatus curandStatus_t;

/* Generator types. */
enum curandRngType {
    CURAND_RNG_TEST = 0,
    CURAND_RNG_PSEUDO_DEFAULT = 100,             /* XORWOW */
    CURAND_RNG_PSEUDO_XORWOW = 101,
    CURAND_RNG_PSEUDO_MRG32K3A = 121,
    CURAND_RNG_PSEUDO_MTGP32 = 141,              /* not provided: TYPE_ERROR */
    CURAND_RNG_PSEUDO_MT19937 = 142,             /* not provided: TYPE_ERROR */
    CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
    CURAND_RNG_QUASI_DEFAULT = 200,              /* Sobol32 */
    CURAND_RNG_QUASI_SOBOL32 = 201,
    CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,    /* not provided: TYPE_ERROR */
    CURAND_RNG_QUASI_SOBOL64 = 203,
    CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204     /* not provided: TYPE_ERROR */
};
typedef enum curandRngType curandRngType_t;

/* Orderings of results in memory. */
enum curandOrdering {
    CURAND_ORDERING_PSEUDO_BEST = 100,
    CURAND_ORDERING_PSEUDO_DEFAULT = 101,
    CURAND_ORDERING_PSEUDO_SEEDED = 102,
    CURAND_ORDERING_PSEUDO_LEGACY = 103,
    CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
    CURAND_ORDERING_QUASI_DEFAULT = 201
};
typedef enum curandOrdering curandOrdering_t;

/* Sets of Sobol direction vectors. */
enum curandDirectionVectorSet {
    CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
    CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
    CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
    CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
};
typedef enum curandDirectionVectorSet curandDirectionVectorSet_t;

typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];

struct curandGenerator_st;
typedef struct curandGenerator_st *curandGenerator_t;

typedef double curandDistribution_st;
typedef curandDistribution_st *curandDistribution_t;
typedef struct curandDistributionShift_st *curandDistributionShift_t;
typedef struct curandDistributionM2Shift_st *curandDistributionM2Shift_t;
typedef struct curandHistogramM2_st *curandHistogramM2_t;
typedef unsigned int curandHistogramM2K_st;
typedef curandHistogramM2K_st *curandHistogramM2K_t;
typedef curandDistribution_st curandHistogramM2V_st;
typedef curandHistogramM2V_st *curandHistogramM2V_t;
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;

/* Methods of curandGeneratePoissonMethod & co. */
enum curandMethod {
    CURAND_CHOOSE_BEST = 0,
    CURAND_ITR = 1,
    CURAND_KNUTH = 2,
    CURAND_HITR = 3,
    CURAND_M1 = 4,
    CURAND_M2 = 5,
    CURAND_BINARY_SEARCH = 6,
    CURAND_DISCRETE_GAUSS = 7,
    CURAND_REJECTION = 8,
    CURAND_DEVICE_API = 9,
    CURAND_FAST_REJECTION = 10,
    CURAND_3RD = 11,
    CURAND_DEFINITION = 12,
    CURAND_POISSON = 13
};
typedef enum curandMethod curandMethod_t;

curandStatus_t CURANDAPI curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t CURANDAPI curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t CURANDAPI curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t CURANDAPI curandGetVersion(int *version);
curandStatus_t CURANDAPI curandGetProperty(libraryPropertyType type, int *value);
curandStatus_t CURANDAPI curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t CURANDAPI curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed);
curandStatus_t CURANDAPI curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset);
curandStatus_t CURANDAPI curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order);
curandStatus_t CURANDAPI curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator,
                                                                 unsigned int num_dimensions);
curandStatus_t CURANDAPI curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num);
curandStatus_t CURANDAPI curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr,
                                                size_t num);
curandStatus_t CURANDAPI curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num);
curandStatus_t CURANDAPI curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr, size_t num);
curandStatus_t CURANDAPI curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                              float mean, float stddev);
curandStatus_t CURANDAPI curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                                    double mean, double stddev);
curandStatus_t CURANDAPI curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                                 float mean, float stddev);
curandStatus_t CURANDAPI curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr,
                                                       size_t n, double mean, double stddev);
curandStatus_t CURANDAPI curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr, size_t n,
                                               double lambda);
curandStatus_t CURANDAPI curandGeneratePoissonMethod(curandGenerator_t generator, unsigned int *outputPtr,
                                                     size_t n, double lambda, curandMethod_t method);
curandStatus_t CURANDAPI curandGenerateSeeds(curandGenerator_t generator);

#ifdef __cplusplus
}
#endif

#endif /* CU2C_CURAND_H */
