// cuBLAS's symmetric, Hermitian and triangular routines against host loops: Ssymv (lower),
// Zhemv (upper), Dtrmv (upper, T, unit diagonal), Ctrsv (lower, N), Ssyrk (upper, T), Zherk
// (lower, N; only the chosen triangle is written, the other is left as it was), Dtrmm (left,
// lower, out of place and in place), Chemm (right, upper). Each reads only its triangle:
// the other holds garbage.
// RUN: %cu2cc %s -o %t -lcublas && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>
#include <cublas_v2.h>
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

static void expect(cd got, cd want, double tol, const char *what, int i) {
    if (std::abs(got - want) > tol * (1.0 + std::abs(want))) {
        if (failures < 10)
            printf("%s[%d]: got (%g,%g), want (%g,%g)\n", what, i, got.real(), got.imag(), want.real(), want.imag());
        failures++;
    }
}

static unsigned seed = 1;
static double rnd() {
    seed = seed * 1103515245u + 12345u;
    return ((seed >> 16) % 2000) / 1000.0 - 1.0;
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
    const int n = 37, lda = 40, k = 21;
    const double garbage = 1e30;   // in the triangle a routine must not read

    // ---- Ssymv, lower: y = 2 A x - y
    std::vector<float> A(lda * n), x(n), y(n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++) A[i + j * lda] = i >= j && i < n ? (float)rnd() : (float)garbage;
    for (int i = 0; i < n; i++) { x[i] = (float)rnd(); y[i] = (float)rnd(); }
    float *dA = to_device(A), *dx = to_device(x), *dy = to_device(y), two = 2, minus1 = -1;
    CHECK_STATUS(cublasSsymv(h, CUBLAS_FILL_MODE_LOWER, n, &two, dA, lda, dx, 1, &minus1, dy, 1));
    std::vector<float> gy = from_device(dy, n);
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int p = 0; p < n; p++) s += (double)(i >= p ? A[i + p * lda] : A[p + i * lda]) * x[p];
        expect(gy[i], 2 * s - y[i], 1e-5, "Ssymv", i);
    }

    // ---- Zhemv, upper: y = A x (the diagonal's imaginary parts are not read)
    std::vector<cuDoubleComplex> Z(lda * n), zx(n), zy(n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++)
            Z[i + j * lda] = i <= j ? make_cuDoubleComplex(rnd(), i == j ? garbage : rnd()) : make_cuDoubleComplex(garbage, 0);
    for (int i = 0; i < n; i++) zx[i] = make_cuDoubleComplex(rnd(), rnd());
    cuDoubleComplex *dZ = to_device(Z), *dzx = to_device(zx), *dzy = to_device(zy);
    cuDoubleComplex zone = make_cuDoubleComplex(1, 0), zzero = make_cuDoubleComplex(0, 0);
    CHECK_STATUS(cublasZhemv(h, CUBLAS_FILL_MODE_UPPER, n, &zone, dZ, lda, dzx, 1, &zzero, dzy, 1));
    std::vector<cuDoubleComplex> gzy = from_device(dzy, n);
    auto herm_up = [&](int i, int p) {
        if (i == p) return cd(Z[i + i * lda].x, 0);
        return i < p ? cd(Z[i + p * lda].x, Z[i + p * lda].y) : std::conj(cd(Z[p + i * lda].x, Z[p + i * lda].y));
    };
    for (int i = 0; i < n; i++) {
        cd s = 0;
        for (int p = 0; p < n; p++) s += herm_up(i, p) * cd(zx[p].x, zx[p].y);
        expect(cd(gzy[i].x, gzy[i].y), s, 1e-12, "Zhemv", i);
    }

    // ---- Dtrmv, upper, transposed, unit diagonal (diagonal not read): x = A^T x
    std::vector<double> T(lda * n), tx(n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++) T[i + j * lda] = i < j ? rnd() : garbage;
    for (int i = 0; i < n; i++) tx[i] = rnd();
    double *dT = to_device(T), *dtx = to_device(tx);
    CHECK_STATUS(cublasDtrmv(h, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, CUBLAS_DIAG_UNIT, n, dT, lda, dtx, 1));
    std::vector<double> gtx = from_device(dtx, n);
    for (int i = 0; i < n; i++) {
        double s = tx[i];
        for (int p = 0; p < i; p++) s += T[p + i * lda] * tx[p];
        expect(gtx[i], s, 1e-12, "Dtrmv", i);
    }

    // ---- Ctrsv, lower, N: solve L v = b where b = L w
    std::vector<cuComplex> L(lda * n), w(n), b(n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++)
            L[i + j * lda] = i >= j && i < n ? make_cuComplex((float)rnd() + (i == j ? 4.0f : 0.0f), (float)rnd())
                                             : make_cuComplex((float)garbage, 0);
    for (int i = 0; i < n; i++) w[i] = make_cuComplex((float)rnd(), (float)rnd());
    for (int i = 0; i < n; i++) {
        cd s = 0;
        for (int p = 0; p <= i; p++) s += cd(L[i + p * lda].x, L[i + p * lda].y) * cd(w[p].x, w[p].y);
        b[i] = make_cuComplex((float)s.real(), (float)s.imag());
    }
    cuComplex *dL = to_device(L), *db = to_device(b);
    CHECK_STATUS(cublasCtrsv(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, dL, lda, db, 1));
    std::vector<cuComplex> gb = from_device(db, n);
    for (int i = 0; i < n; i++) expect(cd(gb[i].x, gb[i].y), cd(w[i].x, w[i].y), 1e-4, "Ctrsv", i);

    // ---- Ssyrk, upper, T: C = A^T A + C on the upper triangle (A is k x n)
    std::vector<float> K(lda * n), C(lda * n);
    for (auto &v : K) v = (float)rnd();
    for (auto &v : C) v = (float)rnd();
    float *dK = to_device(K), *dC = to_device(C), one = 1;
    CHECK_STATUS(cublasSsyrk(h, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_T, n, k, &one, dK, lda, &one, dC, lda));
    std::vector<float> gC = from_device(dC, C.size());
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++) {
            double want = C[i + j * lda];
            if (i <= j) {
                for (int p = 0; p < k; p++) want += (double)K[p + i * lda] * K[p + j * lda];
            }
            expect(gC[i + j * lda], want, 1e-5, "Ssyrk", i + j * lda);
        }

    // ---- Zherk, lower, N: C = 0.5 A A^H (A is n x k), beta 0
    std::vector<cuDoubleComplex> HA(lda * k), HC(lda * n);
    for (auto &v : HA) v = make_cuDoubleComplex(rnd(), rnd());
    for (auto &v : HC) v = make_cuDoubleComplex(7, 7);
    cuDoubleComplex *dHA = to_device(HA), *dHC = to_device(HC);
    double half = 0.5, dzero = 0;
    CHECK_STATUS(cublasZherk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &half, dHA, lda, &dzero, dHC, lda));
    std::vector<cuDoubleComplex> gHC = from_device(dHC, HC.size());
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            cd want(7, 7);
            if (i >= j) {
                want = 0;
                for (int p = 0; p < k; p++)
                    want += cd(HA[i + p * lda].x, HA[i + p * lda].y) * std::conj(cd(HA[j + p * lda].x, HA[j + p * lda].y));
                want *= 0.5;
            }
            expect(cd(gHC[i + j * lda].x, gHC[i + j * lda].y), want, 1e-12, "Zherk", i + j * lda);
        }

    // ---- Dtrmm, left, lower, N: C = 3 L B out of place, then B = L B in place
    const int m = 19, nb = 23;
    std::vector<double> DL(lda * m), DB(lda * nb), DC(lda * nb, -5.0);
    for (int j = 0; j < m; j++)
        for (int i = 0; i < lda; i++) DL[i + j * lda] = i >= j ? rnd() : garbage;
    for (auto &v : DB) v = rnd();
    double *dDL = to_device(DL), *dDB = to_device(DB), *dDC = to_device(DC), three = 3, done = 1;
    CHECK_STATUS(cublasDtrmm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, nb, &three,
                             dDL, lda, dDB, lda, dDC, lda));
    CHECK_STATUS(cublasDtrmm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, nb, &done,
                             dDL, lda, dDB, lda, dDB, lda));
    std::vector<double> gDC = from_device(dDC, DC.size()), gDB = from_device(dDB, DB.size());
    for (int j = 0; j < nb; j++)
        for (int i = 0; i < m; i++) {
            double s = 0;
            for (int p = 0; p <= i; p++) s += DL[i + p * lda] * DB[p + j * lda];
            expect(gDC[i + j * lda], 3 * s, 1e-12, "Dtrmm out of place", i);
            expect(gDB[i + j * lda], s, 1e-12, "Dtrmm in place", i);
        }
    if (gDC[m + 0 * lda] != -5.0) {   // rows past m are not written
        printf("Dtrmm wrote past m\n");
        failures++;
    }

    // ---- Chemm, right, upper: C = B A (A Hermitian n x n, B m x n)
    std::vector<cuComplex> CA(lda * n), CB(lda * n), CC(lda * n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++)
            CA[i + j * lda] = i <= j ? make_cuComplex((float)rnd(), i == j ? 0.0f : (float)rnd()) : make_cuComplex((float)garbage, 0);
    for (auto &v : CB) v = make_cuComplex((float)rnd(), (float)rnd());
    cuComplex *dCA = to_device(CA), *dCB = to_device(CB), *dCC = to_device(CC);
    cuComplex cone = make_cuComplex(1, 0), czero = make_cuComplex(0, 0);
    CHECK_STATUS(cublasChemm(h, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER, m, n, &cone, dCA, lda, dCB, lda, &czero, dCC, lda));
    std::vector<cuComplex> gCC = from_device(dCC, CC.size());
    auto ca = [&](int i, int p) {
        cd v = i <= p ? cd(CA[i + p * lda].x, CA[i + p * lda].y) : std::conj(cd(CA[p + i * lda].x, CA[p + i * lda].y));
        return i == p ? cd(v.real(), 0) : v;
    };
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            cd s = 0;
            for (int p = 0; p < n; p++) s += cd(CB[i + p * lda].x, CB[i + p * lda].y) * ca(p, j);
            expect(cd(gCC[i + j * lda].x, gCC[i + j * lda].y), s, 1e-5, "Chemm", i);
        }

    // status codes
    if (cublasZherk(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, n, k, &half, dHA, lda, &dzero, dHC, lda) != CUBLAS_STATUS_INVALID_VALUE ||
        cublasDtrmv(h, CUBLAS_FILL_MODE_FULL, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, n, dT, lda, dtx, 1) != CUBLAS_STATUS_INVALID_VALUE ||
        cublasSsymv(h, CUBLAS_FILL_MODE_LOWER, n, &two, dA, n - 1, dx, 1, &minus1, dy, 1) != CUBLAS_STATUS_INVALID_VALUE ||
        cublasDtrmm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, m, nb, &done, dDL, lda, dDB,
                    lda, dDB, lda - 1) != CUBLAS_STATUS_INVALID_VALUE) {
        printf("a bad argument was accepted\n");
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
