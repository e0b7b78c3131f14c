// cuBLAS level 1 in S, D, C and Z (amax amin asum axpy copy dot dotu dotc nrm2 rot scal swap),
// with results to host memory (the call waits) and, in device pointer mode, scalars read from
// and results written to device memory, read back by a kernel; negative increments follow BLAS.
// Every result is compared with a host loop. cublas_v2.h brings cuda_fp16.h and cuda_bf16.h
// with it, as NVIDIA's does (llm.c names __nv_bfloat16 after including only it).
// RUN: %cu2cc %s -o %t -lcublas && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>
#include <cublas_v2.h>
#include <cuda_runtime.h>

static_assert(sizeof(__nv_bfloat16) == 2 && sizeof(__half) == 2, "cublas_v2.h's half types");

static int failures = 0;
#define CHECK_STATUS(call)                                                            \
    do {                                                                              \
        cublasStatus_t s_ = (call);                                                   \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                            \
            printf("line %d: %s returned %d\n", __LINE__, #call, (int)s_);            \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

static void expect_close(double got, double want, double tol, const char *what, int line) {
    if (!(std::fabs(got - want) <= tol * (1.0 + std::fabs(want)))) {
        printf("line %d: %s: got %.9g, want %.9g\n", line, what, got, want);
        failures++;
    }
}
#define EXPECT(got, want, tol) expect_close((got), (want), (tol), #got, __LINE__)
static void expect_int(int got, int want, const char *what, int line) {
    if (got != want) {
        printf("line %d: %s: got %d, want %d\n", line, what, got, want);
        failures++;
    }
}
#define EXPECT_INT(got, want) expect_int((got), (want), #got, __LINE__)

// Reads the results device pointer mode wrote, on the device, and copies them out.
__global__ void gather(const float *sdot, const int *imax, const double *dnrm, float *out) {
    if (threadIdx.x == 0) {
        out[0] = *sdot;
        out[1] = (float)*imax;
        out[2] = (float)*dnrm;
    }
}

template <typename T> static T *to_device(const std::vector<T> &h) {
    T *d;
    cudaMalloc(&d, h.size() * sizeof(T));
    cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    return d;
}
template <typename T> static std::vector<T> from_device(const T *d, size_t n) {
    std::vector<T> h(n);
    cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
}

int main() {
    cublasHandle_t h;
    CHECK_STATUS(cublasCreate(&h));
    const int n = 1000;
    std::vector<float> xs(n), ys(n);
    std::vector<double> xd(n), yd(n);
    std::vector<cuComplex> xc(n), yc(n);
    std::vector<cuDoubleComplex> xz(n), yz(n);
    for (int i = 0; i < n; i++) {
        xs[i] = (float)((i * 37 % 101) - 50) / 16.0f;
        ys[i] = (float)((i * 53 % 97) - 48) / 8.0f;
        xd[i] = xs[i] * 1.5;
        yd[i] = ys[i] * 0.5;
        xc[i] = make_cuComplex(xs[i], ys[i] * 0.25f);
        yc[i] = make_cuComplex(ys[i], -xs[i]);
        xz[i] = make_cuDoubleComplex(xd[i], yd[i]);
        yz[i] = make_cuDoubleComplex(-yd[i], xd[i] * 0.75);
    }
    float *dxs = to_device(xs), *dys = to_device(ys);
    double *dxd = to_device(xd), *dyd = to_device(yd);
    cuComplex *dxc = to_device(xc), *dyc = to_device(yc);
    cuDoubleComplex *dxz = to_device(xz), *dyz = to_device(yz);

    // ---- amax, amin (1-based, first of equals; complex by |re| + |im|), asum, nrm2
    int imax, imin;
    int want_max = 0, want_min = 0;
    for (int i = 0; i < n; i++) {
        if (std::fabs(xs[i]) > std::fabs(xs[want_max])) want_max = i;
        if (std::fabs(xs[i]) < std::fabs(xs[want_min])) want_min = i;
    }
    CHECK_STATUS(cublasIsamax(h, n, dxs, 1, &imax));
    CHECK_STATUS(cublasIsamin(h, n, dxs, 1, &imin));
    EXPECT_INT(imax, want_max + 1);
    EXPECT_INT(imin, want_min + 1);
    int zmax = 0;
    for (int i = 0; i < n; i++)
        if (std::fabs(xz[i].x) + std::fabs(xz[i].y) > std::fabs(xz[zmax].x) + std::fabs(xz[zmax].y)) zmax = i;
    CHECK_STATUS(cublasIzamax(h, n, dxz, 1, &imax));
    EXPECT_INT(imax, zmax + 1);
    CHECK_STATUS(cublasIdamax(h, 0, dxd, 1, &imax));
    EXPECT_INT(imax, 0);
    CHECK_STATUS(cublasIcamin(h, n, dxc, -1, &imin));   // incx <= 0: 0
    EXPECT_INT(imin, 0);

    double asum_s = 0, nrm_d = 0, asum_c = 0, nrm_z = 0;
    for (int i = 0; i < n; i++) {
        asum_s += std::fabs(xs[i]);
        nrm_d += xd[i] * xd[i];
        asum_c += std::fabs(xc[i].x) + std::fabs(xc[i].y);
        nrm_z += xz[i].x * xz[i].x + xz[i].y * xz[i].y;
    }
    float rs;
    double rd;
    CHECK_STATUS(cublasSasum(h, n, dxs, 1, &rs));
    EXPECT(rs, asum_s, 1e-5);
    CHECK_STATUS(cublasDnrm2(h, n, dxd, 1, &rd));
    EXPECT(rd, std::sqrt(nrm_d), 1e-12);
    CHECK_STATUS(cublasScasum(h, n, dxc, 1, &rs));
    EXPECT(rs, asum_c, 1e-5);
    CHECK_STATUS(cublasDznrm2(h, n, dxz, 1, &rd));
    EXPECT(rd, std::sqrt(nrm_z), 1e-12);
    // strided: every third element of the first n/3
    double nrm_s3 = 0;
    for (int i = 0; i < n / 3; i++) nrm_s3 += (double)xs[3 * i] * xs[3 * i];
    CHECK_STATUS(cublasSnrm2(h, n / 3, dxs, 3, &rs));
    EXPECT(rs, std::sqrt(nrm_s3), 1e-5);

    // ---- dot, dotu, dotc
    double dot_s = 0, dot_d = 0;
    std::complex<double> dotu_c = 0, dotc_z = 0;
    for (int i = 0; i < n; i++) {
        dot_s += (double)xs[i] * ys[i];
        dot_d += xd[i] * yd[n - 1 - i];   // y with increment -1: read backwards
        dotu_c += std::complex<double>(xc[i].x, xc[i].y) * std::complex<double>(yc[i].x, yc[i].y);
        dotc_z += std::conj(std::complex<double>(xz[i].x, xz[i].y)) * std::complex<double>(yz[i].x, yz[i].y);
    }
    CHECK_STATUS(cublasSdot(h, n, dxs, 1, dys, 1, &rs));
    EXPECT(rs, dot_s, 1e-4);
    CHECK_STATUS(cublasDdot(h, n, dxd, 1, dyd, -1, &rd));
    EXPECT(rd, dot_d, 1e-12);
    cuComplex rc;
    cuDoubleComplex rz;
    CHECK_STATUS(cublasCdotu(h, n, dxc, 1, dyc, 1, &rc));
    EXPECT(rc.x, dotu_c.real(), 1e-4);
    EXPECT(rc.y, dotu_c.imag(), 1e-4);
    CHECK_STATUS(cublasZdotc(h, n, dxz, 1, dyz, 1, &rz));
    EXPECT(rz.x, dotc_z.real(), 1e-12);
    EXPECT(rz.y, dotc_z.imag(), 1e-12);

    // ---- axpy, scal, copy, swap, rot (in place, then read back)
    float alpha_s = 0.75f;
    CHECK_STATUS(cublasSaxpy(h, n, &alpha_s, dxs, 1, dys, 1));
    std::vector<float> ys2 = from_device(dys, n);
    for (int i = 0; i < n; i++) EXPECT(ys2[i], ys[i] + 0.75 * xs[i], 1e-6);
    cuDoubleComplex alpha_z = make_cuDoubleComplex(0.5, -2.0);
    CHECK_STATUS(cublasZscal(h, n, &alpha_z, dxz, 1));
    std::vector<cuDoubleComplex> xz2 = from_device(dxz, n);
    for (int i = 0; i < n; i++) {
        std::complex<double> w = std::complex<double>(0.5, -2.0) * std::complex<double>(xz[i].x, xz[i].y);
        EXPECT(xz2[i].x, w.real(), 1e-13);
        EXPECT(xz2[i].y, w.imag(), 1e-13);
    }
    float alpha_cs = -3.0f;
    CHECK_STATUS(cublasCsscal(h, n, &alpha_cs, dxc, 1));
    std::vector<cuComplex> xc2 = from_device(dxc, n);
    for (int i = 0; i < n; i++) EXPECT(xc2[i].y, -3.0 * xc[i].y, 1e-6);
    CHECK_STATUS(cublasDcopy(h, n, dxd, 1, dyd, 1));
    std::vector<double> yd2 = from_device(dyd, n);
    for (int i = 0; i < n; i++) EXPECT(yd2[i], xd[i], 0);
    CHECK_STATUS(cublasCswap(h, n, dxc, 1, dyc, 1));
    std::vector<cuComplex> yc2 = from_device(dyc, n);
    for (int i = 0; i < n; i++) EXPECT(yc2[i].x, -3.0 * xc[i].x, 1e-6);
    float c = 0.6f, s = 0.8f;
    std::vector<float> xs_before = from_device(dxs, n), ys_before = from_device(dys, n);
    CHECK_STATUS(cublasSrot(h, n, dxs, 1, dys, 1, &c, &s));
    std::vector<float> xs3 = from_device(dxs, n), ys3 = from_device(dys, n);
    for (int i = 0; i < n; i++) {
        EXPECT(xs3[i], c * xs_before[i] + s * ys_before[i], 1e-5);
        EXPECT(ys3[i], c * ys_before[i] - s * xs_before[i], 1e-5);
    }
    // Zrot with a complex sine: x' = c x + s y, y' = c y - conj(s) x
    cuDoubleComplex *dxz_r = to_device(xz), *dyz_r = to_device(yz);
    double cz = 0.8;
    cuDoubleComplex sz = make_cuDoubleComplex(0.36, 0.48);
    CHECK_STATUS(cublasZrot(h, n, dxz_r, 1, dyz_r, 1, &cz, &sz));
    std::vector<cuDoubleComplex> xz4 = from_device(dxz_r, n), yz4 = from_device(dyz_r, n);
    for (int i = 0; i < n; i++) {
        std::complex<double> X(xz[i].x, xz[i].y), Y(yz[i].x, yz[i].y), S(0.36, 0.48);
        std::complex<double> wx = cz * X + S * Y, wy = cz * Y - std::conj(S) * X;
        EXPECT(xz4[i].x, wx.real(), 1e-13);
        EXPECT(yz4[i].y, wy.imag(), 1e-13);
    }

    // ---- device pointer mode: scalars from and results to device memory
    CHECK_STATUS(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
    cublasPointerMode_t mode;
    CHECK_STATUS(cublasGetPointerMode(h, &mode));
    EXPECT_INT(mode, CUBLAS_POINTER_MODE_DEVICE);
    float *d_res, *d_alpha, *d_out;
    int *d_imax;
    double *d_nrm;
    cudaMalloc(&d_res, sizeof(float));
    cudaMalloc(&d_alpha, sizeof(float));
    cudaMalloc(&d_out, 3 * sizeof(float));
    cudaMalloc(&d_imax, sizeof(int));
    cudaMalloc(&d_nrm, sizeof(double));
    float two = 2.0f;
    cudaMemcpy(d_alpha, &two, sizeof two, cudaMemcpyHostToDevice);
    std::vector<float> p(n), q(n);
    double want_dot = 0;
    for (int i = 0; i < n; i++) {
        p[i] = (float)(i % 7) - 3.0f;
        q[i] = (float)(i % 5) * 0.5f;
        want_dot += (double)p[i] * (q[i] + 2.0 * p[i]);
    }
    float *dp = to_device(p), *dq = to_device(q);
    CHECK_STATUS(cublasSaxpy(h, n, d_alpha, dp, 1, dq, 1));           // q += 2 p, alpha on the device
    CHECK_STATUS(cublasSdot(h, n, dp, 1, dq, 1, d_res));
    CHECK_STATUS(cublasIsamax(h, n, dq, 1, d_imax));
    CHECK_STATUS(cublasDnrm2(h, n, dxd, 1, d_nrm));
    gather<<<1, 32>>>(d_res, d_imax, d_nrm, d_out);
    float out[3];
    cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
    int want_qmax = 0;
    for (int i = 0; i < n; i++)
        if (std::fabs(q[i] + 2.0f * p[i]) > std::fabs(q[want_qmax] + 2.0f * p[want_qmax])) want_qmax = i;
    EXPECT(out[0], want_dot, 1e-5);
    EXPECT_INT((int)out[1], want_qmax + 1);
    EXPECT(out[2], std::sqrt(nrm_d), 1e-6);

    // a null result is an invalid value
    if (cublasSdot(h, n, dp, 1, dq, 1, NULL) != CUBLAS_STATUS_INVALID_VALUE) {
        printf("null result accepted\n");
        failures++;
    }
    CHECK_STATUS(cublasDestroy(h));
    if (failures) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
