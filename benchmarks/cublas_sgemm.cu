/* make bench, section 13: C = A B (N x N column-major floats) through cu2c's cublasSgemm
   (device buffers, queued on the handle's stream, then cudaDeviceSynchronize), through
   cuBLASLt's cublasLtMatmul (FP32, default epilogue: the same product), or through
   OpenBLAS's cblas_sgemm called directly on the same inputs. Times REPS calls after a
   warm-up, checks a sample of entries against a double-precision product and prints the
   median milliseconds per call. Usage: cublas_sgemm cublas|cublaslt|cblas [reps] [n] */
#include <cblas.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <algorithm>
#include <vector>
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

static double now_ms() {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    bool use_cublas = argc > 1 && strcmp(argv[1], "cublas") == 0;
    bool use_lt = argc > 1 && strcmp(argv[1], "cublaslt") == 0;
    if (argc < 2 || (!use_cublas && !use_lt && strcmp(argv[1], "cblas") != 0)) {
        fprintf(stderr, "usage: cublas_sgemm cublas|cublaslt|cblas [reps] [n]\n");
        return 2;
    }
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    int n = argc > 3 ? atoi(argv[3]) : 2048;
    size_t nn = (size_t)n * n;
    float *a, *b, *c;   // device memory (host memory under cu2c) for both sides
    if (cudaMalloc(&a, nn * sizeof(float)) != cudaSuccess || cudaMalloc(&b, nn * sizeof(float)) != cudaSuccess ||
        cudaMalloc(&c, nn * sizeof(float)) != cudaSuccess)
        return 1;
    std::vector<float> ha(nn), hb(nn);
    for (size_t i = 0; i < nn; i++) {
        ha[i] = (float)((i * 7) % 17) * 0.25f - 2.0f;
        hb[i] = (float)((i * 5) % 13) * 0.5f - 3.0f;
    }
    cudaMemcpy(a, ha.data(), nn * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb.data(), nn * sizeof(float), cudaMemcpyHostToDevice);
    cublasHandle_t h = NULL;
    if (use_cublas && cublasCreate(&h) != CUBLAS_STATUS_SUCCESS)
        return 1;
    cublasLtHandle_t lt = NULL;
    cublasLtMatmulDesc_t op = NULL;
    cublasLtMatrixLayout_t layout = NULL;
    if (use_lt && (cublasLtCreate(&lt) != CUBLAS_STATUS_SUCCESS ||
                   cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F) != CUBLAS_STATUS_SUCCESS ||
                   cublasLtMatrixLayoutCreate(&layout, CUDA_R_32F, n, n, n) != CUBLAS_STATUS_SUCCESS))
        return 1;
    const float one = 1.0f, zero = 0.0f;
    std::vector<double> ms;
    for (int r = 0; r <= reps; r++) {   // call 0 warms up (threads started, pages touched)
        double t0 = now_ms();
        if (use_cublas) {
            if (cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n) != CUBLAS_STATUS_SUCCESS ||
                cudaDeviceSynchronize() != cudaSuccess)
                return 1;
        } else if (use_lt) {
            if (cublasLtMatmul(lt, op, &one, a, layout, b, layout, &zero, c, layout, c, layout, NULL, NULL, 0, 0) !=
                    CUBLAS_STATUS_SUCCESS ||
                cudaDeviceSynchronize() != cudaSuccess)
                return 1;
        } else
            cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
        if (r > 0)
            ms.push_back(now_ms() - t0);
    }
    std::vector<float> hc(nn);
    cudaMemcpy(hc.data(), c, nn * sizeof(float), cudaMemcpyDeviceToHost);
    for (int s = 0; s < 64; s++) {
        int i = (int)((s * 2654435761u) % (unsigned)n), j = (int)((s * 40503u + 17) % (unsigned)n);
        double want = 0, mag = 0;
        for (int k = 0; k < n; k++) {
            double p = (double)ha[i + (size_t)k * n] * hb[k + (size_t)j * n];
            want += p;
            mag += std::fabs(p);
        }
        if (std::fabs(hc[i + (size_t)j * n] - want) > 1e-5 * mag + 1e-6) {
            fprintf(stderr, "C[%d][%d] = %.6f, want %.6f\n", i, j, hc[i + (size_t)j * n], want);
            return 1;
        }
    }
    std::sort(ms.begin(), ms.end());
    printf("sgemm %s n=%d reps=%d median_ms=%.4f\n", argv[1], n, reps, ms[ms.size() / 2]);
    if (h)
        cublasDestroy(h);
    if (lt) {
        cublasLtMatrixLayoutDestroy(layout);
        cublasLtMatmulDescDestroy(op);
        cublasLtDestroy(lt);
    }
    return 0;
}
