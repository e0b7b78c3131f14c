// cuRAND's host API (-lcurand), 1-D kernels of 256 threads for the device-API side:
// (1) every pseudo-random generator's output (integers, uniforms, doubles, normal and
// log-normal pairs) equals the device API's sequence curand_init(seed, 0, offset) drawn at
// the same positions, bit for bit, from a nonzero curandSetGeneratorOffset, also across two
// calls, for device and host generators; (2) Poisson values: integers with mean and variance
// lambda; (3) Sobol32/64: the first points of dimensions 1 and 2 exactly, every dimension's
// first 1024 points one per 1/1024 interval, dimensions 1 and 2 a (0,2)-net, the layout of
// several dimensions and the offset; (4) generation runs in its stream's order after a
// kernel writing the same buffer; (5) cuRAND's status codes for bad requests.
// RUN: %cu2cc %s -o %t -lcurand && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <curand.h>
#include <curand_kernel.h>

static int failures = 0;
static void expect(bool ok, const char *what) {
    if (!ok) { printf("FAIL: %s\n", what); failures++; }
}
#define EXPECT_STATUS(call, want)                                                                       \
    do {                                                                                                \
        curandStatus_t got_ = (call);                                                                   \
        if (got_ != (want)) { printf("FAIL: %s gave %d, want %d\n", #call, (int)got_, (int)(want)); failures++; } \
    } while (0)

enum Kind { UINT, UNIFORM, UNIFORM_DOUBLE, NORMAL, NORMAL_DOUBLE, LOGNORMAL, LOGNORMAL_DOUBLE };

// Element i of the host API's output as the device API gives it: a state started at the
// element's position (outputs per element: 1, or 2 for XORWOW's and Philox's doubles),
// normals as pairs from the pair's first position.
template <class S> __device__ void reference(S *s, Kind kind, bool mrg, unsigned long long seed,
                                             unsigned long long base, size_t i, void *out) {
    unsigned long long per = (kind == UNIFORM_DOUBLE || kind == NORMAL_DOUBLE || kind == LOGNORMAL_DOUBLE) && !mrg ? 2 : 1;
    size_t first = (kind >= NORMAL) ? i & ~(size_t)1 : i;
    curand_init(seed, 0, base + first * per, s);
    switch (kind) {
    case UINT: ((unsigned *)out)[i] = curand(s); break;
    case UNIFORM: ((float *)out)[i] = curand_uniform(s); break;
    case UNIFORM_DOUBLE: {
        double u;
        if (mrg) u = curand_uniform_double(s);
        else { unsigned x = curand(s), y = curand(s);
               u = (double)((unsigned long long)x ^ ((unsigned long long)y << 21)) * 0x1p-53 + 0x1p-54; }
        ((double *)out)[i] = u;
        break;
    }
    case NORMAL: case LOGNORMAL: {
        float2 v = curand_normal2(s);
        float x = fmaf(2.0f, (i & 1) ? v.y : v.x, 0.5f);   // as cuRAND's log-normals: fused
        ((float *)out)[i] = kind == LOGNORMAL ? expf(x) : x;
        break;
    }
    case NORMAL_DOUBLE: case LOGNORMAL_DOUBLE: {
        double2 v = curand_normal2_double(s);
        double x = fma(2.0, (i & 1) ? v.y : v.x, 0.5);
        ((double *)out)[i] = kind == LOGNORMAL_DOUBLE ? exp(x) : x;
        break;
    }
    }
}

template <class S> __global__ void device_side(Kind kind, bool mrg, unsigned long long seed, unsigned long long base,
                                               size_t n, void *out) {
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    S s;
    if (i < n) reference(&s, kind, mrg, seed, base, i, out);
}

static curandStatus_t host_side(curandGenerator_t g, Kind kind, void *out, size_t n) {
    switch (kind) {
    case UINT: return curandGenerate(g, (unsigned *)out, n);
    case UNIFORM: return curandGenerateUniform(g, (float *)out, n);
    case UNIFORM_DOUBLE: return curandGenerateUniformDouble(g, (double *)out, n);
    case NORMAL: return curandGenerateNormal(g, (float *)out, n, 0.5f, 2.0f);
    case NORMAL_DOUBLE: return curandGenerateNormalDouble(g, (double *)out, n, 0.5, 2.0);
    case LOGNORMAL: return curandGenerateLogNormal(g, (float *)out, n, 0.5f, 2.0f);
    case LOGNORMAL_DOUBLE: return curandGenerateLogNormalDouble(g, (double *)out, n, 0.5, 2.0);
    }
    return CURAND_STATUS_INTERNAL_ERROR;
}

// n1 then n2 elements from one generator equal the device API's n1 + n2 from offset base
template <class S> static void check_pseudo(curandRngType_t type, const char *name, int host) {
    const size_t n1 = 70000, n2 = 1234, n = n1 + n2;   // more than one block of the library's
    const unsigned long long seed = 987654321ull, base = 1000003;
    void *got, *want;
    cudaMalloc(&got, n * sizeof(double));
    cudaMalloc(&want, n * sizeof(double));
    for (int k = UINT; k <= LOGNORMAL_DOUBLE; k++) {
        Kind kind = (Kind)k;
        size_t size = kind == UNIFORM_DOUBLE || kind == NORMAL_DOUBLE || kind == LOGNORMAL_DOUBLE ? 8 : 4;
        curandGenerator_t g;
        EXPECT_STATUS(host ? curandCreateGeneratorHost(&g, type) : curandCreateGenerator(&g, type), CURAND_STATUS_SUCCESS);
        EXPECT_STATUS(curandSetPseudoRandomGeneratorSeed(g, seed), CURAND_STATUS_SUCCESS);
        EXPECT_STATUS(curandSetGeneratorOffset(g, base), CURAND_STATUS_SUCCESS);
        EXPECT_STATUS(host_side(g, kind, got, n1), CURAND_STATUS_SUCCESS);
        EXPECT_STATUS(host_side(g, kind, (char *)got + n1 * size, n2), CURAND_STATUS_SUCCESS);
        EXPECT_STATUS(curandDestroyGenerator(g), CURAND_STATUS_SUCCESS);
        device_side<S><<<(unsigned)((n + 255) / 256), 256>>>(kind, type == CURAND_RNG_PSEUDO_MRG32K3A, seed, base, n, want);
        cudaDeviceSynchronize();
        int bad = memcmp(got, want, n * size) != 0;
        char what[160];
        snprintf(what, sizeof what, "%s%s kind %d: host API differs from the device API's sequence", name,
                 host ? " (host generator)" : "", k);
        expect(!bad, what);
    }
    cudaFree(got);
    cudaFree(want);
}

static void check_poisson(curandRngType_t type, const char *name) {
    const size_t n = 200000;
    unsigned *p;
    cudaMallocManaged(&p, n * sizeof(unsigned));
    const double lambdas[3] = {2.5, 150.0, 9000.0};
    for (double lambda : lambdas) {
        curandGenerator_t g;
        curandCreateGenerator(&g, type);
        curandSetPseudoRandomGeneratorSeed(g, 42);
        EXPECT_STATUS(curandGeneratePoisson(g, p, 5000, lambda), CURAND_STATUS_SUCCESS);   // a run's middle next
        EXPECT_STATUS(curandGeneratePoisson(g, p, n, lambda), CURAND_STATUS_SUCCESS);
        cudaDeviceSynchronize();
        double m = 0, v = 0;
        for (size_t i = 0; i < n; i++) m += p[i];
        m /= n;
        for (size_t i = 0; i < n; i++) v += (p[i] - m) * (p[i] - m);
        v /= n - 1;
        char what[128];
        snprintf(what, sizeof what, "%s Poisson(%g): mean %g variance %g", name, lambda, m, v);
        expect(fabs(m - lambda) < 5 * sqrt(lambda / n) && fabs(v - lambda) < 5 * lambda * sqrt(2.0 / n), what);
        curandDestroyGenerator(g);
    }
    cudaFree(p);
}

static void check_sobol() {
    curandGenerator_t g;
    const size_t per = 1024, dims = 300;
    unsigned *x;
    cudaMallocManaged(&x, per * dims * sizeof(unsigned));
    EXPECT_STATUS(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandSetQuasiRandomGeneratorDimensions(g, (unsigned)dims), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandGenerate(g, x, per * dims), CURAND_STATUS_SUCCESS);
    cudaDeviceSynchronize();
    const unsigned d1[8] = {0, 8u << 28, 12u << 28, 4u << 28, 6u << 28, 14u << 28, 10u << 28, 2u << 28};
    const unsigned d2[8] = {0, 8u << 28, 4u << 28, 12u << 28, 6u << 28, 14u << 28, 2u << 28, 10u << 28};
    expect(memcmp(x, d1, sizeof d1) == 0, "Sobol32 dimension 1: 0, 1/2, 3/4, 1/4, 3/8, ... (Gray code order)");
    expect(memcmp(x + per, d2, sizeof d2) == 0, "Sobol32 dimension 2: 0, 1/2, 1/4, 3/4, 3/8, ...");
    int strata_bad = 0, net_bad = 0;
    for (size_t d = 0; d < dims; d++) {
        static unsigned char seen[1024];
        memset(seen, 0, sizeof seen);
        for (size_t i = 0; i < per; i++) seen[x[d * per + i] >> 22]++;
        for (int c = 0; c < 1024; c++) strata_bad += seen[c] != 1;
    }
    for (int bits_x = 0; bits_x <= 10; bits_x++) {   // every 2^bx x 2^(10-bx) box holds one point
        static unsigned char seen[1024];
        memset(seen, 0, sizeof seen);
        for (size_t i = 0; i < per; i++) {
            unsigned cx = bits_x ? x[i] >> (32 - bits_x) : 0, cy = bits_x < 10 ? x[per + i] >> (22 + bits_x) : 0;
            seen[(cx << (10 - bits_x)) | cy]++;
        }
        for (int c = 0; c < 1024; c++) net_bad += seen[c] != 1;
    }
    expect(strata_bad == 0, "Sobol32: each dimension's first 1024 points stratify [0, 1)");
    expect(net_bad == 0, "Sobol32: dimensions 1 and 2 form a (0, 10, 2)-net");
    // the offset: points 5.. of a 2-dimensional generator are the same points
    unsigned y[2 * 16];
    EXPECT_STATUS(curandSetQuasiRandomGeneratorDimensions(g, 2), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandSetGeneratorOffset(g, 5), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandGenerate(g, y, 32), CURAND_STATUS_SUCCESS);
    cudaDeviceSynchronize();
    expect(memcmp(y, x + 5, 16 * sizeof(unsigned)) == 0 && memcmp(y + 16, x + per + 5, 16 * sizeof(unsigned)) == 0,
           "Sobol32 with an offset and 2 dimensions");
    float u[4];
    EXPECT_STATUS(curandSetGeneratorOffset(g, 0), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandGenerateUniform(g, u, 4), CURAND_STATUS_SUCCESS);
    cudaDeviceSynchronize();
    expect(u[0] == 0x1p-33f && u[1] == 0.5f + 0x1p-33f, "Sobol32 uniforms: x * 2^-32 + 2^-33");
    curandDestroyGenerator(g);
    cudaFree(x);

    unsigned long long z[8];
    EXPECT_STATUS(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL64), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandGenerateLongLong(g, z, 8), CURAND_STATUS_SUCCESS);
    cudaDeviceSynchronize();
    bool ok64 = true;
    for (int i = 0; i < 8; i++) ok64 &= z[i] == (unsigned long long)d1[i] << 32;
    expect(ok64, "Sobol64 dimension 1");
    EXPECT_STATUS(curandGenerate(g, (unsigned *)z, 2), CURAND_STATUS_TYPE_ERROR);
    curandDestroyGenerator(g);
}

__global__ void slow_fill(float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        volatile float acc = 0;
        for (int k = 0; k < 2000; k++) acc = acc + 1e-9f;
        p[i] = -1.0f - acc * 0;
    }
}

static void check_stream_order() {
    const int n = 1 << 16;
    float *p;
    cudaMalloc(&p, n * sizeof(float));
    cudaStream_t s;
    cudaStreamCreate(&s);
    curandGenerator_t g;
    curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
    EXPECT_STATUS(curandSetStream(g, s), CURAND_STATUS_SUCCESS);
    slow_fill<<<n / 256, 256, 0, s>>>(p, n);
    EXPECT_STATUS(curandGenerateUniform(g, p, n), CURAND_STATUS_SUCCESS);
    cudaStreamSynchronize(s);
    float *h = new float[n];
    cudaMemcpy(h, p, n * sizeof(float), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) bad += !(h[i] > 0.0f && h[i] <= 1.0f);
    expect(bad == 0, "curandGenerateUniform ran after the stream's kernel");
    delete[] h;
    curandDestroyGenerator(g);
    cudaStreamDestroy(s);
    cudaFree(p);
}

static void check_statuses() {
    curandGenerator_t g, q;
    float f[3];
    int v = 0;
    EXPECT_STATUS(curandGetVersion(&v), CURAND_STATUS_SUCCESS);
    expect(v == CURAND_VERSION && v == 10400, "curandGetVersion");
    EXPECT_STATUS(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32), CURAND_STATUS_TYPE_ERROR);
    EXPECT_STATUS(curandCreateGenerator(&g, (curandRngType_t)12345), CURAND_STATUS_TYPE_ERROR);
    EXPECT_STATUS(curandDestroyGenerator(nullptr), CURAND_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(curandGenerate(nullptr, nullptr, 4), CURAND_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandCreateGenerator(&q, CURAND_RNG_QUASI_DEFAULT), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandGenerateNormal(g, f, 3, 0.f, 1.f), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
    EXPECT_STATUS(curandGenerateLogNormalDouble(g, (double *)f, 1, 0., 1.), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
    EXPECT_STATUS(curandGenerateNormal(q, f, 3, 0.f, 1.f), CURAND_STATUS_SUCCESS);   // quasi: no pairs
    EXPECT_STATUS(curandSetQuasiRandomGeneratorDimensions(g, 2), CURAND_STATUS_TYPE_ERROR);
    EXPECT_STATUS(curandSetQuasiRandomGeneratorDimensions(q, 0), CURAND_STATUS_OUT_OF_RANGE);
    EXPECT_STATUS(curandSetQuasiRandomGeneratorDimensions(q, 20001), CURAND_STATUS_OUT_OF_RANGE);
    EXPECT_STATUS(curandSetQuasiRandomGeneratorDimensions(q, 3), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandGenerateUniform(q, f, 2), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
    EXPECT_STATUS(curandSetPseudoRandomGeneratorSeed(q, 1), CURAND_STATUS_TYPE_ERROR);
    EXPECT_STATUS(curandSetGeneratorOrdering(q, CURAND_ORDERING_PSEUDO_DEFAULT), CURAND_STATUS_OUT_OF_RANGE);
    EXPECT_STATUS(curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT), CURAND_STATUS_OUT_OF_RANGE);
    EXPECT_STATUS(curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_LEGACY), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandGenerateLongLong(g, (unsigned long long *)f, 1), CURAND_STATUS_TYPE_ERROR);
    EXPECT_STATUS(curandGeneratePoisson(g, (unsigned *)f, 2, 0.0), CURAND_STATUS_OUT_OF_RANGE);
    EXPECT_STATUS(curandGeneratePoisson(g, (unsigned *)f, 2, 500000.0), CURAND_STATUS_OUT_OF_RANGE);
    EXPECT_STATUS(curandGenerate(g, (unsigned *)f, 0), CURAND_STATUS_SUCCESS);
    cudaDeviceSynchronize();
    EXPECT_STATUS(curandDestroyGenerator(g), CURAND_STATUS_SUCCESS);
    EXPECT_STATUS(curandDestroyGenerator(q), CURAND_STATUS_SUCCESS);
}

int main() {
    check_pseudo<curandState>(CURAND_RNG_PSEUDO_XORWOW, "XORWOW", 0);
    check_pseudo<curandStatePhilox4_32_10_t>(CURAND_RNG_PSEUDO_PHILOX4_32_10, "Philox", 0);
    check_pseudo<curandStateMRG32k3a_t>(CURAND_RNG_PSEUDO_MRG32K3A, "MRG32k3a", 0);
    check_pseudo<curandState>(CURAND_RNG_PSEUDO_DEFAULT, "default", 1);
    check_poisson(CURAND_RNG_PSEUDO_XORWOW, "XORWOW");
    check_poisson(CURAND_RNG_PSEUDO_MRG32K3A, "MRG32k3a");
    check_sobol();
    check_stream_order();
    check_statuses();
    if (failures) return 1;
    printf("PASSED\n");
    return 0;
}
