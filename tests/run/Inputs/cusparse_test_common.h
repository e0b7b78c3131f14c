// What cu2c's cuSPARSE tests share (tests/run/cusparse_*.cu): a status check counting
// failures, the four value types made from and read as complex doubles with their tolerances,
// device copies of vectors and of index arrays (32- or 64-bit, base 0 or 1), a small sparse
// matrix with some empty rows, its arrays in CSR, CSC or COO, and its descriptor.
#ifndef CU2C_TEST_CUSPARSE_COMMON_H
#define CU2C_TEST_CUSPARSE_COMMON_H
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cusparse.h>

typedef std::complex<double> cd;
static int failures = 0;

#define EXPECT_STATUS(call, want)                                                            \
    do {                                                                                     \
        cusparseStatus_t s_ = (call);                                                        \
        if (s_ != (want)) {                                                                  \
            printf("line %d: %s returned %s, want %s\n", __LINE__, #call,                    \
                   cusparseGetErrorName(s_), #want);                                         \
            failures++;                                                                      \
        }                                                                                    \
    } while (0)

// The four value types: how to make one from a complex number and read it back.
template <typename T> struct Ty;
template <> struct Ty<float> {
    static cudaDataType type() { return CUDA_R_32F; }
    static float make(cd z) { return (float)z.real(); }
    static cd get(float v) { return cd(v, 0); }
    static double tol() { return 1e-5; }
    static const char *name() { return "float"; }
};
template <> struct Ty<double> {
    static cudaDataType type() { return CUDA_R_64F; }
    static double make(cd z) { return z.real(); }
    static cd get(double v) { return cd(v, 0); }
    static double tol() { return 1e-12; }
    static const char *name() { return "double"; }
};
template <> struct Ty<cuComplex> {
    static cudaDataType type() { return CUDA_C_32F; }
    static cuComplex make(cd z) { return make_cuComplex((float)z.real(), (float)z.imag()); }
    static cd get(cuComplex v) { return cd(v.x, v.y); }
    static double tol() { return 1e-5; }
    static const char *name() { return "cuComplex"; }
};
template <> struct Ty<cuDoubleComplex> {
    static cudaDataType type() { return CUDA_C_64F; }
    static cuDoubleComplex make(cd z) { return make_cuDoubleComplex(z.real(), z.imag()); }
    static cd get(cuDoubleComplex v) { return cd(v.x, v.y); }
    static double tol() { return 1e-12; }
    static const char *name() { return "cuDoubleComplex"; }
};

template <typename X> static X *to_device(const std::vector<X> &h) {
    X *d = NULL;
    cudaMalloc(&d, h.size() * sizeof(X) + 1);
    cudaMemcpy(d, h.data(), h.size() * sizeof(X), cudaMemcpyHostToDevice);
    return d;
}

// Indices on the device as 32- or 64-bit integers, plus the base.
static inline void *indices_to_device(const std::vector<int64_t> &v, bool wide, int base) {
    if (wide) {
        std::vector<int64_t> w(v);
        for (auto &x : w) x += base;
        return to_device(w);
    }
    std::vector<int32_t> w(v.size());
    for (size_t i = 0; i < v.size(); i++) w[i] = (int32_t)(v[i] + base);
    return to_device(w);
}

// A rows x cols matrix: entries (sorted by row, then column), some rows empty.
struct Coo {
    int64_t rows, cols;
    std::vector<int64_t> r, c;
    std::vector<cd> v;
};

static inline Coo make_matrix(int64_t rows, int64_t cols, int salt) {
    Coo a{rows, cols, {}, {}, {}};
    for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < cols; j++)
            if ((i * 5 + j * 3 + salt) % 7 == 0 && i % 6 != 5) {
                int64_t e = (int64_t)a.v.size();
                a.r.push_back(i);
                a.c.push_back(j);
                a.v.push_back(cd(((e * 7) % 11 - 5) * 0.25, ((e * 3) % 7 - 3) * 0.125));
            }
    return a;
}

// The matrix's arrays in a format: offsets (CSR/CSC) or row indices (COO), indices, and the
// values in that order.
static inline void arrays(const Coo &a, cusparseFormat_t f, std::vector<int64_t> &off, std::vector<int64_t> &ind,
                          std::vector<cd> &val) {
    off.clear(); ind.clear(); val.clear();
    if (f == CUSPARSE_FORMAT_COO) {
        off = a.r; ind = a.c; val = a.v;
        return;
    }
    // a counting sort by major, stable: each major's entries in the matrix's order
    bool csc = f == CUSPARSE_FORMAT_CSC;
    int64_t majors = csc ? a.cols : a.rows;
    size_t nnz = a.v.size();
    off.assign(majors + 1, 0);
    for (size_t e = 0; e < nnz; e++) off[(csc ? a.c[e] : a.r[e]) + 1]++;
    for (int64_t p = 0; p < majors; p++) off[p + 1] += off[p];
    ind.resize(nnz);
    val.resize(nnz);
    std::vector<int64_t> next(off.begin(), off.end() - 1);
    for (size_t e = 0; e < nnz; e++) {
        int64_t at = next[csc ? a.c[e] : a.r[e]]++;
        ind[at] = csc ? a.r[e] : a.c[e];
        val[at] = a.v[e];
    }
}

static inline cusparseSpMatDescr_t create(const Coo &a, cusparseFormat_t f, void *off, void *ind, void *val, bool wide,
                                   int base, cudaDataType t) {
    cusparseSpMatDescr_t m = NULL;
    cusparseIndexType_t it = wide ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
    cusparseIndexBase_t b = base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;
    int64_t nnz = (int64_t)a.v.size();
    if (f == CUSPARSE_FORMAT_CSR)
        EXPECT_STATUS(cusparseCreateCsr(&m, a.rows, a.cols, nnz, off, ind, val, it, it, b, t), CUSPARSE_STATUS_SUCCESS);
    else if (f == CUSPARSE_FORMAT_CSC)
        EXPECT_STATUS(cusparseCreateCsc(&m, a.rows, a.cols, nnz, off, ind, val, it, it, b, t), CUSPARSE_STATUS_SUCCESS);
    else
        EXPECT_STATUS(cusparseCreateCoo(&m, a.rows, a.cols, nnz, off, ind, val, it, b, t), CUSPARSE_STATUS_SUCCESS);
    return m;
}

static inline const char *op_name(cusparseOperation_t op) {
    return op == CUSPARSE_OPERATION_NON_TRANSPOSE ? "N" : op == CUSPARSE_OPERATION_TRANSPOSE ? "T" : "C";
}

#endif
