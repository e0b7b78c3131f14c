/* sobol.c - the quasi-random generators: Sobol's sequence in 32 and 64 bits, Gray-code
 * order (as cuRAND), dimensions 1..CURAND_SOBOL_MAX_DIMENSIONS. Output layout as cuRAND's
 * CURAND_ORDERING_QUASI_DEFAULT: the call's n / dimensions points of dimension 0, then of
 * dimension 1, ...; point i of a call is point offset + i of the sequence.
 *
 * Direction vectors are derived at first use from Joe and Kuo's primitive polynomials and
 * initial numbers (sobol_joe_kuo.c): v_k = m_k 2^(w-k) for k <= s, then
 * v_k = v_{k-s} ^ (v_{k-s} >> s) ^ a_1 v_{k-1} ^ ... ^ a_{s-1} v_{k-s+1}. Dimension 1 is the
 * van der Corput sequence (all m_k = 1). Normals (and log-normals) are the inverse normal
 * CDF of the point's uniform, Poisson values its inversion (cuRAND's method for its
 * quasi-random generators). */
#include "curand_internal.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static unsigned int vectors32[CURAND_SOBOL_MAX_DIMENSIONS][32];
static unsigned long long vectors64[CURAND_SOBOL_MAX_DIMENSIONS][64];
static pthread_once_t built = PTHREAD_ONCE_INIT;

/* Dimension d's vectors from degree s, coefficients a and initial numbers m[0..s-1]. */
static void derive(unsigned int d, unsigned int s, unsigned int a, const unsigned int *m)
{
    unsigned long long *v = vectors64[d];
    for (unsigned int k = 0; k < 64; k++) {
        if (k < s) {
            v[k] = (unsigned long long)m[k] << (63 - k);
            continue;
        }
        unsigned long long x = v[k - s] ^ (v[k - s] >> s);
        for (unsigned int i = 1; i < s; i++)
            if (a >> (s - 1 - i) & 1)
                x ^= v[k - i];
        v[k] = x;
    }
    for (unsigned int k = 0; k < 32; k++)   /* the 32-bit vectors are the top halves */
        vectors32[d][k] = (unsigned int)(v[k] >> 32);
}

static void build(void)
{
    /* dimension 1: v_k = 2^(w-1-k) */
    for (unsigned int k = 0; k < 64; k++)
        vectors64[0][k] = 1ull << (63 - k);
    for (unsigned int k = 0; k < 32; k++)
        vectors32[0][k] = 1u << (31 - k);
    const char *p = curand_sobol_joe_kuo;
    for (unsigned int d = 1; d < CURAND_SOBOL_MAX_DIMENSIONS; d++) {
        char *q;
        unsigned long dim = strtoul(p, &q, 10);
        unsigned long s = strtoul(q, &q, 10);
        unsigned long a = strtoul(q, &q, 10);
        unsigned int m[32];
        for (unsigned long k = 0; k < s && k < 32; k++)
            m[k] = (unsigned int)strtoul(q, &q, 10);
        p = q;
        /* the table is this file's own data: a line out of place is a bug of the library */
        if (dim != d + 1 || s < 1 || s > 31)
            abort();
        derive(d, (unsigned int)s, (unsigned int)a, m);
    }
}

const unsigned int *curand_sobol_vectors32(unsigned int d)
{
    pthread_once(&built, build);
    return vectors32[d];
}

const unsigned long long *curand_sobol_vectors64(unsigned int d)
{
    pthread_once(&built, build);
    return vectors64[d];
}

/* The standard normal quantile of u in (0, 1): Acklam's rational approximation refined by
 * one Halley step on erfc (full double precision). */
static double normal_quantile(double u)
{
    static const double a[6] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[5] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                6.680131188771972e+01, -1.328068155288572e+01};
    static const double c[6] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static const double e[4] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                3.754408661907416e+00};
    double x;
    if (u < 0.02425 || u > 1 - 0.02425) {
        double q = sqrt(-2 * log(u < 0.5 ? u : 1 - u));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((e[0] * q + e[1]) * q + e[2]) * q + e[3]) * q + 1);
        if (u > 0.5)
            x = -x;
    } else {
        double q = u - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    double err = 0.5 * erfc(-x / sqrt(2.0)) - u;
    double t = err * sqrt(2 * M_PI) * exp(x * x / 2);
    return x - t / (1 + x * t / 2);
}

/* Poisson(lambda) by inversion of the uniform u in (0, 1) (cuRAND's ITR: the CDF summed in
 * windows of 500 so that e^-lambda does not underflow); a normal approximation from 1000. */
static unsigned int poisson_of(double u, double lambda)
{
    if (lambda >= 1000)
        return (unsigned int)(sqrt(lambda) * normal_quantile(u) + lambda + 0.5);
    double p = 1.0, q = 1.0;
    unsigned int k = 0;
    int pw = 0;
    do {
        double l = lambda > pw + 500.0 ? exp(-500.0) : exp(pw - lambda);
        p *= l;
        q *= l;
        pw += 500;
        while (u > q) {
            k++;
            p *= lambda / k;
            q += p;
        }
    } while (pw < lambda);
    return k;
}

/* Writes element i of the output from the point's bits: x32 (Sobol32) or x64 (Sobol64),
 * u its uniform in (0, 1) as a double. */
static inline void put(const curand_job *j, size_t i, unsigned int x32, unsigned long long x64, double u)
{
    switch (j->output) {
    case OUT_UINT: ((unsigned int *)j->out)[i] = x32; break;
    case OUT_ULL: ((unsigned long long *)j->out)[i] = x64; break;
    case OUT_UNIFORM: ((float *)j->out)[i] = x32 * 2.3283064e-10f + 2.3283064e-10f / 2.0f; break;
    case OUT_UNIFORM_DOUBLE:
        ((double *)j->out)[i] = j->engine == ENGINE_SOBOL32 ? x32 * 2.3283064365386963e-10 + 2.3283064365386963e-10
                                                            : (x64 >> 11) * 1.1102230246251565e-16 + 1.1102230246251565e-16 / 2;
        break;
    case OUT_NORMAL: ((float *)j->out)[i] = (float)(j->a + j->b * normal_quantile(u)); break;
    case OUT_NORMAL_DOUBLE: ((double *)j->out)[i] = j->a + j->b * normal_quantile(u); break;
    case OUT_LOGNORMAL: ((float *)j->out)[i] = (float)exp(j->a + j->b * normal_quantile(u)); break;
    case OUT_LOGNORMAL_DOUBLE: ((double *)j->out)[i] = exp(j->a + j->b * normal_quantile(u)); break;
    case OUT_POISSON: ((unsigned int *)j->out)[i] = poisson_of(u, j->a); break;
    }
}

/* Elements [begin, end) of the output: runs of consecutive points of one dimension. */
void curand_fill_sobol(const curand_job *j, size_t begin, size_t end)
{
    int wide = j->engine == ENGINE_SOBOL64;
    for (size_t idx = begin; idx < end;) {
        unsigned int d = (unsigned int)(idx / j->per_dimension);
        size_t first = idx % j->per_dimension;
        size_t stop = end - idx < j->per_dimension - first ? first + (end - idx) : j->per_dimension;
        size_t base = idx - first;
        unsigned long long point = j->position + first;
        if (wide) {
            const unsigned long long *v = curand_sobol_vectors64(d);
            unsigned long long g = point ^ (point >> 1), x = 0;
            for (int k = 0; g; k++, g >>= 1)
                if (g & 1)
                    x ^= v[k];
            for (size_t i = first; i < stop; i++, point++) {
                put(j, base + i, (unsigned int)(x >> 32), x, ((x >> 11) + 0.5) * 1.1102230246251565e-16);
                x ^= v[__builtin_ctzll(~point)];
            }
        } else {
            const unsigned int *v = curand_sobol_vectors32(d);
            unsigned int p32 = (unsigned int)point, g = p32 ^ (p32 >> 1), x = 0;
            for (int k = 0; g; k++, g >>= 1)
                if (g & 1)
                    x ^= v[k];
            for (size_t i = first; i < stop; i++, p32++) {
                put(j, base + i, x, x, (x + 0.5) * 2.3283064365386963e-10);
                x = ~p32 ? x ^ v[__builtin_ctz(~p32)] : 0;   /* past 2^32 points: from the start */
            }
        }
        idx = base + stop;
    }
}
