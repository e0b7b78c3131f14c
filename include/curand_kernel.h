/* curand_kernel.h - cuRAND's device API for cu2c: per-thread generator states used inside
 * kernels (header-only, as in CUDA: no -lcurand needed).
 *
 * Generators: curandState / curandStateXORWOW_t, curandStatePhilox4_32_10_t,
 * curandStateMRG32k3a_t (cu2c/curand_engines.h); distributions (cu2c/curand_distributions.h).
 * Their sequences are NVIDIA's bit for bit: curand_init, curand, curand4, skipahead,
 * skipahead_sequence (skipahead_subsequence for MRG32k3a), curand_uniform(_double,4,
 * 2_double); normals, log-normals and Poisson values use the same outputs in the same order
 * but the host's libm (last-place differences from the GPU's, see README "cuRAND").
 * Not provided (a compile error where used): the Sobol and MTGP32 device states, the
 * discrete-distribution functions, the double4 Philox forms.
 *
 * The overloaded names are C++ overloads, or _Generic macros choosing by the state pointer's
 * type in C output. */
#ifndef CU2C_CURAND_KERNEL_H
#define CU2C_CURAND_KERNEL_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define CURAND_KERNEL_H_ /* the toolkit's guard, which programs test */

#include <curand.h>
#include "cu2c/curand_engines.h"
#include "cu2c/curand_distributions.h"

#ifdef __cplusplus

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

/* cuRAND's names for generator E (state type T). */
#define CU2C_CURAND_NAMES(E, T)                                                                   \
    static inline void curand_init(unsigned long long seed, unsigned long long subsequence,       \
                                   unsigned long long offset, T *s)                               \
    {                                                                                             \
        cu2c_curand_init_##E(seed, subsequence, offset, s);                                       \
    }                                                                                             \
    static inline unsigned int curand(T *s) { return cu2c_curand_##E(s); }                        \
    static inline void skipahead(unsigned long long n, T *s) { cu2c_skipahead_##E(n, s); }        \
    static inline void skipahead_sequence(unsigned long long n, T *s)                             \
    {                                                                                             \
        cu2c_skipahead_sequence_##E(n, s);                                                        \
    }                                                                                             \
    static inline float curand_uniform(T *s) { return cu2c_curand_uniform_##E(s); }              \
    static inline double curand_uniform_double(T *s) { return cu2c_curand_uniform_double_##E(s); } \
    static inline float curand_normal(T *s) { return cu2c_curand_normal_##E(s); }                \
    static inline float2 curand_normal2(T *s) { return cu2c_curand_normal2_##E(s); }             \
    static inline double curand_normal_double(T *s) { return cu2c_curand_normal_double_##E(s); } \
    static inline double2 curand_normal2_double(T *s) { return cu2c_curand_normal2_double_##E(s); } \
    static inline float curand_log_normal(T *s, float mean, float stddev)                         \
    {                                                                                             \
        return cu2c_curand_log_normal_##E(s, mean, stddev);                                       \
    }                                                                                             \
    static inline float2 curand_log_normal2(T *s, float mean, float stddev)                       \
    {                                                                                             \
        return cu2c_curand_log_normal2_##E(s, mean, stddev);                                      \
    }                                                                                             \
    static inline double curand_log_normal_double(T *s, double mean, double stddev)               \
    {                                                                                             \
        return cu2c_curand_log_normal_double_##E(s, mean, stddev);                                \
    }                                                                                             \
    static inline double2 curand_log_normal2_double(T *s, double mean, double stddev)             \
    {                                                                                             \
        return cu2c_curand_log_normal2_double_##E(s, mean, stddev);                               \
    }                                                                                             \
    static inline unsigned int curand_poisson(T *s, double lambda)                                \
    {                                                                                             \
        return cu2c_curand_poisson_##E(s, lambda);                                                \
    }

CU2C_CURAND_NAMES(xorwow, curandStateXORWOW_t)
CU2C_CURAND_NAMES(philox, curandStatePhilox4_32_10_t)
CU2C_CURAND_NAMES(mrg, curandStateMRG32k3a_t)
#undef CU2C_CURAND_NAMES

static inline void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *s)
{
    cu2c_skipahead_subsequence_mrg(n, s);
}
static inline uint4 curand4(curandStatePhilox4_32_10_t *s) { return cu2c_curand4_philox(s); }
static inline float4 curand_uniform4(curandStatePhilox4_32_10_t *s)
{
    return cu2c_curand_uniform4_philox(s);
}
static inline double2 curand_uniform2_double(curandStatePhilox4_32_10_t *s)
{
    return cu2c_curand_uniform2_double_philox(s);
}
static inline float4 curand_normal4(curandStatePhilox4_32_10_t *s)
{
    return cu2c_curand_normal4_philox(s);
}
static inline float4 curand_log_normal4(curandStatePhilox4_32_10_t *s, float mean, float stddev)
{
    return cu2c_curand_log_normal4_philox(s, mean, stddev);
}

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#else /* C */

/* cu2c_NAME_E for the generator the state pointer s is. */
#define CU2C_CURAND_PICK(s, name)                                                                 \
    _Generic((s), curandStateXORWOW_t *: cu2c_##name##_xorwow,                                    \
             curandStatePhilox4_32_10_t *: cu2c_##name##_philox,                                  \
             curandStateMRG32k3a_t *: cu2c_##name##_mrg)

#define curand_init(seed, subsequence, offset, s)                                                 \
    CU2C_CURAND_PICK((s), curand_init)((seed), (subsequence), (offset), (s))
#define curand(s) CU2C_CURAND_PICK((s), curand)(s)
#define skipahead(n, s) CU2C_CURAND_PICK((s), skipahead)((n), (s))
#define skipahead_sequence(n, s) CU2C_CURAND_PICK((s), skipahead_sequence)((n), (s))
#define curand_uniform(s) CU2C_CURAND_PICK((s), curand_uniform)(s)
#define curand_uniform_double(s) CU2C_CURAND_PICK((s), curand_uniform_double)(s)
#define curand_normal(s) CU2C_CURAND_PICK((s), curand_normal)(s)
#define curand_normal2(s) CU2C_CURAND_PICK((s), curand_normal2)(s)
#define curand_normal_double(s) CU2C_CURAND_PICK((s), curand_normal_double)(s)
#define curand_normal2_double(s) CU2C_CURAND_PICK((s), curand_normal2_double)(s)
#define curand_log_normal(s, m, d) CU2C_CURAND_PICK((s), curand_log_normal)((s), (m), (d))
#define curand_log_normal2(s, m, d) CU2C_CURAND_PICK((s), curand_log_normal2)((s), (m), (d))
#define curand_log_normal_double(s, m, d) \
    CU2C_CURAND_PICK((s), curand_log_normal_double)((s), (m), (d))
#define curand_log_normal2_double(s, m, d) \
    CU2C_CURAND_PICK((s), curand_log_normal2_double)((s), (m), (d))
#define curand_poisson(s, lambda) CU2C_CURAND_PICK((s), curand_poisson)((s), (lambda))

#define skipahead_subsequence(n, s) cu2c_skipahead_subsequence_mrg((n), (s))
#define curand4(s) cu2c_curand4_philox(s)
#define curand_uniform4(s) cu2c_curand_uniform4_philox(s)
#define curand_uniform2_double(s) cu2c_curand_uniform2_double_philox(s)
#define curand_normal4(s) cu2c_curand_normal4_philox(s)
#define curand_log_normal4(s, m, d) cu2c_curand_log_normal4_philox((s), (m), (d))

#endif /* __cplusplus */

#endif /* CU2C_CURAND_KERNEL_H */
