/* curand_internal.h - libcurand's parts: the generator object (generator.c), the jobs the
 * generation calls launch (generate.c) and what fills a block of a job's output (fill.c for
 * the pseudo-random generators, sobol.c for the quasi-random ones). */
#ifndef CU2C_CURAND_INTERNAL_H
#define CU2C_CURAND_INTERNAL_H

#include <stddef.h>
#include <curand.h>

/* Dimensions of the Sobol generators (Joe and Kuo's table in sobol_joe_kuo.c). */
#define CURAND_SOBOL_MAX_DIMENSIONS 300
/* The largest dimension count cuRAND accepts (beyond: OUT_OF_RANGE there too). */
#define CURAND_NVIDIA_MAX_DIMENSIONS 20000

/* The engine behind a generator type. */
typedef enum curand_engine {
    ENGINE_XORWOW,   /* CURAND_RNG_PSEUDO_DEFAULT, _XORWOW */
    ENGINE_PHILOX,   /* CURAND_RNG_PSEUDO_PHILOX4_32_10 */
    ENGINE_MRG,      /* CURAND_RNG_PSEUDO_MRG32K3A */
    ENGINE_SOBOL32,  /* CURAND_RNG_QUASI_DEFAULT, _SOBOL32 */
    ENGINE_SOBOL64,  /* CURAND_RNG_QUASI_SOBOL64 */
} curand_engine;

/* What a generation call writes. */
typedef enum curand_output {
    OUT_UINT,            /* curandGenerate: unsigned int */
    OUT_ULL,             /* curandGenerateLongLong: unsigned long long (Sobol64) */
    OUT_UNIFORM,         /* float in (0, 1] */
    OUT_UNIFORM_DOUBLE,  /* double in (0, 1] */
    OUT_NORMAL,          /* float, mean a, standard deviation b */
    OUT_NORMAL_DOUBLE,
    OUT_LOGNORMAL,       /* exp of a normal (mean a, standard deviation b) */
    OUT_LOGNORMAL_DOUBLE,
    OUT_POISSON,         /* unsigned int, lambda a */
} curand_output;

struct curandGenerator_st {
    curandRngType_t type;          /* as created */
    curand_engine engine;
    int host;                      /* curandCreateGeneratorHost: each call waits for its results */
    unsigned long long seed;
    unsigned long long offset;     /* where the next call starts: 32-bit outputs of the engine
                                    * (pseudo, see generate.c), points per dimension (quasi) */
    curandOrdering_t ordering;
    unsigned int dimensions;       /* quasi: 1 by default */
    cudaStream_t stream;
};

/* One generation call, as the launched blocks see it (copied at the launch). */
typedef struct curand_job {
    curand_engine engine;
    curand_output output;
    void *out;
    size_t n;                      /* elements */
    size_t chunk;                  /* elements per block (pseudo, quasi); Poisson: see below */
    unsigned long long seed;
    unsigned long long position;   /* pseudo: engine output of element 0; quasi: point index */
    unsigned long long draws;      /* pseudo: engine outputs per element */
    unsigned int dimensions;       /* quasi */
    size_t per_dimension;          /* quasi: n / dimensions */
    double a, b;                   /* mean and standard deviation, or lambda */
} curand_job;

/* Poisson values of a pseudo-random generator come in aligned runs of this many positions,
 * run r from subsequence r + 1 of the engine, so that they do not depend on how the calls or
 * the blocks split them. */
#define CURAND_POISSON_RUN 4096

/* Writes elements [begin, end) of the job's output. */
void curand_fill_pseudo(const curand_job *job, size_t begin, size_t end);
void curand_fill_sobol(const curand_job *job, size_t begin, size_t end);

/* Launches the job on the generator's stream (and waits for a host generator). */
curandStatus_t curand_launch(curandGenerator_t g, const curand_job *job);

/* The direction vectors of Sobol dimension d (0-based, < CURAND_SOBOL_MAX_DIMENSIONS). */
const unsigned int *curand_sobol_vectors32(unsigned int d);
const unsigned long long *curand_sobol_vectors64(unsigned int d);

/* Joe and Kuo's lines for dimensions 2.. (sobol_joe_kuo.c). */
extern const char curand_sobol_joe_kuo[];

#endif /* CU2C_CURAND_INTERNAL_H */
