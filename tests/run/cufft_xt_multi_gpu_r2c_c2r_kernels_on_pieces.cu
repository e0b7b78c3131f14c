// cuFFT's multi-GPU API with the program's own kernels on each GPU's piece, as CUDA's samples
// and spectral codes use it:
//  - a 1-D circular convolution split among every device: both spectra stay in cuFFT's
//    permuted order, a kernel on each GPU multiplies its pieces, the inverse transform of the
//    permuted data returns natural order; and the samples' way, the spectra first copied device
//    to device into natural order (the inverse then leaves a permuted result, which
//    cufftXtMemcpy to the host puts back in order). Checked against a host convolution.
//  - 3-D real transforms (R2C/C2R and D2Z/Z2D, in-place padded rows): the spectrum is split
//    along y ([nx][its ys][nz/2+1] per GPU); a kernel weights each GPU's modes by their global
//    indices; the C2R plan transforms the same descriptor back. Checked against the same steps
//    on one device with cufftExecR2C/C2R.
//  - a 2-D real transform and batched 1-D real transforms (split by batch, natural order),
//    their spectra and round trips checked against one device's.
// RUN: %cu2cc %s -o %t -lcufft && env CU2C_DEVICES=2 timeout 120 %t && env CU2C_DEVICES=4 timeout 120 %t
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
#include <cufftXt.h>
#include "Inputs/cufft_xt_checks.h"

static void sync_all(const cudaLibXtDesc *d) {
    for (int g = 0; g < d->descriptor->nGPUs; g++) {
        cudaSetDevice(d->descriptor->GPUs[g]);
        CHECK(cudaDeviceSynchronize() == cudaSuccess, "GPU %d", g);
    }
    cudaSetDevice(0);
}

// ---- 1-D convolution ------------------------------------------------------------------------

__global__ void multiply_scaled(cufftComplex *a, const cufftComplex *b, int n, float scale) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        cufftComplex x = a[i], y = b[i];
        a[i].x = (x.x * y.x - x.y * y.y) * scale;
        a[i].y = (x.x * y.y + x.y * y.x) * scale;
    }
}

static void multiply_pieces(cudaLibXtDesc *a, cudaLibXtDesc *b, float scale) {
    for (int g = 0; g < a->descriptor->nGPUs; g++) {
        cudaSetDevice(a->descriptor->GPUs[g]);
        multiply_scaled<<<8, 64>>>((cufftComplex *)a->descriptor->data[g], (const cufftComplex *)b->descriptor->data[g],
                                   (int)(a->descriptor->size[g] / sizeof(cufftComplex)), scale);
    }
    sync_all(a);
}

static void convolution(int n, bool natural_spectra) {
    std::vector<cufftComplex> s(n), h(n), out(n);
    for (int i = 0; i < n; i++) {
        s[i].x = rand() / (float)RAND_MAX - 0.5f, s[i].y = rand() / (float)RAND_MAX - 0.5f;
        h[i].x = i < 9 ? rand() / (float)RAND_MAX : 0.0f, h[i].y = 0.0f;
    }
    cufftHandle plan;
    size_t work[16];
    CHECK(cufftCreate(&plan) == CUFFT_SUCCESS, "create");
    CHECK(cufftXtSetGPUs(plan, ndev, gpus) == CUFFT_SUCCESS, "set GPUs");
    CHECK(cufftMakePlan1d(plan, n, CUFFT_C2C, 1, work) == CUFFT_SUCCESS, "plan %d", n);
    cudaLibXtDesc *ds, *dh, *ns = NULL, *nh = NULL;
    CHECK(cufftXtMalloc(plan, &ds, CUFFT_XT_FORMAT_INPLACE) == CUFFT_SUCCESS, "malloc");
    CHECK(cufftXtMalloc(plan, &dh, CUFFT_XT_FORMAT_INPLACE) == CUFFT_SUCCESS, "malloc");
    CHECK(cufftXtMemcpy(plan, ds, s.data(), CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_SUCCESS, "copy");
    CHECK(cufftXtMemcpy(plan, dh, h.data(), CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_SUCCESS, "copy");
    CHECK(cufftXtExecDescriptorC2C(plan, ds, ds, CUFFT_FORWARD) == CUFFT_SUCCESS, "forward");
    CHECK(cufftXtExecDescriptorC2C(plan, dh, dh, CUFFT_FORWARD) == CUFFT_SUCCESS, "forward");
    cudaLibXtDesc *a = ds, *b = dh;
    if (natural_spectra) {
        CHECK(cufftXtMalloc(plan, &ns, CUFFT_XT_FORMAT_INPLACE) == CUFFT_SUCCESS, "malloc");
        CHECK(cufftXtMalloc(plan, &nh, CUFFT_XT_FORMAT_INPLACE) == CUFFT_SUCCESS, "malloc");
        CHECK(cufftXtMemcpy(plan, ns, ds, CUFFT_COPY_DEVICE_TO_DEVICE) == CUFFT_SUCCESS, "copy");
        CHECK(cufftXtMemcpy(plan, nh, dh, CUFFT_COPY_DEVICE_TO_DEVICE) == CUFFT_SUCCESS, "copy");
        a = ns, b = nh;
    }
    multiply_pieces(a, b, 1.0f / n);
    CHECK(cufftXtExecDescriptorC2C(plan, a, a, CUFFT_INVERSE) == CUFFT_SUCCESS, "inverse");
    CHECK(a->subFormat == (natural_spectra ? CUFFT_XT_FORMAT_INPLACE_SHUFFLED : CUFFT_XT_FORMAT_INPLACE),
          "subformat %d", a->subFormat);
    CHECK(cufftXtMemcpy(plan, out.data(), a, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS, "copy");
    double worst = 0;
    for (int i = 0; i < n; i++) {
        double re = 0, im = 0;
        for (int j = 0; j < n; j++) {
            const cufftComplex &x = s[(i - j + n) % n], &y = h[j];
            re += (double)x.x * y.x - (double)x.y * y.y;
            im += (double)x.x * y.y + (double)x.y * y.x;
        }
        worst = fmax(worst, fabs(out[i].x - re) + fabs(out[i].y - im));
    }
    CHECK(worst < 1e-4, "convolution of %d on %d GPUs (%s spectra) off by %g", n, ndev,
          natural_spectra ? "natural" : "permuted", worst);
    cufftXtFree(ds), cufftXtFree(dh);
    if (ns)
        cufftXtFree(ns), cufftXtFree(nh);
    cufftDestroy(plan);
}

// ---- real transforms ---------------------------------------------------------------------------

template <typename R> struct Real;
template <> struct Real<float> {
    typedef cufftComplex C;
    static cufftType r2c() { return CUFFT_R2C; }
    static cufftType c2r() { return CUFFT_C2R; }
    static double tol() { return 1e-5; }
    static const char *name() { return "R2C/C2R"; }
    static cufftResult xt_forward(cufftHandle p, cudaLibXtDesc *d) { return cufftXtExecDescriptorR2C(p, d, d); }
    static cufftResult xt_inverse(cufftHandle p, cudaLibXtDesc *d) { return cufftXtExecDescriptorC2R(p, d, d); }
    static cufftResult forward(cufftHandle p, void *d) { return cufftExecR2C(p, (cufftReal *)d, (cufftComplex *)d); }
    static cufftResult inverse(cufftHandle p, void *d) { return cufftExecC2R(p, (cufftComplex *)d, (cufftReal *)d); }
};
template <> struct Real<double> {
    typedef cufftDoubleComplex C;
    static cufftType r2c() { return CUFFT_D2Z; }
    static cufftType c2r() { return CUFFT_Z2D; }
    static double tol() { return 1e-13; }
    static const char *name() { return "D2Z/Z2D"; }
    static cufftResult xt_forward(cufftHandle p, cudaLibXtDesc *d) { return cufftXtExecDescriptorD2Z(p, d, d); }
    static cufftResult xt_inverse(cufftHandle p, cudaLibXtDesc *d) { return cufftXtExecDescriptorZ2D(p, d, d); }
    static cufftResult forward(cufftHandle p, void *d) {
        return cufftExecD2Z(p, (cufftDoubleReal *)d, (cufftDoubleComplex *)d);
    }
    static cufftResult inverse(cufftHandle p, void *d) {
        return cufftExecZ2D(p, (cufftDoubleComplex *)d, (cufftDoubleReal *)d);
    }
};

// Weighs mode (x, y0 + y, z) of a [nx][ycount][nzc] block by 1 / (1 + x + 2 y + 3 z).
template <typename C>
__global__ void weigh_modes(C *m, int nx, int ycount, int nzc, int y0) {
    int z = threadIdx.x, y = blockIdx.x, x = blockIdx.y;
    if (z < nzc && y < ycount && x < nx) {
        double w = 1.0 / (1 + x + 2 * (y + y0) + 3 * z);
        C v = m[((long)x * ycount + y) * nzc + z];
        v.x *= w;
        v.y *= w;
        m[((long)x * ycount + y) * nzc + z] = v;
    }
}

static void share(int m, int G, int g, int *start, int *count) {
    *count = m / G + (g < m % G);
    *start = g * (m / G) + (g < m % G ? g : m % G);
}

template <typename C> static double max_abs(const std::vector<C> &v) {
    double m = 0;
    for (const C &c : v) m = fmax(m, fmax(fabs(c.x), fabs(c.y)));
    return m;
}

// A real transform of rank 1 to 3 in place (rows padded to n/2+1 complex numbers) on every
// device and on one; with `weigh` (one 3-D transform) a kernel weighs the modes in between.
template <typename R>
static void real_case(int rank, const int *n, int batch, bool weigh) {
    typedef Real<R> P;
    typedef typename P::C C;
    char what[128];
    snprintf(what, sizeof what, "%s rank %d %dx%dx%d batch %d on %d GPUs", P::name(), rank, n[0],
             rank > 1 ? n[1] : 1, rank > 2 ? n[2] : 1, batch, ndev);
    int last = n[rank - 1], nzc = last / 2 + 1;
    long rows = batch;
    for (int k = 0; k < rank - 1; k++) rows *= n[k];
    long units = rows * nzc, reals = 1;
    for (int k = 0; k < rank; k++) reals *= n[k];
    std::vector<R> x(2 * units, (R)0);
    for (long r = 0; r < rows; r++)
        for (int i = 0; i < last; i++) x[r * 2 * nzc + i] = rand() / (R)RAND_MAX - (R)0.5;
    int nn[3] = {n[0], rank > 1 ? n[1] : 1, rank > 2 ? n[2] : 1};

    // one device
    std::vector<C> spectrum1(units), spectrum(units);
    std::vector<R> back1(2 * units), back(2 * units);
    void *one;
    cufftHandle f1, i1;
    CHECK(cudaMalloc(&one, units * sizeof(C)) == cudaSuccess, "%s", what);
    cudaMemcpy(one, x.data(), units * sizeof(C), cudaMemcpyHostToDevice);
    CHECK(cufftPlanMany(&f1, rank, nn, NULL, 1, 0, NULL, 1, 0, P::r2c(), batch) == CUFFT_SUCCESS, "%s", what);
    CHECK(cufftPlanMany(&i1, rank, nn, NULL, 1, 0, NULL, 1, 0, P::c2r(), batch) == CUFFT_SUCCESS, "%s", what);
    CHECK(P::forward(f1, one) == CUFFT_SUCCESS, "%s", what);
    cudaMemcpy(spectrum1.data(), one, units * sizeof(C), cudaMemcpyDeviceToHost);
    if (weigh)
        weigh_modes<C><<<dim3(n[1], n[0]), nzc>>>((C *)one, n[0], n[1], nzc, 0);
    CHECK(P::inverse(i1, one) == CUFFT_SUCCESS, "%s", what);
    cudaMemcpy(back1.data(), one, units * sizeof(C), cudaMemcpyDeviceToHost);
    cudaFree(one);
    cufftDestroy(f1), cufftDestroy(i1);

    // every device: one plan each way, one descriptor
    cufftHandle fm, im;
    size_t work[16];
    CHECK(cufftCreate(&fm) == CUFFT_SUCCESS && cufftCreate(&im) == CUFFT_SUCCESS, "%s", what);
    CHECK(cufftXtSetGPUs(fm, ndev, gpus) == CUFFT_SUCCESS && cufftXtSetGPUs(im, ndev, gpus) == CUFFT_SUCCESS, "%s",
          what);
    cufftResult r = cufftMakePlanMany(fm, rank, nn, NULL, 1, 0, NULL, 1, 0, P::r2c(), batch, work);
    CHECK(r == CUFFT_SUCCESS, "%s: plan %d", what, (int)r);
    r = cufftMakePlanMany(im, rank, nn, NULL, 1, 0, NULL, 1, 0, P::c2r(), batch, work);
    CHECK(r == CUFFT_SUCCESS, "%s: plan %d", what, (int)r);
    cudaLibXtDesc *d = NULL;
    CHECK(cufftXtMalloc(fm, &d, CUFFT_XT_FORMAT_INPLACE) == CUFFT_SUCCESS && d, "%s", what);
    if (!d)
        return;
    CHECK(cufftXtMemcpy(fm, d, x.data(), CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_SUCCESS, "%s", what);
    CHECK(P::xt_forward(fm, d) == CUFFT_SUCCESS, "%s", what);
    CHECK(cufftXtMemcpy(fm, spectrum.data(), d, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS, "%s", what);
    double tol = P::tol() * max_abs(spectrum1) * 8, worst = 0;
    for (long i = 0; i < units; i++)
        worst = fmax(worst, fabs(spectrum[i].x - spectrum1[i].x) + fabs(spectrum[i].y - spectrum1[i].y));
    CHECK(worst <= tol, "%s: spectrum off by %g", what, worst);

    // where the modes are: one 3-D transform split along y, batches whole
    for (int g = 0; g < ndev; g++) {
        std::vector<long> at;
        if (rank == 3 && batch == 1) {
            CHECK(d->subFormat == CUFFT_XT_FORMAT_INPLACE_SHUFFLED, "%s: subformat %d", what, d->subFormat);
            int y0, yc;
            share(n[1], ndev, g, &y0, &yc);
            for (int i = 0; i < n[0]; i++)
                for (int j = y0; j < y0 + yc; j++)
                    for (int k = 0; k < nzc; k++) at.push_back(((long)i * n[1] + j) * nzc + k);
        } else if (batch > 1) {
            int b0, bc;
            share(batch, ndev, g, &b0, &bc);
            for (long i = b0 * (units / batch); i < (b0 + bc) * (units / batch); i++) at.push_back(i);
        }
        std::vector<C> piece(at.size());
        if (!at.empty())
            cudaMemcpy(piece.data(), d->descriptor->data[g], at.size() * sizeof(C), cudaMemcpyDeviceToHost);
        worst = 0;
        for (size_t i = 0; i < at.size(); i++)
            worst = fmax(worst, fabs(piece[i].x - spectrum1[at[i]].x) + fabs(piece[i].y - spectrum1[at[i]].y));
        CHECK(worst <= tol, "%s: GPU %d's modes off by %g", what, g, worst);
        if (weigh) {
            int y0, yc;
            share(n[1], ndev, g, &y0, &yc);
            cudaSetDevice(d->descriptor->GPUs[g]);
            if (yc)
                weigh_modes<C><<<dim3(yc, n[0]), nzc>>>((C *)d->descriptor->data[g], n[0], yc, nzc, y0);
        }
    }
    sync_all(d);

    CHECK(P::xt_inverse(im, d) == CUFFT_SUCCESS, "%s", what);
    CHECK(d->subFormat == CUFFT_XT_FORMAT_INPLACE, "%s: subformat %d", what, d->subFormat);
    CHECK(cufftXtMemcpy(im, back.data(), d, CUFFT_COPY_DEVICE_TO_HOST) == CUFFT_SUCCESS, "%s", what);
    worst = 0;
    double bmax = 0;
    for (long r2 = 0; r2 < rows; r2++)
        for (int i = 0; i < last; i++) {
            long k = r2 * 2 * nzc + i;
            bmax = fmax(bmax, fabs(back1[k]));
            worst = fmax(worst, fabs(back[k] - back1[k]));
            if (!weigh)
                worst = fmax(worst, fabs(back[k] - reals * x[k]));
        }
    CHECK(worst <= P::tol() * bmax * 8, "%s: round trip off by %g", what, worst);
    CHECK(cufftXtFree(d) == CUFFT_SUCCESS, "%s", what);
    cufftDestroy(fm), cufftDestroy(im);
}

template <typename R> static void real_cases() {
    const int cube[3] = {6, 5, 8}, square[2] = {9, 6}, line[1] = {12};
    real_case<R>(3, cube, 1, true);
    real_case<R>(2, square, 1, false);
    real_case<R>(1, line, 5, false);
}

int main() {
    if (!two_devices_or_more())
        return 1;
    srand(11);
    convolution(512, false);
    convolution(512, true);
    real_cases<float>();
    real_cases<double>();
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("cufft_xt_multi_gpu_r2c_c2r_kernels_on_pieces: OK\n");
    return 0;
}
