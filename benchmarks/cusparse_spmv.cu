/* make bench, section 15: y = A x for a CSR float matrix of 2^20 rows with 10 entries per row
   (32-bit indices) through cu2c's cusparseSpMV (device buffers, queued on the handle's stream,
   then cudaDeviceSynchronize). Its twin cusparse_spmv_omp.c runs the plain CSR loop with OpenMP
   on the same matrix. Times REPS calls after a warm-up, checks a sample of rows against a
   double-precision sum and prints the median milliseconds per call.
   Usage: cusparse_spmv [reps] [rows] */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

static double now_ms() {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    int rows = argc > 2 ? atoi(argv[2]) : 1 << 20;
    const int per_row = 10;
    long nnz = (long)rows * per_row;
    // the matrix both programs build: entry e of row r in column (r * 7919 + e * 104729) % rows
    std::vector<int> off(rows + 1), col(nnz);
    std::vector<float> val(nnz), x(rows);
    for (int r = 0; r <= rows; r++) off[r] = r * per_row;
    for (long i = 0; i < nnz; i++) {
        long r = i / per_row, e = i % per_row;
        col[i] = (int)((r * 7919 + e * 104729) % rows);
        val[i] = (float)((i * 7) % 13) * 0.25f - 1.5f;
    }
    for (int i = 0; i < rows; i++) x[i] = (float)(i % 17) * 0.125f - 1.0f;
    int *d_off, *d_col;
    float *d_val, *d_x, *d_y;
    if (cudaMalloc(&d_off, (rows + 1) * sizeof(int)) != cudaSuccess || cudaMalloc(&d_col, nnz * sizeof(int)) ||
        cudaMalloc(&d_val, nnz * sizeof(float)) || cudaMalloc(&d_x, rows * sizeof(float)) ||
        cudaMalloc(&d_y, rows * sizeof(float)))
        return 1;
    cudaMemcpy(d_off, off.data(), (rows + 1) * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_col, col.data(), nnz * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_val, val.data(), nnz * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_x, x.data(), rows * sizeof(float), cudaMemcpyHostToDevice);
    cusparseHandle_t h;
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t vx, vy;
    if (cusparseCreate(&h) != CUSPARSE_STATUS_SUCCESS ||
        cusparseCreateCsr(&A, rows, rows, nnz, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F) != CUSPARSE_STATUS_SUCCESS ||
        cusparseCreateDnVec(&vx, rows, d_x, CUDA_R_32F) != CUSPARSE_STATUS_SUCCESS ||
        cusparseCreateDnVec(&vy, rows, d_y, CUDA_R_32F) != CUSPARSE_STATUS_SUCCESS)
        return 1;
    const float one = 1.0f, zero = 0.0f;
    std::vector<double> ms;
    for (int r = 0; r <= reps; r++) {   // call 0 warms up (threads started, pages touched)
        double t0 = now_ms();
        if (cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, CUDA_R_32F,
                         CUSPARSE_SPMV_ALG_DEFAULT, NULL) != CUSPARSE_STATUS_SUCCESS ||
            cudaDeviceSynchronize() != cudaSuccess)
            return 1;
        if (r > 0)
            ms.push_back(now_ms() - t0);
    }
    std::vector<float> y(rows);
    cudaMemcpy(y.data(), d_y, rows * sizeof(float), cudaMemcpyDeviceToHost);
    for (int s = 0; s < 64; s++) {
        int r = (int)((s * 2654435761u) % (unsigned)rows);
        double want = 0;
        for (int e = off[r]; e < off[r + 1]; e++) want += (double)val[e] * x[col[e]];
        if (std::fabs(y[r] - want) > 1e-5 * (1 + std::fabs(want))) {
            fprintf(stderr, "y[%d] = %.6f, want %.6f\n", r, y[r], want);
            return 1;
        }
    }
    std::sort(ms.begin(), ms.end());
    printf("spmv cusparse rows=%d nnz=%ld reps=%d median_ms=%.4f\n", rows, nnz, reps, ms[ms.size() / 2]);
    cusparseDestroySpMat(A);
    cusparseDestroyDnVec(vx);
    cusparseDestroyDnVec(vy);
    cusparseDestroy(h);
    return 0;
}
