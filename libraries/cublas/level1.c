/* libraries/cublas/level1.c - cuBLAS's level 1: amax, amin, asum, axpy, copy, dot (dotu,
 * dotc), nrm2, rot, scal and swap in S, D, C and Z, on OpenBLAS.
 *
 * Every routine fills one job (its operation, element type, sizes, vectors, scalars and
 * result) that l1_run dispatches. As in cuBLAS: n <= 0 does nothing (a result is 0);
 * amax/amin return a 1-based index; asum, nrm2, amax, amin and scal do nothing (a result
 * of 0) for incx <= 0; the others follow BLAS for negative increments; a null result is
 * CUBLAS_STATUS_INVALID_VALUE. sdot accumulates in double. */
#include <complex.h>
#include "cublas_internal.h"

typedef enum {
    L1_AMAX, L1_AMIN, L1_ASUM, L1_AXPY, L1_COPY, L1_DOT, L1_DOTC, L1_NRM2, L1_ROT, L1_SCAL,
    L1_SCAL_REAL,   /* a complex vector times a real scalar (Csscal, Zdscal) */
    L1_SWAP,
} l1_op;

typedef struct {
    cb_job job;
    l1_op op;
    cb_type type;
    int n, incx, incy;
    void *x, *y;
    cb_scalar a;                     /* alpha; rot's c */
    cb_scalar b;                     /* rot's s */
    int s_real;                      /* rot's s is real (Srot, Drot, Csrot, Zdrot) */
    void *result;
} l1_job;

/* Complex rotation with a complex sine (Crot, Zrot, which CBLAS lacks):
 * x' = c x + s y, y' = c y - conj(s) x. */
static void l1_crot(int n, float _Complex *x, int incx, float _Complex *y, int incy, float c, float _Complex s)
{
    int ix = incx < 0 ? (1 - n) * incx : 0, iy = incy < 0 ? (1 - n) * incy : 0;
    for (int i = 0; i < n; i++, ix += incx, iy += incy) {
        float _Complex xv = x[ix], yv = y[iy];
        x[ix] = c * xv + s * yv;
        y[iy] = c * yv - conjf(s) * xv;
    }
}
static void l1_zrot(int n, double _Complex *x, int incx, double _Complex *y, int incy, double c, double _Complex s)
{
    int ix = incx < 0 ? (1 - n) * incx : 0, iy = incy < 0 ? (1 - n) * incy : 0;
    for (int i = 0; i < n; i++, ix += incx, iy += incy) {
        double _Complex xv = x[ix], yv = y[iy];
        x[ix] = c * xv + s * yv;
        y[iy] = c * yv - conj(s) * xv;
    }
}

/* A real result of the vector's precision (asum, nrm2: float for S and C). */
static void l1_real_result(const l1_job *j, double v)
{
    if (j->type == CB_S || j->type == CB_C)
        *(float *)j->result = (float)v;
    else
        *(double *)j->result = v;
}

static void l1_index(l1_job *j)
{
    int n = j->n, inc = j->incx;
    size_t i = 0;
    if (n > 0 && inc > 0) {
        if (j->op == L1_AMAX)
            i = j->type == CB_S ? cblas_isamax(n, j->x, inc) : j->type == CB_D ? cblas_idamax(n, j->x, inc)
              : j->type == CB_C ? cblas_icamax(n, j->x, inc) : cblas_izamax(n, j->x, inc);
        else
            i = j->type == CB_S ? cblas_isamin(n, j->x, inc) : j->type == CB_D ? cblas_idamin(n, j->x, inc)
              : j->type == CB_C ? cblas_icamin(n, j->x, inc) : cblas_izamin(n, j->x, inc);
        i += 1;
    }
    *(int *)j->result = (int)i;
}

static void l1_run(cb_job *job)
{
    l1_job *j = (l1_job *)job;
    int n = j->n, incx = j->incx, incy = j->incy;
    const void *a = cb_scalar_at(&j->a), *b = cb_scalar_at(&j->b);
    void *x = j->x, *y = j->y;
    switch (j->op) {
    case L1_AMAX:
    case L1_AMIN:
        l1_index(j);
        break;
    case L1_ASUM:
    case L1_NRM2: {
        double v = 0;
        if (n > 0 && incx > 0) {
            int asum = j->op == L1_ASUM;
            switch (j->type) {
            case CB_S: v = asum ? cblas_sasum(n, x, incx) : cblas_snrm2(n, x, incx); break;
            case CB_D: v = asum ? cblas_dasum(n, x, incx) : cblas_dnrm2(n, x, incx); break;
            case CB_C: v = asum ? cblas_scasum(n, x, incx) : cblas_scnrm2(n, x, incx); break;
            case CB_Z: v = asum ? cblas_dzasum(n, x, incx) : cblas_dznrm2(n, x, incx); break;
            }
        }
        l1_real_result(j, v);
        break;
    }
    case L1_DOT:
    case L1_DOTC:
        switch (j->type) {
        /* accumulated in double (dsdot), rounded once: a GPU's tree of partial sums keeps a
         * long float dot about that close, where OpenBLAS's running float sums drift */
        case CB_S: *(float *)j->result = n > 0 ? (float)cblas_dsdot(n, x, incx, y, incy) : 0.0f; break;
        case CB_D: *(double *)j->result = n > 0 ? cblas_ddot(n, x, incx, y, incy) : 0.0; break;
        case CB_C: {
            float r[2] = {0, 0};
            if (n > 0 && j->op == L1_DOT)
                cblas_cdotu_sub(n, x, incx, y, incy, r);
            else if (n > 0)
                cblas_cdotc_sub(n, x, incx, y, incy, r);
            ((float *)j->result)[0] = r[0];
            ((float *)j->result)[1] = r[1];
            break;
        }
        case CB_Z: {
            double r[2] = {0, 0};
            if (n > 0 && j->op == L1_DOT)
                cblas_zdotu_sub(n, x, incx, y, incy, r);
            else if (n > 0)
                cblas_zdotc_sub(n, x, incx, y, incy, r);
            ((double *)j->result)[0] = r[0];
            ((double *)j->result)[1] = r[1];
            break;
        }
        }
        break;
    case L1_AXPY:
        if (n <= 0)
            break;
        switch (j->type) {
        case CB_S: cblas_saxpy(n, *(const float *)a, x, incx, y, incy); break;
        case CB_D: cblas_daxpy(n, *(const double *)a, x, incx, y, incy); break;
        case CB_C: cblas_caxpy(n, a, x, incx, y, incy); break;
        case CB_Z: cblas_zaxpy(n, a, x, incx, y, incy); break;
        }
        break;
    case L1_COPY:
        if (n <= 0)
            break;
        switch (j->type) {
        case CB_S: cblas_scopy(n, x, incx, y, incy); break;
        case CB_D: cblas_dcopy(n, x, incx, y, incy); break;
        case CB_C: cblas_ccopy(n, x, incx, y, incy); break;
        case CB_Z: cblas_zcopy(n, x, incx, y, incy); break;
        }
        break;
    case L1_SWAP:
        if (n <= 0)
            break;
        switch (j->type) {
        case CB_S: cblas_sswap(n, x, incx, y, incy); break;
        case CB_D: cblas_dswap(n, x, incx, y, incy); break;
        case CB_C: cblas_cswap(n, x, incx, y, incy); break;
        case CB_Z: cblas_zswap(n, x, incx, y, incy); break;
        }
        break;
    case L1_SCAL:
    case L1_SCAL_REAL:
        if (n <= 0 || incx <= 0)
            break;
        switch (j->type) {
        case CB_S: cblas_sscal(n, *(const float *)a, x, incx); break;
        case CB_D: cblas_dscal(n, *(const double *)a, x, incx); break;
        case CB_C:
            if (j->op == L1_SCAL_REAL)
                cblas_csscal(n, *(const float *)a, x, incx);
            else
                cblas_cscal(n, a, x, incx);
            break;
        case CB_Z:
            if (j->op == L1_SCAL_REAL)
                cblas_zdscal(n, *(const double *)a, x, incx);
            else
                cblas_zscal(n, a, x, incx);
            break;
        }
        break;
    case L1_ROT:
        if (n <= 0)
            break;
        switch (j->type) {
        case CB_S: cblas_srot(n, x, incx, y, incy, *(const float *)a, *(const float *)b); break;
        case CB_D: cblas_drot(n, x, incx, y, incy, *(const double *)a, *(const double *)b); break;
        case CB_C:
            if (j->s_real)
                cblas_csrot(n, x, incx, y, incy, *(const float *)a, *(const float *)b);
            else {
                const float *s = b;
                l1_crot(n, x, incx, y, incy, *(const float *)a, CMPLXF(s[0], s[1]));
            }
            break;
        case CB_Z:
            if (j->s_real)
                cblas_zdrot(n, x, incx, y, incy, *(const double *)a, *(const double *)b);
            else {
                const double *s = b;
                l1_zrot(n, x, incx, y, incy, *(const double *)a, CMPLX(s[0], s[1]));
            }
            break;
        }
        break;
    }
}

/* Queues one level 1 operation. a_bytes, b_bytes: the scalars' sizes (0: none). */
static cublasStatus_t l1_submit(cublasHandle_t h, l1_op op, cb_type type, int n, const void *x, int incx,
                                const void *y, int incy, const void *a, size_t a_bytes, const void *b,
                                size_t b_bytes, void *result)
{
    CB_CHECK_HANDLE(h);
    int has_result = op == L1_AMAX || op == L1_AMIN || op == L1_ASUM || op == L1_DOT || op == L1_DOTC ||
                     op == L1_NRM2;
    if ((has_result && !result) || (a_bytes && !a) || (b_bytes && !b))
        return CUBLAS_STATUS_INVALID_VALUE;
    l1_job *j = cb_job_new(sizeof *j, l1_run);
    if (!j)
        return CUBLAS_STATUS_ALLOC_FAILED;
    j->op = op;
    j->type = type;
    j->n = n;
    j->incx = incx;
    j->incy = incy;
    j->x = (void *)x;
    j->y = (void *)y;
    j->result = result;
    if (a_bytes)
        cb_scalar_take(h, &j->a, a, a_bytes);
    if (b_bytes)
        cb_scalar_take(h, &j->b, b, b_bytes);
    j->s_real = b_bytes == cb_type_size(type == CB_C ? CB_S : type == CB_Z ? CB_D : type) && type >= CB_C;
    return cb_submit(h, &j->job, has_result && cb_host_result(h));
}

/* ---- the routines -------------------------------------------------------------------- */

#define NO_Y NULL, 0
#define NO_A NULL, 0
#define NO_B NULL, 0

cublasStatus_t cublasIsamax_v2(cublasHandle_t h, int n, const float *x, int incx, int *result)
{ return l1_submit(h, L1_AMAX, CB_S, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasIdamax_v2(cublasHandle_t h, int n, const double *x, int incx, int *result)
{ return l1_submit(h, L1_AMAX, CB_D, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasIcamax_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, int *result)
{ return l1_submit(h, L1_AMAX, CB_C, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasIzamax_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, int *result)
{ return l1_submit(h, L1_AMAX, CB_Z, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasIsamin_v2(cublasHandle_t h, int n, const float *x, int incx, int *result)
{ return l1_submit(h, L1_AMIN, CB_S, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasIdamin_v2(cublasHandle_t h, int n, const double *x, int incx, int *result)
{ return l1_submit(h, L1_AMIN, CB_D, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasIcamin_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, int *result)
{ return l1_submit(h, L1_AMIN, CB_C, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasIzamin_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, int *result)
{ return l1_submit(h, L1_AMIN, CB_Z, n, x, incx, NO_Y, NO_A, NO_B, result); }

cublasStatus_t cublasSasum_v2(cublasHandle_t h, int n, const float *x, int incx, float *result)
{ return l1_submit(h, L1_ASUM, CB_S, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasDasum_v2(cublasHandle_t h, int n, const double *x, int incx, double *result)
{ return l1_submit(h, L1_ASUM, CB_D, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasScasum_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, float *result)
{ return l1_submit(h, L1_ASUM, CB_C, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasDzasum_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, double *result)
{ return l1_submit(h, L1_ASUM, CB_Z, n, x, incx, NO_Y, NO_A, NO_B, result); }

cublasStatus_t cublasSaxpy_v2(cublasHandle_t h, int n, const float *alpha, const float *x, int incx, float *y,
                              int incy)
{ return l1_submit(h, L1_AXPY, CB_S, n, x, incx, y, incy, alpha, 4, NO_B, NULL); }
cublasStatus_t cublasDaxpy_v2(cublasHandle_t h, int n, const double *alpha, const double *x, int incx, double *y,
                              int incy)
{ return l1_submit(h, L1_AXPY, CB_D, n, x, incx, y, incy, alpha, 8, NO_B, NULL); }
cublasStatus_t cublasCaxpy_v2(cublasHandle_t h, int n, const cuComplex *alpha, const cuComplex *x, int incx,
                              cuComplex *y, int incy)
{ return l1_submit(h, L1_AXPY, CB_C, n, x, incx, y, incy, alpha, 8, NO_B, NULL); }
cublasStatus_t cublasZaxpy_v2(cublasHandle_t h, int n, const cuDoubleComplex *alpha, const cuDoubleComplex *x,
                              int incx, cuDoubleComplex *y, int incy)
{ return l1_submit(h, L1_AXPY, CB_Z, n, x, incx, y, incy, alpha, 16, NO_B, NULL); }

cublasStatus_t cublasScopy_v2(cublasHandle_t h, int n, const float *x, int incx, float *y, int incy)
{ return l1_submit(h, L1_COPY, CB_S, n, x, incx, y, incy, NO_A, NO_B, NULL); }
cublasStatus_t cublasDcopy_v2(cublasHandle_t h, int n, const double *x, int incx, double *y, int incy)
{ return l1_submit(h, L1_COPY, CB_D, n, x, incx, y, incy, NO_A, NO_B, NULL); }
cublasStatus_t cublasCcopy_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, cuComplex *y, int incy)
{ return l1_submit(h, L1_COPY, CB_C, n, x, incx, y, incy, NO_A, NO_B, NULL); }
cublasStatus_t cublasZcopy_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, cuDoubleComplex *y,
                              int incy)
{ return l1_submit(h, L1_COPY, CB_Z, n, x, incx, y, incy, NO_A, NO_B, NULL); }

cublasStatus_t cublasSdot_v2(cublasHandle_t h, int n, const float *x, int incx, const float *y, int incy,
                             float *result)
{ return l1_submit(h, L1_DOT, CB_S, n, x, incx, y, incy, NO_A, NO_B, result); }
cublasStatus_t cublasDdot_v2(cublasHandle_t h, int n, const double *x, int incx, const double *y, int incy,
                             double *result)
{ return l1_submit(h, L1_DOT, CB_D, n, x, incx, y, incy, NO_A, NO_B, result); }
cublasStatus_t cublasCdotu_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, const cuComplex *y, int incy,
                              cuComplex *result)
{ return l1_submit(h, L1_DOT, CB_C, n, x, incx, y, incy, NO_A, NO_B, result); }
cublasStatus_t cublasCdotc_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, const cuComplex *y, int incy,
                              cuComplex *result)
{ return l1_submit(h, L1_DOTC, CB_C, n, x, incx, y, incy, NO_A, NO_B, result); }
cublasStatus_t cublasZdotu_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y,
                              int incy, cuDoubleComplex *result)
{ return l1_submit(h, L1_DOT, CB_Z, n, x, incx, y, incy, NO_A, NO_B, result); }
cublasStatus_t cublasZdotc_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y,
                              int incy, cuDoubleComplex *result)
{ return l1_submit(h, L1_DOTC, CB_Z, n, x, incx, y, incy, NO_A, NO_B, result); }

cublasStatus_t cublasSnrm2_v2(cublasHandle_t h, int n, const float *x, int incx, float *result)
{ return l1_submit(h, L1_NRM2, CB_S, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasDnrm2_v2(cublasHandle_t h, int n, const double *x, int incx, double *result)
{ return l1_submit(h, L1_NRM2, CB_D, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasScnrm2_v2(cublasHandle_t h, int n, const cuComplex *x, int incx, float *result)
{ return l1_submit(h, L1_NRM2, CB_C, n, x, incx, NO_Y, NO_A, NO_B, result); }
cublasStatus_t cublasDznrm2_v2(cublasHandle_t h, int n, const cuDoubleComplex *x, int incx, double *result)
{ return l1_submit(h, L1_NRM2, CB_Z, n, x, incx, NO_Y, NO_A, NO_B, result); }

cublasStatus_t cublasSrot_v2(cublasHandle_t h, int n, float *x, int incx, float *y, int incy, const float *c,
                             const float *s)
{ return l1_submit(h, L1_ROT, CB_S, n, x, incx, y, incy, c, 4, s, 4, NULL); }
cublasStatus_t cublasDrot_v2(cublasHandle_t h, int n, double *x, int incx, double *y, int incy, const double *c,
                             const double *s)
{ return l1_submit(h, L1_ROT, CB_D, n, x, incx, y, incy, c, 8, s, 8, NULL); }
cublasStatus_t cublasCrot_v2(cublasHandle_t h, int n, cuComplex *x, int incx, cuComplex *y, int incy, const float *c,
                             const cuComplex *s)
{ return l1_submit(h, L1_ROT, CB_C, n, x, incx, y, incy, c, 4, s, 8, NULL); }
cublasStatus_t cublasCsrot_v2(cublasHandle_t h, int n, cuComplex *x, int incx, cuComplex *y, int incy,
                              const float *c, const float *s)
{ return l1_submit(h, L1_ROT, CB_C, n, x, incx, y, incy, c, 4, s, 4, NULL); }
cublasStatus_t cublasZrot_v2(cublasHandle_t h, int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy,
                             const double *c, const cuDoubleComplex *s)
{ return l1_submit(h, L1_ROT, CB_Z, n, x, incx, y, incy, c, 8, s, 16, NULL); }
cublasStatus_t cublasZdrot_v2(cublasHandle_t h, int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy,
                              const double *c, const double *s)
{ return l1_submit(h, L1_ROT, CB_Z, n, x, incx, y, incy, c, 8, s, 8, NULL); }

cublasStatus_t cublasSscal_v2(cublasHandle_t h, int n, const float *alpha, float *x, int incx)
{ return l1_submit(h, L1_SCAL, CB_S, n, x, incx, NO_Y, alpha, 4, NO_B, NULL); }
cublasStatus_t cublasDscal_v2(cublasHandle_t h, int n, const double *alpha, double *x, int incx)
{ return l1_submit(h, L1_SCAL, CB_D, n, x, incx, NO_Y, alpha, 8, NO_B, NULL); }
cublasStatus_t cublasCscal_v2(cublasHandle_t h, int n, const cuComplex *alpha, cuComplex *x, int incx)
{ return l1_submit(h, L1_SCAL, CB_C, n, x, incx, NO_Y, alpha, 8, NO_B, NULL); }
cublasStatus_t cublasCsscal_v2(cublasHandle_t h, int n, const float *alpha, cuComplex *x, int incx)
{ return l1_submit(h, L1_SCAL_REAL, CB_C, n, x, incx, NO_Y, alpha, 4, NO_B, NULL); }
cublasStatus_t cublasZscal_v2(cublasHandle_t h, int n, const cuDoubleComplex *alpha, cuDoubleComplex *x, int incx)
{ return l1_submit(h, L1_SCAL, CB_Z, n, x, incx, NO_Y, alpha, 16, NO_B, NULL); }
cublasStatus_t cublasZdscal_v2(cublasHandle_t h, int n, const double *alpha, cuDoubleComplex *x, int incx)
{ return l1_submit(h, L1_SCAL_REAL, CB_Z, n, x, incx, NO_Y, alpha, 8, NO_B, NULL); }

cublasStatus_t cublasSswap_v2(cublasHandle_t h, int n, float *x, int incx, float *y, int incy)
{ return l1_submit(h, L1_SWAP, CB_S, n, x, incx, y, incy, NO_A, NO_B, NULL); }
cublasStatus_t cublasDswap_v2(cublasHandle_t h, int n, double *x, int incx, double *y, int incy)
{ return l1_submit(h, L1_SWAP, CB_D, n, x, incx, y, incy, NO_A, NO_B, NULL); }
cublasStatus_t cublasCswap_v2(cublasHandle_t h, int n, cuComplex *x, int incx, cuComplex *y, int incy)
{ return l1_submit(h, L1_SWAP, CB_C, n, x, incx, y, incy, NO_A, NO_B, NULL); }
cublasStatus_t cublasZswap_v2(cublasHandle_t h, int n, cuDoubleComplex *x, int incx, cuDoubleComplex *y, int incy)
{ return l1_submit(h, L1_SWAP, CB_Z, n, x, incx, y, incy, NO_A, NO_B, NULL); }
