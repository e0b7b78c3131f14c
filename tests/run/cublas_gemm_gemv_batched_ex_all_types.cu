// cuBLAS level 2 and 3: gemm in S, D, C and Z with each of N, T, C and padded leading
// dimensions; gemv, ger/gerc; symm, trsm, geam (transpose and in place); gemmBatched with
// pointer arrays in device memory, gemmStridedBatched (small: a gemm per block over the workers;
// large: one after another); gemmEx in float, from half to float,
// with CUDA 10's cudaDataType compute type (C++ overload), and a type mix it refuses. Every
// result is compared with a host loop on column-major matrices.
// RUN: %cu2cc %s -o %t -lcublas && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

typedef std::complex<double> cd;
static int failures = 0;
#define CHECK_STATUS(call)                                                            \
    do {                                                                              \
        cublasStatus_t s_ = (call);                                                   \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                            \
            printf("line %d: %s returned %d\n", __LINE__, #call, (int)s_);            \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

static cd val(float v) { return cd(v, 0); }
static cd val(double v) { return cd(v, 0); }
static cd val(cuComplex v) { return cd(v.x, v.y); }
static cd val(cuDoubleComplex v) { return cd(v.x, v.y); }
template <typename T> static T mk(cd v);
template <> float mk<float>(cd v) { return (float)v.real(); }
template <> double mk<double>(cd v) { return v.real(); }
template <> cuComplex mk<cuComplex>(cd v) { return make_cuComplex((float)v.real(), (float)v.imag()); }
template <> cuDoubleComplex mk<cuDoubleComplex>(cd v) { return make_cuDoubleComplex(v.real(), v.imag()); }
template <typename T> static bool is_complex() { return false; }
template <> bool is_complex<cuComplex>() { return true; }
template <> bool is_complex<cuDoubleComplex>() { return true; }
template <typename T> static bool is_single() { return sizeof(T) == 4 || (sizeof(T) == 8 && is_complex<T>()); }

// op(M)(i, j) of a column-major matrix with leading dimension ld
template <typename T> static cd op_at(const std::vector<T> &M, int ld, cublasOperation_t op, int i, int j) {
    if (op == CUBLAS_OP_N) return val(M[i + (size_t)j * ld]);
    cd v = val(M[j + (size_t)i * ld]);
    return op == CUBLAS_OP_C ? std::conj(v) : v;
}

template <typename T> static std::vector<T> random_matrix(int rows, int cols, int ld, int seed) {
    std::vector<T> M((size_t)ld * cols);
    unsigned s = 12345u + 977u * seed;
    for (auto &v : M) {
        s = s * 1103515245u + 12345u;
        double re = ((s >> 16) % 200) / 100.0 - 1.0;
        s = s * 1103515245u + 12345u;
        double im = ((s >> 16) % 200) / 100.0 - 1.0;
        v = mk<T>(cd(re, im));
    }
    (void)rows;
    return M;
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

static void expect(cd got, cd want, double tol, const char *what, int i) {
    if (std::abs(got - want) > tol * (1.0 + std::abs(want))) {
        printf("%s[%d]: got (%g,%g), want (%g,%g)\n", what, i, got.real(), got.imag(), want.real(), want.imag());
        failures++;
    }
}

// C = alpha op(A) op(B) + beta C, checked against the host
template <typename T>
static cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                           const T *al, const T *A, int lda, const T *B, int ldb, const T *be, T *C, int ldc);
template <> cublasStatus_t gemm<float>(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const float *al, const float *A, int lda, const float *B, int ldb, const float *be, float *C, int ldc) { return cublasSgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
template <> cublasStatus_t gemm<double>(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const double *al, const double *A, int lda, const double *B, int ldb, const double *be, double *C, int ldc) { return cublasDgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
template <> cublasStatus_t gemm<cuComplex>(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const cuComplex *al, const cuComplex *A, int lda, const cuComplex *B, int ldb, const cuComplex *be, cuComplex *C, int ldc) { return cublasCgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
template <> cublasStatus_t gemm<cuDoubleComplex>(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const cuDoubleComplex *al, const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb, const cuDoubleComplex *be, cuDoubleComplex *C, int ldc) { return cublasZgemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc); }

template <typename T>
static int check_gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, const char *what) {
    const int m = 37, n = 29, k = 23;
    int ar = ta == CUBLAS_OP_N ? m : k, ac = ta == CUBLAS_OP_N ? k : m;
    int br = tb == CUBLAS_OP_N ? k : n, bc = tb == CUBLAS_OP_N ? n : k;
    int lda = ar + 3, ldb = br + 1, ldc = m + 2;
    std::vector<T> A = random_matrix<T>(ar, ac, lda, 1), B = random_matrix<T>(br, bc, ldb, 2),
                   C = random_matrix<T>(m, n, ldc, 3);
    cd alpha(1.5, is_complex<T>() ? -0.5 : 0), beta(-0.25, is_complex<T>() ? 0.75 : 0);
    T al = mk<T>(alpha), be = mk<T>(beta);
    T *dA = to_device(A), *dB = to_device(B), *dC = to_device(C);
    CHECK_STATUS(gemm<T>(h, ta, tb, m, n, k, &al, dA, lda, dB, ldb, &be, dC, ldc));
    std::vector<T> got = from_device(dC, C.size());
    double tol = is_single<T>() ? 1e-5 : 1e-12;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            cd s = 0;
            for (int p = 0; p < k; p++) s += op_at(A, lda, ta, i, p) * op_at(B, ldb, tb, p, j);
            expect(val(got[i + (size_t)j * ldc]), alpha * s + beta * val(C[i + (size_t)j * ldc]), tol, what, i + j * ldc);
        }
    for (int j = 0; j < n; j++)   // the padding rows are untouched
        for (int i = m; i < ldc; i++) expect(val(got[i + (size_t)j * ldc]), val(C[i + (size_t)j * ldc]), 0, what, i);
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    return 0;
}

int main() {
    cublasHandle_t h;
    CHECK_STATUS(cublasCreate(&h));
    if (check_gemm<float>(h, CUBLAS_OP_N, CUBLAS_OP_T, "Sgemm NT") || check_gemm<double>(h, CUBLAS_OP_T, CUBLAS_OP_N, "Dgemm TN") ||
        check_gemm<cuComplex>(h, CUBLAS_OP_C, CUBLAS_OP_N, "Cgemm CN") ||
        check_gemm<cuDoubleComplex>(h, CUBLAS_OP_N, CUBLAS_OP_C, "Zgemm NC"))
        return 1;

    // ---- gemv (T) and Zgemv (C), ger, gerc
    const int m = 41, n = 33, lda = 45;
    std::vector<float> A = random_matrix<float>(m, n, lda, 4), x = random_matrix<float>(m, 1, m, 5),
                       y = random_matrix<float>(n, 1, n, 6);
    float *dA = to_device(A), *dx = to_device(x), *dy = to_device(y);
    float al = 2.0f, be = -1.0f;
    CHECK_STATUS(cublasSgemv(h, CUBLAS_OP_T, m, n, &al, dA, lda, dx, 1, &be, dy, 1));
    std::vector<float> gy = from_device(dy, n);
    for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < m; i++) s += (double)A[i + j * lda] * x[i];
        expect(gy[j], 2.0 * s - y[j], 1e-5, "Sgemv T", j);
    }
    std::vector<cuDoubleComplex> Az = random_matrix<cuDoubleComplex>(m, n, lda, 7), xz = random_matrix<cuDoubleComplex>(m, 1, m, 8),
                                 yz = random_matrix<cuDoubleComplex>(n, 1, n, 9);
    cuDoubleComplex *dAz = to_device(Az), *dxz = to_device(xz), *dyz = to_device(yz);
    cuDoubleComplex alz = make_cuDoubleComplex(0.5, 1.0), bez = make_cuDoubleComplex(0, -1);
    CHECK_STATUS(cublasZgemv(h, CUBLAS_OP_C, m, n, &alz, dAz, lda, dxz, 1, &bez, dyz, 1));
    std::vector<cuDoubleComplex> gyz = from_device(dyz, n);
    for (int j = 0; j < n; j++) {
        cd s = 0;
        for (int i = 0; i < m; i++) s += std::conj(val(Az[i + j * lda])) * val(xz[i]);
        expect(val(gyz[j]), val(alz) * s + val(bez) * val(yz[j]), 1e-12, "Zgemv C", j);
    }
    std::vector<double> Ad = random_matrix<double>(m, n, lda, 10), xd = random_matrix<double>(m, 1, m, 11),
                        yd = random_matrix<double>(n, 1, n, 12);
    double *dAd = to_device(Ad), *dxd = to_device(xd), *dyd = to_device(yd);
    double ald = -0.5;
    CHECK_STATUS(cublasDger(h, m, n, &ald, dxd, 1, dyd, 1, dAd, lda));
    std::vector<double> gAd = from_device(dAd, Ad.size());
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) expect(gAd[i + j * lda], Ad[i + j * lda] - 0.5 * xd[i] * yd[j], 1e-13, "Dger", i);
    std::vector<cuComplex> Ac = random_matrix<cuComplex>(m, n, lda, 13), xc = random_matrix<cuComplex>(m, 1, m, 14),
                           yc = random_matrix<cuComplex>(n, 1, n, 15);
    cuComplex *dAc = to_device(Ac), *dxc = to_device(xc), *dyc = to_device(yc);
    cuComplex alc = make_cuComplex(1, 1);
    CHECK_STATUS(cublasCgerc(h, m, n, &alc, dxc, 1, dyc, 1, dAc, lda));
    std::vector<cuComplex> gAc = from_device(dAc, Ac.size());
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            expect(val(gAc[i + j * lda]), val(Ac[i + j * lda]) + cd(1, 1) * val(xc[i]) * std::conj(val(yc[j])), 1e-5, "Cgerc", i);

    // ---- symm (left, lower: only the lower triangle of A is read), trsm (left, upper)
    const int s = 24, t = 17;
    std::vector<float> S = random_matrix<float>(s, s, s, 16), Bs = random_matrix<float>(s, t, s, 17),
                       Cs = random_matrix<float>(s, t, s, 18);
    float *dS = to_device(S), *dBs = to_device(Bs), *dCs = to_device(Cs);
    float one = 1.0f, zero = 0.0f;
    CHECK_STATUS(cublasSsymm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, s, t, &one, dS, s, dBs, s, &zero, dCs, s));
    std::vector<float> gCs = from_device(dCs, Cs.size());
    for (int j = 0; j < t; j++)
        for (int i = 0; i < s; i++) {
            double acc = 0;
            for (int p = 0; p < s; p++) acc += (double)(i >= p ? S[i + p * s] : S[p + i * s]) * Bs[p + j * s];
            expect(gCs[i + j * s], acc, 1e-5, "Ssymm", i);
        }
    std::vector<double> U = random_matrix<double>(s, s, s, 19), X = random_matrix<double>(s, t, s, 20);
    for (int i = 0; i < s; i++) U[i + i * s] += 4.0;   // well conditioned
    std::vector<double> Bt((size_t)s * t, 0.0);       // B = U X (upper triangle of U)
    for (int j = 0; j < t; j++)
        for (int i = 0; i < s; i++)
            for (int p = i; p < s; p++) Bt[i + j * s] += U[i + p * s] * X[p + j * s];
    double *dU = to_device(U), *dBt = to_device(Bt), oned = 1.0;
    CHECK_STATUS(cublasDtrsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, s, t, &oned, dU, s, dBt, s));
    std::vector<double> gX = from_device(dBt, Bt.size());
    for (size_t i = 0; i < gX.size(); i++) expect(gX[i], X[i], 1e-10, "Dtrsm", (int)i);

    // ---- geam: C = A^T (beta 0, B unused), then C = 2 C + 1 B in place
    std::vector<float> G = random_matrix<float>(m, n, m, 21), H = random_matrix<float>(n, m, n, 22);
    float *dG = to_device(G), *dH = to_device(H), *dT;
    cudaMalloc(&dT, sizeof(float) * n * m);
    CHECK_STATUS(cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, &one, dG, m, &zero, NULL, n, dT, n));
    float two = 2.0f;
    CHECK_STATUS(cublasSgeam(h, CUBLAS_OP_N, CUBLAS_OP_N, n, m, &two, dT, n, &one, dH, n, dT, n));
    std::vector<float> gT = from_device(dT, (size_t)n * m);
    for (int j = 0; j < m; j++)
        for (int i = 0; i < n; i++) expect(gT[i + j * n], 2.0 * G[j + i * m] + H[i + j * n], 1e-6, "Sgeam", i);

    // ---- gemmBatched (pointer arrays in device memory) and gemmStridedBatched
    const int bm = 8, bn = 6, bk = 5, batch = 7;
    std::vector<float> BA = random_matrix<float>(bm, bk * batch, bm, 23), BB = random_matrix<float>(bk, bn * batch, bk, 24),
                       BC = random_matrix<float>(bm, bn * batch, bm, 25);
    float *dBA = to_device(BA), *dBB = to_device(BB), *dBC = to_device(BC);
    std::vector<const float *> pa(batch), pb(batch);
    std::vector<float *> pc(batch);
    for (int i = 0; i < batch; i++) {
        pa[i] = dBA + (size_t)i * bm * bk;
        pb[i] = dBB + (size_t)i * bk * bn;
        pc[batch - 1 - i] = dBC + (size_t)i * bm * bn;   // C's in reverse order
    }
    const float **dpa;
    const float **dpb;
    float **dpc;
    cudaMalloc(&dpa, batch * sizeof(float *));
    cudaMalloc(&dpb, batch * sizeof(float *));
    cudaMalloc(&dpc, batch * sizeof(float *));
    cudaMemcpy(dpa, pa.data(), batch * sizeof(float *), cudaMemcpyHostToDevice);
    cudaMemcpy(dpb, pb.data(), batch * sizeof(float *), cudaMemcpyHostToDevice);
    cudaMemcpy(dpc, pc.data(), batch * sizeof(float *), cudaMemcpyHostToDevice);
    CHECK_STATUS(cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, bm, bn, bk, &one, dpa, bm, dpb, bk, &two, dpc, bm, batch));
    std::vector<float> gBC = from_device(dBC, BC.size());
    for (int b = 0; b < batch; b++) {
        int cb = batch - 1 - b;
        for (int j = 0; j < bn; j++)
            for (int i = 0; i < bm; i++) {
                double acc = 0;
                for (int p = 0; p < bk; p++) acc += (double)BA[b * bm * bk + i + p * bm] * BB[b * bk * bn + p + j * bk];
                size_t at = (size_t)cb * bm * bn + i + j * bm;
                expect(gBC[at], acc + 2.0 * BC[at], 1e-5, "SgemmBatched", (int)at);
            }
    }
    std::vector<double> SA = random_matrix<double>(bm, bk * batch, bm, 26), SB = random_matrix<double>(bk, bn, bk, 27);
    std::vector<double> SC((size_t)bm * bn * batch, 0.0);
    double *dSA = to_device(SA), *dSB = to_device(SB), *dSC = to_device(SC), zerod = 0;
    // stride 0 for B: the same B for every matrix of the batch
    CHECK_STATUS(cublasDgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, bm, bn, bk, &oned, dSA, bm, (long long)bm * bk, dSB, bk, 0,
                                           &zerod, dSC, bm, (long long)bm * bn, batch));
    std::vector<double> gSC = from_device(dSC, SC.size());
    for (int b = 0; b < batch; b++)
        for (int j = 0; j < bn; j++)
            for (int i = 0; i < bm; i++) {
                double acc = 0;
                for (int p = 0; p < bk; p++) acc += SA[b * bm * bk + i + p * bm] * SB[p + j * bk];
                expect(gSC[b * bm * bn + i + j * bm], acc, 1e-13, "DgemmStridedBatched", b);
            }

    // a batch of larger matrices (one gemm after another, each on OpenBLAS's threads), A shared
    const int lm = 130, lbatch = 2;
    std::vector<float> LA = random_matrix<float>(lm, lm, lm, 30), LB = random_matrix<float>(lm, lm * lbatch, lm, 31);
    float *dLA = to_device(LA), *dLB = to_device(LB), *dLC;
    cudaMalloc(&dLC, sizeof(float) * lm * lm * lbatch);
    CHECK_STATUS(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, lm, lm, lm, &one, dLA, lm, 0, dLB, lm,
                                           (long long)lm * lm, &zero, dLC, lm, (long long)lm * lm, lbatch));
    std::vector<float> gLC = from_device(dLC, (size_t)lm * lm * lbatch);
    for (int b = 0; b < lbatch; b++)
        for (int j = 0; j < lm; j += 7)
            for (int i = 0; i < lm; i++) {
                double acc = 0;
                for (int p = 0; p < lm; p++) acc += (double)LA[i + p * lm] * LB[(size_t)b * lm * lm + p + j * lm];
                expect(gLC[(size_t)b * lm * lm + i + j * lm], acc, 1e-5, "SgemmStridedBatched 130", i);
            }

    // ---- gemmEx: float, half in float out, the C++ overload with a cudaDataType compute type
    const int em = 16, en = 12, ek = 20;
    std::vector<float> EA = random_matrix<float>(em, ek, em, 28), EB = random_matrix<float>(ek, en, ek, 29);
    std::vector<__half> HA(EA.size()), HB(EB.size());
    for (size_t i = 0; i < EA.size(); i++) HA[i] = __float2half(EA[i]);
    for (size_t i = 0; i < EB.size(); i++) HB[i] = __float2half(EB[i]);
    float *dEA = to_device(EA), *dEB = to_device(EB), *dEC;
    __half *dHA = to_device(HA), *dHB = to_device(HB);
    cudaMalloc(&dEC, sizeof(float) * em * en);
    std::vector<double> want((size_t)em * en), want_h((size_t)em * en);
    for (int j = 0; j < en; j++)
        for (int i = 0; i < em; i++) {
            double a = 0, ah = 0;
            for (int p = 0; p < ek; p++) {
                a += (double)EA[i + p * em] * EB[p + j * ek];
                ah += (double)__half2float(HA[i + p * em]) * __half2float(HB[p + j * ek]);
            }
            want[i + j * em] = a;
            want_h[i + j * em] = ah;
        }
    CHECK_STATUS(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, em, en, ek, &one, dEA, CUDA_R_32F, em, dEB, CUDA_R_32F, ek, &zero,
                              dEC, CUDA_R_32F, em, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    std::vector<float> gEC = from_device(dEC, want.size());
    for (size_t i = 0; i < want.size(); i++) expect(gEC[i], want[i], 1e-5, "GemmEx 32F", (int)i);
    CHECK_STATUS(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, em, en, ek, &one, dHA, CUDA_R_16F, em, dHB, CUDA_R_16F, ek, &zero,
                              dEC, CUDA_R_32F, em, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP));
    gEC = from_device(dEC, want.size());
    for (size_t i = 0; i < want.size(); i++) expect(gEC[i], want_h[i], 1e-5, "GemmEx 16F->32F", (int)i);
    CHECK_STATUS(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, em, en, ek, &two, dEA, CUDA_R_32F, em, dEB, CUDA_R_32F, ek, &zero,
                              dEC, CUDA_R_32F, em, CUDA_R_32F, CUBLAS_GEMM_DEFAULT));   // CUDA 10's compute type
    gEC = from_device(dEC, want.size());
    for (size_t i = 0; i < want.size(); i++) expect(gEC[i], 2 * want[i], 1e-5, "GemmEx cudaDataType", (int)i);
    cublasStatus_t st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, em, en, ek, &one, dEA, CUDA_R_32F, em, dHB, CUDA_R_16F, ek,
                                     &zero, dEC, CUDA_R_32F, em, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    if (st != CUBLAS_STATUS_NOT_SUPPORTED) {
        printf("GemmEx with A float and B half: status %d, want NOT_SUPPORTED\n", (int)st);
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
