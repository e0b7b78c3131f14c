/* generate.c - cuRAND's generation calls: check the request, describe it as a job, launch the
 * job as a kernel of the runtime on the generator's stream (so it runs in the stream's order
 * with its other work, its blocks spread over every worker), advance the generator.
 *
 * Which numbers come out (README "cuRAND"): a pseudo-random generator's stream is the one
 * sequence of its engine as the device API gives it, curand_init(seed, 0, offset), the
 * offset counting the engine's 32-bit outputs; a call takes each element from where the
 * previous ones left it (uniform floats and normals: 1 output per element, doubles of
 * XORWOW and Philox 2, MRG32k3a 1 step), so that results do not depend on how many workers
 * run it or how calls split a sequence. Each block starts its own state there with a jump. */
#include "curand_internal.h"

#include <cu2c/kernel.h>
#include <math.h>
#include <pthread.h>

#define CHUNK ((size_t)1 << 16)   /* elements per block */

/* Elements [*begin, *end) of the job's block k. */
static void block_range(const curand_job *j, size_t k, size_t *begin, size_t *end)
{
    if (j->output == OUT_POISSON && j->engine != ENGINE_SOBOL32 && j->engine != ENGINE_SOBOL64) {
        size_t lead = (size_t)((CURAND_POISSON_RUN - j->position % CURAND_POISSON_RUN) % CURAND_POISSON_RUN);
        if (lead > j->n)
            lead = j->n;
        if (lead && k == 0) {
            *begin = 0;
            *end = lead;
            return;
        }
        *begin = lead + (k - (lead ? 1 : 0)) * CURAND_POISSON_RUN;
        *end = *begin + CURAND_POISSON_RUN < j->n ? *begin + CURAND_POISSON_RUN : j->n;
        return;
    }
    *begin = k * j->chunk;
    *end = *begin + j->chunk < j->n ? *begin + j->chunk : j->n;
}

static size_t block_count(const curand_job *j)
{
    if (j->output == OUT_POISSON && j->engine != ENGINE_SOBOL32 && j->engine != ENGINE_SOBOL64) {
        size_t lead = (size_t)((CURAND_POISSON_RUN - j->position % CURAND_POISSON_RUN) % CURAND_POISSON_RUN);
        if (lead >= j->n)
            return 1;
        return (lead ? 1 : 0) + (j->n - lead + CURAND_POISSON_RUN - 1) / CURAND_POISSON_RUN;
    }
    return (j->n + j->chunk - 1) / j->chunk;
}

/* The kernel's block function: one block fills one range. */
static void generation_block(void **args, cu2c_block *blk)
{
    const curand_job *j = args[0];
    size_t begin, end;
    block_range(j, blk->blockIdx.x, &begin, &end);
    if (begin >= end)
        return;
    if (j->engine == ENGINE_SOBOL32 || j->engine == ENGINE_SOBOL64)
        curand_fill_sobol(j, begin, end);
    else
        curand_fill_pseudo(j, begin, end);
}

/* The kernel's host stub: its address names the kernel to the runtime. */
static void generation_stub(void) {}

static pthread_once_t registered = PTHREAD_ONCE_INIT;

static void register_generation(void)
{
    static const size_t sizes[1] = {sizeof(curand_job)};
    cu2c_register_kernel((const void *)generation_stub, generation_block, "curand_generate", 1, sizes);
}

curandStatus_t curand_launch(curandGenerator_t g, const curand_job *job)
{
    if (job->n == 0)
        return CURAND_STATUS_SUCCESS;
    if (!job->out)
        return CURAND_STATUS_LAUNCH_FAILURE;
    pthread_once(&registered, register_generation);
    size_t blocks = block_count(job);
    if (blocks > 0x7fffffff)
        return CURAND_STATUS_LAUNCH_FAILURE;
    dim3 grid = {(unsigned)blocks, 1, 1}, block = {1, 1, 1};
    void *args[1] = {(void *)job};
    if (cudaLaunchKernel((const void *)generation_stub, grid, block, args, 0, g->stream) != cudaSuccess)
        return CURAND_STATUS_LAUNCH_FAILURE;
    if (g->host && cudaStreamSynchronize(g->stream) != cudaSuccess)
        return CURAND_STATUS_LAUNCH_FAILURE;
    return CURAND_STATUS_SUCCESS;
}

static int is_quasi(const curandGenerator_t g)
{
    return g->engine == ENGINE_SOBOL32 || g->engine == ENGINE_SOBOL64;
}

/* Engine outputs per element of a pseudo-random call. */
static unsigned long long draws_per_element(curand_engine e, curand_output o)
{
    int dbl = o == OUT_UNIFORM_DOUBLE || o == OUT_NORMAL_DOUBLE || o == OUT_LOGNORMAL_DOUBLE;
    return dbl && e != ENGINE_MRG ? 2 : 1;
}

/* Checks the request's length, launches it, advances the generator. */
static curandStatus_t generate(curandGenerator_t g, curand_output o, void *out, size_t n, double a, double b)
{
    int normal = o == OUT_NORMAL || o == OUT_NORMAL_DOUBLE || o == OUT_LOGNORMAL || o == OUT_LOGNORMAL_DOUBLE;
    if (is_quasi(g) ? n % g->dimensions != 0 : normal && n % 2 != 0)
        return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
    curand_job j = {.engine = g->engine, .output = o, .out = out, .n = n, .chunk = CHUNK,
                    .seed = g->seed, .position = g->offset, .dimensions = g->dimensions, .a = a, .b = b};
    if (is_quasi(g)) {
        j.per_dimension = n / g->dimensions;
    } else {
        j.draws = draws_per_element(g->engine, o);
        /* blocks stay below 2^31 (a chunk stays even: normals come in pairs) */
        while (n / j.chunk >= 0x7fffffff)
            j.chunk *= 2;
    }
    curandStatus_t s = curand_launch(g, &j);
    if (s == CURAND_STATUS_SUCCESS)
        g->offset += is_quasi(g) ? (unsigned long long)j.per_dimension : (unsigned long long)n * j.draws;
    return s;
}

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (generator->engine == ENGINE_SOBOL64)
        return CURAND_STATUS_TYPE_ERROR;
    return generate(generator, OUT_UINT, outputPtr, num, 0, 0);
}

curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr, size_t num)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (generator->engine != ENGINE_SOBOL64)
        return CURAND_STATUS_TYPE_ERROR;
    return generate(generator, OUT_ULL, outputPtr, num, 0, 0);
}

curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return generate(generator, OUT_UNIFORM, outputPtr, num, 0, 0);
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr, size_t num)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return generate(generator, OUT_UNIFORM_DOUBLE, outputPtr, num, 0, 0);
}

curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean,
                                    float stddev)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return generate(generator, OUT_NORMAL, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n, double mean,
                                          double stddev)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return generate(generator, OUT_NORMAL_DOUBLE, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean,
                                       float stddev)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return generate(generator, OUT_LOGNORMAL, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                             double mean, double stddev)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    return generate(generator, OUT_LOGNORMAL_DOUBLE, outputPtr, n, mean, stddev);
}

curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr, size_t n, double lambda)
{
    if (!generator)
        return CURAND_STATUS_NOT_INITIALIZED;
    if (!(lambda > 0.0 && lambda <= 400000.0))
        return CURAND_STATUS_OUT_OF_RANGE;
    return generate(generator, OUT_POISSON, outputPtr, n, lambda, 0);
}

/* Every method draws from the same Poisson distribution here (the device API's algorithms,
 * README "cuRAND"): the method is checked, not followed. */
curandStatus_t curandGeneratePoissonMethod(curandGenerator_t generator, unsigned int *outputPtr, size_t n,
                                           double lambda, curandMethod_t method)
{
    if (method < CURAND_CHOOSE_BEST || method > CURAND_POISSON)
        return CURAND_STATUS_OUT_OF_RANGE;
    return curandGeneratePoisson(generator, outputPtr, n, lambda);
}
