// cuRAND's device distributions, for each generator (XORWOW, Philox4x32-10, MRG32k3a), 64
// blocks of 64 threads, 64 values per thread (262144 per distribution): uniform (float and
// double) in (0, 1] with mean 1/2 and variance 1/12; normal (float, double, the pair forms,
// the cached second value) with the requested mean and standard deviation; log-normal with
// mean exp(mu + sigma^2/2); Poisson with mean and variance lambda in each of cuRAND's three
// regimes (lambda 3.5: Knuth's products, 300: the gamma-envelope rejection, 6000: the normal
// approximation). Bounds are 5 standard errors (a false alarm once in millions of runs).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cmath>
#include <cstdio>
#include <curand_kernel.h>

#define BLOCKS 64
#define THREADS 64
#define PER 64
#define N (BLOCKS * THREADS * PER)

enum { U, UD, NF, NF2, ND, ND2, LN, LND, P1, P2, P3, KINDS };
static const char *const kind_name[KINDS] = {"uniform", "uniform_double", "normal", "normal2", "normal_double",
                                             "normal2_double", "log_normal", "log_normal_double",
                                             "poisson(3.5)", "poisson(300)", "poisson(6000)"};

template <class S> __global__ void draw(double *out, unsigned long long seed) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    S s;
    curand_init(seed, t, 0, &s);
    double *o = out + (size_t)t * PER;
    const size_t K = (size_t)N;
    for (int i = 0; i < PER; i += 2) {
        float u0 = curand_uniform(&s), u1 = curand_uniform(&s);
        o[U * K + i] = u0;
        o[U * K + i + 1] = u1;
        o[UD * K + i] = curand_uniform_double(&s);
        o[UD * K + i + 1] = curand_uniform_double(&s);
        o[NF * K + i] = 2.0f + 3.0f * curand_normal(&s);        // the pair's first value
        o[NF * K + i + 1] = 2.0f + 3.0f * curand_normal(&s);    // its cached second
        float2 f2 = curand_normal2(&s);
        o[NF2 * K + i] = f2.x;
        o[NF2 * K + i + 1] = f2.y;
        o[ND * K + i] = -1.0 + 0.5 * curand_normal_double(&s);
        o[ND * K + i + 1] = -1.0 + 0.5 * curand_normal_double(&s);
        double2 d2 = curand_normal2_double(&s);
        o[ND2 * K + i] = d2.x;
        o[ND2 * K + i + 1] = d2.y;
        o[LN * K + i] = curand_log_normal(&s, 0.5f, 0.25f);
        o[LN * K + i + 1] = curand_log_normal(&s, 0.5f, 0.25f);
        o[LND * K + i] = curand_log_normal_double(&s, 0.5, 0.25);
        o[LND * K + i + 1] = curand_log_normal_double(&s, 0.5, 0.25);
        o[P1 * K + i] = curand_poisson(&s, 3.5);
        o[P1 * K + i + 1] = curand_poisson(&s, 3.5);
        o[P2 * K + i] = curand_poisson(&s, 300.0);
        o[P2 * K + i + 1] = curand_poisson(&s, 300.0);
        o[P3 * K + i] = curand_poisson(&s, 6000.0);
        o[P3 * K + i + 1] = curand_poisson(&s, 6000.0);
    }
}

// mean and variance each within 5 standard errors of the distribution's
static int check(const char *gen, int kind, const double *x, double mean, double var, double kurt_excess,
                 double lo, double hi) {
    double m = 0, v = 0;
    int out_of_range = 0;
    for (int i = 0; i < N; i++) {
        m += x[i];
        out_of_range += !(x[i] > lo && x[i] <= hi);
    }
    m /= N;
    for (int i = 0; i < N; i++) v += (x[i] - m) * (x[i] - m);
    v /= N - 1;
    double se_mean = sqrt(var / N), se_var = var * sqrt((2.0 + kurt_excess) / N);
    bool ok = fabs(m - mean) <= 5 * se_mean && fabs(v - var) <= 5 * se_var && out_of_range == 0;
    if (!ok)
        printf("FAIL %s %s: mean %.6f (want %.6f), variance %.6f (want %.6f), %d out of range\n", gen,
               kind_name[kind], m, mean, v, var, out_of_range);
    return !ok;
}

template <class S> static int run(const char *gen, double *buf) {
    draw<S><<<BLOCKS, THREADS>>>(buf, 20240607ull);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL %s: launch\n", gen); return 1; }
    const size_t K = N;
    double s2 = 0.25 * 0.25, ln_mean = exp(0.5 + s2 / 2), ln_var = (exp(s2) - 1) * exp(1.0 + s2);
    double ln_kurt = exp(4 * s2) + 2 * exp(3 * s2) + 3 * exp(2 * s2) - 6;
    int bad = 0;
    bad += check(gen, U, buf + U * K, 0.5, 1.0 / 12, -1.2, 0.0, 1.0);
    bad += check(gen, UD, buf + UD * K, 0.5, 1.0 / 12, -1.2, 0.0, 1.0);
    bad += check(gen, NF, buf + NF * K, 2.0, 9.0, 0, -1e9, 1e9);
    bad += check(gen, NF2, buf + NF2 * K, 0.0, 1.0, 0, -1e9, 1e9);
    bad += check(gen, ND, buf + ND * K, -1.0, 0.25, 0, -1e9, 1e9);
    bad += check(gen, ND2, buf + ND2 * K, 0.0, 1.0, 0, -1e9, 1e9);
    bad += check(gen, LN, buf + LN * K, ln_mean, ln_var, ln_kurt, 0.0, 1e9);
    bad += check(gen, LND, buf + LND * K, ln_mean, ln_var, ln_kurt, 0.0, 1e9);
    bad += check(gen, P1, buf + P1 * K, 3.5, 3.5, 1 / 3.5, -0.5, 1e9);
    bad += check(gen, P2, buf + P2 * K, 300.0, 300.0, 1 / 300.0, -0.5, 1e9);
    bad += check(gen, P3, buf + P3 * K, 6000.0, 6000.0, 1 / 6000.0, -0.5, 1e9);
    // Poisson values are integers; normals' pairs differ (the cache is the pair's other value)
    for (int p = P1; p <= P3; p++)
        for (int i = 0; i < N; i++)
            if (buf[p * K + i] != floor(buf[p * K + i])) { printf("FAIL %s: Poisson not integral\n", gen); return 1; }
    return bad;
}

int main() {
    double *buf;
    if (cudaMallocManaged(&buf, (size_t)KINDS * N * sizeof(double)) != cudaSuccess) return 1;
    int bad = run<curandState>("XORWOW", buf) + run<curandStatePhilox4_32_10_t>("Philox", buf) +
              run<curandStateMRG32k3a_t>("MRG32k3a", buf);
    cudaFree(buf);
    if (bad) return 1;
    printf("PASSED\n");
    return 0;
}
