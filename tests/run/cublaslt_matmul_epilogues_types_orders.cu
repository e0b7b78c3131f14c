// cuBLASLt's matmul against a plain host product, in every type cu2c provides: FP32, FP64,
// FP16, BF16 (BF16 in, FP32 out too) and TF32 compute, both orders (COL, ROW) and every
// transpose of A and B, strided batches with beta C out of place, alpha and beta by device
// pointer, and each epilogue: RELU, BIAS, GELU (tanh form) with and without AUX (GELU's input;
// ReLU's as a bit mask), their gradients DRELU/DGELU (with BGRAD, the sum over D's columns),
// BGRADA and BGRADB. Also the heuristic, attribute sizes and the status codes of bad calls.
// RUN: %cu2cc %s -o %t -lcublasLt -lcublas && env CU2C_NUM_THREADS=2 timeout 120 %t | FileCheck %s
// CHECK: heuristic 1 algorithm, workspace 0
// CHECK: types and orders: 0 bad of {{[0-9]+}}
// CHECK: epilogues: 0 bad of {{[0-9]+}}
// CHECK: batched device-pointer scalars: 0 bad
// CHECK: status codes ok
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define CHECK(x)                                                                      \
    do {                                                                              \
        cublasStatus_t s_ = (x);                                                      \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                            \
            printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cublasLtGetStatusName(s_)); \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

static size_t type_size(cudaDataType t) { return t == CUDA_R_64F ? 8 : t == CUDA_R_32F ? 4 : 2; }
static double load(const void *p, cudaDataType t, size_t i) {
    switch (t) {
    case CUDA_R_32F: return ((const float *)p)[i];
    case CUDA_R_64F: return ((const double *)p)[i];
    case CUDA_R_16F: return __half2float(((const __half *)p)[i]);
    default: return __bfloat162float(((const __nv_bfloat16 *)p)[i]);
    }
}
static void store(void *p, cudaDataType t, size_t i, double v) {
    switch (t) {
    case CUDA_R_32F: ((float *)p)[i] = (float)v; break;
    case CUDA_R_64F: ((double *)p)[i] = v; break;
    case CUDA_R_16F: ((__half *)p)[i] = __float2half((float)v); break;
    default: ((__nv_bfloat16 *)p)[i] = __float2bfloat16((float)v); break;
    }
}
static double tolerance(cudaDataType t) { return t == CUDA_R_64F ? 1e-12 : t == CUDA_R_32F ? 1e-5 : t == CUDA_R_16F ? 2e-3 : 1e-2; }

// A matrix in managed memory: rows x cols of type t in order o, leading dimension ld.
struct Mat {
    cudaDataType t;
    cublasLtOrder_t o;
    int rows, cols, batch;
    long ld, stride;
    void *p;
    size_t at(int r, int c, int b = 0) const { return (size_t)b * stride + (o == CUBLASLT_ORDER_COL ? r + c * ld : r * ld + c); }
    double get(int r, int c, int b = 0) const { return load(p, t, at(r, c, b)); }
};
static Mat make(cudaDataType t, cublasLtOrder_t o, int rows, int cols, int batch, int seed) {
    Mat m{t, o, rows, cols, batch, (o == CUBLASLT_ORDER_COL ? rows : cols) + 3, 0, nullptr};
    m.stride = m.ld * (o == CUBLASLT_ORDER_COL ? cols : rows) + 5;
    cudaMallocManaged(&m.p, type_size(t) * m.stride * batch);
    for (size_t i = 0; i < (size_t)m.stride * batch; i++)   // eighths in [-1, 1]: exact in every type
        store(m.p, t, i, (double)((int)((i * 7 + seed * 13) % 17) - 8) / 8.0);
    return m;
}
static cublasLtMatrixLayout_t layout(const Mat &m) {
    cublasLtMatrixLayout_t l;
    cublasLtMatrixLayoutCreate(&l, m.t, m.rows, m.cols, m.ld);
    cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &m.o, sizeof(m.o));
    cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &m.batch, sizeof(m.batch));
    long long s = m.stride;
    cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &s, sizeof(s));
    return l;
}
static double gelu(double x) { return 0.5 * x * (1 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))); }
static double dgelu(double x) {
    double s = 0.7978845608028654, t = tanh(s * (x + 0.044715 * x * x * x));
    return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * s * (1 + 3 * 0.044715 * x * x);
}
static bool near(double got, double want, double tol) { return fabs(got - want) <= tol * (1 + fabs(want)); }

struct Case {
    cudaDataType ab, cd;
    cublasComputeType_t compute;
    cublasLtOrder_t oa, ob, od;
    cublasOperation_t ta, tb;
    cublasLtEpilogue_t epi;
    int batch;
    bool device_scalars;
};

// Runs one matmul and compares D (and aux, bias) with the host reference; the number wrong.
static int run_case(cublasLtHandle_t h, const Case &k, int m, int n, int kk) {
    bool dbl = k.compute == CUBLAS_COMPUTE_64F;
    cudaDataType scale = dbl ? CUDA_R_64F : CUDA_R_32F;
    Mat A = make(k.ab, k.oa, k.ta == CUBLAS_OP_N ? m : kk, k.ta == CUBLAS_OP_N ? kk : m, k.batch, 1);
    Mat B = make(k.ab, k.ob, k.tb == CUBLAS_OP_N ? kk : n, k.tb == CUBLAS_OP_N ? n : kk, k.batch, 2);
    Mat C = make(k.cd, k.od, m, n, k.batch, 3);
    Mat D = make(k.cd, k.od, m, n, k.batch, 4);
    bool drelu = k.epi == CUBLASLT_EPILOGUE_DRELU || k.epi == CUBLASLT_EPILOGUE_DRELU_BGRAD;
    bool dg = k.epi == CUBLASLT_EPILOGUE_DGELU || k.epi == CUBLASLT_EPILOGUE_DGELU_BGRAD;
    bool relu = k.epi == CUBLASLT_EPILOGUE_RELU || k.epi == CUBLASLT_EPILOGUE_RELU_AUX ||
                k.epi == CUBLASLT_EPILOGUE_RELU_BIAS || k.epi == CUBLASLT_EPILOGUE_RELU_AUX_BIAS;
    bool gl = k.epi == CUBLASLT_EPILOGUE_GELU || k.epi == CUBLASLT_EPILOGUE_GELU_AUX ||
              k.epi == CUBLASLT_EPILOGUE_GELU_BIAS || k.epi == CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
    bool add_bias = (k.epi & CUBLASLT_EPILOGUE_BIAS) != 0;
    bool aux_used = (k.epi & 128) != 0, mask = aux_used && (relu || drelu);
    bool bgrad = k.epi == CUBLASLT_EPILOGUE_DRELU_BGRAD || k.epi == CUBLASLT_EPILOGUE_DGELU_BGRAD;
    int nbias = k.epi == CUBLASLT_EPILOGUE_BGRADB ? n : m;
    long aux_ld = mask ? 128 : m + 2;
    Mat bias = make(k.cd, CUBLASLT_ORDER_COL, nbias, 1, 1, 5);
    void *aux;
    size_t aux_bytes = mask ? aux_ld * n / 8 : type_size(k.cd) * aux_ld * n;
    cudaMallocManaged(&aux, aux_bytes);
    for (size_t i = 0; i < aux_bytes; i++)
        ((unsigned char *)aux)[i] = (unsigned char)(i * 37 + 11);
    if (!mask)
        for (long i = 0; i < aux_ld * n; i++)
            store(aux, k.cd, i, (double)((int)(i % 11) - 5) / 4.0);
    std::vector<unsigned char> aux_before((unsigned char *)aux, (unsigned char *)aux + aux_bytes);
    std::vector<double> bias_before(nbias);
    for (int i = 0; i < nbias; i++)
        bias_before[i] = bias.get(i, 0);

    cublasLtMatmulDesc_t desc;
    cublasLtMatmulDescCreate(&desc, k.compute, scale);
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &k.ta, sizeof(k.ta));
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &k.tb, sizeof(k.tb));
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &k.epi, sizeof(k.epi));
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias.p, sizeof(bias.p));
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &aux, sizeof(aux));
    long long ald = aux_ld;
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ald, sizeof(ald));
    cublasLtMatrixLayout_t la = layout(A), lb = layout(B), lc = layout(C), ld = layout(D);
    double alpha = 1.5, beta = k.epi == CUBLASLT_EPILOGUE_DEFAULT || k.device_scalars ? -0.5 : 0.0;
    float fa = (float)alpha, fb = (float)beta;
    const void *pa = dbl ? (const void *)&alpha : &fa, *pb = dbl ? (const void *)&beta : &fb;
    void *dev = nullptr;
    if (k.device_scalars) {
        cublasLtPointerMode_t pm = CUBLASLT_POINTER_MODE_DEVICE;
        cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &pm, sizeof(pm));
        cudaMalloc(&dev, 16);
        cudaMemcpy(dev, pa, dbl ? 8 : 4, cudaMemcpyHostToDevice);
        cudaMemcpy((char *)dev + 8, pb, dbl ? 8 : 4, cudaMemcpyHostToDevice);
        pa = dev;
        pb = (char *)dev + 8;
    }
    cublasStatus_t st = cublasLtMatmul(h, desc, pa, A.p, la, B.p, lb, pb, C.p, lc, D.p, ld, nullptr, nullptr, 0, 0);
    cudaDeviceSynchronize();
    int bad = 0;
    if (st != CUBLAS_STATUS_SUCCESS) {
        printf("matmul: %s\n", cublasLtGetStatusName(st));
        bad++;
    }
    double tol = tolerance(k.cd);
    std::vector<double> bsum(nbias, 0.0);
    for (int b = 0; b < k.batch && !bad; b++) {
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                double s = 0;
                for (int q = 0; q < kk; q++)
                    s += (k.ta == CUBLAS_OP_N ? A.get(i, q, b) : A.get(q, i, b)) *
                         (k.tb == CUBLAS_OP_N ? B.get(q, j, b) : B.get(j, q, b));
                double x = alpha * s + (beta != 0 ? beta * C.get(i, j, b) : 0);
                if (add_bias)
                    x += bias_before[i];
                size_t bit = (size_t)j * aux_ld + i;
                if (aux_used && (relu || gl)) {
                    double kept = mask ? (double)((((unsigned char *)aux)[bit / 8] >> (bit % 8)) & 1) : load(aux, k.cd, bit);
                    double want = mask ? (x > 0) : x;
                    if (!near(kept, want, tol) && bad++ < 3)
                        printf("aux(%d,%d) %g want %g\n", i, j, kept, want);
                }
                if (relu) x = x > 0 ? x : 0;
                if (gl) x = gelu(x);
                if (drelu) x = (aux_before[bit / 8] >> (bit % 8)) & 1 ? x : 0;
                if (dg) {
                    std::vector<unsigned char> &ab = aux_before;
                    x *= dgelu(load(ab.data(), k.cd, bit));
                }
                if (bgrad) bsum[i] += x;
                if (!near(D.get(i, j, b), x, tol) && bad++ < 3)
                    printf("D(%d,%d,%d) %g want %g\n", i, j, b, D.get(i, j, b), x);
            }
        if (k.epi == CUBLASLT_EPILOGUE_BGRADA || k.epi == CUBLASLT_EPILOGUE_BGRADB)
            for (int r = 0; r < nbias; r++) {
                double s = 0;
                for (int q = 0; q < kk; q++)
                    s += k.epi == CUBLASLT_EPILOGUE_BGRADA ? (k.ta == CUBLAS_OP_N ? A.get(r, q, b) : A.get(q, r, b))
                                                           : (k.tb == CUBLAS_OP_N ? B.get(q, r, b) : B.get(r, q, b));
                bsum[r] = s;
            }
    }
    if (bgrad || k.epi == CUBLASLT_EPILOGUE_BGRADA || k.epi == CUBLASLT_EPILOGUE_BGRADB)
        for (int r = 0; r < nbias; r++)
            if (!near(bias.get(r, 0), bsum[r], tol * 4) && bad++ < 3)
                printf("bias(%d) %g want %g\n", r, bias.get(r, 0), bsum[r]);
    if (bad)
        printf("  in case ab=%d cd=%d compute=%d orders %d%d%d ops %d%d epilogue %d batch %d\n", k.ab, k.cd, k.compute,
               k.oa, k.ob, k.od, k.ta, k.tb, k.epi, k.batch);
    cublasLtMatrixLayoutDestroy(la);
    cublasLtMatrixLayoutDestroy(lb);
    cublasLtMatrixLayoutDestroy(lc);
    cublasLtMatrixLayoutDestroy(ld);
    cublasLtMatmulDescDestroy(desc);
    cudaFree(A.p); cudaFree(B.p); cudaFree(C.p); cudaFree(D.p); cudaFree(bias.p); cudaFree(aux); cudaFree(dev);
    return bad != 0;
}

int main() {
    cublasLtHandle_t h;
    CHECK(cublasLtCreate(&h));

    // the heuristic (llm.c's calls) and attribute sizes
    {
        cublasLtMatmulDesc_t desc;
        cublasLtMatrixLayout_t a, b, c;
        cublasLtMatmulPreference_t pref;
        CHECK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
        CHECK(cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 8, 4, 8));
        CHECK(cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 4, 6, 4));
        CHECK(cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 8, 6, 8));
        CHECK(cublasLtMatmulPreferenceCreate(&pref));
        size_t ws = 1 << 22;
        CHECK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof(ws)));
        cublasLtMatmulHeuristicResult_t r[4];
        int count = 0;
        CHECK(cublasLtMatmulAlgoGetHeuristic(h, desc, a, b, c, c, pref, 4, r, &count));
        printf("heuristic %d algorithm, workspace %zu\n", count, r[0].workspaceSize);
        cublasLtMatmulPreferenceDestroy(pref);
        cublasLtMatmulDescDestroy(desc);
        cublasLtMatrixLayoutDestroy(a);
        cublasLtMatrixLayoutDestroy(b);
        cublasLtMatrixLayoutDestroy(c);
    }

    const cudaDataType types[][2] = {{CUDA_R_32F, CUDA_R_32F}, {CUDA_R_64F, CUDA_R_64F}, {CUDA_R_16F, CUDA_R_16F},
                                     {CUDA_R_16BF, CUDA_R_16BF}, {CUDA_R_16BF, CUDA_R_32F}, {CUDA_R_16F, CUDA_R_32F}};
    const cublasLtOrder_t orders[] = {CUBLASLT_ORDER_COL, CUBLASLT_ORDER_ROW};
    const cublasOperation_t ops[] = {CUBLAS_OP_N, CUBLAS_OP_T};
    int cases = 0, bad = 0;
    for (auto &t : types)
        for (int o = 0; o < 8; o++)
            for (auto ta : ops)
                for (auto tb : ops) {
                    cublasComputeType_t ct = t[0] == CUDA_R_64F ? CUBLAS_COMPUTE_64F
                                             : (o & 1) ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
                    Case k{t[0], t[1], ct, orders[o & 1], orders[(o >> 1) & 1], orders[(o >> 2) & 1], ta, tb,
                           CUBLASLT_EPILOGUE_DEFAULT, 1, false};
                    bad += run_case(h, k, 7, 5, 9);
                    cases++;
                }
    printf("types and orders: %d bad of %d\n", bad, cases);

    const cublasLtEpilogue_t epis[] = {CUBLASLT_EPILOGUE_RELU, CUBLASLT_EPILOGUE_RELU_AUX, CUBLASLT_EPILOGUE_BIAS,
                                       CUBLASLT_EPILOGUE_RELU_BIAS, CUBLASLT_EPILOGUE_RELU_AUX_BIAS,
                                       CUBLASLT_EPILOGUE_DRELU, CUBLASLT_EPILOGUE_DRELU_BGRAD, CUBLASLT_EPILOGUE_GELU,
                                       CUBLASLT_EPILOGUE_GELU_AUX, CUBLASLT_EPILOGUE_GELU_BIAS,
                                       CUBLASLT_EPILOGUE_GELU_AUX_BIAS, CUBLASLT_EPILOGUE_DGELU,
                                       CUBLASLT_EPILOGUE_DGELU_BGRAD, CUBLASLT_EPILOGUE_BGRADA, CUBLASLT_EPILOGUE_BGRADB};
    cases = bad = 0;
    for (auto e : epis)
        for (int t = 0; t < 4; t++) {
            cudaDataType ab = t == 1 ? CUDA_R_16BF : t == 2 ? CUDA_R_16F : CUDA_R_32F, cd = t == 3 ? CUDA_R_64F : ab;
            if (t == 3) ab = CUDA_R_64F;
            Case k{ab, cd, t == 3 ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F, CUBLASLT_ORDER_COL, CUBLASLT_ORDER_COL,
                   CUBLASLT_ORDER_COL, (t & 1) ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, e, 1, false};
            bad += run_case(h, k, 6, 10, 7);
            cases++;
        }
    printf("epilogues: %d bad of %d\n", bad, cases);

    bad = 0;
    Case batched{CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUBLASLT_ORDER_COL, CUBLASLT_ORDER_ROW, CUBLASLT_ORDER_COL,
                 CUBLAS_OP_T, CUBLAS_OP_N, CUBLASLT_EPILOGUE_DEFAULT, 3, true};
    bad += run_case(h, batched, 5, 4, 6);
    batched.cd = batched.ab = CUDA_R_16BF;
    batched.epi = CUBLASLT_EPILOGUE_GELU_BIAS;
    bad += run_case(h, batched, 5, 4, 6);
    printf("batched device-pointer scalars: %d bad\n", bad);

    // status codes
    {
        int wrong = 0;
        cublasLtMatmulDesc_t desc;
        cublasLtMatrixLayout_t a, b, c, col32;
        CHECK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
        CHECK(cublasLtMatrixLayoutCreate(&a, CUDA_R_32F, 8, 4, 8));
        CHECK(cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 5, 6, 5));   // k does not match
        CHECK(cublasLtMatrixLayoutCreate(&c, CUDA_R_32F, 8, 6, 8));
        CHECK(cublasLtMatrixLayoutCreate(&col32, CUDA_R_32F, 8, 6, 8));
        cublasLtOrder_t o32 = CUBLASLT_ORDER_COL32;
        CHECK(cublasLtMatrixLayoutSetAttribute(col32, CUBLASLT_MATRIX_LAYOUT_ORDER, &o32, sizeof(o32)));
        float one = 1, zero = 0, *buf;
        cudaMalloc(&buf, 4096);
        wrong += cublasLtMatmul(h, desc, &one, buf, a, buf, b, &zero, buf, c, buf, c, nullptr, nullptr, 0, 0) !=
                 CUBLAS_STATUS_INVALID_VALUE;
        CHECK(cublasLtMatrixLayoutCreate(&b, CUDA_R_32F, 4, 6, 4));
        wrong += cublasLtMatmul(h, desc, &one, buf, a, buf, b, &zero, buf, c, buf, col32, nullptr, nullptr, 0, 0) !=
                 CUBLAS_STATUS_NOT_SUPPORTED;
        cublasLtEpilogue_t e = CUBLASLT_EPILOGUE_BIAS;   // no bias pointer
        CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof(e)));
        wrong += cublasLtMatmul(h, desc, &one, buf, a, buf, b, &zero, buf, c, buf, c, nullptr, nullptr, 0, 0) !=
                 CUBLAS_STATUS_INVALID_VALUE;
        char small = 0;
        wrong += cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &small, 1) !=
                 CUBLAS_STATUS_INVALID_VALUE;
        size_t need = 0;
        CHECK(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, nullptr, 0, &need));
        wrong += need != sizeof(void *);
        uint32_t got = 0;
        CHECK(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &got, sizeof(got), &need));
        wrong += got != CUBLASLT_EPILOGUE_BIAS;
        wrong += cublasLtMatmul(nullptr, desc, &one, buf, a, buf, b, &zero, buf, c, buf, c, nullptr, nullptr, 0, 0) !=
                 CUBLAS_STATUS_NOT_INITIALIZED;
        cublasLtMatmulDesc_t idesc;
        CHECK(cublasLtMatmulDescCreate(&idesc, CUBLAS_COMPUTE_32I, CUDA_R_32I));
        wrong += cublasLtMatmul(h, idesc, &one, buf, a, buf, b, &zero, buf, c, buf, c, nullptr, nullptr, 0, 0) !=
                 CUBLAS_STATUS_NOT_SUPPORTED;
        printf(wrong ? "status codes: %d wrong\n" : "status codes ok\n", wrong);
    }
    CHECK(cublasLtDestroy(h));
    return 0;
}
