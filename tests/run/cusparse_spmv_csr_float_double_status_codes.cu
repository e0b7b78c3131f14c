// cuSPARSE SpMV on a CSR matrix (y = alpha A x + beta y) in float with 32-bit indices and in
// double with 64-bit indices and base 1, on a created stream after a kernel that fills x and
// before one that reads y; alpha and beta by host and by device pointer; beta 0 leaves a NaN
// in y unread. Compared with a host loop. Unsupported requests return NOT_SUPPORTED, bad ones
// INVALID_VALUE, a null handle NOT_INITIALIZED. The legacy matrix descriptor keeps its
// properties (NVIDIA's conjugateGradientCudaGraphs creates one).
// RUN: %cu2cc %s -o %t -lcusparse && env CU2C_NUM_THREADS=1 timeout 120 %t && env CU2C_NUM_THREADS=2 timeout 120 %t
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

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

__global__ void fill_x(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = 1.0f + (float)(i % 7) * 0.5f;
}

__global__ void twice(const float *y, float *z, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = 2.0f * y[i];
}

template <typename T> static T *to_device(const std::vector<T> &h) {
    T *d;
    cudaMalloc(&d, h.size() * sizeof(T));
    cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    return d;
}

int main() {
    // A rows x cols matrix with a varying number of entries per row (some rows empty)
    const int rows = 3000, cols = 2500;
    std::vector<int> off(rows + 1, 0), col;
    std::vector<float> val;
    for (int r = 0; r < rows; r++) {
        int count = r % 11 == 0 ? 0 : 1 + r % 9;
        for (int e = 0; e < count; e++) {
            col.push_back((r * 7 + e * 131) % cols);
            val.push_back((float)((r + e) % 5) - 1.5f);
        }
        off[r + 1] = (int)col.size();
    }
    const int nnz = (int)col.size();
    std::vector<float> x(cols), y0(rows);
    for (int i = 0; i < cols; i++) x[i] = 1.0f + (float)(i % 7) * 0.5f;
    for (int i = 0; i < rows; i++) y0[i] = (float)(i % 3);

    cusparseHandle_t h;
    EXPECT_STATUS(cusparseCreate(&h), CUSPARSE_STATUS_SUCCESS);
    cudaStream_t s;
    cudaStreamCreate(&s);
    EXPECT_STATUS(cusparseSetStream(h, s), CUSPARSE_STATUS_SUCCESS);

    int *d_off = to_device(off), *d_col = to_device(col);
    float *d_val = to_device(val), *d_y = to_device(y0), *d_x, *d_z;
    cudaMalloc(&d_x, cols * sizeof(float));
    cudaMalloc(&d_z, rows * sizeof(float));
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t vx, vy;
    EXPECT_STATUS(cusparseCreateCsr(&A, rows, cols, nnz, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
                  CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseCreateDnVec(&vx, cols, d_x, CUDA_R_32F), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseCreateDnVec(&vy, rows, d_y, CUDA_R_32F), CUSPARSE_STATUS_SUCCESS);
    float alpha = 1.5f, beta = -2.0f;
    size_t bytes = 1;
    EXPECT_STATUS(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F,
                                          CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
                  CUSPARSE_STATUS_SUCCESS);
    void *buffer;
    cudaMalloc(&buffer, bytes);
    fill_x<<<(cols + 127) / 128, 128, 0, s>>>(d_x, cols);
    EXPECT_STATUS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F,
                               CUSPARSE_SPMV_ALG_DEFAULT, buffer),
                  CUSPARSE_STATUS_SUCCESS);
    twice<<<(rows + 127) / 128, 128, 0, s>>>(d_y, d_z, rows);
    std::vector<float> z(rows);
    cudaMemcpyAsync(z.data(), d_z, rows * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    for (int r = 0; r < rows; r++) {
        double acc = 0;
        for (int e = off[r]; e < off[r + 1]; e++) acc += (double)val[e] * x[col[e]];
        double want = 2.0 * (1.5 * acc - 2.0 * y0[r]);
        if (std::fabs(z[r] - want) > 1e-4 * (1 + std::fabs(want))) {
            printf("float SpMV: z[%d] = %g, want %g\n", r, z[r], want);
            failures++;
            break;
        }
    }

    // double, 64-bit indices, base 1, alpha and beta in device memory, beta 0 over a NaN
    std::vector<int64_t> off1(rows + 1), col1(nnz);
    std::vector<double> vald(nnz), xd(cols), yd(rows, NAN);
    for (int r = 0; r <= rows; r++) off1[r] = off[r] + 1;
    for (int e = 0; e < nnz; e++) {
        col1[e] = col[e] + 1;
        vald[e] = val[e] * 0.25;
    }
    for (int i = 0; i < cols; i++) xd[i] = std::sin((double)i);
    int64_t *d_off1 = to_device(off1), *d_col1 = to_device(col1);
    double *d_vald = to_device(vald), *d_xd = to_device(xd), *d_yd = to_device(yd);
    double scal[2] = {-3.0, 0.0}, *d_scal = to_device(std::vector<double>(scal, scal + 2));
    cusparseSpMatDescr_t B;
    cusparseDnVecDescr_t wx, wy;
    EXPECT_STATUS(cusparseCreateCsr(&B, rows, cols, nnz, d_off1, d_col1, d_vald, CUSPARSE_INDEX_64I, CUSPARSE_INDEX_64I,
                                    CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F),
                  CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseCreateDnVec(&wx, cols, d_xd, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseCreateDnVec(&wy, rows, d_yd, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_DEVICE), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, d_scal, B, wx, d_scal + 1, wy, CUDA_R_64F,
                               CUSPARSE_SPMV_CSR_ALG1, NULL),
                  CUSPARSE_STATUS_SUCCESS);
    std::vector<double> gy(rows);
    // no synchronize: the legacy default stream's copy waits for s, a blocking stream
    cudaMemcpy(gy.data(), d_yd, rows * sizeof(double), cudaMemcpyDeviceToHost);
    for (int r = 0; r < rows; r++) {
        double acc = 0;
        for (int e = off[r]; e < off[r + 1]; e++) acc += vald[e] * xd[col[e]];
        if (!(std::fabs(gy[r] - (-3.0 * acc)) <= 1e-12 * (1 + std::fabs(acc)))) {
            printf("double SpMV: y[%d] = %g, want %g\n", r, gy[r], -3.0 * acc);
            failures++;
            break;
        }
    }
    EXPECT_STATUS(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_HOST), CUSPARSE_STATUS_SUCCESS);

    // status codes
    EXPECT_STATUS(cusparseSpMV(NULL, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F,
                               CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_INITIALIZED);
    EXPECT_STATUS(cusparseSpMV(h, CUSPARSE_OPERATION_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F,
                               CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);   // A^T takes x of A's rows
    EXPECT_STATUS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_C_32F,
                               CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_SUPPORTED);   // a compute type not the values' own
    EXPECT_STATUS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_64F,
                               CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_NOT_SUPPORTED);
    EXPECT_STATUS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vy, &beta, vx, CUDA_R_32F,
                               CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);   // x and y of the wrong sizes
    EXPECT_STATUS(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, NULL, A, vx, &beta, vy, CUDA_R_32F,
                               CUSPARSE_SPMV_ALG_DEFAULT, NULL),
                  CUSPARSE_STATUS_INVALID_VALUE);
    cusparseSpMatDescr_t bad;
    EXPECT_STATUS(cusparseCreateCsr(&bad, -1, cols, nnz, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
                  CUSPARSE_STATUS_INVALID_VALUE);
    int64_t r64, c64, n64;
    EXPECT_STATUS(cusparseSpMatGetSize(A, &r64, &c64, &n64), CUSPARSE_STATUS_SUCCESS);
    if (r64 != rows || c64 != cols || n64 != nnz) {
        printf("SpMatGetSize\n");
        failures++;
    }
    EXPECT_STATUS(cusparseDestroySpMat(A), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDestroySpMat(B), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDestroyDnVec(vx), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDestroyDnVec(vy), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDestroyDnVec(wx), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDestroyDnVec(wy), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseDestroy(h), CUSPARSE_STATUS_SUCCESS);
    cudaStreamDestroy(s);

    /* the legacy matrix descriptor: CUDA's defaults, what is set reads back, bad values */
    cusparseMatDescr_t md;
    EXPECT_STATUS(cusparseCreateMatDescr(&md), CUSPARSE_STATUS_SUCCESS);
    if (cusparseGetMatType(md) != CUSPARSE_MATRIX_TYPE_GENERAL || cusparseGetMatFillMode(md) != CUSPARSE_FILL_MODE_LOWER ||
        cusparseGetMatDiagType(md) != CUSPARSE_DIAG_TYPE_NON_UNIT || cusparseGetMatIndexBase(md) != CUSPARSE_INDEX_BASE_ZERO) {
        printf("MatDescr defaults\n");
        failures++;
    }
    EXPECT_STATUS(cusparseSetMatType(md, CUSPARSE_MATRIX_TYPE_SYMMETRIC), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSetMatFillMode(md, CUSPARSE_FILL_MODE_UPPER), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSetMatDiagType(md, CUSPARSE_DIAG_TYPE_UNIT), CUSPARSE_STATUS_SUCCESS);
    EXPECT_STATUS(cusparseSetMatIndexBase(md, CUSPARSE_INDEX_BASE_ONE), CUSPARSE_STATUS_SUCCESS);
    if (cusparseGetMatType(md) != CUSPARSE_MATRIX_TYPE_SYMMETRIC || cusparseGetMatFillMode(md) != CUSPARSE_FILL_MODE_UPPER ||
        cusparseGetMatDiagType(md) != CUSPARSE_DIAG_TYPE_UNIT || cusparseGetMatIndexBase(md) != CUSPARSE_INDEX_BASE_ONE) {
        printf("MatDescr read back\n");
        failures++;
    }
    EXPECT_STATUS(cusparseSetMatType(md, (cusparseMatrixType_t)7), CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSetMatIndexBase(md, (cusparseIndexBase_t)2), CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseSetMatType(NULL, CUSPARSE_MATRIX_TYPE_GENERAL), CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseCreateMatDescr(NULL), CUSPARSE_STATUS_INVALID_VALUE);
    EXPECT_STATUS(cusparseDestroyMatDescr(md), CUSPARSE_STATUS_SUCCESS);
    if (failures) {
        printf("FAILED: %d mismatches\n", failures);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
