// cuBLAS's half routines and bf16 gemmEx against a plain host product: cublasHgemm,
// HgemmBatched and HgemmStridedBatched (half matrices and scalars), and gemmEx /
// gemmStridedBatchedEx / gemmBatchedEx with A and B CUDA_R_16BF and C CUDA_R_16BF or
// CUDA_R_32F (CUBLAS_COMPUTE_32F), every transpose; bf16 with CUBLAS_COMPUTE_16F is
// CUBLAS_STATUS_NOT_SUPPORTED, as in cuBLAS.
// RUN: %cu2cc %s -o %t -lcublas && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: hgemm: 0 bad of 12
// CHECK-NEXT: bf16 gemmEx: 0 bad of 24
// CHECK-NEXT: bf16 with compute 16F: CUBLAS_STATUS_NOT_SUPPORTED
#include <cmath>
#include <cstdio>
#include <vector>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

template <typename T> static double to_d(T v);
template <> double to_d(__half v) { return __half2float(v); }
template <> double to_d(__nv_bfloat16 v) { return __bfloat162float(v); }
template <> double to_d(float v) { return v; }
template <typename T> static T from_d(double v);
template <> __half from_d(double v) { return __float2half((float)v); }
template <> __nv_bfloat16 from_d(double v) { return __float2bfloat16((float)v); }

// C(m x n) = alpha op(A) op(B) + beta C for batch b, all column-major with the given lds
template <typename TA, typename TC>
static int compare(const TA *A, const TA *B, const TC *C0, const TC *C, int m, int n, int k, int lda, int ldb, int ldc,
                   cublasOperation_t ta, cublasOperation_t tb, double alpha, double beta, double tol) {
    int bad = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double s = 0;
            for (int q = 0; q < k; q++)
                s += to_d(ta == CUBLAS_OP_N ? A[i + q * lda] : A[q + i * lda]) *
                     to_d(tb == CUBLAS_OP_N ? B[q + j * ldb] : B[j + q * ldb]);
            double want = alpha * s + beta * to_d(C0[i + j * ldc]), got = to_d(C[i + j * ldc]);
            if (fabs(got - want) > tol * (1 + fabs(want)) && bad++ < 3)
                printf("(%d,%d) %g want %g\n", i, j, got, want);
        }
    return bad;
}

template <typename T> static T *filled(size_t n, int seed) {
    T *p;
    cudaMallocManaged(&p, n * sizeof(T));
    for (size_t i = 0; i < n; i++)   // eighths in [-1, 1]: exact in half and bf16
        p[i] = from_d<T>((double)((int)((i * 5 + seed * 3) % 17) - 8) / 8.0);
    return p;
}

int main() {
    cublasHandle_t h;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS)
        return 1;
    const int m = 9, n = 7, k = 11, lda = 12, ldb = 12, ldc = 10, batch = 3;
    const long long sa = lda * 12, sb = ldb * 12, sc = ldc * 8;
    const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T};
    int cases = 0, bad = 0;
    // Hgemm, its batched and strided forms
    for (auto ta : ops)
        for (auto tb : ops)
            for (int form = 0; form < 3; form++) {
                __half *A = filled<__half>(sa * batch, 1), *B = filled<__half>(sb * batch, 2);
                __half *C = filled<__half>(sc * batch, 3), *C0 = filled<__half>(sc * batch, 3);
                __half alpha = __float2half(1.5f), beta = __float2half(-0.5f);
                cublasStatus_t st;
                if (form == 0) {
                    st = cublasHgemm(h, ta, tb, m, n, k, &alpha, A, lda, B, ldb, &beta, C, ldc);
                } else if (form == 1) {
                    __half **arrays;
                    cudaMallocManaged(&arrays, 3 * batch * sizeof(__half *));
                    for (int b = 0; b < batch; b++) {
                        arrays[b] = A + b * sa;
                        arrays[batch + b] = B + b * sb;
                        arrays[2 * batch + b] = C + b * sc;
                    }
                    st = cublasHgemmBatched(h, ta, tb, m, n, k, &alpha, arrays, lda, arrays + batch, ldb, &beta,
                                            arrays + 2 * batch, ldc, batch);
                } else {
                    st = cublasHgemmStridedBatched(h, ta, tb, m, n, k, &alpha, A, lda, sa, B, ldb, sb, &beta, C, ldc,
                                                   sc, batch);
                }
                cudaDeviceSynchronize();
                int wrong = st != CUBLAS_STATUS_SUCCESS;
                for (int b = 0; b < (form ? batch : 1) && !wrong; b++)
                    wrong += compare(A + b * sa, B + b * sb, C0 + b * sc, C + b * sc, m, n, k, lda, ldb, ldc, ta, tb,
                                     1.5, -0.5, 2e-3);
                bad += wrong != 0;
                cases++;
                cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(C0);
            }
    printf("hgemm: %d bad of %d\n", bad, cases);
    // bf16 gemmEx: C bf16 or float, plain, strided and pointer-array batches
    cases = bad = 0;
    for (auto ta : ops)
        for (auto tb : ops)
            for (int out_float = 0; out_float < 2; out_float++)
                for (int form = 0; form < 3; form++) {
                    __nv_bfloat16 *A = filled<__nv_bfloat16>(sa * batch, 4), *B = filled<__nv_bfloat16>(sb * batch, 5);
                    void *C, *C0;
                    size_t es = out_float ? 4 : 2;
                    cudaMallocManaged(&C, es * sc * batch);
                    cudaMallocManaged(&C0, es * sc * batch);
                    for (long long i = 0; i < sc * batch; i++) {
                        double v = (double)((int)(i % 13) - 6) / 4.0;
                        if (out_float) ((float *)C)[i] = ((float *)C0)[i] = (float)v;
                        else ((__nv_bfloat16 *)C)[i] = ((__nv_bfloat16 *)C0)[i] = __float2bfloat16((float)v);
                    }
                    float alpha = 1.5f, beta = -0.5f;
                    cudaDataType ct = out_float ? CUDA_R_32F : CUDA_R_16BF;
                    cublasStatus_t st;
                    if (form == 0) {
                        st = cublasGemmEx(h, ta, tb, m, n, k, &alpha, A, CUDA_R_16BF, lda, B, CUDA_R_16BF, ldb, &beta,
                                          C, ct, ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
                    } else if (form == 1) {
                        st = cublasGemmStridedBatchedEx(h, ta, tb, m, n, k, &alpha, A, CUDA_R_16BF, lda, sa, B,
                                                        CUDA_R_16BF, ldb, sb, &beta, C, ct, ldc, sc, batch,
                                                        CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
                    } else {
                        void **arrays;
                        cudaMallocManaged(&arrays, 3 * batch * sizeof(void *));
                        for (int b = 0; b < batch; b++) {
                            arrays[b] = A + b * sa;
                            arrays[batch + b] = B + b * sb;
                            arrays[2 * batch + b] = (char *)C + b * sc * es;
                        }
                        st = cublasGemmBatchedEx(h, ta, tb, m, n, k, &alpha, arrays, CUDA_R_16BF, lda, arrays + batch,
                                                 CUDA_R_16BF, ldb, &beta, arrays + 2 * batch, ct, ldc, batch,
                                                 CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
                    }
                    cudaDeviceSynchronize();
                    int wrong = st != CUBLAS_STATUS_SUCCESS;
                    for (int b = 0; b < (form ? batch : 1) && !wrong; b++)
                        wrong += out_float ? compare(A + b * sa, B + b * sb, (float *)C0 + b * sc, (float *)C + b * sc,
                                                     m, n, k, lda, ldb, ldc, ta, tb, 1.5, -0.5, 1e-5)
                                           : compare(A + b * sa, B + b * sb, (__nv_bfloat16 *)C0 + b * sc,
                                                     (__nv_bfloat16 *)C + b * sc, m, n, k, lda, ldb, ldc, ta, tb, 1.5,
                                                     -0.5, 1e-2);
                    bad += wrong != 0;
                    cases++;
                    cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(C0);
                }
    printf("bf16 gemmEx: %d bad of %d\n", bad, cases);
    __half one = __float2half(1.0f);
    void *p;
    cudaMalloc(&p, 4096);
    cublasStatus_t st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &one, p, CUDA_R_16BF, 4, p, CUDA_R_16BF, 4,
                                     &one, p, CUDA_R_16BF, 4, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
    printf("bf16 with compute 16F: %s\n", cublasGetStatusName(st));
    return cublasDestroy(h);
}
