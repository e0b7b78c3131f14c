// cuFFT's multi-GPU API: complex-to-complex transforms (C2C in float, Z2Z in double) of rank
// 1, 2 and 3 and batches, split by cufftXtSetGPUs among every device and among two in reverse
// order, forward then inverse and inverse then forward. Checked against a naive DFT computed
// here in double: what cufftXtMemcpy brings back to the host (natural order), and what each
// GPU's piece holds, as cuFFT's documentation lays it out ("Multiple GPU Data Organization"):
// natural order splits x (the first index) or the batch, the first m % nGPUs GPUs taking one
// more; a single 2-D/3-D result is split along y ([nx][its ys][nz] per GPU); a single 1-D
// result is in strings whose factors cufftXtQueryPlan reports. A transform of a permuted
// result gives natural order back; a device-to-device copy into a CUFFT_XT_FORMAT_INPLACE
// descriptor puts a result in natural order. Every piece is memory of its own GPU.
// RUN: %cu2cc %s -o %t -lcufft && env CU2C_DEVICES=2 timeout 120 %t && env CU2C_DEVICES=4 timeout 120 %t
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cufftXt.h>
#include "Inputs/cufft_xt_checks.h"

template <typename C> struct Prec;
template <> struct Prec<cufftComplex> {
    static cufftType type() { return CUFFT_C2C; }
    static double tol() { return 2e-5; }
    static const char *name() { return "C2C"; }
    static cufftResult exec(cufftHandle p, cudaLibXtDesc *d, int dir) { return cufftXtExecDescriptorC2C(p, d, d, dir); }
};
template <> struct Prec<cufftDoubleComplex> {
    static cufftType type() { return CUFFT_Z2Z; }
    static double tol() { return 1e-12; }
    static const char *name() { return "Z2Z"; }
    static cufftResult exec(cufftHandle p, cudaLibXtDesc *d, int dir) { return cufftXtExecDescriptorZ2Z(p, d, d, dir); }
};

struct Case {
    int rank;
    int n[3];
    int batch;
};

static long elements(const Case &c) {
    long e = 1;
    for (int k = 0; k < c.rank; k++) e *= c.n[k];
    return e;
}

// Naive DFT of each transform of the batch (interleaved re, im), sign -1 forward.
static void dft(const Case &c, const std::vector<double> &in, std::vector<double> &out, int sign) {
    long E = elements(c);
    out.assign(in.size(), 0.0);
    int n[3] = {1, 1, 1};
    for (int k = 0; k < c.rank; k++) n[3 - c.rank + k] = c.n[k];
    for (int b = 0; b < c.batch; b++)
        for (long k = 0; k < E; k++) {
            int k0 = k / (n[1] * n[2]), k1 = k / n[2] % n[1], k2 = k % n[2];
            double sr = 0, si = 0;
            for (long j = 0; j < E; j++) {
                int j0 = j / (n[1] * n[2]), j1 = j / n[2] % n[1], j2 = j % n[2];
                double ph = (double)(k0 * j0 % n[0]) / n[0] + (double)(k1 * j1 % n[1]) / n[1] +
                            (double)(k2 * j2 % n[2]) / n[2];
                double a = sign * 2 * M_PI * ph, cs = cos(a), sn = sin(a);
                const double *x = &in[2 * (b * E + j)];
                sr += x[0] * cs - x[1] * sn;
                si += x[0] * sn + x[1] * cs;
            }
            out[2 * (b * E + k)] = sr;
            out[2 * (b * E + k) + 1] = si;
        }
}

// GPU g's share of m things among G: the first m % G GPUs take one more.
static void share(long m, int G, int g, long *start, long *count) {
    *count = m / G + (g < m % G);
    *start = g * (m / G) + (g < m % G ? g : m % G);
}

// The natural index of each element GPU g's piece holds, in piece order.
static std::vector<long> piece_map(const Case &c, int G, int g, bool shuffled, const cufftXt1dFactors &f) {
    std::vector<long> m;
    long E = elements(c), s, k;
    if (G == 1) {
        for (long i = 0; i < E * c.batch; i++) m.push_back(i);
    } else if (c.batch > 1) {
        share(c.batch, G, g, &s, &k);
        for (long i = s * E; i < (s + k) * E; i++) m.push_back(i);
    } else if (c.rank == 1) {
        long N = c.n[0];
        for (long p = 0; p < N / G; p++) {
            if (!shuffled) {
                m.push_back(g * (N / G) + p);
                continue;
            }
            // strings of factor2 substrings; substring j of string s starts j * factor1 after
            // the string's start, which is s * substringLength
            long in_sub = p % f.substringLength, sub = p / f.substringLength % f.factor2;
            long str = p / f.stringLength + g * (f.stringCount / G);
            m.push_back(in_sub + str * f.substringLength + sub * f.factor1);
        }
    } else {
        long d0 = c.n[0], d1 = c.n[1], d2 = c.rank == 3 ? c.n[2] : 1;
        share(shuffled ? d1 : d0, G, g, &s, &k);
        for (long x = shuffled ? 0 : s; x < (shuffled ? d0 : s + k); x++)
            for (long y = shuffled ? s : 0; y < (shuffled ? s + k : d1); y++)
                for (long z = 0; z < d2; z++) m.push_back((x * d1 + y) * d2 + z);
    }
    return m;
}

// The documentation's permuted-to-linear index of a 1-D result (powers of two: masks, shifts).
static long permuted_to_linear(const cufftXt1dFactors &f, long p, int g, int G) {
    long in_sub = p & f.substringMask;
    long sub = (p >> f.substringShift) & f.factor2Mask;
    long str = ((p >> f.stringShift) & f.stringMask) + g * (f.stringCount / G);
    return in_sub + (str << f.substringShift) + (sub << f.factor1Shift);
}

// Every piece of d holds ref (scaled) at the places piece_map gives.
template <typename C>
static void check_pieces(const char *what, const Case &c, cudaLibXtDesc *d, int G, bool shuffled,
                         const cufftXt1dFactors &f, const std::vector<double> &ref, double scale, double tol) {
    for (int g = 0; g < G; g++) {
        std::vector<long> m = piece_map(c, G, g, shuffled, f);
        CHECK(d->descriptor->size[g] >= m.size() * sizeof(C), "%s: GPU %d piece %zu bytes < %zu", what, g,
              d->descriptor->size[g], m.size() * sizeof(C));
        std::vector<C> h(m.size());
        if (!m.empty())
            CHECK(cudaMemcpy(h.data(), d->descriptor->data[g], m.size() * sizeof(C), cudaMemcpyDeviceToHost) ==
                      cudaSuccess, "%s", what);
        double worst = 0;
        long at = -1;
        for (size_t i = 0; i < m.size(); i++) {
            double e = fabs(h[i].x - scale * ref[2 * m[i]]) + fabs(h[i].y - scale * ref[2 * m[i] + 1]);
            if (e > worst) worst = e, at = (long)i;
        }
        CHECK(worst <= tol, "%s: GPU %d piece element %ld (natural %ld) off by %g (tol %g)", what, g, at,
              at >= 0 ? m[at] : -1, worst, tol);
    }
}

template <typename C>
static void check_host(const char *what, const std::vector<C> &h, const std::vector<double> &ref, double scale,
                       double tol) {
    double worst = 0;
    for (size_t i = 0; i < h.size(); i++)
        worst = fmax(worst, fabs(h[i].x - scale * ref[2 * i]) + fabs(h[i].y - scale * ref[2 * i + 1]));
    CHECK(worst <= tol, "%s: host copy off by %g", what, worst);
}

template <typename C>
static void run_case(const Case &c, int G, const int *gpus, int first_dir) {
    typedef Prec<C> P;
    char what[160];
    snprintf(what, sizeof what, "%s rank %d %dx%dx%d batch %d on %d GPUs (first %d) %s", P::name(), c.rank, c.n[0],
             c.rank > 1 ? c.n[1] : 1, c.rank > 2 ? c.n[2] : 1, c.batch, G, gpus[0],
             first_dir == CUFFT_FORWARD ? "forward" : "inverse");
    long E = elements(c), total = E * c.batch;
    std::vector<double> x(2 * total), y;
    std::vector<C> hx(total);
    for (long i = 0; i < total; i++) {
        // the reference sees the input as rounded to C's precision
        hx[i].x = rand() / (float)RAND_MAX - 0.5f;
        hx[i].y = rand() / (float)RAND_MAX - 0.5f;
        x[2 * i] = hx[i].x;
        x[2 * i + 1] = hx[i].y;
    }
    dft(c, x, y, first_dir == CUFFT_FORWARD ? -1 : 1);
    double ymax = 0, xmax = 0;
    for (size_t i = 0; i < y.size(); i++) ymax = fmax(ymax, fabs(y[i])), xmax = fmax(xmax, fabs(x[i]));
    double tol = P::tol() * ymax * 4, tol_back = P::tol() * xmax * E * 4;

    cufftHandle plan;
    CHECK(cufftCreate(&plan) == CUFFT_SUCCESS, "%s", what);
    CHECK(cufftXtSetGPUs(plan, G, const_cast<int *>(gpus)) == CUFFT_SUCCESS, "%s", what);
    std::vector<size_t> work(G + 1, SIZE_MAX);
    int n[3] = {c.n[0], c.n[1], c.n[2]};
    cufftResult r = cufftMakePlanMany(plan, c.rank, n, NULL, 1, 0, NULL, 1, 0, P::type(), c.batch, work.data());
    CHECK(r == CUFFT_SUCCESS, "%s: cufftMakePlanMany %d", what, (int)r);
    if (r != CUFFT_SUCCESS) {
        cufftDestroy(plan);
        return;
    }
    for (int g = 0; g < G; g++) CHECK(work[g] != SIZE_MAX, "%s: no work size for GPU %d", what, g);
    CHECK(work[G] == SIZE_MAX, "%s: a work size past the GPUs", what);

    bool single = c.batch == 1 && G > 1;
    cufftXt1dFactors f = {};
    if (single && c.rank == 1) {
        CHECK(cufftXtQueryPlan(plan, &f, CUFFT_QUERY_1D_FACTORS) == CUFFT_SUCCESS, "%s", what);
        CHECK(f.size == c.n[0] && f.factor1 * f.factor2 == f.size && f.stringCount % G == 0 &&
                  f.stringLength * f.stringCount == f.size && f.substringLength * f.factor2 == f.stringLength,
              "%s: factors size %lld strings %lld x %lld substrings %lld factors %lld %lld", what, f.size,
              f.stringCount, f.stringLength, f.substringLength, f.factor1, f.factor2);
        if ((c.n[0] & (c.n[0] - 1)) == 0)
            for (int g = 0; g < G; g++) {
                std::vector<long> m = piece_map(c, G, g, true, f);
                for (size_t p = 0; p < m.size(); p++)
                    CHECK(permuted_to_linear(f, (long)p, g, G) == m[p], "%s: masks at GPU %d %zu", what, g, p);
            }
    }

    cudaLibXtDesc *d = NULL, *nat = NULL;
    CHECK(cufftXtMalloc(plan, &d, CUFFT_XT_FORMAT_INPLACE) == CUFFT_SUCCESS && d, "%s", what);
    if (!d) {
        cufftDestroy(plan);
        return;
    }
    CHECK(d->descriptor->nGPUs == G && d->subFormat == CUFFT_XT_FORMAT_INPLACE, "%s: %d GPUs", what,
          d->descriptor->nGPUs);
    for (int g = 0; g < G; g++) {
        CHECK(d->descriptor->GPUs[g] == gpus[g], "%s: GPU %d is %d", what, g, d->descriptor->GPUs[g]);
        cudaPointerAttributes a;
        CHECK(cudaPointerGetAttributes(&a, d->descriptor->data[g]) == cudaSuccess &&
                  a.type == cudaMemoryTypeDevice && a.device == gpus[g],
              "%s: piece %d is on device %d", what, g, a.device);
    }

    // in natural order on the GPUs, as copied from the host
    CHECK(cufftXtMemcpy(plan, d, hx.data(), CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_SUCCESS, "%s", what);
    check_pieces<C>(what, c, d, G, false, f, x, 1.0, 0.0);

    // the transform: permuted on the GPUs when one is split, natural from cufftXtMemcpy
    CHECK(P::exec(plan, d, first_dir) == CUFFT_SUCCESS, "%s", what);
    if (single)
        CHECK(d->subFormat == CUFFT_XT_FORMAT_INPLACE_SHUFFLED, "%s: subformat %d", what, d->subFormat);
    check_pieces<C>(what, c, d, G, single, f, y, 1.0, tol);
    std::vector<C> h(total);
    CHECK(cufftXtMemcpy(plan, h.data(), d, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS, "%s", what);
    check_host<C>(what, h, y, 1.0, tol);

    // device to device into natural order (cuFFT does not copy batched plans' data so)
    if (c.batch == 1) {
        CHECK(cufftXtMalloc(plan, &nat, CUFFT_XT_FORMAT_INPLACE) == CUFFT_SUCCESS && nat, "%s", what);
        if (nat) {
            CHECK(cufftXtMemcpy(plan, nat, d, CUFFT_COPY_DEVICE_TO_DEVICE) == CUFFT_SUCCESS, "%s", what);
            check_pieces<C>(what, c, nat, G, false, f, y, 1.0, tol);
            CHECK(cufftXtFree(nat) == CUFFT_SUCCESS, "%s", what);
        }
    }

    // the other way from the permuted result: natural order again, n times the input
    CHECK(P::exec(plan, d, -first_dir) == CUFFT_SUCCESS, "%s", what);
    if (single)
        CHECK(d->subFormat == CUFFT_XT_FORMAT_INPLACE, "%s: subformat %d", what, d->subFormat);
    check_pieces<C>(what, c, d, G, false, f, x, (double)E, tol_back);
    CHECK(cufftXtMemcpy(plan, h.data(), d, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS, "%s", what);
    check_host<C>(what, h, x, (double)E, tol_back);

    CHECK(cufftXtFree(d) == CUFFT_SUCCESS, "%s", what);
    CHECK(cufftDestroy(plan) == CUFFT_SUCCESS, "%s", what);
}

template <typename C>
static void run_all(int ndev) {
    int all[16], two_reversed[2] = {1, 0};
    int G = ndev < 16 ? ndev : 16;
    for (int i = 0; i < G; i++) all[i] = i;
    const Case cases[] = {
        {1, {1024, 1, 1}, 1}, {1, {256, 1, 1}, 1}, {2, {13, 10, 1}, 1}, {2, {16, 9, 1}, 1},
        {3, {5, 6, 4}, 1},    {2, {6, 4, 1}, 3},   {1, {16, 1, 1}, 5},  {3, {3, 2, 4}, 6},
    };
    int i = 0;
    for (const Case &c : cases) {
        bool reversed = i % 2 == 1;
        run_case<C>(c, reversed ? 2 : G, reversed ? two_reversed : all, i % 3 == 2 ? CUFFT_INVERSE : CUFFT_FORWARD);
        i++;
    }
    // a plan on one GPU of several: natural order throughout
    int last = ndev - 1;
    run_case<C>(cases[2], 1, &last, CUFFT_FORWARD);
}

int main() {
    if (!two_devices_or_more())
        return 1;
    srand(7);
    run_all<cufftComplex>(ndev);
    run_all<cufftDoubleComplex>(ndev);
    // the calls left the calling thread on its device
    int dev = -1;
    CHECK(cudaGetDevice(&dev) == cudaSuccess && dev == 0, "device %d", dev);
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("cufft_xt_multi_gpu_c2c_rank_1_2_3_batched: OK\n");
    return 0;
}
