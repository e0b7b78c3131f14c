/* libraries/cublas/transfers.c - cublasSetVector/GetVector/SetMatrix/GetMatrix and their Async
 * forms: strided and pitched copies between host and device memory, made with
 * cudaMemcpy2D(Async) so that they are ordered as CUDA orders copies (the synchronous ones on
 * the legacy default stream, the Async ones on their stream). Errors as cuBLAS: a negative
 * count, or an element size, increment or leading dimension that is not positive (or a
 * leading dimension under the rows), is CUBLAS_STATUS_INVALID_VALUE; a copy that fails is
 * CUBLAS_STATUS_MAPPING_ERROR. */
#include "cublas_internal.h"

/* n elements of elem bytes, incx elements apart in src and incy in dst. */
static cublasStatus_t cb_copy_vector(int n, int elem, const void *src, int incx, void *dst, int incy,
                                     cudaStream_t stream, int async)
{
    if (n < 0 || elem <= 0 || incx <= 0 || incy <= 0)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (n == 0)
        return CUBLAS_STATUS_SUCCESS;
    if (!src || !dst)
        return CUBLAS_STATUS_INVALID_VALUE;
    size_t e = (size_t)elem;
    cudaError_t err;
    if (incx == 1 && incy == 1)   /* contiguous: one copy, spread over the workers */
        err = async ? cudaMemcpyAsync(dst, src, (size_t)n * e, cudaMemcpyDefault, stream)
                    : cudaMemcpy(dst, src, (size_t)n * e, cudaMemcpyDefault);
    else
        err = async ? cudaMemcpy2DAsync(dst, (size_t)incy * e, src, (size_t)incx * e, e, (size_t)n,
                                        cudaMemcpyDefault, stream)
                    : cudaMemcpy2D(dst, (size_t)incy * e, src, (size_t)incx * e, e, (size_t)n, cudaMemcpyDefault);
    return err == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_MAPPING_ERROR;
}

/* rows x cols elements of elem bytes, column-major with leading dimensions lda and ldb. */
static cublasStatus_t cb_copy_matrix(int rows, int cols, int elem, const void *A, int lda, void *B, int ldb,
                                     cudaStream_t stream, int async)
{
    if (rows < 0 || cols < 0 || elem <= 0 || lda <= 0 || ldb <= 0 || lda < rows || ldb < rows)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (rows == 0 || cols == 0)
        return CUBLAS_STATUS_SUCCESS;
    if (!A || !B)
        return CUBLAS_STATUS_INVALID_VALUE;
    size_t e = (size_t)elem;
    cudaError_t err = async ? cudaMemcpy2DAsync(B, (size_t)ldb * e, A, (size_t)lda * e, (size_t)rows * e,
                                                (size_t)cols, cudaMemcpyDefault, stream)
                            : cudaMemcpy2D(B, (size_t)ldb * e, A, (size_t)lda * e, (size_t)rows * e, (size_t)cols,
                                           cudaMemcpyDefault);
    return err == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_MAPPING_ERROR;
}

cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx, void *devicePtr, int incy)
{
    return cb_copy_vector(n, elemSize, x, incx, devicePtr, incy, NULL, 0);
}

cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy)
{
    return cb_copy_vector(n, elemSize, x, incx, y, incy, NULL, 0);
}

cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb)
{
    return cb_copy_matrix(rows, cols, elemSize, A, lda, B, ldb, NULL, 0);
}

cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb)
{
    return cb_copy_matrix(rows, cols, elemSize, A, lda, B, ldb, NULL, 0);
}

cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *hostPtr, int incx, void *devicePtr, int incy,
                                    cudaStream_t stream)
{
    return cb_copy_vector(n, elemSize, hostPtr, incx, devicePtr, incy, stream, 1);
}

cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *devicePtr, int incx, void *hostPtr, int incy,
                                    cudaStream_t stream)
{
    return cb_copy_vector(n, elemSize, devicePtr, incx, hostPtr, incy, stream, 1);
}

cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb,
                                    cudaStream_t stream)
{
    return cb_copy_matrix(rows, cols, elemSize, A, lda, B, ldb, stream, 1);
}

cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb,
                                    cudaStream_t stream)
{
    return cb_copy_matrix(rows, cols, elemSize, A, lda, B, ldb, stream, 1);
}
