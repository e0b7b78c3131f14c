// cuSPARSE conversions, sparse vectors and descriptors. DenseToSparse (bufferSize, analysis
// giving nnz through cusparseSpMatGetSize, the arrays then set, convert) into CSR, CSC and COO
// from row- and column-major matrices with padded leading dimensions (a -0 is not an entry), and
// SparseToDense back into the other order (padding untouched), with 32- and 64-bit indices and
// bases 0 and 1, in float, double, cuComplex and cuDoubleComplex, against the host's arrays
// exactly; Axpby, Gather and Scatter in every type against host loops; every descriptor's
// getters, setters and attributes, and status codes.
// RUN: %cu2cc %s -o %t -lcusparse && env CU2C_NUM_THREADS=2 timeout 120 %t

#include "Inputs/cusparse_test_common.h"

struct Dense {
    int64_t rows, cols, ld;
    cusparseOrder_t order;
    int64_t at(int64_t i, int64_t j) const { return order == CUSPARSE_ORDER_COL ? i + j * ld : i * ld + j; }
    int64_t size() const { return order == CUSPARSE_ORDER_COL ? ld * cols : rows * ld; }
};

static int64_t read_index(const std::vector<char> &p, bool wide, int64_t i) {
    return wide ? ((const int64_t *)p.data())[i] : ((const int32_t *)p.data())[i];
}

static std::vector<char> download(const void *d, size_t bytes) {
    std::vector<char> h(bytes + 1);
    cudaMemcpy(h.data(), d, bytes, cudaMemcpyDeviceToHost);
    return h;
}

static const cusparseFormat_t formats[3] = {CUSPARSE_FORMAT_CSR, CUSPARSE_FORMAT_CSC, CUSPARSE_FORMAT_COO};
static const cusparseOrder_t orders[2] = {CUSPARSE_ORDER_COL, CUSPARSE_ORDER_ROW};

// DenseToSparse into each format (nnz unknown until analysis), then SparseToDense back into a
// padded matrix of the other order, compared element by element (bits for bits: both copy).
template <typename T> static void test_conversions(cusparseHandle_t h) {
    const int64_t m = 14, n = 11;
    Coo a = make_matrix(m, n, 2);   // its entries are the dense matrix's non-zeros
    for (size_t e = 0; e < a.v.size(); e++) a.v[e] = cd((e % 2 ? -1.0 : 1.0) * (1 + e % 5) * 0.5, (e % 3) * 0.25);
    int combo = 0;
    for (cusparseFormat_t f : formats)
        for (cusparseOrder_t o : orders)
            for (int wide = 0; wide < 2; wide++) {
                int base = combo++ % 2;
                Dense dd{m, n, (o == CUSPARSE_ORDER_COL ? m : n) + 3, o};
                std::vector<T> hd(dd.size(), Ty<T>::make(cd(7, 7)));   // padding: 7s, never entries
                for (int64_t i = 0; i < m; i++)
                    for (int64_t j = 0; j < n; j++) hd[dd.at(i, j)] = Ty<T>::make(cd(i == 3 && j == 4 ? -0.0 : 0.0, 0));
                for (size_t e = 0; e < a.v.size(); e++) hd[dd.at(a.r[e], a.c[e])] = Ty<T>::make(a.v[e]);
                T *d_dense = to_device(hd);
                cusparseDnMatDescr_t D;
                EXPECT_STATUS(cusparseCreateDnMat(&D, m, n, dd.ld, d_dense, Ty<T>::type(), o), CUSPARSE_STATUS_SUCCESS);
                size_t ib = wide ? 8 : 4;
                int64_t majors = f == CUSPARSE_FORMAT_CSC ? n : m;
                void *d_off = NULL;
                if (f != CUSPARSE_FORMAT_COO) cudaMalloc(&d_off, (majors + 1) * ib);
                cusparseIndexType_t it = wide ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
                cusparseIndexBase_t ibase = base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;
                cusparseSpMatDescr_t S;
                if (f == CUSPARSE_FORMAT_CSR)
                    cusparseCreateCsr(&S, m, n, 0, d_off, NULL, NULL, it, it, ibase, Ty<T>::type());
                else if (f == CUSPARSE_FORMAT_CSC)
                    cusparseCreateCsc(&S, m, n, 0, d_off, NULL, NULL, it, it, ibase, Ty<T>::type());
                else
                    cusparseCreateCoo(&S, m, n, 0, NULL, NULL, NULL, it, ibase, Ty<T>::type());
                size_t bytes = 0;
                void *buf = NULL;
                EXPECT_STATUS(cusparseDenseToSparse_bufferSize(h, D, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &bytes),
                              CUSPARSE_STATUS_SUCCESS);
                cudaMalloc(&buf, bytes);
                EXPECT_STATUS(cusparseDenseToSparse_analysis(h, D, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf),
                              CUSPARSE_STATUS_SUCCESS);
                int64_t rows, cols, nnz;
                cusparseSpMatGetSize(S, &rows, &cols, &nnz);
                if (nnz != (int64_t)a.v.size()) {
                    printf("%s DenseToSparse format %d: nnz %ld, want %zu\n", Ty<T>::name(), (int)f, (long)nnz,
                           a.v.size());
                    failures++;
                    nnz = (int64_t)a.v.size();
                }
                void *d_ind, *d_rows = NULL;
                T *d_val;
                cudaMalloc(&d_ind, nnz * ib);
                cudaMalloc((void **)&d_val, nnz * sizeof(T));
                if (f == CUSPARSE_FORMAT_CSR) EXPECT_STATUS(cusparseCsrSetPointers(S, d_off, d_ind, d_val), CUSPARSE_STATUS_SUCCESS);
                if (f == CUSPARSE_FORMAT_CSC) EXPECT_STATUS(cusparseCscSetPointers(S, d_off, d_ind, d_val), CUSPARSE_STATUS_SUCCESS);
                if (f == CUSPARSE_FORMAT_COO) {
                    cudaMalloc(&d_rows, nnz * ib);
                    EXPECT_STATUS(cusparseCooSetPointers(S, d_rows, d_ind, d_val), CUSPARSE_STATUS_SUCCESS);
                }
                EXPECT_STATUS(cusparseDenseToSparse_convert(h, D, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf),
                              CUSPARSE_STATUS_SUCCESS);
                // the reference arrays, then what came out
                std::vector<int64_t> off, ind;
                std::vector<cd> val;
                arrays(a, f, off, ind, val);
                std::vector<char> go = download(f == CUSPARSE_FORMAT_COO ? d_rows : d_off, off.size() * ib),
                                  gi = download(d_ind, nnz * ib);
                std::vector<T> gv(nnz);
                cudaMemcpy(gv.data(), d_val, nnz * sizeof(T), cudaMemcpyDeviceToHost);
                for (size_t i = 0; i < off.size(); i++)
                    if (read_index(go, wide, i) != off[i] + base) {
                        printf("%s DenseToSparse format %d %s: offsets/rows[%zu] = %ld, want %ld\n", Ty<T>::name(),
                               (int)f, o == CUSPARSE_ORDER_COL ? "col" : "row", i, (long)read_index(go, wide, i),
                               (long)(off[i] + base));
                        failures++;
                        break;
                    }
                for (int64_t e = 0; e < nnz; e++)
                    if (read_index(gi, wide, e) != ind[e] + base || Ty<T>::get(gv[e]) != Ty<T>::get(Ty<T>::make(val[e]))) {
                        printf("%s DenseToSparse format %d: entry %ld: index %ld, want %ld\n", Ty<T>::name(), (int)f,
                               (long)e, (long)read_index(gi, wide, e), (long)(ind[e] + base));
                        failures++;
                        break;
                    }
                // back: into the other order, padding kept
                cusparseOrder_t o2 = o == CUSPARSE_ORDER_COL ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL;
                Dense d2{m, n, (o2 == CUSPARSE_ORDER_COL ? m : n) + 1, o2};
                std::vector<T> h2(d2.size(), Ty<T>::make(cd(9, 9)));
                T *d_back = to_device(h2);
                cusparseDnMatDescr_t D2;
                cusparseCreateDnMat(&D2, m, n, d2.ld, d_back, Ty<T>::type(), o2);
                EXPECT_STATUS(cusparseSparseToDense_bufferSize(h, S, D2, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &bytes),
                              CUSPARSE_STATUS_SUCCESS);
                EXPECT_STATUS(cusparseSparseToDense(h, S, D2, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, NULL),
                              CUSPARSE_STATUS_SUCCESS);
                cudaMemcpy(h2.data(), d_back, d2.size() * sizeof(T), cudaMemcpyDeviceToHost);
                for (int64_t i = 0; i < d2.size(); i++) {
                    int64_t r = o2 == CUSPARSE_ORDER_COL ? i % d2.ld : i / d2.ld, c = o2 == CUSPARSE_ORDER_COL ? i / d2.ld : i % d2.ld;
                    bool pad = r >= m || c >= n;
                    cd want = Ty<T>::get(pad ? Ty<T>::make(cd(9, 9)) : hd[dd.at(r, c)]);
                    if (!pad && want == cd(0, 0)) want = 0;   // -0 comes back as +0
                    if (Ty<T>::get(h2[i]) != want) {
                        printf("%s SparseToDense format %d: element (%ld,%ld) = %g, want %g\n", Ty<T>::name(), (int)f,
                               (long)r, (long)c, Ty<T>::get(h2[i]).real(), want.real());
                        failures++;
                        break;
                    }
                }
                cusparseDestroySpMat(S);
                cusparseDestroyDnMat(D);
                cusparseDestroyDnMat(D2);
                cudaFree(d_dense); cudaFree(d_off); cudaFree(d_ind); cudaFree(d_val); cudaFree(d_rows);
                cudaFree(buf); cudaFree(d_back);
            }
}

// Axpby, Gather and Scatter on a sparse vector of every third element.
template <typename T> static void test_vectors(cusparseHandle_t h) {
    const int64_t size = 50;
    const cd alpha(2.0, -1.0), beta(0.5, 0.5);
    for (int wide = 0; wide < 2; wide++)
        for (int base = 0; base < 2; base++) {
            std::vector<int64_t> idx;
            std::vector<cd> xv, yv(size);
            for (int64_t i = 1; i < size; i += 3) {
                idx.push_back(i);
                xv.push_back(cd(i * 0.25, -i * 0.125));
            }
            for (int64_t i = 0; i < size; i++) yv[i] = cd((i % 7) - 3.0, (i % 2) * 0.5);
            int64_t nnz = (int64_t)idx.size();
            std::vector<T> hx, hy;
            for (cd z : xv) hx.push_back(Ty<T>::make(z));
            for (cd z : yv) hy.push_back(Ty<T>::make(z));
            void *d_idx = indices_to_device(idx, wide, base);
            T *d_x = to_device(hx), *d_y = to_device(hy);
            cusparseSpVecDescr_t X;
            cusparseDnVecDescr_t Y;
            EXPECT_STATUS(cusparseCreateSpVec(&X, size, nnz, d_idx, d_x, wide ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I,
                                              base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO, Ty<T>::type()),
                          CUSPARSE_STATUS_SUCCESS);
            cusparseCreateDnVec(&Y, size, d_y, Ty<T>::type());
            T al = Ty<T>::make(alpha), be = Ty<T>::make(beta);
            EXPECT_STATUS(cusparseAxpby(h, &al, X, &be, Y), CUSPARSE_STATUS_SUCCESS);
            std::vector<T> got(size);
            cudaMemcpy(got.data(), d_y, size * sizeof(T), cudaMemcpyDeviceToHost);
            std::vector<cd> want(size);
            for (int64_t i = 0; i < size; i++) want[i] = Ty<T>::get(be) * Ty<T>::get(hy[i]);
            for (int64_t e = 0; e < nnz; e++) want[idx[e]] += Ty<T>::get(al) * Ty<T>::get(hx[e]);
            for (int64_t i = 0; i < size; i++)
                if (!(std::abs(Ty<T>::get(got[i]) - want[i]) <= Ty<T>::tol() * (1 + std::abs(want[i])))) {
                    printf("%s Axpby %d-bit base %d: y[%ld] = %g, want %g\n", Ty<T>::name(), wide ? 64 : 32, base,
                           (long)i, Ty<T>::get(got[i]).real(), want[i].real());
                    failures++;
                    break;
                }
            // Gather y into x, then scatter 2x back over a zeroed y
            EXPECT_STATUS(cusparseGather(h, Y, X), CUSPARSE_STATUS_SUCCESS);
            std::vector<T> gx(nnz);
            cudaMemcpy(gx.data(), d_x, nnz * sizeof(T), cudaMemcpyDeviceToHost);
            for (int64_t e = 0; e < nnz; e++)
                if (Ty<T>::get(gx[e]) != Ty<T>::get(got[idx[e]])) {
                    printf("%s Gather: x[%ld] wrong\n", Ty<T>::name(), (long)e);
                    failures++;
                    break;
                }
            std::vector<T> zeros(size, Ty<T>::make(cd(0, 0)));
            cudaMemcpy(d_y, zeros.data(), size * sizeof(T), cudaMemcpyHostToDevice);
            EXPECT_STATUS(cusparseScatter(h, X, Y), CUSPARSE_STATUS_SUCCESS);
            cudaMemcpy(got.data(), d_y, size * sizeof(T), cudaMemcpyDeviceToHost);
            for (int64_t i = 0, e = 0; i < size; i++) {
                bool hit = e < nnz && idx[e] == i;
                cd w = hit ? Ty<T>::get(gx[e++]) : cd(0, 0);
                if (Ty<T>::get(got[i]) != w) {
                    printf("%s Scatter: y[%ld] wrong\n", Ty<T>::name(), (long)i);
                    failures++;
                    break;
                }
            }
            int64_t gs, gn;
            void *gi, *gvals;
            cusparseIndexType_t git;
            cusparseIndexBase_t gb;
            cudaDataType gt;
            EXPECT_STATUS(cusparseSpVecGet(X, &gs, &gn, &gi, &gvals, &git, &gb, &gt), CUSPARSE_STATUS_SUCCESS);
            if (gs != size || gn != nnz || gi != d_idx || gvals != d_x || gt != Ty<T>::type() ||
                git != (wide ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I) || gb != (cusparseIndexBase_t)base) {
                printf("SpVecGet\n");
                failures++;
            }
            cusparseDestroySpVec(X);
            cusparseDestroyDnVec(Y);
            cudaFree(d_idx); cudaFree(d_x); cudaFree(d_y);
        }
}

// Descriptors: what is set reads back; attributes; bad arguments.
static void test_descriptors(cusparseHandle_t h) {
    int64_t o[4] = {0, 1, 2, 3}, c[3] = {2, 0, 1};
    float v[3] = {1, 2, 3}, v2[3] = {4, 5, 6};
    cusparseSpMatDescr_t A, B, C;
    EXPECT_STATUS(cusparseCreateCsr(&A, 3, 4, 3, o, c, v, CUSPARSE_INDEX_64I, CUSPARSE_INDEX_64I,
                                    CUSPARSE_INDEX_BASE_ONE, CUDA_R_32F),
                  CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseCreateCsc(&B, 4, 3, 3, o, c, v, CUSPARSE_INDEX_64I, CUSPARSE_INDEX_64I,
                                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
                  CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseCreateCoo(&C, 5, 5, 3, o, c, v, CUSPARSE_INDEX_64I, CUSPARSE_INDEX_BASE_ZERO, CUDA_C_64F),
                  CUSPARSE_STATUS_SUCCESS);
    int64_t rows, cols, nnz;
    void *po, *pi, *pv;
    cusparseIndexType_t ot, it;
    cusparseIndexBase_t base;
    cudaDataType type;
    EXPECT_STATUS(cusparseCsrGet(A, &rows, &cols, &nnz, &po, &pi, &pv, &ot, &it, &base, &type), CUSPARSE_STATUS_SUCCESS);
    if (rows != 3 || cols != 4 || nnz != 3 || po != o || pi != c || pv != v || ot != CUSPARSE_INDEX_64I ||
        base != CUSPARSE_INDEX_BASE_ONE || type != CUDA_R_32F) {
        printf("CsrGet\n");
        failures++;
    }
    const void *cpo, *cpi, *cpv;
    EXPECT_STATUS(cusparseConstCsrGet(A, &rows, &cols, &nnz, &cpo, &cpi, &cpv, &ot, &it, &base, &type),
                  CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseCscGet(B, &rows, &cols, &nnz, &po, &pi, &pv, &ot, &it, &base, &type), CUSPARSE_STATUS_SUCCESS);
    if (rows != 4 || cols != 3 || po != o) {
        printf("CscGet\n");
        failures++;
    }
    EXPECT_STATUS(cusparseCsrGet(B, &rows, &cols, &nnz, &po, &pi, &pv, &ot, &it, &base, &type),
                  CUSPARSE_STATUS_INVALID_VALUE);   // not CSR
    EXPECT_STATUS(cusparseCooGet(C, &rows, &cols, &nnz, &po, &pi, &pv, &it, &base, &type), CUSPARSE_STATUS_SUCCESS);
    if (rows != 5 || po != o || pi != c || type != CUDA_C_64F) {
        printf("CooGet\n");
        failures++;
    }
    cusparseFormat_t f;
    EXPECT_STATUS(cusparseSpMatGetFormat(B, &f), CUSPARSE_STATUS_SUCCESS);
    if (f != CUSPARSE_FORMAT_CSC) {
        printf("SpMatGetFormat\n");
        failures++;
    }
    EXPECT_STATUS(cusparseSpMatGetIndexBase(A, &base), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSpMatSetValues(A, v2), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSpMatGetValues(A, &pv), CUSPARSE_STATUS_SUCCESS);
    if (base != CUSPARSE_INDEX_BASE_ONE || pv != v2) {
        printf("SpMatGetIndexBase / SetValues\n");
        failures++;
    }
    cusparseFillMode_t fill = CUSPARSE_FILL_MODE_UPPER;
    cusparseDiagType_t diag = CUSPARSE_DIAG_TYPE_UNIT;
    EXPECT_STATUS(cusparseSpMatGetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof fill), CUSPARSE_STATUS_SUCCESS);
    if (fill != CUSPARSE_FILL_MODE_LOWER) {
        printf("fill mode default\n");
        failures++;
    }
    fill = CUSPARSE_FILL_MODE_UPPER;
    EXPECT_STATUS(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof fill), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof diag), CUSPARSE_STATUS_SUCCESS);
    fill = CUSPARSE_FILL_MODE_LOWER;
    diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
    cusparseSpMatGetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof fill);
    cusparseSpMatGetAttribute(A, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof diag);
    if (fill != CUSPARSE_FILL_MODE_UPPER || diag != CUSPARSE_DIAG_TYPE_UNIT) {
        printf("attributes read back\n");
        failures++;
    }
    EXPECT_STATUS(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &fill, 1), CUSPARSE_STATUS_INVALID_VALUE);
    int bad = 5;
    EXPECT_STATUS(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_DIAG_TYPE, &bad, sizeof bad), CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseCsrSetPointers(A, o, NULL, v), CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseCscSetPointers(A, o, c, v), CUSPARSE_STATUS_INVALID_VALUE);   // A is CSR
    cusparseSpMatDescr_t X = NULL;
    EXPECT_STATUS(cusparseCreateCsr(&X, 3, 4, 3, o, c, v, CUSPARSE_INDEX_16U, CUSPARSE_INDEX_16U,
                                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
                  CUSPARSE_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cusparseCreateCoo(&X, 3, 4, 3, o, NULL, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseCreateCsr(&X, 3, 4, 3, o, c, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                    (cusparseIndexBase_t)2, CUDA_R_32F),
                  CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseCsrSetStridedBatch(B, 2, 4, 3), CUSPARSE_STATUS_INVALID_VALUE);   // B is CSC
    EXPECT_STATUS(cusparseDestroySpMat(NULL), CUSPARSE_STATUS_SUCCESS);
    // dense matrices and vectors
    float dm[12];
    cusparseDnMatDescr_t D;
    EXPECT_STATUS(cusparseCreateDnMat(&D, 3, 4, 5, dm, CUDA_R_32F, CUSPARSE_ORDER_ROW), CUSPARSE_STATUS_SUCCESS);
    int64_t ld;
    void *vals;
    cusparseOrder_t order;
    EXPECT_STATUS(cusparseDnMatGet(D, &rows, &cols, &ld, &vals, &type, &order), CUSPARSE_STATUS_SUCCESS);
    if (rows != 3 || cols != 4 || ld != 5 || vals != dm || type != CUDA_R_32F || order != CUSPARSE_ORDER_ROW) {
        printf("DnMatGet\n");
        failures++;
    }
    EXPECT_STATUS(cusparseDnMatSetValues(D, v2), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDnMatGetValues(D, &vals), CUSPARSE_STATUS_SUCCESS);
    int count;
    int64_t stride;
    EXPECT_STATUS(cusparseDnMatSetStridedBatch(D, 4, 20), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDnMatGetStridedBatch(D, &count, &stride), CUSPARSE_STATUS_SUCCESS);
    if (vals != v2 || count != 4 || stride != 20) {
        printf("DnMatSetValues / strided batch\n");
        failures++;
    }
    cusparseConstDnMatDescr_t K;
    EXPECT_STATUS(cusparseCreateConstDnMat(&K, 2, 2, 2, dm, CUDA_R_64F, CUSPARSE_ORDER_COL), CUSPARSE_STATUS_SUCCESS);
    const void *kv;
    EXPECT_STATUS(cusparseConstDnMatGetValues(K, &kv), CUSPARSE_STATUS_SUCCESS);
    cusparseDnVecDescr_t V;
    EXPECT_STATUS(cusparseCreateDnVec(&V, 3, v, CUDA_R_32F), CUSPARSE_STATUS_SUCCESS);
    int64_t size;
    EXPECT_STATUS(cusparseDnVecGet(V, &size, &vals, &type), CUSPARSE_STATUS_SUCCESS);
    if (kv != dm || size != 3 || vals != v) {
        printf("ConstDnMat / DnVecGet\n");
        failures++;
    }
    cusparseDnVecDescr_t V2;
    EXPECT_STATUS(cusparseCreateDnVec(&V2, -1, v, CUDA_R_32F), CUSPARSE_STATUS_INVALID_VALUE);
    cusparseSpVecDescr_t W;
    EXPECT_STATUS(cusparseCreateSpVec(&W, 2, 3, c, v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
                  CUSPARSE_STATUS_INVALID_VALUE);   // nnz > size
    // operations refuse what they are given wrong
    EXPECT_STATUS(cusparseAxpby(NULL, v, NULL, v, NULL), CUSPARSE_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(cusparseDenseToSparse_bufferSize(h, D, C, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, (size_t *)&size),
                  CUSPARSE_STATUS_NOT_SUPPORTED);   // D is batched
    EXPECT_STATUS(cusparseSparseToDense(h, A, (cusparseDnMatDescr_t)K, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);   // 3 x 4 into 2 x 2
    EXPECT_STATUS(cusparseSparseToDense(NULL, A, (cusparseDnMatDescr_t)K, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_INITIALIZED);
    cusparseDestroySpMat(A);
    cusparseDestroySpMat(B);
    cusparseDestroySpMat(C);
    cusparseDestroyDnMat(D);
    cusparseDestroyDnMat(K);
    cusparseDestroyDnVec(V);
}

int main() {
    cusparseHandle_t h;
    EXPECT_STATUS(cusparseCreate(&h), CUSPARSE_STATUS_SUCCESS);
    test_conversions<float>(h);
    test_conversions<double>(h);
    test_conversions<cuComplex>(h);
    test_conversions<cuDoubleComplex>(h);
    test_vectors<float>(h);
    test_vectors<double>(h);
    test_vectors<cuComplex>(h);
    test_vectors<cuDoubleComplex>(h);
    test_descriptors(h);
    EXPECT_STATUS(cusparseDestroy(h), CUSPARSE_STATUS_SUCCESS);
    if (failures) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
