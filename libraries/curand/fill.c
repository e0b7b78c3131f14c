/* fill.c - a block of a pseudo-random generation: one state of the engine started where the
 * block's first element is (curand_init's jump), then the device API's functions in order.
 * Normals come in Box-Muller pairs (blocks start at even elements). Poisson values come in
 * runs (CURAND_POISSON_RUN): a run's state is its own subsequence, and a block starting
 * inside a run draws the run's earlier values and drops them. */
#include "curand_internal.h"

#include <curand_kernel.h>

/* The 53-bit uniform double of an engine: two outputs of XORWOW or Philox, one MRG32k3a step. */
static inline double uniform53_xorwow(curandStateXORWOW_t *s)
{
    return cu2c_curand_uniform_double_xorwow(s);
}
static inline double uniform53_philox(curandStatePhilox4_32_10_t *s)
{
    unsigned int x = cu2c_curand_philox(s);
    unsigned int y = cu2c_curand_philox(s);
    return cu2c_uniform_double_of2(x, y);
}
static inline double uniform53_mrg(curandStateMRG32k3a_t *s)
{
    return cu2c_curand_uniform_double_mrg(s);
}

/* fill_E: elements [b, e) of job j from engine E (state type T). */
#define FILL_PSEUDO(E, T)                                                                         \
    static void fill_##E(const curand_job *j, size_t b, size_t e)                                 \
    {                                                                                             \
        T s;                                                                                      \
        if (j->output == OUT_POISSON) {                                                           \
            unsigned long long at = j->position + b;                                              \
            cu2c_curand_init_##E(j->seed, at / CURAND_POISSON_RUN + 1, 0, &s);                    \
            for (unsigned long long skip = at % CURAND_POISSON_RUN; skip > 0; skip--)            \
                (void)cu2c_curand_poisson_##E(&s, j->a);                                          \
            unsigned int *o = j->out;                                                             \
            for (size_t i = b; i < e; i++)                                                        \
                o[i] = cu2c_curand_poisson_##E(&s, j->a);                                         \
            return;                                                                               \
        }                                                                                         \
        cu2c_curand_init_##E(j->seed, 0, j->position + (unsigned long long)b * j->draws, &s);     \
        switch (j->output) {                                                                      \
        case OUT_UINT: {                                                                          \
            unsigned int *o = j->out;                                                             \
            for (size_t i = b; i < e; i++)                                                        \
                o[i] = cu2c_curand_##E(&s);                                                       \
            break;                                                                                \
        }                                                                                         \
        case OUT_UNIFORM: {                                                                       \
            float *o = j->out;                                                                    \
            for (size_t i = b; i < e; i++)                                                        \
                o[i] = cu2c_curand_uniform_##E(&s);                                               \
            break;                                                                                \
        }                                                                                         \
        case OUT_UNIFORM_DOUBLE: {                                                                \
            double *o = j->out;                                                                   \
            for (size_t i = b; i < e; i++)                                                        \
                o[i] = uniform53_##E(&s);                                                         \
            break;                                                                                \
        }                                                                                         \
        case OUT_NORMAL:                                                                          \
        case OUT_LOGNORMAL: {                                                                     \
            float *o = j->out, mean = (float)j->a, sd = (float)j->b;                              \
            int lg = j->output == OUT_LOGNORMAL;                                                  \
            for (size_t i = b; i < e; i += 2) {                                                   \
                float2 v = cu2c_normal_pair_##E(&s);                                              \
                o[i] = lg ? expf(fmaf(sd, v.x, mean)) : fmaf(sd, v.x, mean);                              \
                o[i + 1] = lg ? expf(fmaf(sd, v.y, mean)) : fmaf(sd, v.y, mean);                          \
            }                                                                                     \
            break;                                                                                \
        }                                                                                         \
        case OUT_NORMAL_DOUBLE:                                                                   \
        case OUT_LOGNORMAL_DOUBLE: {                                                              \
            double *o = j->out, mean = j->a, sd = j->b;                                           \
            int lg = j->output == OUT_LOGNORMAL_DOUBLE;                                           \
            for (size_t i = b; i < e; i += 2) {                                                   \
                double2 v = cu2c_normal_pair_double_##E(&s);                                      \
                o[i] = lg ? exp(fma(sd, v.x, mean)) : fma(sd, v.x, mean);                               \
                o[i + 1] = lg ? exp(fma(sd, v.y, mean)) : fma(sd, v.y, mean);                           \
            }                                                                                     \
            break;                                                                                \
        }                                                                                         \
        default: /* OUT_ULL is Sobol64's, refused before */                                       \
            break;                                                                                \
        }                                                                                         \
    }

FILL_PSEUDO(xorwow, curandStateXORWOW_t)
FILL_PSEUDO(philox, curandStatePhilox4_32_10_t)
FILL_PSEUDO(mrg, curandStateMRG32k3a_t)

void curand_fill_pseudo(const curand_job *job, size_t begin, size_t end)
{
    switch (job->engine) {
    case ENGINE_XORWOW: fill_xorwow(job, begin, end); break;
    case ENGINE_PHILOX: fill_philox(job, begin, end); break;
    case ENGINE_MRG: fill_mrg(job, begin, end); break;
    default: break;
    }
}
