// cuRAND's device API, XORWOW, Philox4x32-10 and MRG32k3a, 4 blocks of 128 threads each with
// its own states: (1) subsequence 0 at per-thread offsets equals a plain host recurrence of
// each generator (its seeding, its step, its output); (2) skipahead(n) equals n calls of
// curand; (3) a subsequence is 2^67 (XORWOW), 2^76 (MRG32k3a) steps or the counter's high
// half (Philox), checked by jumps through other powers; (4) values NVIDIA's cuRAND gives for
// curand_init(1234, 5, 7) (its own header's host path, run once with nvcc), integers and
// uniforms bit for bit, normals to 1e-6.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <curand_kernel.h>

#define BLOCKS 4
#define THREADS 128
#define N (BLOCKS * THREADS)
#define K 6        // outputs per thread
#define STRIDE 3   // offset of thread t: t * STRIDE
#define SEED 0x123456789abcdefULL

// ---- host references: the generators' definitions, written out plainly ----

struct HostXorwow { unsigned d, v[5]; };
static void xorwow_seed(HostXorwow *s, unsigned long long seed) {
    unsigned t0 = 1099087573u * ((unsigned)seed ^ 0xaad26b49u);
    unsigned t1 = 2591861531u * ((unsigned)(seed >> 32) ^ 0xf7dcefddu);
    s->d = 6615241u + t1 + t0;
    s->v[0] = 123456789u + t0; s->v[1] = 362436069u ^ t0; s->v[2] = 521288629u + t1;
    s->v[3] = 88675123u ^ t1; s->v[4] = 5783321u + t0;
}
static unsigned xorwow_next(HostXorwow *s) {
    unsigned t = s->v[0] ^ (s->v[0] >> 2);
    for (int i = 0; i < 4; i++) s->v[i] = s->v[i + 1];
    s->v[4] = (s->v[4] ^ (s->v[4] << 4)) ^ (t ^ (t << 1));
    s->d += 362437u;
    return s->v[4] + s->d;
}

static void philox_block(const unsigned c_in[4], unsigned k0, unsigned k1, unsigned out[4]) {
    unsigned c[4] = {c_in[0], c_in[1], c_in[2], c_in[3]};
    for (int r = 0; r < 10; r++) {
        unsigned long long p0 = 0xD2511F53ull * c[0], p1 = 0xCD9E8D57ull * c[2];
        unsigned n0 = (unsigned)(p1 >> 32) ^ c[1] ^ k0, n1 = (unsigned)p1;
        unsigned n2 = (unsigned)(p0 >> 32) ^ c[3] ^ k1, n3 = (unsigned)p0;
        c[0] = n0; c[1] = n1; c[2] = n2; c[3] = n3;
        k0 += 0x9E3779B9u; k1 += 0xBB67AE85u;
    }
    memcpy(out, c, sizeof c);
}
// output number i of subsequence 0 under key seed: word i % 4 of block counter i / 4
static unsigned philox_at(unsigned long long seed, unsigned long long i) {
    unsigned c[4] = {(unsigned)(i / 4), (unsigned)((i / 4) >> 32), 0, 0}, o[4];
    philox_block(c, (unsigned)seed, (unsigned)(seed >> 32), o);
    return o[i % 4];
}

struct HostMrg { unsigned long long s1[3], s2[3]; };
static const unsigned long long M1 = 4294967087ull, M2 = 4294944443ull;
static void mrg_seed(HostMrg *s, unsigned long long seed) {
    unsigned long long x1 = (unsigned)seed ^ 0x55555555u, x2 = (unsigned)(seed >> 32) ^ 0xAAAAAAAAu;
    s->s1[0] = x1 * 12345 % M1; s->s1[1] = x2 * 12345 % M1; s->s1[2] = x1 * 12345 % M1;
    s->s2[0] = x2 * 12345 % M2; s->s2[1] = x1 * 12345 % M2; s->s2[2] = x2 * 12345 % M2;
}
static unsigned mrg_next(HostMrg *s) {
    unsigned long long p1 = (1403580 * s->s1[1] + 810728 * (M1 - s->s1[0])) % M1;
    unsigned long long p2 = (527612 * s->s2[2] + 1370589 * (M2 - s->s2[0])) % M2;
    s->s1[0] = s->s1[1]; s->s1[1] = s->s1[2]; s->s1[2] = p1;
    s->s2[0] = s->s2[1]; s->s2[1] = s->s2[2]; s->s2[2] = p2;
    double r = p1 > p2 ? (double)(p1 - p2) : (double)(p1 + M1 - p2);
    return (unsigned)(r * 1.000000048662);
}

// ---- kernels ----

template <class S> __global__ void at_offsets(unsigned *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    S s;
    curand_init(SEED, 0, (unsigned long long)t * STRIDE, &s);
    for (int k = 0; k < K; k++) out[t * K + k] = curand(&s);
}

// thread t: one state jumps n = t * 37 + 5 outputs, the other draws them; 1 where they agree
template <class S> __global__ void skip_equals_draws(int *same) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    S a, b;
    curand_init(SEED, t, 11, &a);
    curand_init(SEED, t, 11, &b);
    unsigned long long n = (unsigned long long)t * 37 + 5;
    skipahead(n, &a);
    for (unsigned long long i = 0; i < n; i++) curand(&b);
    int ok = 1;
    for (int k = 0; k < 4; k++) ok &= curand(&a) == curand(&b);
    same[t] = ok;
}

// subsequence t + 1 reached through offset jumps of other powers of two, and as sequence jumps
__global__ void subsequences(int *same) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long sub = t + 1;
    int ok = 1;
    curandState x1, x2;
    curand_init(SEED, sub, 0, &x1);
    curand_init(SEED, 0, 0, &x2);
    for (unsigned i = 0; i < 16 * sub; i++) skipahead(1ull << 63, &x2);   // sub * 2^67
    for (int k = 0; k < 4; k++) ok &= curand(&x1) == curand(&x2);
    curandStateMRG32k3a_t m1, m2;
    curand_init(SEED, sub, 0, &m1);
    curand_init(SEED, 0, 0, &m2);
    for (unsigned i = 0; i < 8192 * sub; i++) skipahead(1ull << 63, &m2);   // sub * 2^76
    for (int k = 0; k < 4; k++) ok &= curand(&m1) == curand(&m2);
    curandStateMRG32k3a_t m3, m4;   // a sequence is 2^51 subsequences
    curand_init(SEED, 0, 0, &m3);
    skipahead_sequence(sub, &m3);
    curand_init(SEED, 0, 0, &m4);
    for (int i = 0; i < 8; i++) skipahead_subsequence(sub << 48, &m4);
    for (int k = 0; k < 4; k++) ok &= curand(&m3) == curand(&m4);
    curandStatePhilox4_32_10_t p1, p2;
    curand_init(SEED, sub, 0, &p1);
    curand_init(SEED, 0, 0, &p2);
    skipahead_sequence(sub, &p2);
    for (int k = 0; k < 4; k++) ok &= curand(&p1) == curand(&p2);
    same[t] = ok;
}

struct Nvidia { unsigned u[6]; float uf[4]; double ud[3]; float nf[5]; };
template <class S> __global__ void nvidia_case(Nvidia *r) {
    S s;
    curand_init(1234, 5, 7, &s);
    for (int i = 0; i < 6; i++) r->u[i] = curand(&s);
    for (int i = 0; i < 4; i++) r->uf[i] = curand_uniform(&s);
    for (int i = 0; i < 3; i++) r->ud[i] = curand_uniform_double(&s);
    for (int i = 0; i < 5; i++) r->nf[i] = curand_normal(&s);
}

__global__ void philox4(uint4 *r) {
    curandStatePhilox4_32_10_t p;
    curand_init(99, 2, 3, &p);
    for (int i = 0; i < 3; i++) { r[i] = curand4(&p); curand(&p); }
}

// ---- checks ----

static int failures = 0;
static void expect(bool ok, const char *what) {
    if (!ok) { printf("FAIL: %s\n", what); failures++; }
}

template <class S> static void check_offsets(const char *name, unsigned (*host)(int stream_pos, void *), void *ctx) {
    unsigned *out;
    cudaMallocManaged(&out, N * K * sizeof(unsigned));
    at_offsets<S><<<BLOCKS, THREADS>>>(out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int t = 0; t < N; t++)
        for (int k = 0; k < K; k++) bad += out[t * K + k] != host(t * STRIDE + k, ctx);
    char what[128];
    snprintf(what, sizeof what, "%s: subsequence 0 at offsets (%d wrong)", name, bad);
    expect(bad == 0, what);
    cudaFree(out);
}

static unsigned xorwow_stream[N * STRIDE + K], mrg_stream[N * STRIDE + K];
static unsigned from_table(int i, void *table) { return ((unsigned *)table)[i]; }
static unsigned from_philox(int i, void *) { return philox_at(SEED, i); }

template <class S> static void check_skips(const char *name) {
    int *same;
    cudaMallocManaged(&same, N * sizeof(int));
    skip_equals_draws<S><<<BLOCKS, THREADS>>>(same);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int t = 0; t < N; t++) bad += !same[t];
    char what[128];
    snprintf(what, sizeof what, "%s: skipahead(n) differs from n draws in %d threads", name, bad);
    expect(bad == 0, what);
    cudaFree(same);
}

template <class S> static void check_nvidia(const char *name, const Nvidia &want) {
    Nvidia *r;
    cudaMallocManaged(&r, sizeof *r);
    nvidia_case<S><<<1, 1>>>(r);
    cudaDeviceSynchronize();
    char what[128];
    snprintf(what, sizeof what, "%s: NVIDIA's values of curand_init(1234, 5, 7)", name);
    bool ok = memcmp(r->u, want.u, sizeof want.u) == 0 && memcmp(r->uf, want.uf, sizeof want.uf) == 0 &&
              memcmp(r->ud, want.ud, sizeof want.ud) == 0;
    for (int i = 0; i < 5; i++) ok &= fabsf(r->nf[i] - want.nf[i]) <= 1e-6f * (1 + fabsf(want.nf[i]));
    expect(ok, what);
    cudaFree(r);
}

int main() {
    HostXorwow hx;
    xorwow_seed(&hx, SEED);
    HostMrg hm;
    mrg_seed(&hm, SEED);
    for (int i = 0; i < N * STRIDE + K; i++) {
        xorwow_stream[i] = xorwow_next(&hx);
        mrg_stream[i] = mrg_next(&hm);
    }
    check_offsets<curandState>("XORWOW", from_table, xorwow_stream);
    check_offsets<curandStatePhilox4_32_10_t>("Philox", from_philox, nullptr);
    check_offsets<curandStateMRG32k3a_t>("MRG32k3a", from_table, mrg_stream);

    check_skips<curandState>("XORWOW");
    check_skips<curandStatePhilox4_32_10_t>("Philox");
    check_skips<curandStateMRG32k3a_t>("MRG32k3a");

    int *same;
    cudaMallocManaged(&same, 16 * sizeof(int));
    subsequences<<<1, 16>>>(same);
    cudaDeviceSynchronize();
    for (int t = 0; t < 16; t++) expect(same[t], "subsequence and sequence jumps");
    cudaFree(same);

    check_nvidia<curandState>("XORWOW", Nvidia{
        {3351265907u, 3629609298u, 415430802u, 1173093345u, 689711927u, 2227153417u},
        {0x1.022c3ap-3f, 0x1.38c7cp-1f, 0x1.85ffa6p-3f, 0x1.fe3346p-2f},
        {0x1.edd70012c49eep-1, 0x1.f595c8c0424dcp-4, 0x1.b649c72b1e62ep-1},
        {-0x1.4870cap+0f, -0x1.56e91p-1f, 0x1.a90b62p-4f, 0x1.2bfa78p-1f, -0x1.8256ecp+0f}});
    check_nvidia<curandStatePhilox4_32_10_t>("Philox", Nvidia{
        {1925342002u, 648658203u, 3633236749u, 143597841u, 3521664514u, 3248267170u},
        {0x1.c17f32p-3f, 0x1.4aa43ep-2f, 0x1.961b6ep-2f, 0x1.fd3e2cp-1f},
        {0x1.3c28f8ccp-1, 0x1.1a2539c8p-3, 0x1.63a1b64p-2},
        {0x1.9b4fa4p+0f, 0x1.b832eap-1f, -0x1.a83e94p-1f, 0x1.f2ceb8p-3f, -0x1.0004aep+0f}});
    check_nvidia<curandStateMRG32k3a_t>("MRG32k3a", Nvidia{
        {2068833513u, 469510173u, 681930214u, 929420860u, 3667764238u, 2341050593u},
        {0x1.d30cb6p-1f, 0x1.04cd7ep-2f, 0x1.c2c47ep-3f, 0x1.af3d22p-2f},
        {0x1.231fe985ad0dbp-1, 0x1.189fad731a5cap-1, 0x1.6c46f27965ecp-1},
        {0x1.109dbp-6f, 0x1.010b4ep+0f, 0x1.7d1962p-1f, -0x1.e7bc04p-2f, 0x1.b0064ep-3f}});

    uint4 *r;
    cudaMallocManaged(&r, 3 * sizeof(uint4));
    philox4<<<1, 1>>>(r);
    cudaDeviceSynchronize();
    const unsigned want4[3][4] = {{376295380u, 118754016u, 2366673556u, 384730125u},
                                  {1693181300u, 4055202993u, 2466424846u, 3733394548u},
                                  {2061088604u, 967676215u, 1862480228u, 2419270971u}};
    for (int i = 0; i < 3; i++)
        expect(r[i].x == want4[i][0] && r[i].y == want4[i][1] && r[i].z == want4[i][2] && r[i].w == want4[i][3],
               "Philox: NVIDIA's curand4 values");
    cudaFree(r);

    if (failures) return 1;
    printf("PASSED\n");
    return 0;
}
