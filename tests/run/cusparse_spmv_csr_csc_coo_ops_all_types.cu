// cuSPARSE SpMV (y = alpha op(A) x + beta y) for one matrix stored as CSR, CSC and COO, with
// op(A) = A, A^T and A^H, 32- and 64-bit indices, base 0 and 1, in float, double, cuComplex and
// cuDoubleComplex (complex alpha and beta), each compared with a host loop in double precision
// within the type's tolerance; beta 0 over a NaN y leaves it unread. A larger CSR matrix runs on
// several blocks (two workers), and half and bf16 matrices and vectors compute in float. Status
// codes: a null handle NOT_INITIALIZED, wrong sizes INVALID_VALUE, mixed types NOT_SUPPORTED;
// the buffer size is 0.
// RUN: %cu2cc %s -o %t -lcusparse && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t

#include "Inputs/cusparse_test_common.h"

template <typename T> static void test_type(cusparseHandle_t h) {
    const Coo a = make_matrix(23, 17, Ty<T>::type());
    const cusparseFormat_t formats[3] = {CUSPARSE_FORMAT_CSR, CUSPARSE_FORMAT_CSC, CUSPARSE_FORMAT_COO};
    const cusparseOperation_t ops[3] = {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
                                        CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE};
    const cd alpha(1.5, -0.5), beta(-0.75, 0.25);
    int combo = 0;
    for (cusparseFormat_t f : formats)
        for (cusparseOperation_t op : ops)
            for (int wide = 0; wide < 2; wide++)
                for (int base = 0; base < 2; base++, combo++) {
                    bool n = op == CUSPARSE_OPERATION_NON_TRANSPOSE;
                    int64_t xlen = n ? a.cols : a.rows, ylen = n ? a.rows : a.cols;
                    bool zero_beta = combo % 5 == 0;   // then y holds NaN, unread
                    std::vector<cd> x(xlen), y0(ylen);
                    for (int64_t i = 0; i < xlen; i++) x[i] = cd(std::sin(i + 1.0), std::cos(i * 0.5));
                    for (int64_t i = 0; i < ylen; i++) y0[i] = cd((i % 5) - 2.0, (i % 3) * 0.5);
                    std::vector<int64_t> off, ind;
                    std::vector<cd> val;
                    arrays(a, f, off, ind, val);
                    std::vector<T> hv, hx, hy;
                    for (cd z : val) hv.push_back(Ty<T>::make(z));
                    for (cd z : x) hx.push_back(Ty<T>::make(z));
                    for (cd z : y0) hy.push_back(Ty<T>::make(z));
                    if (zero_beta)
                        for (auto &e : hy) e = Ty<T>::make(cd(NAN, NAN));
                    void *d_off = indices_to_device(off, wide, base), *d_ind = indices_to_device(ind, wide, base);
                    T *d_val = to_device(hv), *d_x = to_device(hx), *d_y = to_device(hy);
                    cusparseSpMatDescr_t A = create(a, f, d_off, d_ind, d_val, wide, base, Ty<T>::type());
                    cusparseDnVecDescr_t vx, vy;
                    EXPECT_STATUS(cusparseCreateDnVec(&vx, xlen, d_x, Ty<T>::type()), CUSPARSE_STATUS_SUCCESS);
                    EXPECT_STATUS(cusparseCreateDnVec(&vy, ylen, d_y, Ty<T>::type()), CUSPARSE_STATUS_SUCCESS);
                    T al = Ty<T>::make(alpha), be = Ty<T>::make(zero_beta ? cd(0, 0) : beta);
                    size_t bytes = 99;
                    EXPECT_STATUS(cusparseSpMV_bufferSize(h, op, &al, A, vx, &be, vy, Ty<T>::type(),
                                                          CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
                                  CUSPARSE_STATUS_SUCCESS);
                    if (bytes != 0) {
                        printf("%s SpMV_bufferSize = %zu, want 0\n", Ty<T>::name(), bytes);
                        failures++;
                    }
                    EXPECT_STATUS(cusparseSpMV(h, op, &al, A, vx, &be, vy, Ty<T>::type(), CUSPARSE_SPMV_ALG_DEFAULT,
                                               NULL),
                                  CUSPARSE_STATUS_SUCCESS);
                    std::vector<T> got(ylen);
                    cudaMemcpy(got.data(), d_y, ylen * sizeof(T), cudaMemcpyDeviceToHost);
                    // reference: op(A) x from the entries, in double
                    std::vector<cd> want(ylen), scale(ylen);
                    cd al_d = Ty<T>::get(al), be_d = Ty<T>::get(be);
                    for (size_t e = 0; e < a.v.size(); e++) {
                        cd v = Ty<T>::get(Ty<T>::make(a.v[e]));
                        int64_t i = n ? a.r[e] : a.c[e], j = n ? a.c[e] : a.r[e];
                        if (op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE) v = std::conj(v);
                        cd t = al_d * v * Ty<T>::get(hx[j]);
                        want[i] += t;
                        scale[i] += std::abs(t);
                    }
                    for (int64_t i = 0; i < ylen; i++) {
                        if (!zero_beta) {
                            want[i] += be_d * Ty<T>::get(hy[i]);
                            scale[i] += std::abs(be_d * Ty<T>::get(hy[i]));
                        }
                        cd g = Ty<T>::get(got[i]);
                        if (!(std::abs(g - want[i]) <= Ty<T>::tol() * (1 + std::abs(scale[i])))) {
                            printf("%s SpMV format %d op %s %d-bit base %d beta %s: y[%ld] = (%g,%g), want (%g,%g)\n",
                                   Ty<T>::name(), (int)f, op_name(op), wide ? 64 : 32, base, zero_beta ? "0" : "!0",
                                   (long)i, g.real(), g.imag(), want[i].real(), want[i].imag());
                            failures++;
                            break;
                        }
                    }
                    cusparseDestroySpMat(A);
                    cusparseDestroyDnVec(vx);
                    cusparseDestroyDnVec(vy);
                    cudaFree(d_off); cudaFree(d_ind); cudaFree(d_val); cudaFree(d_x); cudaFree(d_y);
                }
}

// A larger CSR matrix in float, 32-bit, base 0: many blocks of rows; also transposed (entries
// adding into y) and through CSC.
static void test_large(cusparseHandle_t h) {
    const Coo a = make_matrix(5000, 3001, 1);
    for (int t = 0; t < 3; t++) {
        cusparseFormat_t f = t == 2 ? CUSPARSE_FORMAT_CSC : CUSPARSE_FORMAT_CSR;
        cusparseOperation_t op = t == 1 ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
        bool n = op == CUSPARSE_OPERATION_NON_TRANSPOSE;
        int64_t xlen = n ? a.cols : a.rows, ylen = n ? a.rows : a.cols;
        std::vector<int64_t> off, ind;
        std::vector<cd> val;
        arrays(a, f, off, ind, val);
        std::vector<float> hv, hx(xlen), hy(ylen);
        for (cd z : val) hv.push_back((float)z.real());
        for (int64_t i = 0; i < xlen; i++) hx[i] = (float)(1 + i % 7) * 0.5f;
        for (int64_t i = 0; i < ylen; i++) hy[i] = (float)(i % 3);
        void *d_off = indices_to_device(off, false, 0), *d_ind = indices_to_device(ind, false, 0);
        float *d_val = to_device(hv), *d_x = to_device(hx), *d_y = to_device(hy);
        cusparseSpMatDescr_t A = create(a, f, d_off, d_ind, d_val, false, 0, CUDA_R_32F);
        cusparseDnVecDescr_t vx, vy;
        cusparseCreateDnVec(&vx, xlen, d_x, CUDA_R_32F);
        cusparseCreateDnVec(&vy, ylen, d_y, CUDA_R_32F);
        float al = 2.0f, be = -1.0f;
        EXPECT_STATUS(cusparseSpMV(h, op, &al, A, vx, &be, vy, CUDA_R_32F, CUSPARSE_SPMV_CSR_ALG2, NULL),
                      CUSPARSE_STATUS_SUCCESS);
        std::vector<float> got(ylen);
        cudaMemcpy(got.data(), d_y, ylen * sizeof(float), cudaMemcpyDeviceToHost);
        std::vector<double> want(ylen);
        for (int64_t i = 0; i < ylen; i++) want[i] = -1.0 * hy[i];
        for (size_t e = 0; e < a.v.size(); e++) {
            int64_t i = n ? a.r[e] : a.c[e], j = n ? a.c[e] : a.r[e];
            want[i] += 2.0 * (float)a.v[e].real() * hx[j];
        }
        for (int64_t i = 0; i < ylen; i++)
            if (std::fabs(got[i] - want[i]) > 1e-4 * (1 + std::fabs(want[i]))) {
                printf("large SpMV case %d: y[%ld] = %g, want %g\n", t, (long)i, got[i], want[i]);
                failures++;
                break;
            }
        cusparseDestroySpMat(A);
        cusparseDestroyDnVec(vx);
        cusparseDestroyDnVec(vy);
        cudaFree(d_off); cudaFree(d_ind); cudaFree(d_val); cudaFree(d_x); cudaFree(d_y);
    }
}

// Half and bf16 values and vectors, computed in float (alpha and beta are floats): A x (a sum
// per row) and A^T x (entries adding into y, in floats, rounded once).
template <typename H> static void test_low(cusparseHandle_t h, cudaDataType t, H (*from)(float), float (*to)(H)) {
    const Coo a = make_matrix(40, 33, 2);
    std::vector<int64_t> off, ind;
    std::vector<cd> val;
    arrays(a, CUSPARSE_FORMAT_CSR, off, ind, val);
    std::vector<H> hv;
    for (cd z : val) hv.push_back(from((float)z.real()));
    void *d_off = indices_to_device(off, true, 1), *d_ind = indices_to_device(ind, true, 1);
    H *d_val = to_device(hv);
    cusparseSpMatDescr_t A = create(a, CUSPARSE_FORMAT_CSR, d_off, d_ind, d_val, true, 1, t);
    for (int transposed = 0; transposed < 2; transposed++) {
        cusparseOperation_t op = transposed ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
        int xlen = transposed ? 40 : 33, ylen = transposed ? 33 : 40;
        std::vector<H> hx, hy;
        for (int i = 0; i < xlen; i++) hx.push_back(from((float)(i % 4) - 1.5f));
        for (int i = 0; i < ylen; i++) hy.push_back(from((float)(i % 3)));
        H *d_x = to_device(hx), *d_y = to_device(hy);
        cusparseDnVecDescr_t vx, vy;
        cusparseCreateDnVec(&vx, xlen, d_x, t);
        cusparseCreateDnVec(&vy, ylen, d_y, t);
        float al = 0.5f, be = 2.0f;
        EXPECT_STATUS(cusparseSpMV(h, op, &al, A, vx, &be, vy, t, CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                      CUSPARSE_STATUS_NOT_SUPPORTED);   // the compute type is float
        EXPECT_STATUS(cusparseSpMV(h, op, &al, A, vx, &be, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                      CUSPARSE_STATUS_SUCCESS);
        std::vector<H> got(ylen);
        cudaMemcpy(got.data(), d_y, ylen * sizeof(H), cudaMemcpyDeviceToHost);
        for (int i = 0; i < ylen; i++) {
            double want = 2.0 * to(hy[i]);
            for (size_t e = 0; e < a.v.size(); e++)
                if ((transposed ? a.c[e] : a.r[e]) == i) want += 0.5 * to(hv[e]) * to(hx[transposed ? a.r[e] : a.c[e]]);
            if (std::fabs(to(got[i]) - want) > 1e-2 * (1 + std::fabs(want))) {
                printf("%s SpMV op %s: y[%d] = %g, want %g\n", t == CUDA_R_16F ? "half" : "bf16", op_name(op), i,
                       to(got[i]), want);
                failures++;
                break;
            }
        }
        cusparseDestroyDnVec(vx);
        cusparseDestroyDnVec(vy);
        cudaFree(d_x); cudaFree(d_y);
    }
    cusparseDestroySpMat(A);
    cudaFree(d_off); cudaFree(d_ind); cudaFree(d_val);
}

static __half f2h(float f) { return __float2half(f); }
static float h2f(__half v) { return __half2float(v); }
static __nv_bfloat16 f2b(float f) { return __float2bfloat16(f); }
static float b2f(__nv_bfloat16 v) { return __bfloat162float(v); }

static void test_status(cusparseHandle_t h) {
    std::vector<int> off = {0, 1, 2}, col = {0, 1};
    std::vector<float> val = {1, 2}, x = {1, 1}, y = {0, 0, 0};
    std::vector<double> xd = {1, 1};
    int *d_off = to_device(off), *d_col = to_device(col);
    float *d_val = to_device(val), *d_x = to_device(x), *d_y = to_device(y);
    double *d_xd = to_device(xd);
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t vx, vy, vy3, vxd;
    cusparseCreateCsr(&A, 2, 2, 2, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnVec(&vx, 2, d_x, CUDA_R_32F);
    cusparseCreateDnVec(&vy, 2, d_y, CUDA_R_32F);
    cusparseCreateDnVec(&vy3, 3, d_y, CUDA_R_32F);
    cusparseCreateDnVec(&vxd, 2, d_xd, CUDA_R_64F);
    float al = 1, be = 0;
    size_t bytes;
    const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
    EXPECT_STATUS(cusparseSpMV(NULL, N, &al, A, vx, &be, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(cusparseSpMV_bufferSize(NULL, N, &al, A, vx, &be, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
                  CUSPARSE_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(cusparseSpMV(h, N, &al, A, vx, &be, vy3, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSpMV(h, N, &al, A, vx, NULL, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSpMV(h, (cusparseOperation_t)7, &al, A, vx, &be, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
                               NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSpMV_bufferSize(h, N, &al, A, vx, &be, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSpMV(h, N, &al, A, vxd, &be, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_SUPPORTED);   // x double, A and y float
    EXPECT_STATUS(cusparseSpMV_preprocess(h, N, &al, A, vx, &be, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_SUCCESS);
    cusparseDestroySpMat(A);
    cusparseDestroyDnVec(vx);
    cusparseDestroyDnVec(vy);
    cusparseDestroyDnVec(vy3);
    cusparseDestroyDnVec(vxd);
    cudaFree(d_off); cudaFree(d_col); cudaFree(d_val); cudaFree(d_x); cudaFree(d_y); cudaFree(d_xd);
}

int main() {
    cusparseHandle_t h;
    EXPECT_STATUS(cusparseCreate(&h), CUSPARSE_STATUS_SUCCESS);
    test_type<float>(h);
    test_type<double>(h);
    test_type<cuComplex>(h);
    test_type<cuDoubleComplex>(h);
    test_large(h);
    test_low<__half>(h, CUDA_R_16F, f2h, h2f);
    test_low<__nv_bfloat16>(h, CUDA_R_16BF, f2b, b2f);
    test_status(h);
    EXPECT_STATUS(cusparseDestroy(h), CUSPARSE_STATUS_SUCCESS);
    if (failures) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
