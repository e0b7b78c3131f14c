/* generator.c - cuRAND's generator objects: creation for the types provided, destruction,
 * seed, offset, ordering, dimensions, stream; the library's version. Status codes as
 * cuRAND documents them (curand.h). */
#include "curand_internal.h"

#include <stdlib.h>

static int is_quasi(curand_engine e)
{
    return e == ENGINE_SOBOL32 || e == ENGINE_SOBOL64;
}

static curandStatus_t create(curandGenerator_t *generator, curandRngType_t type, int host)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    curand_engine e;
    switch (type) {
    case CURAND_RNG_PSEUDO_DEFAULT:
    case CURAND_RNG_PSEUDO_XORWOW: e = ENGINE_XORWOW; break;
    case CURAND_RNG_PSEUDO_PHILOX4_32_10: e = ENGINE_PHILOX; break;
    case CURAND_RNG_PSEUDO_MRG32K3A: e = ENGINE_MRG; break;
    case CURAND_RNG_QUASI_DEFAULT:
    case CURAND_RNG_QUASI_SOBOL32: e = ENGINE_SOBOL32; break;
    case CURAND_RNG_QUASI_SOBOL64: e = ENGINE_SOBOL64; break;
    default:   /* MTGP32, MT19937, scrambled Sobol, the test generator: not provided */
        return CURAND_STATUS_TYPE_ERROR;
    }
    curandGenerator_t g = calloc(1, sizeof *g);
    if (!g)
        return CURAND_STATUS_ALLOCATION_FAILED;
    g->type = type;
    g->engine = e;
    g->host = host;
    g->seed = 0;   /* cuRAND's default seed */
    g->ordering = is_quasi(e) ? CURAND_ORDERING_QUASI_DEFAULT : CURAND_ORDERING_PSEUDO_DEFAULT;
    g->dimensions = 1;
    g->stream = 0;
    *generator = g;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type)
{
    return create(generator, rng_type, 0);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type)
{
    return create(generator, rng_type, 1);
}

/* Generation calls already made stay valid: their jobs were copied at the launch. */
curandStatus_t curandDestroyGenerator(curandGenerator_t generator)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    free(generator);
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int *version)
{
    if (!version)
        return CURAND_STATUS_OUT_OF_RANGE;
    *version = CURAND_VERSION;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetProperty(libraryPropertyType type, int *value)
{
    if (!value)
        return CURAND_STATUS_OUT_OF_RANGE;
    switch (type) {
    case MAJOR_VERSION: *value = CURAND_VER_MAJOR; return CURAND_STATUS_SUCCESS;
    case MINOR_VERSION: *value = CURAND_VER_MINOR; return CURAND_STATUS_SUCCESS;
    case PATCH_LEVEL: *value = CURAND_VER_PATCH; return CURAND_STATUS_SUCCESS;
    default: return CURAND_STATUS_OUT_OF_RANGE;
    }
}

curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    generator->stream = stream;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (is_quasi(generator->engine))
        return CURAND_STATUS_TYPE_ERROR;
    generator->seed = seed;   /* the offset stays where it is, as in cuRAND */
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    generator->offset = offset;
    return CURAND_STATUS_SUCCESS;
}

/* Every pseudo-random ordering gives the same sequence here (README "cuRAND"); quasi-random
 * generators have their one ordering. */
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    int pseudo_order = order == CURAND_ORDERING_PSEUDO_BEST || order == CURAND_ORDERING_PSEUDO_DEFAULT ||
                       order == CURAND_ORDERING_PSEUDO_SEEDED || order == CURAND_ORDERING_PSEUDO_LEGACY ||
                       order == CURAND_ORDERING_PSEUDO_DYNAMIC;
    if (is_quasi(generator->engine) ? order != CURAND_ORDERING_QUASI_DEFAULT : !pseudo_order)
        return CURAND_STATUS_OUT_OF_RANGE;
    generator->ordering = order;
    return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator, unsigned int num_dimensions)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (!is_quasi(generator->engine))
        return CURAND_STATUS_TYPE_ERROR;
    if (num_dimensions < 1 || num_dimensions > CURAND_SOBOL_MAX_DIMENSIONS)
        return CURAND_STATUS_OUT_OF_RANGE;
    generator->dimensions = num_dimensions;
    return CURAND_STATUS_SUCCESS;
}

/* Seeds are set up where each block starts (curand_init): nothing to do ahead. */
curandStatus_t curandGenerateSeeds(curandGenerator_t generator)
{
    return generator ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}
