// cuSPARSE SpMM (C = alpha op(A) op(B) + beta C) with A in CSR, CSC and COO and SDDMM
// (C = alpha (op(A) op(B)) .* spy(C) + beta C) with C in CSR, CSC and COO: every op(A) and
// op(B) (N, T, C), B and C (SDDMM: A and B) row- and column-major with padded leading
// dimensions, 32- and 64-bit indices, base 0 and 1, in float, double, cuComplex and
// cuDoubleComplex, against host products in double within the type's tolerance; beta 0 leaves a
// NaN C unread. Strided batches (SpMM with B shared and batched, SDDMM with a shared pattern as
// HeCBench's sddmm-batch), a half SpMM computed in float, alpha and beta by device pointer, and
// status codes.
// RUN: %cu2cc %s -o %t -lcusparse && env CU2C_NUM_THREADS=2 timeout 120 %t

#include "Inputs/cusparse_test_common.h"

// A dense matrix's layout: element (i, j) of a rows x cols matrix in an order with ld.
struct Dense {
    int64_t rows, cols, ld;
    cusparseOrder_t order;
    int64_t at(int64_t i, int64_t j) const { return order == CUSPARSE_ORDER_COL ? i + j * ld : i * ld + j; }
    int64_t size() const { return order == CUSPARSE_ORDER_COL ? ld * cols : rows * ld; }
};

static Dense layout(int64_t rows, int64_t cols, cusparseOrder_t order, int pad) {
    return Dense{rows, cols, (order == CUSPARSE_ORDER_COL ? rows : cols) + pad, order};
}

// Element (i, j) of op(M) for M stored as d.
static cd op_at(const std::vector<cd> &m, const Dense &d, cusparseOperation_t op, int64_t i, int64_t j) {
    if (op == CUSPARSE_OPERATION_NON_TRANSPOSE) return m[d.at(i, j)];
    cd v = m[d.at(j, i)];
    return op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? std::conj(v) : v;
}

static std::vector<cd> dense_values(const Dense &d, int salt) {
    std::vector<cd> v(d.size(), cd(NAN, NAN));   // padding stays NaN: never read
    for (int64_t i = 0; i < d.rows; i++)
        for (int64_t j = 0; j < d.cols; j++)
            v[d.at(i, j)] = cd(((i * 3 + j * 5 + salt) % 9 - 4) * 0.25, ((i + 2 * j + salt) % 5 - 2) * 0.5);
    return v;
}

template <typename T> static std::vector<T> typed(const std::vector<cd> &v) {
    std::vector<T> t;
    for (cd z : v) t.push_back(Ty<T>::make(z));
    return t;
}

template <typename T> static std::vector<cd> rounded(const std::vector<cd> &v) {
    std::vector<cd> r;
    for (cd z : v) r.push_back(std::isnan(z.real()) ? z : Ty<T>::get(Ty<T>::make(z)));
    return r;
}

static const cusparseFormat_t formats[3] = {CUSPARSE_FORMAT_CSR, CUSPARSE_FORMAT_CSC, CUSPARSE_FORMAT_COO};
static const cusparseOperation_t ops[3] = {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
                                           CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE};
static const cusparseOrder_t orders[2] = {CUSPARSE_ORDER_COL, CUSPARSE_ORDER_ROW};

// C = alpha op(A) op(B) + beta C for every format, both ops, both orders of B and C.
template <typename T> static void test_spmm(cusparseHandle_t h) {
    const int64_t m = 13, k = 11, n = 6;
    const cd alpha(0.5, 1.0), beta(-1.25, 0.5);
    int combo = 0;
    for (cusparseFormat_t f : formats)
        for (cusparseOperation_t opA : ops)
            for (cusparseOperation_t opB : ops)
                for (cusparseOrder_t ob : orders)
                    for (cusparseOrder_t oc : orders) {
                        combo++;
                        bool na = opA == CUSPARSE_OPERATION_NON_TRANSPOSE, nb = opB == CUSPARSE_OPERATION_NON_TRANSPOSE;
                        int wide = combo & 1, base = (combo >> 1) & 1;
                        bool zero_beta = combo % 7 == 0;
                        const Coo a = make_matrix(na ? m : k, na ? k : m, combo);
                        Dense db = layout(nb ? k : n, nb ? n : k, ob, combo % 3), dc = layout(m, n, oc, combo % 2);
                        std::vector<cd> bv = rounded<T>(dense_values(db, 1)), cv = rounded<T>(dense_values(dc, 2));
                        std::vector<int64_t> off, ind;
                        std::vector<cd> val;
                        arrays(a, f, off, ind, val);
                        void *d_off = indices_to_device(off, wide, base), *d_ind = indices_to_device(ind, wide, base);
                        std::vector<T> hc = typed<T>(cv);
                        if (zero_beta)
                            for (auto &e : hc) e = Ty<T>::make(cd(NAN, NAN));
                        T *d_val = to_device(typed<T>(val)), *d_b = to_device(typed<T>(bv)), *d_c = to_device(hc);
                        cusparseSpMatDescr_t A = create(a, f, d_off, d_ind, d_val, wide, base, Ty<T>::type());
                        cusparseDnMatDescr_t B, C;
                        EXPECT_STATUS(cusparseCreateDnMat(&B, db.rows, db.cols, db.ld, d_b, Ty<T>::type(), ob),
                                      CUSPARSE_STATUS_SUCCESS);
                        EXPECT_STATUS(cusparseCreateDnMat(&C, m, n, dc.ld, d_c, Ty<T>::type(), oc),
                                      CUSPARSE_STATUS_SUCCESS);
                        T al = Ty<T>::make(alpha), be = Ty<T>::make(zero_beta ? cd(0, 0) : beta);
                        size_t bytes = 99;
                        EXPECT_STATUS(cusparseSpMM_bufferSize(h, opA, opB, &al, A, B, &be, C, Ty<T>::type(),
                                                              CUSPARSE_SPMM_ALG_DEFAULT, &bytes),
                                      CUSPARSE_STATUS_SUCCESS);
                        EXPECT_STATUS(cusparseSpMM_preprocess(h, opA, opB, &al, A, B, &be, C, Ty<T>::type(),
                                                              CUSPARSE_SPMM_ALG_DEFAULT, NULL),
                                      CUSPARSE_STATUS_SUCCESS);
                        EXPECT_STATUS(cusparseSpMM(h, opA, opB, &al, A, B, &be, C, Ty<T>::type(),
                                                   f == CUSPARSE_FORMAT_COO ? CUSPARSE_SPMM_COO_ALG4
                                                                            : CUSPARSE_SPMM_CSR_ALG2,
                                                   NULL),
                                      CUSPARSE_STATUS_SUCCESS);
                        std::vector<T> got(dc.size());
                        cudaMemcpy(got.data(), d_c, dc.size() * sizeof(T), cudaMemcpyDeviceToHost);
                        // op(A) as a dense m x k matrix, then the product
                        std::vector<cd> opa(m * k);
                        for (size_t e = 0; e < a.v.size(); e++) {
                            cd v = Ty<T>::get(Ty<T>::make(a.v[e]));
                            if (na) opa[a.r[e] * k + a.c[e]] = v;
                            else opa[a.c[e] * k + a.r[e]] = opA == CUSPARSE_OPERATION_TRANSPOSE ? v : std::conj(v);
                        }
                        cd al_d = Ty<T>::get(al), be_d = Ty<T>::get(be);
                        bool bad = false;
                        for (int64_t i = 0; i < m && !bad; i++)
                            for (int64_t j = 0; j < n && !bad; j++) {
                                cd want = zero_beta ? cd(0, 0) : be_d * cv[dc.at(i, j)];
                                double scale = std::abs(want);
                                for (int64_t t = 0; t < k; t++) {
                                    cd term = al_d * opa[i * k + t] * op_at(bv, db, opB, t, j);
                                    want += term;
                                    scale += std::abs(term);
                                }
                                cd g = Ty<T>::get(got[dc.at(i, j)]);
                                if (!(std::abs(g - want) <= Ty<T>::tol() * (1 + scale))) {
                                    printf("%s SpMM format %d op %s%s B %s C %s %d-bit base %d: C(%ld,%ld) = (%g,%g), "
                                           "want (%g,%g)\n",
                                           Ty<T>::name(), (int)f, op_name(opA), op_name(opB),
                                           ob == CUSPARSE_ORDER_COL ? "col" : "row",
                                           oc == CUSPARSE_ORDER_COL ? "col" : "row", wide ? 64 : 32, base, (long)i,
                                           (long)j, g.real(), g.imag(), want.real(), want.imag());
                                    failures++;
                                    bad = true;
                                }
                            }
                        cusparseDestroySpMat(A);
                        cusparseDestroyDnMat(B);
                        cusparseDestroyDnMat(C);
                        cudaFree(d_off); cudaFree(d_ind); cudaFree(d_val); cudaFree(d_b); cudaFree(d_c);
                    }
}

// C = alpha (op(A) op(B)) .* spy(C) + beta C for C in CSR, CSC and COO, every op and order.
template <typename T> static void test_sddmm(cusparseHandle_t h) {
    const int64_t m = 12, k = 7, n = 10;
    const cd alpha(-0.5, 0.75), beta(2.0, -0.25);
    int combo = 0;
    for (cusparseFormat_t f : formats)
        for (cusparseOperation_t opA : ops)
            for (cusparseOperation_t opB : ops)
                for (cusparseOrder_t oa : orders)
                    for (cusparseOrder_t ob : orders) {
                        combo++;
                        bool na = opA == CUSPARSE_OPERATION_NON_TRANSPOSE, nb = opB == CUSPARSE_OPERATION_NON_TRANSPOSE;
                        int wide = (combo >> 1) & 1, base = combo & 1;
                        bool zero_beta = combo % 5 == 0;
                        const Coo c = make_matrix(m, n, combo);
                        Dense da = layout(na ? m : k, na ? k : m, oa, combo % 2), db = layout(nb ? k : n, nb ? n : k, ob, 1);
                        std::vector<cd> av = rounded<T>(dense_values(da, 3)), bv = rounded<T>(dense_values(db, 4));
                        std::vector<int64_t> off, ind;
                        std::vector<cd> val;
                        arrays(c, f, off, ind, val);
                        std::vector<T> hc = typed<T>(val);
                        if (zero_beta)
                            for (auto &e : hc) e = Ty<T>::make(cd(NAN, NAN));
                        void *d_off = indices_to_device(off, wide, base), *d_ind = indices_to_device(ind, wide, base);
                        T *d_val = to_device(hc), *d_a = to_device(typed<T>(av)), *d_b = to_device(typed<T>(bv));
                        cusparseSpMatDescr_t C = create(c, f, d_off, d_ind, d_val, wide, base, Ty<T>::type());
                        cusparseDnMatDescr_t A, B;
                        cusparseCreateDnMat(&A, da.rows, da.cols, da.ld, d_a, Ty<T>::type(), oa);
                        cusparseCreateDnMat(&B, db.rows, db.cols, db.ld, d_b, Ty<T>::type(), ob);
                        T al = Ty<T>::make(alpha), be = Ty<T>::make(zero_beta ? cd(0, 0) : beta);
                        size_t bytes = 99;
                        EXPECT_STATUS(cusparseSDDMM_bufferSize(h, opA, opB, &al, A, B, &be, C, Ty<T>::type(),
                                                               CUSPARSE_SDDMM_ALG_DEFAULT, &bytes),
                                      CUSPARSE_STATUS_SUCCESS);
                        EXPECT_STATUS(cusparseSDDMM_preprocess(h, opA, opB, &al, A, B, &be, C, Ty<T>::type(),
                                                               CUSPARSE_SDDMM_ALG_DEFAULT, NULL),
                                      CUSPARSE_STATUS_SUCCESS);
                        EXPECT_STATUS(cusparseSDDMM(h, opA, opB, &al, A, B, &be, C, Ty<T>::type(),
                                                    CUSPARSE_SDDMM_ALG_DEFAULT, NULL),
                                      CUSPARSE_STATUS_SUCCESS);
                        std::vector<T> got(val.size());
                        cudaMemcpy(got.data(), d_val, val.size() * sizeof(T), cudaMemcpyDeviceToHost);
                        cd al_d = Ty<T>::get(al), be_d = Ty<T>::get(be);
                        // the entries in the format's order: (row, column) of each
                        std::vector<int64_t> er, ec;
                        for (int64_t p = 0; f != CUSPARSE_FORMAT_COO && p + 1 < (int64_t)off.size(); p++)
                            for (int64_t e = off[p]; e < off[p + 1]; e++) {
                                er.push_back(f == CUSPARSE_FORMAT_CSR ? p : ind[e]);
                                ec.push_back(f == CUSPARSE_FORMAT_CSR ? ind[e] : p);
                            }
                        if (f == CUSPARSE_FORMAT_COO) { er = off; ec = ind; }
                        for (size_t e = 0; e < val.size(); e++) {
                            cd want = zero_beta ? cd(0, 0) : be_d * Ty<T>::get(hc[e]);
                            double scale = std::abs(want);
                            for (int64_t t = 0; t < k; t++) {
                                cd term = al_d * op_at(av, da, opA, er[e], t) * op_at(bv, db, opB, t, ec[e]);
                                want += term;
                                scale += std::abs(term);
                            }
                            cd g = Ty<T>::get(got[e]);
                            if (!(std::abs(g - want) <= Ty<T>::tol() * (1 + scale))) {
                                printf("%s SDDMM format %d op %s%s A %s B %s: entry %zu (%ld,%ld) = (%g,%g), want (%g,%g)\n",
                                       Ty<T>::name(), (int)f, op_name(opA), op_name(opB),
                                       oa == CUSPARSE_ORDER_COL ? "col" : "row", ob == CUSPARSE_ORDER_COL ? "col" : "row",
                                       e, (long)er[e], (long)ec[e], g.real(), g.imag(), want.real(), want.imag());
                                failures++;
                                break;
                            }
                        }
                        cusparseDestroySpMat(C);
                        cusparseDestroyDnMat(A);
                        cusparseDestroyDnMat(B);
                        cudaFree(d_off); cudaFree(d_ind); cudaFree(d_val); cudaFree(d_a); cudaFree(d_b);
                    }
}

// Strided batches in float: SpMM with 3 CSR matrices (B shared, then B batched) and SDDMM with
// 3 CSR patterns sharing one structure (offsets stride 0), as HeCBench's sddmm-batch does.
static void test_batches(cusparseHandle_t h) {
    const int64_t m = 9, k = 8, n = 5, batches = 3;
    const Coo a = make_matrix(m, k, 3);
    const int64_t nnz = (int64_t)a.v.size();
    std::vector<int64_t> off, ind;
    std::vector<cd> val;
    arrays(a, CUSPARSE_FORMAT_CSR, off, ind, val);
    std::vector<int64_t> offs, inds;
    std::vector<float> vals;
    for (int b = 0; b < batches; b++) {
        offs.insert(offs.end(), off.begin(), off.end());
        inds.insert(inds.end(), ind.begin(), ind.end());
        for (int64_t e = 0; e < nnz; e++) vals.push_back((float)val[e].real() * (b + 1));
    }
    void *d_off = indices_to_device(offs, false, 0), *d_ind = indices_to_device(inds, false, 0);
    float *d_val = to_device(vals);
    std::vector<float> hb(batches * k * n), hc(batches * m * n, 1.0f);
    for (size_t i = 0; i < hb.size(); i++) hb[i] = (float)((i * 7) % 5) - 2.0f;
    float *d_b = to_device(hb), *d_c = to_device(hc);
    cusparseSpMatDescr_t A;
    cusparseDnMatDescr_t B, C;
    cusparseCreateCsr(&A, m, k, nnz, d_off, d_ind, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnMat(&B, k, n, n, d_b, CUDA_R_32F, CUSPARSE_ORDER_ROW);
    cusparseCreateDnMat(&C, m, n, n, d_c, CUDA_R_32F, CUSPARSE_ORDER_ROW);
    EXPECT_STATUS(cusparseCsrSetStridedBatch(A, batches, m + 1, nnz), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDnMatSetStridedBatch(C, batches, m * n), CUSPARSE_STATUS_SUCCESS);
    const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
    for (int shared = 1; shared >= 0; shared--) {
        if (!shared)
            EXPECT_STATUS(cusparseDnMatSetStridedBatch(B, batches, k * n), CUSPARSE_STATUS_SUCCESS);
        float al = 1.0f, be = 0.0f;
        EXPECT_STATUS(cusparseSpMM(h, N, N, &al, A, B, &be, C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, NULL),
                      CUSPARSE_STATUS_SUCCESS);
        std::vector<float> got(hc.size());
        cudaMemcpy(got.data(), d_c, got.size() * sizeof(float), cudaMemcpyDeviceToHost);
        for (int b = 0; b < batches; b++)
            for (int64_t i = 0; i < m; i++)
                for (int64_t j = 0; j < n; j++) {
                    double want = 0;
                    for (int64_t e = off[i]; e < off[i + 1]; e++)
                        want += vals[b * nnz + e] * hb[(shared ? 0 : b * k * n) + ind[e] * n + j];
                    float g = got[b * m * n + i * n + j];
                    if (std::fabs(g - want) > 1e-5 * (1 + std::fabs(want))) {
                        printf("batched SpMM (B %s) batch %d C(%ld,%ld) = %g, want %g\n", shared ? "shared" : "batched",
                               b, (long)i, (long)j, g, want);
                        failures++;
                        b = batches, i = m, j = n;
                    }
                }
    }
    int count = 0;
    EXPECT_STATUS(cusparseSpMatGetStridedBatch(A, &count), CUSPARSE_STATUS_SUCCESS);
    if (count != batches) {
        printf("SpMatGetStridedBatch = %d\n", count);
        failures++;
    }
    // SDDMM: C_b (m x n, the pattern of A shared: offsets stride 0) = A_b B_b, A_b m x k dense
    cusparseSpMatDescr_t S;
    std::vector<float> sv(batches * nnz, 0.0f);
    float *d_sv = to_device(sv);
    cusparseCreateCsr(&S, m, k, nnz, d_off, d_ind, d_sv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    EXPECT_STATUS(cusparseCsrSetStridedBatch(S, batches, 0, nnz), CUSPARSE_STATUS_SUCCESS);
    std::vector<float> hx(batches * m * n), hy(batches * n * k);
    for (size_t i = 0; i < hx.size(); i++) hx[i] = (float)((i * 3) % 7) * 0.5f - 1.0f;
    for (size_t i = 0; i < hy.size(); i++) hy[i] = (float)((i * 5) % 6) * 0.25f - 0.5f;
    float *d_x = to_device(hx), *d_y = to_device(hy);
    cusparseDnMatDescr_t X, Y;
    cusparseCreateDnMat(&X, m, n, n, d_x, CUDA_R_32F, CUSPARSE_ORDER_ROW);
    cusparseCreateDnMat(&Y, n, k, k, d_y, CUDA_R_32F, CUSPARSE_ORDER_ROW);
    cusparseDnMatSetStridedBatch(X, batches, m * n);
    cusparseDnMatSetStridedBatch(Y, batches, n * k);
    float al = 2.0f, be = 0.0f;
    size_t bytes;
    EXPECT_STATUS(cusparseSDDMM_bufferSize(h, N, N, &al, X, Y, &be, S, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, &bytes),
                  CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSDDMM(h, N, N, &al, X, Y, &be, S, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_SUCCESS);
    cudaMemcpy(sv.data(), d_sv, sv.size() * sizeof(float), cudaMemcpyDeviceToHost);
    for (int b = 0; b < batches; b++)
        for (int64_t i = 0; i < m; i++)
            for (int64_t e = off[i]; e < off[i + 1]; e++) {
                double want = 0;
                for (int64_t t = 0; t < n; t++) want += 2.0 * hx[b * m * n + i * n + t] * hy[b * n * k + t * k + ind[e]];
                if (std::fabs(sv[b * nnz + e] - want) > 1e-5 * (1 + std::fabs(want))) {
                    printf("batched SDDMM batch %d entry %ld = %g, want %g\n", b, (long)e, sv[b * nnz + e], want);
                    failures++;
                    b = batches, i = m;
                    break;
                }
            }
    cusparseDestroySpMat(A);
    cusparseDestroySpMat(S);
    cusparseDestroyDnMat(B);
    cusparseDestroyDnMat(C);
    cusparseDestroyDnMat(X);
    cusparseDestroyDnMat(Y);
    cudaFree(d_off); cudaFree(d_ind); cudaFree(d_val); cudaFree(d_b); cudaFree(d_c);
    cudaFree(d_sv); cudaFree(d_x); cudaFree(d_y);
}

// Half: SpMM in float on half A, B and C, checked against the rounded inputs: A B (sums per
// row) and A^T B (entries adding into C, in floats, rounded once).
static void test_half(cusparseHandle_t h) {
    const int64_t m = 20, k = 16, n = 4;
    const Coo a = make_matrix(m, k, 5);
    std::vector<int64_t> off, ind;
    std::vector<cd> val;
    arrays(a, CUSPARSE_FORMAT_CSR, off, ind, val);
    std::vector<__half> hv;
    for (cd z : val) hv.push_back(__float2half((float)z.real()));
    void *d_off = indices_to_device(off, false, 0), *d_ind = indices_to_device(ind, false, 0);
    __half *d_val = to_device(hv);
    cusparseSpMatDescr_t A = create(a, CUSPARSE_FORMAT_CSR, d_off, d_ind, d_val, false, 0, CUDA_R_16F);
    for (int transposed = 0; transposed < 2; transposed++) {
        int64_t rows = transposed ? k : m, inner = transposed ? m : k;   // C is rows x n, B inner x n
        std::vector<__half> hb(inner * n), hc(rows * n);
        for (int64_t i = 0; i < inner * n; i++) hb[i] = __float2half((float)(i % 5) - 2.0f);
        for (int64_t i = 0; i < rows * n; i++) hc[i] = __float2half(0.5f * (float)(i % 3));
        __half *d_b = to_device(hb), *d_c = to_device(hc);
        cusparseDnMatDescr_t B, C;
        cusparseCreateDnMat(&B, inner, n, inner, d_b, CUDA_R_16F, CUSPARSE_ORDER_COL);
        cusparseCreateDnMat(&C, rows, n, rows, d_c, CUDA_R_16F, CUSPARSE_ORDER_COL);
        float al = 1.0f, be = 1.0f;
        cusparseOperation_t opA = transposed ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
        EXPECT_STATUS(cusparseSpMM(h, opA, CUSPARSE_OPERATION_NON_TRANSPOSE, &al, A, B, &be, C, CUDA_R_32F,
                                   CUSPARSE_SPMM_ALG_DEFAULT, NULL),
                      CUSPARSE_STATUS_SUCCESS);
        std::vector<__half> got(rows * n);
        cudaMemcpy(got.data(), d_c, rows * n * sizeof(__half), cudaMemcpyDeviceToHost);
        for (int64_t i = 0; i < rows; i++)
            for (int64_t j = 0; j < n; j++) {
                double want = __half2float(hc[i + j * rows]);
                for (size_t e = 0; e < a.v.size(); e++)
                    if ((transposed ? a.c[e] : a.r[e]) == i)
                        want += __half2float(hv[e]) * __half2float(hb[(transposed ? a.r[e] : a.c[e]) + j * inner]);
                if (std::fabs(__half2float(got[i + j * rows]) - want) > 1e-2 * (1 + std::fabs(want))) {
                    printf("half SpMM op %s: C(%ld,%ld) = %g, want %g\n", transposed ? "T" : "N", (long)i, (long)j,
                           __half2float(got[i + j * rows]), want);
                    failures++;
                    i = rows;
                    break;
                }
            }
        cusparseDestroyDnMat(B);
        cusparseDestroyDnMat(C);
        cudaFree(d_b); cudaFree(d_c);
    }
    cusparseDestroySpMat(A);
    cudaFree(d_off); cudaFree(d_ind); cudaFree(d_val);
}

static void test_status(cusparseHandle_t h) {
    std::vector<int> off = {0, 1, 2}, col = {0, 1};
    std::vector<float> val = {1, 2}, dense(12, 1.0f);
    std::vector<double> dd(12, 1.0);
    int *d_off = to_device(off), *d_col = to_device(col);
    float *d_val = to_device(val), *d_dense = to_device(dense);
    double *d_dd = to_device(dd);
    cusparseSpMatDescr_t A;
    cusparseDnMatDescr_t B, C, C3, Bd, bad = NULL;
    cusparseCreateCsr(&A, 2, 2, 2, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnMat(&B, 2, 3, 2, d_dense, CUDA_R_32F, CUSPARSE_ORDER_COL);
    cusparseCreateDnMat(&C, 2, 3, 3, d_dense, CUDA_R_32F, CUSPARSE_ORDER_ROW);
    cusparseCreateDnMat(&C3, 3, 3, 3, d_dense, CUDA_R_32F, CUSPARSE_ORDER_ROW);
    cusparseCreateDnMat(&Bd, 2, 3, 2, d_dd, CUDA_R_64F, CUSPARSE_ORDER_COL);
    EXPECT_STATUS(cusparseCreateDnMat(&bad, 4, 3, 3, d_dense, CUDA_R_32F, CUSPARSE_ORDER_COL),
                  CUSPARSE_STATUS_INVALID_VALUE);   // ld < rows, column-major
    EXPECT_STATUS(cusparseCreateDnMat(&bad, 4, 3, 3, d_dense, CUDA_R_32F, (cusparseOrder_t)0),
                  CUSPARSE_STATUS_INVALID_VALUE);
    float al = 1, be = 0;
    const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
    EXPECT_STATUS(cusparseSpMM(NULL, N, N, &al, A, B, &be, C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(cusparseSpMM(h, N, N, &al, A, B, &be, C3, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSpMM(h, N, N, &al, A, Bd, &be, C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cusparseSpMM(h, N, N, &al, A, B, &be, C, CUDA_R_32F, (cusparseSpMMAlg_t)9, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSpMM_bufferSize(h, N, N, &al, A, B, &be, C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    // SDDMM: C (2 x 2) = B (2 x 3) B^T (3 x 2)
    EXPECT_STATUS(cusparseSDDMM(NULL, N, CUSPARSE_OPERATION_TRANSPOSE, &al, B, B, &be, A, CUDA_R_32F,
                                CUSPARSE_SDDMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(cusparseSDDMM(h, N, N, &al, B, B, &be, A, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSDDMM(h, N, CUSPARSE_OPERATION_TRANSPOSE, &al, B, Bd, &be, A, CUDA_R_32F,
                                CUSPARSE_SDDMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cusparseSDDMM(h, N, CUSPARSE_OPERATION_TRANSPOSE, &al, B, B, &be, A, CUDA_R_32F,
                                CUSPARSE_SDDMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_SUCCESS);
    // alpha and beta by device pointer, read when the job runs: C (2 x 3, row-major) = 2 A B - C
    std::vector<float> scal = {2.0f, -1.0f}, ones(12, 1.0f);
    float *d_scal = to_device(scal);
    cudaMemcpy(d_dense, ones.data(), 12 * sizeof(float), cudaMemcpyHostToDevice);
    EXPECT_STATUS(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_DEVICE), CUSPARSE_STATUS_SUCCESS);
    cusparseDnMatDescr_t Bs, Cs;
    std::vector<float> hb = {1, 2, 3, 4, 5, 6}, hcs(6, 1.0f);
    float *d_bs = to_device(hb), *d_cs = to_device(hcs);
    cusparseCreateDnMat(&Bs, 2, 3, 2, d_bs, CUDA_R_32F, CUSPARSE_ORDER_COL);
    cusparseCreateDnMat(&Cs, 2, 3, 3, d_cs, CUDA_R_32F, CUSPARSE_ORDER_ROW);
    EXPECT_STATUS(cusparseSpMM(h, N, N, d_scal, A, Bs, d_scal + 1, Cs, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_HOST), CUSPARSE_STATUS_SUCCESS);
    cudaMemcpy(hcs.data(), d_cs, 6 * sizeof(float), cudaMemcpyDeviceToHost);
    // A = diag(3, 3) (the SDDMM above: rows of three ones dotted); B (col-major) = [[1 3 5] [2 4 6]]
    const float want[6] = {2 * 3 - 1, 2 * 9 - 1, 2 * 15 - 1, 2 * 6 - 1, 2 * 12 - 1, 2 * 18 - 1};
    for (int i = 0; i < 6; i++)
        if (hcs[i] != want[i]) {
            printf("SpMM with device scalars: C[%d] = %g, want %g\n", i, hcs[i], want[i]);
            failures++;
            break;
        }
    cusparseDestroyDnMat(Bs);
    cusparseDestroyDnMat(Cs);
    cudaFree(d_scal); cudaFree(d_bs); cudaFree(d_cs);
    cudaDeviceSynchronize();
    cusparseDestroySpMat(A);
    cusparseDestroyDnMat(B);
    cusparseDestroyDnMat(C);
    cusparseDestroyDnMat(C3);
    cusparseDestroyDnMat(Bd);
    cudaFree(d_off); cudaFree(d_col); cudaFree(d_val); cudaFree(d_dense); cudaFree(d_dd);
}

int main() {
    cusparseHandle_t h;
    EXPECT_STATUS(cusparseCreate(&h), CUSPARSE_STATUS_SUCCESS);
    test_spmm<float>(h);
    test_spmm<double>(h);
    test_spmm<cuComplex>(h);
    test_spmm<cuDoubleComplex>(h);
    test_sddmm<float>(h);
    test_sddmm<double>(h);
    test_sddmm<cuComplex>(h);
    test_sddmm<cuDoubleComplex>(h);
    test_batches(h);
    test_half(h);
    test_status(h);
    EXPECT_STATUS(cusparseDestroy(h), CUSPARSE_STATUS_SUCCESS);
    if (failures) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
