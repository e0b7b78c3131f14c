// cuSOLVER's LU and Cholesky in S, D, C and Z against host references in double precision:
// getrf with partial pivoting (P A = L U rebuilt from the factors and devIpiv) and without
// (devIpiv NULL: A = L U), getrs with N, T and C (and with devIpiv NULL after an unpivoted
// LU), potrf lower and upper (L L^H, U^H U; the other triangle left as it was) and potrs,
// checked by their residuals. Leading dimensions larger than the rows: the rows between are
// never written. devInfo: a zero column gives getrf +4 (with and without pivoting), an
// indefinite matrix gives potrf +3. Work queued on a created stream is ordered between kernels
// on it. A null handle is NOT_INITIALIZED; negative sizes, short leading dimensions and bad
// enums are INVALID_VALUE.
// RUN: %cu2cc %s -o %t -lcusolver && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include "Inputs/cusolver_test_common.h"

// ---- the API by overloading on the element type
#define API(T, P)                                                                                            \
    static cusolverStatus_t getrf_bufferSize(cusolverDnHandle_t h, int m, int n, T *A, int lda, int *lw) {     \
        return cusolverDn##P##getrf_bufferSize(h, m, n, A, lda, lw);                                           \
    }                                                                                                          \
    static cusolverStatus_t getrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, T *w, int *ipiv,          \
                                  int *info) {                                                                 \
        return cusolverDn##P##getrf(h, m, n, A, lda, w, ipiv, info);                                           \
    }                                                                                                          \
    static cusolverStatus_t getrs(cusolverDnHandle_t h, cublasOperation_t op, int n, int nrhs, const T *A,     \
                                  int lda, const int *ipiv, T *B, int ldb, int *info) {                        \
        return cusolverDn##P##getrs(h, op, n, nrhs, A, lda, ipiv, B, ldb, info);                               \
    }                                                                                                          \
    static cusolverStatus_t potrf_bufferSize(cusolverDnHandle_t h, cublasFillMode_t u, int n, T *A, int lda,   \
                                             int *lw) {                                                        \
        return cusolverDn##P##potrf_bufferSize(h, u, n, A, lda, lw);                                           \
    }                                                                                                          \
    static cusolverStatus_t potrf(cusolverDnHandle_t h, cublasFillMode_t u, int n, T *A, int lda, T *w,        \
                                  int lw, int *info) {                                                         \
        return cusolverDn##P##potrf(h, u, n, A, lda, w, lw, info);                                             \
    }                                                                                                          \
    static cusolverStatus_t potrs(cusolverDnHandle_t h, cublasFillMode_t u, int n, int nrhs, const T *A,       \
                                  int lda, T *B, int ldb, int *info) {                                         \
        return cusolverDn##P##potrs(h, u, n, nrhs, A, lda, B, ldb, info);                                      \
    }
API(float, S)
API(double, D)
API(cuComplex, C)
API(cuDoubleComplex, Z)

static unsigned seed = 7;
static double rnd() {
    seed = seed * 1103515245u + 12345u;
    return ((seed >> 16) % 2000) / 1000.0 - 1.0;
}
template <typename T> static T rnd_val() { return Kind<T>::make(cd(rnd(), Kind<T>::cplx ? rnd() : 0)); }

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
static int info_of(const int *d) {
    int v = -999;
    cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost);
    return v;
}

// The largest entry of an n x n matrix (leading dimension ld), for scaling tolerances.
template <typename T> static double max_abs(const std::vector<T> &a, int n, int ld) {
    double m = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) m = std::fmax(m, std::abs(val(a[i + (size_t)j * ld])));
    return m;
}

static void expect_small(double err, double bound, const char *type, const char *what) {
    if (!(err <= bound)) {
        printf("%s %s: error %g over %g\n", type, what, err, bound);
        failures++;
    }
}

// The rows between n and lda in each column still hold their sentinel.
template <typename T> static void expect_padding(const std::vector<T> &a, int rows, int cols, int lda,
                                                 const char *type, const char *what) {
    for (int j = 0; j < cols; j++)
        for (int i = rows; i < lda; i++)
            if (val(a[i + (size_t)j * lda]) != cd(77, Kind<T>::cplx ? 77 : 0)) {
                printf("%s %s: padding A[%d][%d] was written\n", type, what, i, j);
                failures++;
                return;
            }
}

// max |op(A) X - B| for n x n A, n x nrhs X and B, relative to max |A| max |X| (a backward
// stable solve's residual is a small multiple of eps n |A| |X| whatever A's condition).
template <typename T> static double residual(const std::vector<T> &A, int lda, cublasOperation_t op,
                                             const std::vector<T> &X, const std::vector<T> &B, int ldb, int n,
                                             int nrhs) {
    double err = 0;
    for (int c = 0; c < nrhs; c++)
        for (int i = 0; i < n; i++) {
            cd s = 0;
            for (int k = 0; k < n; k++) {
                cd a = op == CUBLAS_OP_N ? val(A[i + (size_t)k * lda]) : val(A[k + (size_t)i * lda]);
                if (op == CUBLAS_OP_C) a = std::conj(a);
                s += a * val(X[k + (size_t)c * ldb]);
            }
            err = std::fmax(err, std::abs(s - val(B[i + (size_t)c * ldb])));
        }
    double xmax = 0;
    for (int c = 0; c < nrhs; c++)
        for (int i = 0; i < n; i++) xmax = std::fmax(xmax, std::abs(val(X[i + (size_t)c * ldb])));
    return err / (max_abs(A, n, lda) * xmax);
}

template <typename T> static void test_lu(cusolverDnHandle_t h) {
    const char *type = Kind<T>::name();
    const int n = 40, lda = 43, nrhs = 3, ldb = 41;
    const double tol = 50 * n * Kind<T>::eps();
    const T pad = Kind<T>::make(cd(77, 77));

    // ---- pivoted: P A = L U
    std::vector<T> A(lda * n, pad);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) A[i + j * lda] = rnd_val<T>();
    T *dA = to_device(A), *work;
    int lwork = 0, *dipiv, *dinfo;
    CHECK(getrf_bufferSize(h, n, n, dA, lda, &lwork));
    if (lwork < 0) { printf("%s getrf lwork %d\n", type, lwork); failures++; lwork = 1; }
    cudaMalloc(&work, (lwork > 0 ? lwork : 1) * sizeof(T));
    cudaMalloc(&dipiv, n * sizeof(int));
    cudaMalloc(&dinfo, sizeof(int));
    CHECK(getrf(h, n, n, dA, lda, work, dipiv, dinfo));
    std::vector<T> LU = from_device(dA, A.size());
    std::vector<int> ipiv = from_device(dipiv, n);
    if (info_of(dinfo) != 0) { printf("%s getrf info %d\n", type, info_of(dinfo)); failures++; }
    expect_padding(LU, n, n, lda, type, "getrf");
    std::vector<cd> PA(n * n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) PA[i + j * n] = val(A[i + j * lda]);
    bool swapped = false;
    for (int i = 0; i < n; i++) {
        int p = ipiv[i] - 1;
        if (p < i || p >= n) { printf("%s getrf ipiv[%d] = %d\n", type, i, ipiv[i]); failures++; return; }
        if (p != i) swapped = true;
        for (int j = 0; j < n; j++) std::swap(PA[i + j * n], PA[p + j * n]);
    }
    if (!swapped) { printf("%s getrf: no row was swapped\n", type); failures++; }
    double err = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            cd s = 0;
            for (int k = 0; k <= (i < j ? i : j); k++)
                s += (k == i ? cd(1) : val(LU[i + k * lda])) * val(LU[k + j * lda]);
            err = std::fmax(err, std::abs(s - PA[i + j * n]));
        }
    expect_small(err, tol * max_abs(A, n, lda), type, "getrf P A = L U");

    // ---- getrs, N, T and C
    const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
    for (int o = 0; o < 3; o++) {
        std::vector<T> B(ldb * nrhs, pad);
        for (int c = 0; c < nrhs; c++)
            for (int i = 0; i < n; i++) B[i + c * ldb] = rnd_val<T>();
        T *dB = to_device(B);
        CHECK(getrs(h, ops[o], n, nrhs, dA, lda, dipiv, dB, ldb, dinfo));
        std::vector<T> X = from_device(dB, B.size());
        if (info_of(dinfo) != 0) { printf("%s getrs info %d\n", type, info_of(dinfo)); failures++; }
        expect_small(residual(A, lda, ops[o], X, B, ldb, n, nrhs), tol, type, "getrs residual");
        expect_padding(X, n, nrhs, ldb, type, "getrs");
        cudaFree(dB);
    }

    // ---- unpivoted (devIpiv NULL): A = L U, then getrs with devIpiv NULL
    std::vector<T> D(lda * n, pad);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) D[i + j * lda] = Kind<T>::make(val(rnd_val<T>()) + (i == j ? cd(n) : cd(0)));
    T *dD = to_device(D);
    CHECK(getrf(h, n, n, dD, lda, work, NULL, dinfo));
    std::vector<T> F = from_device(dD, D.size());
    if (info_of(dinfo) != 0) { printf("%s unpivoted getrf info %d\n", type, info_of(dinfo)); failures++; }
    err = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            cd s = 0;
            for (int k = 0; k <= (i < j ? i : j); k++)
                s += (k == i ? cd(1) : val(F[i + k * lda])) * val(F[k + j * lda]);
            err = std::fmax(err, std::abs(s - val(D[i + j * lda])));
        }
    expect_small(err, tol * max_abs(D, n, lda), type, "unpivoted getrf A = L U");
    for (int o = 0; o < 3; o += 2) {
        std::vector<T> B(ldb * nrhs, pad);
        for (int c = 0; c < nrhs; c++)
            for (int i = 0; i < n; i++) B[i + c * ldb] = rnd_val<T>();
        T *dB = to_device(B);
        CHECK(getrs(h, ops[o], n, nrhs, dD, lda, NULL, dB, ldb, dinfo));
        std::vector<T> X = from_device(dB, B.size());
        expect_small(residual(D, lda, ops[o], X, B, ldb, n, nrhs), tol, type, "unpivoted getrs residual");
        cudaFree(dB);
    }

    // ---- a zero column 3: devInfo = 4, pivoted and unpivoted; a wide matrix factors too
    for (int pivoted = 0; pivoted < 2; pivoted++) {
        std::vector<T> Z = D;
        for (int i = 0; i < n; i++) Z[i + 3 * lda] = Kind<T>::make(0);
        T *dZ = to_device(Z);
        CHECK(getrf(h, n, n, dZ, lda, work, pivoted ? dipiv : NULL, dinfo));
        int info = info_of(dinfo);
        if (info != 4) { printf("%s getrf (pivoted %d) of a singular matrix: info %d, want 4\n", type, pivoted, info); failures++; }
        cudaFree(dZ);
    }
    CHECK(getrf(h, 10, n, dD, lda, work, dipiv, dinfo));
    if (info_of(dinfo) != 0) { printf("%s getrf 10 x %d info %d\n", type, n, info_of(dinfo)); failures++; }

    // ---- status codes
    EXPECT_STATUS(getrf(NULL, n, n, dA, lda, work, dipiv, dinfo), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(getrf_bufferSize(NULL, n, n, dA, lda, &lwork), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(getrf(h, -1, n, dA, lda, work, dipiv, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(getrf(h, n, -1, dA, lda, work, dipiv, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(getrf(h, n, n, dA, n - 1, work, dipiv, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(getrf_bufferSize(h, n, n, dA, n - 1, &lwork), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(getrs(NULL, CUBLAS_OP_N, n, 1, dA, lda, dipiv, work, n, dinfo), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(getrs(h, CUBLAS_OP_N, -1, 1, dA, lda, dipiv, dA, lda, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(getrs(h, CUBLAS_OP_N, n, -1, dA, lda, dipiv, dA, lda, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(getrs(h, CUBLAS_OP_N, n, 1, dA, n - 1, dipiv, dA, lda, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(getrs(h, CUBLAS_OP_N, n, 1, dA, lda, dipiv, dA, n - 1, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    cudaFree(dA);
    cudaFree(dD);
    cudaFree(work);
    cudaFree(dipiv);
    cudaFree(dinfo);
}

template <typename T> static void test_cholesky(cusolverDnHandle_t h) {
    const char *type = Kind<T>::name();
    const int n = 36, lda = 39, nrhs = 2, ldb = 37;
    const double tol = 50 * n * Kind<T>::eps();
    const T pad = Kind<T>::make(cd(77, 77));
    // A = B B^H + n I: Hermitian positive definite
    std::vector<cd> Bm(n * n);
    for (int i = 0; i < n * n; i++) Bm[i] = val(rnd_val<T>());
    std::vector<T> A(lda * n, pad);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            cd s = i == j ? cd(n) : cd(0);
            for (int k = 0; k < n; k++) s += Bm[i + k * n] * std::conj(Bm[j + k * n]);
            A[i + j * lda] = Kind<T>::make(i == j ? cd(s.real()) : s);
        }
    int *dinfo;
    cudaMalloc(&dinfo, sizeof(int));
    const cublasFillMode_t fills[] = {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER};
    for (int f = 0; f < 2; f++) {
        bool lower = fills[f] == CUBLAS_FILL_MODE_LOWER;
        T *dA = to_device(A), *work;
        int lwork = 0;
        CHECK(potrf_bufferSize(h, fills[f], n, dA, lda, &lwork));
        cudaMalloc(&work, (lwork > 0 ? lwork : 1) * sizeof(T));
        CHECK(potrf(h, fills[f], n, dA, lda, work, lwork, dinfo));
        std::vector<T> C = from_device(dA, A.size());
        if (info_of(dinfo) != 0) { printf("%s potrf info %d\n", type, info_of(dinfo)); failures++; }
        expect_padding(C, n, n, lda, type, "potrf");
        // the factor's triangle; the other one is A's, untouched
        double err = 0;
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                if (lower ? i < j : i > j) {
                    if (val(C[i + j * lda]) != val(A[i + j * lda])) {
                        printf("%s potrf wrote the other triangle at %d,%d\n", type, i, j);
                        failures++;
                        i = j = n;
                    }
                    continue;
                }
                cd s = 0;   // (L L^H)(i,j) or (U^H U)(i,j) for i >= j (lower) / i <= j (upper)
                for (int k = 0; k < n; k++) {
                    cd a = lower ? (k <= i ? val(C[i + k * lda]) : 0) : (k <= i ? std::conj(val(C[k + i * lda])) : 0);
                    cd b = lower ? (k <= j ? std::conj(val(C[j + k * lda])) : 0) : (k <= j ? val(C[k + j * lda]) : 0);
                    s += a * b;
                }
                err = std::fmax(err, std::abs(s - val(A[i + j * lda])));
            }
        expect_small(err, tol * max_abs(A, n, lda), type, lower ? "potrf L L^H" : "potrf U^H U");
        std::vector<T> B(ldb * nrhs, pad);
        for (int c = 0; c < nrhs; c++)
            for (int i = 0; i < n; i++) B[i + c * ldb] = rnd_val<T>();
        T *dB = to_device(B);
        CHECK(potrs(h, fills[f], n, nrhs, dA, lda, dB, ldb, dinfo));
        std::vector<T> X = from_device(dB, B.size());
        if (info_of(dinfo) != 0) { printf("%s potrs info %d\n", type, info_of(dinfo)); failures++; }
        // residual against the full Hermitian A (its lower triangle mirrored)
        std::vector<T> full(A);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < j; i++) full[i + j * lda] = Kind<T>::make(std::conj(val(A[j + i * lda])));
        expect_small(residual(full, lda, CUBLAS_OP_N, X, B, ldb, n, nrhs), tol, type, "potrs residual");
        cudaFree(dA);
        cudaFree(dB);
        cudaFree(work);
    }

    // ---- not positive definite: the leading minor of order 3 is not, devInfo = 3
    std::vector<T> I3(lda * n, pad);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) I3[i + j * lda] = Kind<T>::make(i == j ? (i == 2 ? -1.0 : 4.0) : 0.0);
    T *dI = to_device(I3), *work;
    int lwork = 0;
    CHECK(potrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, dI, lda, &lwork));
    cudaMalloc(&work, (lwork > 0 ? lwork : 1) * sizeof(T));
    CHECK(potrf(h, CUBLAS_FILL_MODE_LOWER, n, dI, lda, work, lwork, dinfo));
    if (info_of(dinfo) != 3) { printf("%s potrf of an indefinite matrix: info %d, want 3\n", type, info_of(dinfo)); failures++; }

    // ---- status codes
    EXPECT_STATUS(potrf(NULL, CUBLAS_FILL_MODE_LOWER, n, dI, lda, work, lwork, dinfo), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(potrf_bufferSize(NULL, CUBLAS_FILL_MODE_LOWER, n, dI, lda, &lwork), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(potrf(h, CUBLAS_FILL_MODE_LOWER, -1, dI, lda, work, lwork, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(potrf(h, CUBLAS_FILL_MODE_LOWER, n, dI, n - 1, work, lwork, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(potrf(h, CUBLAS_FILL_MODE_FULL, n, dI, lda, work, lwork, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(potrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, dI, n - 1, &lwork), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(potrs(NULL, CUBLAS_FILL_MODE_LOWER, n, 1, dI, lda, dI, lda, dinfo), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(potrs(h, CUBLAS_FILL_MODE_LOWER, n, -1, dI, lda, dI, lda, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(potrs(h, CUBLAS_FILL_MODE_LOWER, n, 1, dI, lda, dI, n - 1, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    cudaFree(dI);
    cudaFree(work);
    cudaFree(dinfo);
}

// The matrix is written by a kernel on the stream, factored there, and its info and first
// pivot copied by another kernel there: all in order, with one synchronisation at the end.
__global__ void fill_dominant(double *a, int n, int lda) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        for (int j = 0; j < n; j++) a[i + j * lda] = i == j ? 2.0 * n : (double)((i * 7 + j * 3) % 5) - 2.0;
}
__global__ void read_results(const int *info, const int *ipiv, const double *a, int *out, double *diag) {
    out[0] = *info;
    out[1] = ipiv[0];
    *diag = a[0];
}

static void test_stream_order(cusolverDnHandle_t h) {
    const int n = 64;
    cudaStream_t s;
    cudaStreamCreate(&s);
    CHECK(cusolverDnSetStream(h, s));
    cudaStream_t got = NULL;
    CHECK(cusolverDnGetStream(h, &got));
    if (got != s) { printf("GetStream did not return the stream set\n"); failures++; }
    double *dA, *ddiag, *work;
    int *dipiv, *dinfo, *dout, lwork = 0;
    cudaMalloc(&dA, n * n * sizeof(double));
    CHECK(cusolverDnDgetrf_bufferSize(h, n, n, dA, n, &lwork));
    cudaMalloc(&work, (lwork > 0 ? lwork : 1) * sizeof(double));
    cudaMalloc(&ddiag, sizeof(double));
    cudaMalloc(&dipiv, n * sizeof(int));
    cudaMalloc(&dinfo, sizeof(int));
    cudaMalloc(&dout, 2 * sizeof(int));
    cudaMemsetAsync(dinfo, 0xff, sizeof(int), s);
    fill_dominant<<<1, n, 0, s>>>(dA, n, n);
    CHECK(cusolverDnDgetrf(h, n, n, dA, n, work, dipiv, dinfo));
    read_results<<<1, 1, 0, s>>>(dinfo, dipiv, dA, dout, ddiag);
    cudaStreamSynchronize(s);
    int out[2];
    double diag;
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    cudaMemcpy(&diag, ddiag, sizeof diag, cudaMemcpyDeviceToHost);
    if (out[0] != 0 || out[1] != 1 || diag != 2.0 * n) {
        printf("stream order: info %d, ipiv[0] %d, U[0][0] %g; want 0, 1, %d\n", out[0], out[1], diag, 2 * n);
        failures++;
    }
    CHECK(cusolverDnSetStream(h, NULL));
    cudaStreamDestroy(s);
    cudaFree(work);
    cudaFree(dA);
    cudaFree(ddiag);
    cudaFree(dipiv);
    cudaFree(dinfo);
    cudaFree(dout);
}

int main() {
    int version = 0, major = -1;
    CHECK(cusolverGetVersion(&version));
    CHECK(cusolverGetProperty(MAJOR_VERSION, &major));
    if (version != CUSOLVER_VERSION || major != CUSOLVER_VER_MAJOR) {
        printf("version %d (major %d), want %d (%d)\n", version, major, CUSOLVER_VERSION, CUSOLVER_VER_MAJOR);
        failures++;
    }
    cusolverDnHandle_t h;
    CHECK(cusolverDnCreate(&h));
    EXPECT_STATUS(cusolverDnSetStream(NULL, 0), CUSOLVER_STATUS_NOT_INITIALIZED);

    test_lu<float>(h);
    test_lu<double>(h);
    test_lu<cuComplex>(h);
    test_lu<cuDoubleComplex>(h);
    test_cholesky<float>(h);
    test_cholesky<double>(h);
    test_cholesky<cuComplex>(h);
    test_cholesky<cuDoubleComplex>(h);
    test_stream_order(h);

    CHECK(cusolverDnDestroy(h));
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
