// cuSPARSE SpGEMM (C = alpha A B, A, B and C in CSR) through CUDA's protocol: C created with no
// arrays; workEstimation and compute each called with a null buffer for its size, then with a
// buffer of that size; cusparseSpMatGetSize gives C's nnz; C's arrays allocated and set with
// cusparseCsrSetPointers; copy (adding beta times the values already there when beta is not 0).
// In float, double, cuComplex and cuDoubleComplex, with 32- and 64-bit indices and bases 0 and 1
// mixed between A, B and C, on a non-blocking stream; C's offsets, sorted columns and values
// against a host product within the type's tolerance; a larger product on several blocks.
// Status codes: transposes and CSC NOT_SUPPORTED, mismatched shapes INVALID_VALUE, compute
// before workEstimation and copy before compute INVALID_VALUE, a null handle NOT_INITIALIZED.
// RUN: %cu2cc %s -o %t -lcusparse && env CU2C_NUM_THREADS=2 timeout 120 %t

#include "Inputs/cusparse_test_common.h"

// The structural product A B (m x n): per row, the sorted columns reached and their sums.
struct Product {
    std::vector<int64_t> off, col;
    std::vector<cd> val;
};

static Product product(const Coo &a, const Coo &b, const std::vector<cd> &av, const std::vector<cd> &bv) {
    Product p;
    p.off.push_back(0);
    for (int64_t r = 0; r < a.rows; r++) {
        std::vector<cd> acc(b.cols);
        std::vector<bool> hit(b.cols, false);
        for (size_t e = 0; e < a.v.size(); e++)
            if (a.r[e] == r)
                for (size_t f = 0; f < b.v.size(); f++)
                    if (b.r[f] == a.c[e]) {
                        acc[b.c[f]] += av[e] * bv[f];
                        hit[b.c[f]] = true;
                    }
        for (int64_t c = 0; c < b.cols; c++)
            if (hit[c]) {
                p.col.push_back(c);
                p.val.push_back(acc[c]);
            }
        p.off.push_back((int64_t)p.col.size());
    }
    return p;
}

static int64_t read_index(const void *p, bool wide, int64_t i) {
    return wide ? ((const int64_t *)p)[i] : ((const int32_t *)p)[i];
}

// The whole protocol for C = alpha A B (+ beta C0 on copy, where beta is not 0), A and B
// CSR with the given index widths and bases, C's too.
template <typename T>
static void run_spgemm(cusparseHandle_t h, int64_t m, int64_t k, int64_t n, const bool wide[3], const int base[3],
                       cd alpha, cd beta, cudaDataType type, cudaDataType compute, double tol, const char *name) {
    const Coo a = make_matrix(m, k, 1), b = make_matrix(k, n, 4);
    std::vector<int64_t> aoff, aind, boff, bind;
    std::vector<cd> aval, bval;
    arrays(a, CUSPARSE_FORMAT_CSR, aoff, aind, aval);
    arrays(b, CUSPARSE_FORMAT_CSR, boff, bind, bval);
    std::vector<T> hav, hbv;
    for (cd z : aval) hav.push_back(Ty<T>::make(z));
    for (cd z : bval) hbv.push_back(Ty<T>::make(z));
    std::vector<cd> ar, br;
    for (T v : hav) ar.push_back(Ty<T>::get(v));
    for (T v : hbv) br.push_back(Ty<T>::get(v));
    Product want = product(a, b, ar, br);
    void *d_aoff = indices_to_device(aoff, wide[0], base[0]), *d_aind = indices_to_device(aind, wide[0], base[0]);
    void *d_boff = indices_to_device(boff, wide[1], base[1]), *d_bind = indices_to_device(bind, wide[1], base[1]);
    T *d_av = to_device(hav), *d_bv = to_device(hbv);
    cusparseSpMatDescr_t A = create(a, CUSPARSE_FORMAT_CSR, d_aoff, d_aind, d_av, wide[0], base[0], type);
    cusparseSpMatDescr_t B = create(b, CUSPARSE_FORMAT_CSR, d_boff, d_bind, d_bv, wide[1], base[1], type);
    cusparseSpMatDescr_t C;
    cusparseIndexType_t ct = wide[2] ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
    EXPECT_STATUS(cusparseCreateCsr(&C, m, n, 0, NULL, NULL, NULL, ct, ct,
                                    base[2] ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO, type),
                  CUSPARSE_STATUS_SUCCESS);
    T al = Ty<T>::make(alpha), be = Ty<T>::make(beta);
    const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
    cusparseSpGEMMDescr_t d;
    EXPECT_STATUS(cusparseSpGEMM_createDescr(&d), CUSPARSE_STATUS_SUCCESS);
    size_t size1 = 0, size2 = 0;
    void *buf1 = NULL, *buf2 = NULL;
    EXPECT_STATUS(cusparseSpGEMM_workEstimation(h, N, N, &al, A, B, &be, C, compute, CUSPARSE_SPGEMM_DEFAULT, d,
                                                &size1, NULL),
                  CUSPARSE_STATUS_SUCCESS);
    cudaMalloc(&buf1, size1);
    EXPECT_STATUS(cusparseSpGEMM_workEstimation(h, N, N, &al, A, B, &be, C, compute, CUSPARSE_SPGEMM_DEFAULT, d,
                                                &size1, buf1),
                  CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSpGEMM_compute(h, N, N, &al, A, B, &be, C, compute, CUSPARSE_SPGEMM_DEFAULT, d, &size2, NULL),
                  CUSPARSE_STATUS_SUCCESS);
    cudaMalloc(&buf2, size2);
    EXPECT_STATUS(cusparseSpGEMM_compute(h, N, N, &al, A, B, &be, C, compute, CUSPARSE_SPGEMM_DEFAULT, d, &size2, buf2),
                  CUSPARSE_STATUS_SUCCESS);
    int64_t rows, cols, nnz;
    EXPECT_STATUS(cusparseSpMatGetSize(C, &rows, &cols, &nnz), CUSPARSE_STATUS_SUCCESS);
    if (rows != m || cols != n || nnz != (int64_t)want.col.size()) {
        printf("%s SpGEMM: C is %ld x %ld with %ld entries, want %ld x %ld with %zu\n", name, (long)rows, (long)cols,
               (long)nnz, (long)m, (long)n, want.col.size());
        failures++;
        nnz = 0;
    }
    size_t ob = wide[2] ? 8 : 4;
    void *c_off, *c_ind;
    T *c_val;
    cudaMalloc(&c_off, (m + 1) * ob);
    cudaMalloc(&c_ind, nnz * ob + 1);
    cudaMalloc((void **)&c_val, nnz * sizeof(T) + 1);
    std::vector<T> c0(nnz);
    for (int64_t e = 0; e < nnz; e++) c0[e] = Ty<T>::make(cd((e % 4) - 1.5, (e % 3) * 0.5));
    cudaMemcpy(c_val, c0.data(), nnz * sizeof(T), cudaMemcpyHostToDevice);   // beta C on copy
    EXPECT_STATUS(cusparseCsrSetPointers(C, c_off, c_ind, c_val), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSpGEMM_copy(h, N, N, &al, A, B, &be, C, compute, CUSPARSE_SPGEMM_DEFAULT, d),
                  CUSPARSE_STATUS_SUCCESS);
    cudaDeviceSynchronize();   // copy is queued on a non-blocking stream
    std::vector<char> go((m + 1) * ob), gi(nnz * ob + 1);
    std::vector<T> gv(nnz);
    cudaMemcpy(go.data(), c_off, (m + 1) * ob, cudaMemcpyDeviceToHost);
    cudaMemcpy(gi.data(), c_ind, nnz * ob, cudaMemcpyDeviceToHost);
    cudaMemcpy(gv.data(), c_val, nnz * sizeof(T), cudaMemcpyDeviceToHost);
    for (int64_t r = 0; r <= m && nnz; r++)
        if (read_index(go.data(), wide[2], r) != want.off[r] + base[2]) {
            printf("%s SpGEMM: offsets[%ld] = %ld, want %ld\n", name, (long)r, (long)read_index(go.data(), wide[2], r),
                   (long)(want.off[r] + base[2]));
            failures++;
            break;
        }
    cd al_d = Ty<T>::get(al), be_d = Ty<T>::get(be);
    for (int64_t e = 0; e < nnz; e++) {
        cd w = al_d * want.val[e] + be_d * Ty<T>::get(c0[e]), g = Ty<T>::get(gv[e]);
        if (read_index(gi.data(), wide[2], e) != want.col[e] + base[2] || !(std::abs(g - w) <= tol * (1 + std::abs(w)))) {
            printf("%s SpGEMM: entry %ld: column %ld value (%g,%g), want column %ld value (%g,%g)\n", name, (long)e,
                   (long)read_index(gi.data(), wide[2], e), g.real(), g.imag(), (long)(want.col[e] + base[2]),
                   w.real(), w.imag());
            failures++;
            break;
        }
    }
    EXPECT_STATUS(cusparseSpGEMM_destroyDescr(d), CUSPARSE_STATUS_SUCCESS);
    cusparseDestroySpMat(A);
    cusparseDestroySpMat(B);
    cusparseDestroySpMat(C);
    cudaFree(buf1); cudaFree(buf2); cudaFree(c_off); cudaFree(c_ind); cudaFree(c_val);
    cudaFree(d_aoff); cudaFree(d_aind); cudaFree(d_boff); cudaFree(d_bind); cudaFree(d_av); cudaFree(d_bv);
}

template <typename T> static void test_type(cusparseHandle_t h) {
    const bool widths[4][3] = {{false, false, false}, {true, true, true}, {false, true, false}, {true, false, true}};
    const int bases[4][3] = {{0, 0, 0}, {1, 1, 1}, {1, 0, 1}, {0, 1, 0}};
    for (int c = 0; c < 4; c++)
        run_spgemm<T>(h, 17 + c, 13, 19 - c, widths[c], bases[c], cd(1.25, -0.5), c == 2 ? cd(0.5, 0.25) : cd(0, 0),
                      Ty<T>::type(), Ty<T>::type(), Ty<T>::tol(), Ty<T>::name());
}

static void test_status(cusparseHandle_t h) {
    std::vector<int> off = {0, 1, 2}, col = {0, 1};
    std::vector<float> val = {1, 2};
    int *d_off = to_device(off), *d_col = to_device(col);
    float *d_val = to_device(val);
    cusparseSpMatDescr_t A, A3, S, C;
    cusparseCreateCsr(&A, 2, 2, 2, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateCsr(&A3, 2, 3, 2, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateCsc(&S, 2, 2, 2, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateCsr(&C, 2, 2, 0, NULL, NULL, NULL, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                      CUDA_R_32F);
    cusparseSpGEMMDescr_t d;
    cusparseSpGEMM_createDescr(&d);
    float al = 1, be = 0;
    size_t size = 0;
    const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE, T = CUSPARSE_OPERATION_TRANSPOSE;
    const cusparseSpGEMMAlg_t D = CUSPARSE_SPGEMM_DEFAULT;
    EXPECT_STATUS(cusparseSpGEMM_workEstimation(NULL, N, N, &al, A, A, &be, C, CUDA_R_32F, D, d, &size, NULL),
                  CUSPARSE_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(cusparseSpGEMM_workEstimation(h, T, N, &al, A, A, &be, C, CUDA_R_32F, D, d, &size, NULL),
                  CUSPARSE_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cusparseSpGEMM_workEstimation(h, N, N, &al, S, A, &be, C, CUDA_R_32F, D, d, &size, NULL),
                  CUSPARSE_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cusparseSpGEMM_workEstimation(h, N, N, &al, A3, A3, &be, C, CUDA_R_32F, D, d, &size, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);   // 2 x 3 times 2 x 3
    EXPECT_STATUS(cusparseSpGEMM_workEstimation(h, N, N, &al, A, A, &be, C, CUDA_R_64F, D, d, &size, NULL),
                  CUSPARSE_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cusparseSpGEMM_workEstimation(h, N, N, &al, A, A, &be, C, CUDA_R_32F, D, d, NULL, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSpGEMM_compute(h, N, N, &al, A, A, &be, C, CUDA_R_32F, D, d, &size, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);   // before workEstimation
    EXPECT_STATUS(cusparseSpGEMM_copy(h, N, N, &al, A, A, &be, C, CUDA_R_32F, D, d),
                  CUSPARSE_STATUS_INVALID_VALUE);   // before compute
    EXPECT_STATUS(cusparseSpGEMM_createDescr(NULL), CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSpGEMM_destroyDescr(d), CUSPARSE_STATUS_SUCCESS);
    cusparseDestroySpMat(A);
    cusparseDestroySpMat(A3);
    cusparseDestroySpMat(S);
    cusparseDestroySpMat(C);
    cudaFree(d_off); cudaFree(d_col); cudaFree(d_val);
}

int main() {
    cusparseHandle_t h;
    EXPECT_STATUS(cusparseCreate(&h), CUSPARSE_STATUS_SUCCESS);
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    EXPECT_STATUS(cusparseSetStream(h, s), CUSPARSE_STATUS_SUCCESS);
    test_type<float>(h);
    test_type<double>(h);
    test_type<cuComplex>(h);
    test_type<cuDoubleComplex>(h);
    // larger, on several blocks of rows
    const bool w32[3] = {false, false, false};
    const int b0[3] = {0, 0, 0};
    run_spgemm<float>(h, 700, 300, 350, w32, b0, cd(1, 0), cd(0, 0), CUDA_R_32F, CUDA_R_32F, 1e-5, "large float");
    test_status(h);
    EXPECT_STATUS(cusparseDestroy(h), CUSPARSE_STATUS_SUCCESS);
    cudaStreamDestroy(s);
    if (failures) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
