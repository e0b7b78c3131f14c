// cublasSnrm2 of (1, 2, 3, 4) squared after a kernel doubles it, and a 2x2 identity SpMV.
#include <cstdio>
#include <cublas_v2.h>
#include <cusparse.h>

__global__ void twice(float *x) { x[threadIdx.x] *= 2; }

int main() {
    float hx[4] = {1, 2, 3, 4}, *x, r = 0;
    cublasHandle_t h;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS || cudaMalloc(&x, sizeof hx) != cudaSuccess)
        return 1;
    cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
    twice<<<1, 4>>>(x);
    if (cublasSnrm2(h, 4, x, 1, &r) != CUBLAS_STATUS_SUCCESS)
        return 1;
    cusparseHandle_t sh;
    int off[3] = {0, 1, 2}, col[2] = {0, 1}, *doff, *dcol;
    float val[2] = {1, 1}, *dval, hy[2] = {0, 0}, *y;
    cudaMalloc(&doff, sizeof off);
    cudaMalloc(&dcol, sizeof col);
    cudaMalloc(&dval, sizeof val);
    cudaMalloc(&y, sizeof hy);
    cudaMemcpy(doff, off, sizeof off, cudaMemcpyHostToDevice);
    cudaMemcpy(dcol, col, sizeof col, cudaMemcpyHostToDevice);
    cudaMemcpy(dval, val, sizeof val, cudaMemcpyHostToDevice);
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t vx, vy;
    float one = 1, zero = 0;
    if (cusparseCreate(&sh) || cusparseCreateCsr(&A, 2, 2, 2, doff, dcol, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                                 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F) ||
        cusparseCreateDnVec(&vx, 2, x, CUDA_R_32F) || cusparseCreateDnVec(&vy, 2, y, CUDA_R_32F) ||
        cusparseSpMV(sh, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, CUDA_R_32F,
                     CUSPARSE_SPMV_ALG_DEFAULT, NULL))
        return 1;
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    printf("nrm2^2 %g spmv %g %g\n", r * r, hy[0], hy[1]);
    return 0;
}
