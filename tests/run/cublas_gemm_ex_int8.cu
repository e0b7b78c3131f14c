// cublasGemmEx, GemmStridedBatchedEx and GemmBatchedEx with int8 A and B (cuBLAS's CUDA_R_8I
// rows): into int32 C with CUBLAS_COMPUTE_32I and int alpha and beta, exact for a k of 4096
// (sums past float's 2^24) and wrapping as 32-bit integers do; into float C with a 32F compute
// type. Transposes on both sides, beta 0 leaving a poisoned C unread. Compared with host
// loops in 64-bit integers. int8 into int8 C is CUBLAS_STATUS_NOT_SUPPORTED, as the table of
// cublasGemmEx's types has no such row.
// RUN: %cu2cc %s -o %t -lcublas && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cstdint>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cublas_v2.h>

static int failures = 0;
#define EXPECT(cond, ...)                                                                    \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            printf("line %d: ", __LINE__);                                                   \
            printf(__VA_ARGS__);                                                             \
            printf("\n");                                                                    \
            failures++;                                                                      \
        }                                                                                    \
    } while (0)

// op(X)[r][c] of a column-major matrix with leading dimension ld
static int8_t at(const std::vector<int8_t> &x, bool t, int r, int c, int ld) {
    return t ? x[(size_t)r * ld + c] : x[(size_t)c * ld + r];
}

// alpha op(A) op(B) + beta C, m x n, in 64-bit integers, wrapped to 32 bits
static std::vector<int32_t> reference(bool ta, bool tb, int m, int n, int k, const std::vector<int8_t> &A, int lda,
                                      const std::vector<int8_t> &B, int ldb, int32_t alpha, int32_t beta,
                                      const std::vector<int32_t> &C, int ldc) {
    std::vector<int32_t> out(C);
    for (int c = 0; c < n; c++)
        for (int r = 0; r < m; r++) {
            int64_t s = 0;
            for (int i = 0; i < k; i++) s += (int64_t)at(A, ta, r, i, lda) * at(B, tb, i, c, ldb);
            uint32_t v = (uint32_t)alpha * (uint32_t)s + (beta ? (uint32_t)beta * (uint32_t)C[(size_t)c * ldc + r] : 0u);
            out[(size_t)c * ldc + r] = (int32_t)v;
        }
    return out;
}

static std::vector<int8_t> random_int8(size_t n, unsigned seed, bool extreme) {
    std::vector<int8_t> v(n);
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        v[i] = extreme ? (int8_t)((seed >> 16) & 1 ? 127 : -128) : (int8_t)((seed >> 16) & 0xff);
    }
    return v;
}

template <typename T> static T *to_device(const std::vector<T> &h) {
    T *d;
    cudaMalloc(&d, h.size() * sizeof(T) + 1);
    cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    return d;
}

int main() {
    cublasHandle_t h;
    cublasCreate(&h);
    cublasOperation_t ops[2] = {CUBLAS_OP_N, CUBLAS_OP_T};

    // int8 -> int32, exact over k = 4096 with all-extreme values (|sum| up to 2^26)
    for (int ta = 0; ta < 2; ta++)
        for (int tb = 0; tb < 2; tb++) {
            int m = 20, n = 12, k = 4096;
            int lda = (ta ? k : m) + 4, ldb = (tb ? n : k) + 8, ldc = m + 3;
            std::vector<int8_t> A = random_int8((size_t)lda * (ta ? m : k), 7 + ta, true);
            std::vector<int8_t> B = random_int8((size_t)ldb * (tb ? k : n), 11 + tb, true);
            std::vector<int32_t> C((size_t)ldc * n);
            for (size_t i = 0; i < C.size(); i++) C[i] = (int32_t)(i * 2654435761u);
            int32_t alpha = 3, beta = -2;
            std::vector<int32_t> want = reference(ta, tb, m, n, k, A, lda, B, ldb, alpha, beta, C, ldc);
            int8_t *dA = to_device(A), *dB = to_device(B);
            int32_t *dC = to_device(C);
            cublasStatus_t s = cublasGemmEx(h, ops[ta], ops[tb], m, n, k, &alpha, dA, CUDA_R_8I, lda, dB, CUDA_R_8I,
                                            ldb, &beta, dC, CUDA_R_32I, ldc, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
            EXPECT(s == CUBLAS_STATUS_SUCCESS, "GemmEx 8I->32I status %d", (int)s);
            std::vector<int32_t> got(C.size());
            cudaMemcpy(got.data(), dC, got.size() * sizeof(int32_t), cudaMemcpyDeviceToHost);
            int bad = 0;
            for (size_t i = 0; i < got.size(); i++) bad += got[i] != want[i];
            EXPECT(bad == 0, "GemmEx 8I->32I ta %d tb %d: %d of %zu differ (e.g. %d, want %d)", ta, tb, bad, got.size(),
                   got[0], want[0]);
            cudaFree(dA); cudaFree(dB); cudaFree(dC);
        }

    // int8 -> int32 wrapping: alpha large enough that alpha * sum passes 2^31
    {
        int m = 4, n = 4, k = 64;
        std::vector<int8_t> A((size_t)m * k, 127), B((size_t)k * n, 127);
        std::vector<int32_t> C((size_t)m * n, 0);
        int32_t alpha = 3000, beta = 0;   // 127 * 127 * 64 * 3000 > 2^31
        std::vector<int32_t> want = reference(false, false, m, n, k, A, m, B, k, alpha, beta, C, m);
        int8_t *dA = to_device(A), *dB = to_device(B);
        int32_t *dC = to_device(C);
        cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, CUDA_R_8I, m, dB, CUDA_R_8I, k, &beta, dC,
                     CUDA_R_32I, m, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
        int32_t got = 0;
        cudaMemcpy(&got, dC, sizeof got, cudaMemcpyDeviceToHost);
        EXPECT(got == want[0] && got < 0, "wrapped product %d, want %d", got, want[0]);
        cudaFree(dA); cudaFree(dB); cudaFree(dC);
    }

    // int8 -> float, strided batch of 3 (beta 0: C's NaNs unread) and a pointer-array batch
    {
        int m = 9, n = 7, k = 33, batch = 3;
        long long sa = (long long)m * k + 5, sb = (long long)k * n + 2, sc = (long long)m * n + 1;
        std::vector<int8_t> A = random_int8(sa * batch, 3, false), B = random_int8(sb * batch, 5, false);
        std::vector<float> C(sc * batch, __builtin_nanf(""));
        float alpha = 0.5f, beta = 0.0f;
        int8_t *dA = to_device(A), *dB = to_device(B);
        float *dC = to_device(C);
        cublasStatus_t s = cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, CUDA_R_8I, m, sa,
                                                      dB, CUDA_R_8I, k, sb, &beta, dC, CUDA_R_32F, m, sc, batch,
                                                      CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
        EXPECT(s == CUBLAS_STATUS_SUCCESS, "StridedBatchedEx 8I->32F status %d", (int)s);
        std::vector<float> got(C.size());
        cudaMemcpy(got.data(), dC, got.size() * sizeof(float), cudaMemcpyDeviceToHost);
        int bad = 0;
        for (int b = 0; b < batch; b++)
            for (int c = 0; c < n; c++)
                for (int r = 0; r < m; r++) {
                    int64_t sum = 0;
                    for (int i = 0; i < k; i++) sum += (int64_t)A[b * sa + (size_t)i * m + r] * B[b * sb + (size_t)c * k + i];
                    bad += got[b * sc + (size_t)c * m + r] != 0.5f * (float)sum;
                }
        EXPECT(bad == 0, "StridedBatchedEx 8I->32F: %d differ", bad);

        // the same three products by arrays of pointers, into int32 with beta 1
        const void *As[3], *Bs[3];
        void *Cs[3];
        std::vector<int32_t> Ci((size_t)m * n * batch, 1);
        int32_t *dCi = to_device(Ci);
        for (int b = 0; b < batch; b++) { As[b] = dA + b * sa; Bs[b] = dB + b * sb; Cs[b] = dCi + (size_t)b * m * n; }
        const void **dAs = to_device(std::vector<const void *>(As, As + 3));
        const void **dBs = to_device(std::vector<const void *>(Bs, Bs + 3));
        void **dCs = to_device(std::vector<void *>(Cs, Cs + 3));
        int32_t ia = 1, ib = 1;
        s = cublasGemmBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &ia, dAs, CUDA_R_8I, m, dBs, CUDA_R_8I, k, &ib,
                                dCs, CUDA_R_32I, m, batch, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT);
        EXPECT(s == CUBLAS_STATUS_SUCCESS, "BatchedEx 8I->32I status %d", (int)s);
        cudaMemcpy(Ci.data(), dCi, Ci.size() * sizeof(int32_t), cudaMemcpyDeviceToHost);
        bad = 0;
        for (int b = 0; b < batch; b++)
            for (int i = 0; i < m * n; i++)
                bad += (float)(Ci[(size_t)b * m * n + i] - 1) * 0.5f != got[b * sc + i];
        EXPECT(bad == 0, "BatchedEx 8I->32I: %d differ from the float results", bad);
    }

    // int8 into int8 C has no row in cublasGemmEx's table; 32I compute into float C neither
    {
        int32_t ia = 1, ib = 0;
        float fa = 1, fb = 0;
        int8_t *d;
        cudaMalloc(&d, 64);
        EXPECT(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &ia, d, CUDA_R_8I, 4, d, CUDA_R_8I, 4, &ib, d,
                            CUDA_R_8I, 4, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_NOT_SUPPORTED,
               "8I->8I not refused");
        EXPECT(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &fa, d, CUDA_R_8I, 4, d, CUDA_R_8I, 4, &fb, d,
                            CUDA_R_32F, 4, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_NOT_SUPPORTED,
               "8I->32F with 32I compute not refused");
        cudaFree(d);
    }
    cudaDeviceSynchronize();
    cublasDestroy(h);
    if (failures == 0) printf("int8 GemmEx OK\n");
    return failures != 0;
}
