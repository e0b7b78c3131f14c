// cuSOLVER's QR, SVD and symmetric/Hermitian eigensolver in S, D, C and Z against host checks
// in double precision, with the workspace sizes _bufferSize tells: geqrf then ormqr/unmqr
// (Q [R; 0] = A from the left, Q^H A = [R; 0], and Q built from I on the right is orthonormal
// and Q R = A); gesvd with jobs A/A, S/S, N/N and O/N (A = U S V^H, U and V orthonormal, S
// descending, the same S whatever the jobs); syevd/heevd with vectors (A V = V diag(W), V
// orthonormal, W ascending) from the lower triangle and without from the upper. devInfo is 0.
// A null handle is NOT_INITIALIZED; negative sizes, short leading dimensions, k past Q's order,
// a wide gesvd (m < n), a bad job and bad enums are INVALID_VALUE.
// RUN: %cu2cc %s -o %t -lcusolver && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include "Inputs/cusolver_test_common.h"

// ---- the API by overloading on the element type
#define API(T, R, P, MQR, EVD)                                                                               \
    static cusolverStatus_t geqrf_bufferSize(cusolverDnHandle_t h, int m, int n, T *A, int lda, int *lw) {     \
        return cusolverDn##P##geqrf_bufferSize(h, m, n, A, lda, lw);                                           \
    }                                                                                                          \
    static cusolverStatus_t geqrf(cusolverDnHandle_t h, int m, int n, T *A, int lda, T *tau, T *w, int lw,     \
                                  int *info) {                                                                 \
        return cusolverDn##P##geqrf(h, m, n, A, lda, tau, w, lw, info);                                        \
    }                                                                                                          \
    static cusolverStatus_t mqr_bufferSize(cusolverDnHandle_t h, cublasSideMode_t s, cublasOperation_t op,     \
                                           int m, int n, int k, const T *A, int lda, const T *tau,             \
                                           const T *C, int ldc, int *lw) {                                     \
        return cusolverDn##P##MQR##_bufferSize(h, s, op, m, n, k, A, lda, tau, C, ldc, lw);                    \
    }                                                                                                          \
    static cusolverStatus_t mqr(cusolverDnHandle_t h, cublasSideMode_t s, cublasOperation_t op, int m, int n,  \
                                int k, const T *A, int lda, const T *tau, T *C, int ldc, T *w, int lw,         \
                                int *info) {                                                                   \
        return cusolverDn##P##MQR(h, s, op, m, n, k, A, lda, tau, C, ldc, w, lw, info);                        \
    }                                                                                                          \
    static cusolverStatus_t gesvd_bufferSize(cusolverDnHandle_t h, int m, int n, T *, int *lw) {               \
        return cusolverDn##P##gesvd_bufferSize(h, m, n, lw);                                                   \
    }                                                                                                          \
    static cusolverStatus_t gesvd(cusolverDnHandle_t h, signed char ju, signed char jv, int m, int n, T *A,    \
                                  int lda, R *S, T *U, int ldu, T *VT, int ldvt, T *w, int lw, R *rw,          \
                                  int *info) {                                                                 \
        return cusolverDn##P##gesvd(h, ju, jv, m, n, A, lda, S, U, ldu, VT, ldvt, w, lw, rw, info);            \
    }                                                                                                          \
    static cusolverStatus_t evd_bufferSize(cusolverDnHandle_t h, cusolverEigMode_t jz, cublasFillMode_t u,     \
                                           int n, const T *A, int lda, const R *W, int *lw) {                  \
        return cusolverDn##P##EVD##_bufferSize(h, jz, u, n, A, lda, W, lw);                                    \
    }                                                                                                          \
    static cusolverStatus_t evd(cusolverDnHandle_t h, cusolverEigMode_t jz, cublasFillMode_t u, int n, T *A,   \
                                int lda, R *W, T *w, int lw, int *info) {                                      \
        return cusolverDn##P##EVD(h, jz, u, n, A, lda, W, w, lw, info);                                        \
    }
API(float, float, S, ormqr, syevd)
API(double, double, D, ormqr, syevd)
API(cuComplex, float, C, unmqr, heevd)
API(cuDoubleComplex, double, Z, unmqr, heevd)

static unsigned seed = 11;
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
template <typename T> static T *device_workspace(int lwork, const char *type, const char *what) {
    if (lwork < 1) {
        printf("%s %s_bufferSize: lwork %d\n", type, what, lwork);
        failures++;
        lwork = 1;
    }
    T *d;
    cudaMalloc(&d, (size_t)lwork * sizeof(T));
    return d;
}
static void expect_info(const int *d, const char *type, const char *what) {
    int v = -999;
    cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost);
    if (v != 0) {
        printf("%s %s: devInfo %d\n", type, what, v);
        failures++;
    }
}
static void expect_small(double err, double bound, const char *type, const char *what) {
    if (!(err <= bound)) {
        printf("%s %s: error %g over %g\n", type, what, err, bound);
        failures++;
    }
}

// A column-major matrix of complex<double>, for the references.
struct Mat {
    int rows, cols;
    std::vector<cd> a;
    Mat(int r, int c) : rows(r), cols(c), a((size_t)r * c) {}
    cd &operator()(int i, int j) { return a[i + (size_t)j * rows]; }
    cd operator()(int i, int j) const { return a[i + (size_t)j * rows]; }
};
template <typename T> static Mat from(const std::vector<T> &v, int rows, int cols, int ld) {
    Mat m(rows, cols);
    for (int j = 0; j < cols; j++)
        for (int i = 0; i < rows; i++) m(i, j) = val(v[i + (size_t)j * ld]);
    return m;
}
static Mat mul(const Mat &x, const Mat &y) {
    Mat r(x.rows, y.cols);
    for (int j = 0; j < y.cols; j++)
        for (int k = 0; k < x.cols; k++)
            for (int i = 0; i < x.rows; i++) r(i, j) += x(i, k) * y(k, j);
    return r;
}
static Mat herm(const Mat &x) {
    Mat r(x.cols, x.rows);
    for (int j = 0; j < x.cols; j++)
        for (int i = 0; i < x.rows; i++) r(j, i) = std::conj(x(i, j));
    return r;
}
static double diff(const Mat &x, const Mat &y) {
    double e = 0;
    for (size_t i = 0; i < x.a.size(); i++) e = std::fmax(e, std::abs(x.a[i] - y.a[i]));
    return e;
}
// max |X^H X - I|: X's columns orthonormal
static double unorth(const Mat &x) {
    Mat p = mul(herm(x), x);
    for (int i = 0; i < p.rows; i++) p(i, i) -= 1;
    double e = 0;
    for (size_t i = 0; i < p.a.size(); i++) e = std::fmax(e, std::abs(p.a[i]));
    return e;
}

template <typename T> static void test_qr(cusolverDnHandle_t h) {
    const char *type = Kind<T>::name();
    const int m = 45, n = 30, lda = 47;
    const double tol = 50 * m * Kind<T>::eps();
    std::vector<T> A(lda * n, Kind<T>::make(0));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) A[i + j * lda] = rnd_val<T>();
    Mat Am = from(A, m, n, lda);
    T *dA = to_device(A), *dtau;
    int *dinfo, lwork = 0;
    cudaMalloc(&dtau, n * sizeof(T));
    cudaMalloc(&dinfo, sizeof(int));
    CHECK(geqrf_bufferSize(h, m, n, dA, lda, &lwork));
    T *work = device_workspace<T>(lwork, type, "geqrf");
    CHECK(geqrf(h, m, n, dA, lda, dtau, work, lwork, dinfo));
    expect_info(dinfo, type, "geqrf");
    std::vector<T> QR = from_device(dA, A.size());
    Mat R(m, n);   // [R; 0]
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j; i++) R(i, j) = val(QR[i + j * lda]);

    // Q [R; 0] = A, from the left
    std::vector<T> C(lda * n, Kind<T>::make(0));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) C[i + j * lda] = Kind<T>::make(R(i, j));
    T *dC = to_device(C);
    int lw2 = 0;
    CHECK(mqr_bufferSize(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, m, n, n, dA, lda, dtau, dC, lda, &lw2));
    T *work2 = device_workspace<T>(lw2, type, "ormqr");
    CHECK(mqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, m, n, n, dA, lda, dtau, dC, lda, work2, lw2, dinfo));
    expect_info(dinfo, type, "ormqr left N");
    expect_small(diff(from(from_device(dC, C.size()), m, n, lda), Am), tol, type, "Q R = A");
    cudaFree(work2);

    // Q^H A = [R; 0] (T on the real types, C on the complex ones)
    cublasOperation_t adj = Kind<T>::cplx ? CUBLAS_OP_C : CUBLAS_OP_T;
    T *dA2 = to_device(A);
    CHECK(mqr_bufferSize(h, CUBLAS_SIDE_LEFT, adj, m, n, n, dA, lda, dtau, dA2, lda, &lw2));
    work2 = device_workspace<T>(lw2, type, "ormqr");
    CHECK(mqr(h, CUBLAS_SIDE_LEFT, adj, m, n, n, dA, lda, dtau, dA2, lda, work2, lw2, dinfo));
    expect_info(dinfo, type, "ormqr left T/C");
    expect_small(diff(from(from_device(dA2, A.size()), m, n, lda), R), tol, type, "Q^H A = R");
    cudaFree(work2);

    // I Q from the right: Q itself, m x m, orthonormal, its first n columns times R are A
    std::vector<T> I(m * m, Kind<T>::make(0));
    for (int i = 0; i < m; i++) I[i + i * m] = Kind<T>::make(1);
    T *dI = to_device(I);
    CHECK(mqr_bufferSize(h, CUBLAS_SIDE_RIGHT, CUBLAS_OP_N, m, m, n, dA, lda, dtau, dI, m, &lw2));
    work2 = device_workspace<T>(lw2, type, "ormqr");
    CHECK(mqr(h, CUBLAS_SIDE_RIGHT, CUBLAS_OP_N, m, m, n, dA, lda, dtau, dI, m, work2, lw2, dinfo));
    expect_info(dinfo, type, "ormqr right N");
    Mat Q = from(from_device(dI, I.size()), m, m, m);
    expect_small(unorth(Q), tol, type, "Q^H Q = I");
    expect_small(diff(mul(Q, R), Am), tol, type, "Q (right) R = A");
    cudaFree(work2);

    // status codes
    EXPECT_STATUS(geqrf(NULL, m, n, dA, lda, dtau, work, lwork, dinfo), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(geqrf_bufferSize(NULL, m, n, dA, lda, &lwork), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(geqrf(h, -1, n, dA, lda, dtau, work, lwork, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(geqrf(h, m, n, dA, m - 1, dtau, work, lwork, dinfo), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(geqrf_bufferSize(h, m, -1, dA, lda, &lwork), CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(mqr(NULL, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, m, n, n, dA, lda, dtau, dC, lda, work, lwork, dinfo),
                  CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(mqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, m, n, m + 1, dA, lda, dtau, dC, lda, work, lwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(mqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, m, n, n, dA, lda, dtau, dC, m - 1, work, lwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(mqr_bufferSize(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, -1, n, n, dA, lda, dtau, dC, lda, &lw2),
                  CUSOLVER_STATUS_INVALID_VALUE);
    cudaFree(dA);
    cudaFree(dA2);
    cudaFree(dC);
    cudaFree(dI);
    cudaFree(dtau);
    cudaFree(work);
    cudaFree(dinfo);
}

template <typename T> static void test_svd(cusolverDnHandle_t h) {
    typedef typename Kind<T>::R R;
    const char *type = Kind<T>::name();
    const int m = 40, n = 25, lda = 41;
    const double tol = 100 * m * Kind<T>::eps();
    std::vector<T> A(lda * n, Kind<T>::make(0));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) A[i + j * lda] = rnd_val<T>();
    Mat Am = from(A, m, n, lda);
    int lwork = 0, *dinfo;
    CHECK(gesvd_bufferSize(h, m, n, (T *)NULL, &lwork));
    T *work = device_workspace<T>(lwork, type, "gesvd");
    R *dS, *drwork;
    cudaMalloc(&dinfo, sizeof(int));
    cudaMalloc(&dS, n * sizeof(R));
    cudaMalloc(&drwork, n * sizeof(R));
    T *dU, *dVT;
    cudaMalloc(&dU, m * m * sizeof(T));
    cudaMalloc(&dVT, n * n * sizeof(T));
    std::vector<R> S0;
    const char jobs[4][2] = {{'A', 'A'}, {'S', 'S'}, {'N', 'N'}, {'O', 'N'}};
    for (int t = 0; t < 4; t++) {
        char ju = jobs[t][0], jv = jobs[t][1];
        T *dA = to_device(A);
        // the real types' rwork may be NULL, as in NVIDIA's samples
        CHECK(gesvd(h, ju, jv, m, n, dA, lda, dS, dU, m, dVT, n, work, lwork, Kind<T>::cplx ? drwork : NULL, dinfo));
        expect_info(dinfo, type, "gesvd");
        std::vector<R> S = from_device(dS, n);
        for (int i = 0; i < n; i++)
            if (!(S[i] >= 0) || (i > 0 && S[i] > S[i - 1])) {
                printf("%s gesvd %c%c: S[%d] = %g not descending and >= 0\n", type, ju, jv, i, (double)S[i]);
                failures++;
                break;
            }
        if (t == 0) S0 = S;
        double serr = 0;
        for (int i = 0; i < n; i++) serr = std::fmax(serr, std::fabs((double)S[i] - (double)S0[i]));
        expect_small(serr, tol * S0[0], type, "gesvd S the same for every job");
        if (ju == 'N') {
            cudaFree(dA);
            continue;
        }
        // U's first n columns (from U, or from A for 'O'), V^H's n rows
        Mat U = ju == 'O' ? from(from_device(dA, A.size()), m, n, lda) : from(from_device(dU, m * m), m, ju == 'A' ? m : n, m);
        expect_small(unorth(U), tol, type, "gesvd U^H U = I");
        if (jv != 'N') {
            Mat VT = from(from_device(dVT, n * n), n, n, n);
            expect_small(unorth(herm(VT)), tol, type, "gesvd V^H V = I");
            Mat US(m, n);
            for (int j = 0; j < n; j++)
                for (int i = 0; i < m; i++) US(i, j) = U(i, j) * (double)S[j];
            expect_small(diff(mul(US, VT), Am), tol * S0[0], type, "gesvd U S V^H = A");
        }
        cudaFree(dA);
    }

    // status codes: a wide matrix (cuSOLVER's gesvd takes m >= n), bad jobs, short ld
    T *dA = to_device(A);
    EXPECT_STATUS(gesvd(NULL, 'A', 'A', m, n, dA, lda, dS, dU, m, dVT, n, work, lwork, drwork, dinfo),
                  CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(gesvd_bufferSize(NULL, m, n, dA, &lwork), CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(gesvd(h, 'A', 'A', n - 1, n, dA, lda, dS, dU, m, dVT, n, work, lwork, drwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(gesvd(h, 'A', 'A', m, -1, dA, lda, dS, dU, m, dVT, n, work, lwork, drwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(gesvd(h, 'A', 'A', m, n, dA, m - 1, dS, dU, m, dVT, n, work, lwork, drwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(gesvd(h, 'X', 'A', m, n, dA, lda, dS, dU, m, dVT, n, work, lwork, drwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(gesvd(h, 'O', 'O', m, n, dA, lda, dS, dU, m, dVT, n, work, lwork, drwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(gesvd(h, 'A', 'A', m, n, dA, lda, dS, dU, 0, dVT, n, work, lwork, drwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    cudaFree(dA);
    cudaFree(dS);
    cudaFree(drwork);
    cudaFree(dU);
    cudaFree(dVT);
    cudaFree(work);
    cudaFree(dinfo);
}

template <typename T> static void test_eig(cusolverDnHandle_t h) {
    typedef typename Kind<T>::R R;
    const char *type = Kind<T>::name();
    const int n = 30, lda = 32;
    const double tol = 100 * n * Kind<T>::eps();
    // a Hermitian A: B + B^H; both triangles hold it, so either may be read
    Mat B(n, n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) B(i, j) = val(rnd_val<T>());
    Mat H(n, n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) H(i, j) = B(i, j) + std::conj(B(j, i));
    std::vector<T> A(lda * n, Kind<T>::make(0));
    double norm = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            A[i + j * lda] = Kind<T>::make(H(i, j));
            norm = std::fmax(norm, std::abs(H(i, j)));
        }
    norm *= n;
    int *dinfo, lwork = 0;
    R *dW;
    cudaMalloc(&dinfo, sizeof(int));
    cudaMalloc(&dW, n * sizeof(R));
    T *dA = to_device(A);
    CHECK(evd_bufferSize(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, lda, dW, &lwork));
    T *work = device_workspace<T>(lwork, type, "syevd");
    CHECK(evd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, lda, dW, work, lwork, dinfo));
    expect_info(dinfo, type, "syevd vectors");
    std::vector<R> W = from_device(dW, n);
    Mat V = from(from_device(dA, A.size()), n, n, lda);
    for (int i = 1; i < n; i++)
        if (!(W[i] >= W[i - 1])) {
            printf("%s syevd: W[%d] = %g below W[%d] = %g\n", type, i, (double)W[i], i - 1, (double)W[i - 1]);
            failures++;
            break;
        }
    expect_small(unorth(V), tol, type, "syevd V^H V = I");
    Mat VW(n, n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) VW(i, j) = V(i, j) * (double)W[j];
    expect_small(diff(mul(H, V), VW), tol * norm, type, "syevd A V = V diag(W)");
    cudaFree(work);

    // eigenvalues only, from the upper triangle
    cudaFree(dA);
    dA = to_device(A);
    CHECK(evd_bufferSize(h, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_UPPER, n, dA, lda, dW, &lwork));
    work = device_workspace<T>(lwork, type, "syevd");
    CHECK(evd(h, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_UPPER, n, dA, lda, dW, work, lwork, dinfo));
    expect_info(dinfo, type, "syevd values");
    std::vector<R> W2 = from_device(dW, n);
    double werr = 0;
    for (int i = 0; i < n; i++) werr = std::fmax(werr, std::fabs((double)W2[i] - (double)W[i]));
    expect_small(werr, tol * norm, type, "syevd values alone");

    // status codes
    EXPECT_STATUS(evd(NULL, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, lda, dW, work, lwork, dinfo),
                  CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(evd_bufferSize(NULL, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, lda, dW, &lwork),
                  CUSOLVER_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(evd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, -1, dA, lda, dW, work, lwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(evd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n - 1, dW, work, lwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(evd(h, (cusolverEigMode_t)7, CUBLAS_FILL_MODE_LOWER, n, dA, lda, dW, work, lwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(evd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_FULL, n, dA, lda, dW, work, lwork, dinfo),
                  CUSOLVER_STATUS_INVALID_VALUE);
    EXPECT_STATUS(evd_bufferSize(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, n, dA, n - 1, dW, &lwork),
                  CUSOLVER_STATUS_INVALID_VALUE);
    cudaFree(dA);
    cudaFree(dW);
    cudaFree(work);
    cudaFree(dinfo);
}

int main() {
    cusolverDnHandle_t h;
    CHECK(cusolverDnCreate(&h));
    test_qr<float>(h);
    test_qr<double>(h);
    test_qr<cuComplex>(h);
    test_qr<cuDoubleComplex>(h);
    test_svd<float>(h);
    test_svd<double>(h);
    test_svd<cuComplex>(h);
    test_svd<cuDoubleComplex>(h);
    test_eig<float>(h);
    test_eig<double>(h);
    test_eig<cuComplex>(h);
    test_eig<cuDoubleComplex>(h);
    CHECK(cusolverDnDestroy(h));
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
