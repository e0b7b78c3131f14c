/* make bench, section 15: the LU factorisation with partial pivoting of an N x N column-major
   double matrix through cu2c's cusolverDnDgetrf (device buffers, queued on the handle's
   stream, then cudaDeviceSynchronize) or through LAPACK's dgetrf_ (OpenBLAS's) called directly
   on the same buffer. Each call starts from a fresh copy of the matrix (not timed). Times REPS
   calls after a warm-up, checks the last factorisation by solving A x = b with it (dgetrs_,
   outside the timing) and prints the median milliseconds per call.
   Usage: cusolver_dgetrf cusolver|lapack [reps] [n] */
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include <cusolverDn.h>

extern "C" {
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda, const int *ipiv,
             double *b, const int *ldb, int *info, size_t trans_len);
}

static double now_ms() {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    bool use_cusolver = argc > 1 && strcmp(argv[1], "cusolver") == 0;
    if (argc < 2 || (!use_cusolver && strcmp(argv[1], "lapack") != 0)) {
        fprintf(stderr, "usage: cusolver_dgetrf cusolver|lapack [reps] [n]\n");
        return 2;
    }
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    int n = argc > 3 ? atoi(argv[3]) : 1024;
    if (reps < 1 || n < 1)
        return 2;
    size_t nn = (size_t)n * n;
    std::vector<double> h(nn);
    unsigned seed = 1;   // uniform in [-0.5, 0.5): no dominant diagonal, so rows get swapped
    for (size_t i = 0; i < nn; i++) {
        seed = seed * 1103515245u + 12345u;
        h[i] = (double)(seed >> 8) / 16777216.0 - 0.5;
    }
    double *a, *work = NULL;   // device memory (host memory under cu2c) for both sides
    int *ipiv, *info;
    if (cudaMalloc(&a, nn * sizeof(double)) != cudaSuccess || cudaMalloc(&ipiv, n * sizeof(int)) != cudaSuccess ||
        cudaMalloc(&info, sizeof(int)) != cudaSuccess)
        return 1;
    cusolverDnHandle_t handle = NULL;
    if (use_cusolver) {
        int lwork = 0;
        if (cusolverDnCreate(&handle) != CUSOLVER_STATUS_SUCCESS ||
            cusolverDnDgetrf_bufferSize(handle, n, n, a, n, &lwork) != CUSOLVER_STATUS_SUCCESS ||
            cudaMalloc(&work, (size_t)lwork * sizeof(double)) != cudaSuccess)
            return 1;
    }
    std::vector<double> ms;
    int host_info = 0;
    for (int r = 0; r <= reps; r++) {   // call 0 warms up (threads started, pages touched)
        cudaMemcpy(a, h.data(), nn * sizeof(double), cudaMemcpyHostToDevice);
        double t0 = now_ms();
        if (use_cusolver) {
            if (cusolverDnDgetrf(handle, n, n, a, n, work, ipiv, info) != CUSOLVER_STATUS_SUCCESS ||
                cudaDeviceSynchronize() != cudaSuccess)
                return 1;
        } else
            dgetrf_(&n, &n, a, &n, ipiv, info);
        if (r > 0)
            ms.push_back(now_ms() - t0);
        cudaMemcpy(&host_info, info, sizeof(int), cudaMemcpyDeviceToHost);
        if (host_info != 0) {
            fprintf(stderr, "dgetrf info %d\n", host_info);
            return 1;
        }
    }
    // x = A^-1 b from the factors; the residual |A x - b| is tiny for a backward-stable LU
    std::vector<double> lu(nn), x(n), b(n);
    std::vector<int> hp(n);
    cudaMemcpy(lu.data(), a, nn * sizeof(double), cudaMemcpyDeviceToHost);
    cudaMemcpy(hp.data(), ipiv, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        b[i] = x[i] = 1.0 + (i % 5);
    int one = 1, err = 0;
    dgetrs_("N", &n, &one, lu.data(), &n, hp.data(), x.data(), &n, &err, 1);
    double resid = 0, scale = 0;
    for (int i = 0; i < n; i++) {
        double s = 0, mag = 0;
        for (int k = 0; k < n; k++) {
            s += h[i + (size_t)k * n] * x[k];
            mag += std::fabs(h[i + (size_t)k * n] * x[k]);
        }
        resid = std::max(resid, std::fabs(s - b[i]));
        scale = std::max(scale, mag);
    }
    if (err != 0 || !(resid <= 1e-10 * scale)) {
        fprintf(stderr, "solve: info %d, residual %g (scale %g)\n", err, resid, scale);
        return 1;
    }
    std::sort(ms.begin(), ms.end());
    printf("dgetrf %s n=%d reps=%d median_ms=%.4f\n", argv[1], n, reps, ms[ms.size() / 2]);
    if (handle)
        cusolverDnDestroy(handle);
    return 0;
}
