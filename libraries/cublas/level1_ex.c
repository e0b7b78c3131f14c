/* libraries/cublas/level1_ex.c - cuBLAS's level-1 Ex routines: cublasDotEx, DotcEx, AxpyEx,
 * ScalEx and Nrm2Ex. Vectors of CUDA_R_32F, CUDA_R_64F, CUDA_C_32F or CUDA_C_64F with the
 * execution (and scalar and result) type of their precision are the S, D, C and Z routines;
 * vectors of CUDA_R_16F or CUDA_R_16BF execute in CUDA_R_32F (alpha a float; a result of the
 * vectors' type or float), a job converting each element as it is read and rounding each
 * result once. Other combinations are CUBLAS_STATUS_NOT_SUPPORTED. Increments as BLAS's
 * (negative ones walk back from the end; nrm2 and scal do nothing for incx <= 0). */
#include <math.h>
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "cublas_internal.h"

typedef enum { EX1_DOT, EX1_AXPY, EX1_SCAL, EX1_NRM2 } ex1_op;

typedef struct {
    cb_job job;
    ex1_op op;
    cudaDataType type;               /* the vectors': CUDA_R_16F or CUDA_R_16BF */
    cudaDataType result_type;        /* dot's and nrm2's result: the vectors' type or CUDA_R_32F */
    int n, incx, incy;
    void *x, *y;
    cb_scalar alpha;                 /* a float */
    void *result;
} ex1_job;

static int lowp(cudaDataType t)
{
    return t == CUDA_R_16F || t == CUDA_R_16BF;
}

static float lowp_get(const void *p, cudaDataType t, long i)
{
    return t == CUDA_R_16F ? __half2float(((const __half *)p)[i]) : __bfloat162float(((const __nv_bfloat16 *)p)[i]);
}

static void lowp_put(void *p, cudaDataType t, long i, float v)
{
    if (t == CUDA_R_16F)
        ((__half *)p)[i] = __float2half(v);
    else
        ((__nv_bfloat16 *)p)[i] = __float2bfloat16(v);
}

/* Element i's index for n elements at increment inc, as BLAS walks them. */
static long walk(int i, int n, int inc)
{
    return inc < 0 ? (long)(n - 1 - i) * -inc : (long)i * inc;
}

static void ex1_run(cb_job *job)
{
    ex1_job *j = (ex1_job *)job;
    int n = j->n;
    float alpha = j->op == EX1_AXPY || j->op == EX1_SCAL ? *(const float *)cb_scalar_at(&j->alpha) : 0;
    double acc = 0;
    switch (j->op) {
    case EX1_DOT:
        for (int i = 0; i < n; i++)
            acc += (double)lowp_get(j->x, j->type, walk(i, n, j->incx)) * lowp_get(j->y, j->type, walk(i, n, j->incy));
        break;
    case EX1_NRM2:
        for (int i = 0; j->incx > 0 && i < n; i++) {
            double v = lowp_get(j->x, j->type, (long)i * j->incx);
            acc += v * v;
        }
        acc = sqrt(acc);
        break;
    case EX1_AXPY:
        for (int i = 0; i < n; i++) {
            long ix = walk(i, n, j->incx), iy = walk(i, n, j->incy);
            lowp_put(j->y, j->type, iy, lowp_get(j->y, j->type, iy) + alpha * lowp_get(j->x, j->type, ix));
        }
        return;
    case EX1_SCAL:
        for (int i = 0; j->incx > 0 && i < n; i++)
            lowp_put(j->x, j->type, (long)i * j->incx, alpha * lowp_get(j->x, j->type, (long)i * j->incx));
        return;
    }
    if (j->result_type == CUDA_R_32F)
        *(float *)j->result = (float)acc;
    else
        lowp_put(j->result, j->result_type, 0, (float)acc);
}

/* Queues a 16-bit routine; a result for host memory waits for it. */
static cublasStatus_t ex1_submit(cublasHandle_t h, ex1_op op, cudaDataType type, cudaDataType result_type, int n,
                                 const void *alpha, const void *x, int incx, const void *y, int incy, void *result)
{
    int has_result = op == EX1_DOT || op == EX1_NRM2;
    if (has_result && !result)
        return CUBLAS_STATUS_INVALID_VALUE;
    if ((op == EX1_AXPY || op == EX1_SCAL) && !alpha)
        return CUBLAS_STATUS_INVALID_VALUE;
    ex1_job *j = cb_job_new(sizeof *j, ex1_run);
    if (!j)
        return CUBLAS_STATUS_ALLOC_FAILED;
    j->op = op;
    j->type = type;
    j->result_type = result_type;
    j->n = n > 0 ? n : 0;
    j->incx = incx;
    j->incy = incy;
    j->x = (void *)x;
    j->y = (void *)y;
    j->result = result;
    if (alpha)
        cb_scalar_take(h, &j->alpha, alpha, sizeof(float));
    return cb_submit(h, &j->job, has_result && cb_host_result(h));
}

static cublasStatus_t dot_ex(cublasHandle_t h, int conj, int n, const void *x, cudaDataType xType, int incx,
                             const void *y, cudaDataType yType, int incy, void *result, cudaDataType resultType,
                             cudaDataType executionType)
{
    CB_CHECK_HANDLE(h);
    if (xType != yType)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    if (lowp(xType) && executionType == CUDA_R_32F && (resultType == xType || resultType == CUDA_R_32F))
        return ex1_submit(h, EX1_DOT, xType, resultType, n, NULL, x, incx, y, incy, result);
    if (resultType != xType || executionType != xType)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    switch (xType) {
    case CUDA_R_32F: return cublasSdot_v2(h, n, x, incx, y, incy, result);
    case CUDA_R_64F: return cublasDdot_v2(h, n, x, incx, y, incy, result);
    case CUDA_C_32F: return (conj ? cublasCdotc_v2 : cublasCdotu_v2)(h, n, x, incx, y, incy, result);
    case CUDA_C_64F: return (conj ? cublasZdotc_v2 : cublasZdotu_v2)(h, n, x, incx, y, incy, result);
    default: return CUBLAS_STATUS_NOT_SUPPORTED;
    }
}

cublasStatus_t cublasDotEx(cublasHandle_t handle, int n, const void *x, cudaDataType xType, int incx, const void *y,
                           cudaDataType yType, int incy, void *result, cudaDataType resultType,
                           cudaDataType executionType)
{
    return dot_ex(handle, 0, n, x, xType, incx, y, yType, incy, result, resultType, executionType);
}

cublasStatus_t cublasDotcEx(cublasHandle_t handle, int n, const void *x, cudaDataType xType, int incx, const void *y,
                            cudaDataType yType, int incy, void *result, cudaDataType resultType,
                            cudaDataType executionType)
{
    return dot_ex(handle, 1, n, x, xType, incx, y, yType, incy, result, resultType, executionType);
}

cublasStatus_t cublasAxpyEx(cublasHandle_t handle, int n, const void *alpha, cudaDataType alphaType, const void *x,
                            cudaDataType xType, int incx, void *y, cudaDataType yType, int incy,
                            cudaDataType executiontype)
{
    CB_CHECK_HANDLE(handle);
    if (xType != yType)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    if (lowp(xType) && executiontype == CUDA_R_32F && alphaType == CUDA_R_32F)
        return ex1_submit(handle, EX1_AXPY, xType, xType, n, alpha, x, incx, y, incy, NULL);
    if (alphaType != xType || executiontype != xType)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    switch (xType) {
    case CUDA_R_32F: return cublasSaxpy_v2(handle, n, alpha, x, incx, y, incy);
    case CUDA_R_64F: return cublasDaxpy_v2(handle, n, alpha, x, incx, y, incy);
    case CUDA_C_32F: return cublasCaxpy_v2(handle, n, alpha, x, incx, y, incy);
    case CUDA_C_64F: return cublasZaxpy_v2(handle, n, alpha, x, incx, y, incy);
    default: return CUBLAS_STATUS_NOT_SUPPORTED;
    }
}

cublasStatus_t cublasScalEx(cublasHandle_t handle, int n, const void *alpha, cudaDataType alphaType, void *x,
                            cudaDataType xType, int incx, cudaDataType executionType)
{
    CB_CHECK_HANDLE(handle);
    if (lowp(xType) && executionType == CUDA_R_32F && alphaType == CUDA_R_32F)
        return ex1_submit(handle, EX1_SCAL, xType, xType, n, alpha, x, incx, NULL, 0, NULL);
    if (executionType != xType)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    switch (xType) {
    case CUDA_R_32F: return alphaType == xType ? cublasSscal_v2(handle, n, alpha, x, incx) : CUBLAS_STATUS_NOT_SUPPORTED;
    case CUDA_R_64F: return alphaType == xType ? cublasDscal_v2(handle, n, alpha, x, incx) : CUBLAS_STATUS_NOT_SUPPORTED;
    case CUDA_C_32F:
        return alphaType == xType ? cublasCscal_v2(handle, n, alpha, x, incx)
               : alphaType == CUDA_R_32F ? cublasCsscal_v2(handle, n, alpha, x, incx) : CUBLAS_STATUS_NOT_SUPPORTED;
    case CUDA_C_64F:
        return alphaType == xType ? cublasZscal_v2(handle, n, alpha, x, incx)
               : alphaType == CUDA_R_64F ? cublasZdscal_v2(handle, n, alpha, x, incx) : CUBLAS_STATUS_NOT_SUPPORTED;
    default: return CUBLAS_STATUS_NOT_SUPPORTED;
    }
}

cublasStatus_t cublasNrm2Ex(cublasHandle_t handle, int n, const void *x, cudaDataType xType, int incx, void *result,
                            cudaDataType resultType, cudaDataType executionType)
{
    CB_CHECK_HANDLE(handle);
    if (lowp(xType) && executionType == CUDA_R_32F && (resultType == xType || resultType == CUDA_R_32F))
        return ex1_submit(handle, EX1_NRM2, xType, resultType, n, NULL, x, incx, NULL, 0, result);
    switch (xType) {
    case CUDA_R_32F: case CUDA_C_32F:
        if (resultType != CUDA_R_32F || executionType != CUDA_R_32F)
            return CUBLAS_STATUS_NOT_SUPPORTED;
        return xType == CUDA_R_32F ? cublasSnrm2_v2(handle, n, x, incx, result) : cublasScnrm2_v2(handle, n, x, incx, result);
    case CUDA_R_64F: case CUDA_C_64F:
        if (resultType != CUDA_R_64F || executionType != CUDA_R_64F)
            return CUBLAS_STATUS_NOT_SUPPORTED;
        return xType == CUDA_R_64F ? cublasDnrm2_v2(handle, n, x, incx, result) : cublasDznrm2_v2(handle, n, x, incx, result);
    default: return CUBLAS_STATUS_NOT_SUPPORTED;
    }
}
