// cuBLAS work is ordered on the handle's stream with kernels: a kernel fills x, Saxpy and Sgemv
// follow on a created stream, a kernel consumes their output; the default stream's rule holds
// too. A gemm and a batch of small gemms (a kernel) captured into a graph run at each launch
// (host scalars taken at the capture).
// Status codes as NVIDIA's: null or destroyed handle, bad sizes, leading dimensions,
// increments, enums, a result to host memory during capture; transfer checks.
// RUN: %cu2cc %s -o %t -lcublas && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cstdio>
#include <string>
#include <vector>
#include <cublas_v2.h>
#include <cuda_runtime.h>

static int failures = 0;
#define EXPECT_STATUS(call, want)                                                            \
    do {                                                                                     \
        cublasStatus_t s_ = (call);                                                          \
        if (s_ != (want)) {                                                                  \
            printf("line %d: %s returned %d, want %s\n", __LINE__, #call, (int)s_, #want);   \
            failures++;                                                                      \
        }                                                                                    \
    } while (0)

__global__ void fill(float *x, int n, float base) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = base + (float)(i % 13);
}

__global__ void square(const float *y, float *z, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = y[i] * y[i];
}

int main() {
    cublasHandle_t h;
    EXPECT_STATUS(cublasCreate(&h), CUBLAS_STATUS_SUCCESS);
    int version = 0;
    EXPECT_STATUS(cublasGetVersion(h, &version), CUBLAS_STATUS_SUCCESS);
    if (version != CUBLAS_VERSION) {
        printf("version %d, want %d\n", version, CUBLAS_VERSION);
        failures++;
    }
    cudaStream_t s, got;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    EXPECT_STATUS(cublasSetStream(h, s), CUBLAS_STATUS_SUCCESS);
    EXPECT_STATUS(cublasGetStream(h, &got), CUBLAS_STATUS_SUCCESS);
    if (got != s) {
        printf("GetStream: not the stream set\n");
        failures++;
    }

    // ---- order on the stream: fill -> axpy -> gemv -> square, one synchronize at the end
    const int n = 1 << 16, m = 64;
    float *x, *y, *z, *A, *v;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMalloc(&z, n * sizeof(float));
    cudaMalloc(&A, (size_t)m * m * sizeof(float));
    cudaMalloc(&v, m * sizeof(float));
    cudaMemset(y, 0, n * sizeof(float));
    for (int round = 0; round < 3; round++) {
        float alpha = 2.0f, one = 1.0f, zero = 0.0f;
        fill<<<(n + 255) / 256, 256, 0, s>>>(x, n, (float)round);
        EXPECT_STATUS(cublasSaxpy(h, n, &alpha, x, 1, y, 1), CUBLAS_STATUS_SUCCESS);   // y += 2 x
        // A is the first m*m elements of y (column-major), v = A^T * ones(x[0..m))
        EXPECT_STATUS(cublasSgemv(h, CUBLAS_OP_T, m, m, &one, y, m, x, 1, &zero, v, 1), CUBLAS_STATUS_SUCCESS);
        square<<<(n + 255) / 256, 256, 0, s>>>(y, z, n);
    }
    cudaStreamSynchronize(s);
    std::vector<float> hz(n), hv(m), hy(n);
    cudaMemcpy(hz.data(), z, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(hv.data(), v, m * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        float want = 2.0f * (0 + 1 + 2 + 3.0f * (i % 13));   // three rounds of y += 2 (round + i%13)
        if (hy[i] != want || hz[i] != want * want) {
            printf("order: y[%d] = %g, z = %g, want %g, %g\n", i, hy[i], hz[i], want, want * want);
            failures++;
            break;
        }
    }
    for (int j = 0; j < m; j++) {
        double acc = 0;
        for (int i = 0; i < m; i++) acc += (double)hy[i + j * m] * (2.0f + (float)(i % 13));
        if (hv[j] != (float)acc) {
            printf("order: v[%d] = %g, want %g\n", j, hv[j], acc);
            failures++;
            break;
        }
    }

    // ---- a gemm captured into a graph: alpha by host pointer is taken at the capture
    const int k = 16;
    float *P, *Q, *R;
    cudaMalloc(&P, k * k * sizeof(float));
    cudaMalloc(&Q, k * k * sizeof(float));
    cudaMalloc(&R, k * k * sizeof(float));
    std::vector<float> hp(k * k), hq(k * k);
    for (int i = 0; i < k * k; i++) {
        hp[i] = (float)(i % 5);
        hq[i] = (float)(i % 3) - 1.0f;
    }
    cudaMemcpy(P, hp.data(), sizeof(float) * k * k, cudaMemcpyHostToDevice);
    cudaMemcpy(Q, hq.data(), sizeof(float) * k * k, cudaMemcpyHostToDevice);
    cudaMemset(R, 0, sizeof(float) * k * k);
    float alpha = 1.0f, beta = 1.0f;   // R += P Q at each launch
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, k, k, k, &alpha, P, k, Q, k, &beta, R, k), CUBLAS_STATUS_SUCCESS);
    // a batch of small gemms (a kernel over the workers): R2[b] += P Q for b = 0, 1
    float *R2;
    cudaMalloc(&R2, 2 * k * k * sizeof(float));
    cudaMemset(R2, 0, 2 * k * k * sizeof(float));
    EXPECT_STATUS(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, k, k, k, &alpha, P, k, 0, Q, k, 0, &beta, R2, k,
                                            k * k, 2),
                  CUBLAS_STATUS_SUCCESS);
    float result;
    EXPECT_STATUS(cublasSdot(h, k, P, 1, Q, 1, &result), CUBLAS_STATUS_NOT_SUPPORTED);   // no result to the host in a capture
    cudaStreamEndCapture(s, &graph);
    cudaGraphInstantiate(&exec, graph, 0);
    alpha = 100.0f;   // too late: captured
    for (int i = 0; i < 3; i++) cudaGraphLaunch(exec, s);
    cudaStreamSynchronize(s);
    std::vector<float> hr(k * k), hr2(2 * k * k);
    cudaMemcpy(hr.data(), R, sizeof(float) * k * k, cudaMemcpyDeviceToHost);
    cudaMemcpy(hr2.data(), R2, sizeof(float) * 2 * k * k, cudaMemcpyDeviceToHost);
    for (int j = 0; j < k; j++)
        for (int i = 0; i < k; i++) {
            float acc = 0;
            for (int p = 0; p < k; p++) acc += hp[i + p * k] * hq[p + j * k];
            if (hr[i + j * k] != 3 * acc || hr2[i + j * k] != 3 * acc || hr2[k * k + i + j * k] != 3 * acc) {
                printf("graph: R[%d,%d] = %g, R2 = %g, %g, want %g\n", i, j, hr[i + j * k], hr2[i + j * k],
                       hr2[k * k + i + j * k], 3 * acc);
                failures++;
                i = j = k;
            }
        }
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);

    // ---- status codes
    float one = 1.0f;
    EXPECT_STATUS(cublasSgemm(NULL, CUBLAS_OP_N, CUBLAS_OP_N, k, k, k, &one, P, k, Q, k, &one, R, k), CUBLAS_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, k, k, k, &one, P, k - 1, Q, k, &one, R, k), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, k, k, 2 * k, &one, P, k, Q, 2 * k, &one, R, k), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSgemm(h, (cublasOperation_t)7, CUBLAS_OP_N, k, k, k, &one, P, k, Q, k, &one, R, k), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, k, k, &one, P, k, Q, k, &one, R, k), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, k, k, k, &one, P, k, Q, k, &one, R, k - 1), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 0, k, k, &one, P, k, Q, k, &one, R, k), CUBLAS_STATUS_SUCCESS);
    EXPECT_STATUS(cublasSgemv(h, CUBLAS_OP_N, k, k, &one, P, k, Q, 0, &one, R, 1), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSger(h, k, k, &one, P, 1, Q, 1, R, k - 1), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, k, k, k, &one, P, k, 0, Q, k, 0, &one, R, k, 0, -1),
                  CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, k, k, k, &one, P, CUDA_C_8I, k, Q, CUDA_C_8I, k, &one, R,
                               CUDA_C_32F, k, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                  CUBLAS_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cublasSetPointerMode(h, (cublasPointerMode_t)5), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH), CUBLAS_STATUS_SUCCESS);
    EXPECT_STATUS(cublasSetVector(-1, 4, hp.data(), 1, P, 1), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSetVector(k, 4, hp.data(), 0, P, 1), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasSetMatrix(k, k, 4, hp.data(), k - 1, P, k), CUBLAS_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cublasGetMatrix(k, k, 0, P, k, hp.data(), k), CUBLAS_STATUS_INVALID_VALUE);
    // strided transfers: every other element of a host vector into a packed device vector and back
    std::vector<float> wide(2 * k), back(2 * k, -1.0f);
    for (int i = 0; i < 2 * k; i++) wide[i] = (float)i;
    EXPECT_STATUS(cublasSetVector(k, sizeof(float), wide.data(), 2, P, 1), CUBLAS_STATUS_SUCCESS);
    EXPECT_STATUS(cublasGetVectorAsync(k, sizeof(float), P, 1, back.data(), 2, s), CUBLAS_STATUS_SUCCESS);
    cudaStreamSynchronize(s);
    for (int i = 0; i < 2 * k; i++)
        if (back[i] != (i % 2 ? -1.0f : (float)i)) {
            printf("strided transfer: back[%d] = %g\n", i, back[i]);
            failures++;
            break;
        }
    if (std::string(cublasGetStatusName(CUBLAS_STATUS_INVALID_VALUE)) != "CUBLAS_STATUS_INVALID_VALUE") {
        printf("cublasGetStatusName\n");
        failures++;
    }
    EXPECT_STATUS(cublasDestroy(h), CUBLAS_STATUS_SUCCESS);
    EXPECT_STATUS(cublasCreate(NULL), CUBLAS_STATUS_INVALID_VALUE);
    cudaStreamDestroy(s);
    if (failures) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
