/* libraries/cublaslt/matmul.c - cublasLtMatmul: D = epilogue(alpha op(A) op(B) + beta C), each
 * of a batch, queued on the stream given. The product is OpenBLAS's gemm in the compute
 * precision (FP32, or FP64 for the 64F compute types) on A and B where they are stored, or on
 * panels converted from FP16 and BF16 (and from row-major order by taking the transpose).
 * Where the epilogue is the identity and D is column-major in the compute precision, the
 * gemm writes D (with beta, C being D); otherwise it writes a scratch product that one pass
 * per column of D finishes: beta C, the bias, the aux output or input (GELU's input in the
 * aux type, ReLU's as a bit mask), the activation or its gradient, the bias gradient (the sum
 * over D's columns), D stored in its type and order. BGRADA and BGRADB sum op(A)'s rows and
 * op(B)'s columns over k. GELU is the tanh form (as cuBLASLt and GPT-2 use). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_fp16.h"
#include "cublaslt_internal.h"

/* ---- epilogues ------------------------------------------------------------------------- */

enum { EPI_BIAS = 4, EPI_AUX = 128 };

static int epilogue_known(uint32_t e)
{
    switch (e) {
    case CUBLASLT_EPILOGUE_DEFAULT: case CUBLASLT_EPILOGUE_RELU: case CUBLASLT_EPILOGUE_RELU_AUX:
    case CUBLASLT_EPILOGUE_BIAS: case CUBLASLT_EPILOGUE_RELU_BIAS: case CUBLASLT_EPILOGUE_RELU_AUX_BIAS:
    case CUBLASLT_EPILOGUE_DRELU: case CUBLASLT_EPILOGUE_DRELU_BGRAD: case CUBLASLT_EPILOGUE_GELU:
    case CUBLASLT_EPILOGUE_GELU_AUX: case CUBLASLT_EPILOGUE_GELU_BIAS: case CUBLASLT_EPILOGUE_GELU_AUX_BIAS:
    case CUBLASLT_EPILOGUE_DGELU: case CUBLASLT_EPILOGUE_DGELU_BGRAD: case CUBLASLT_EPILOGUE_BGRADA:
    case CUBLASLT_EPILOGUE_BGRADB:
        return 1;
    }
    return 0;
}

static int epi_relu(uint32_t e)
{
    return (e & ~(uint32_t)(EPI_BIAS | EPI_AUX)) == CUBLASLT_EPILOGUE_RELU;
}
static int epi_gelu(uint32_t e)
{
    return (e & ~(uint32_t)(EPI_BIAS | EPI_AUX)) == CUBLASLT_EPILOGUE_GELU;
}
static int epi_drelu(uint32_t e)
{
    return e == CUBLASLT_EPILOGUE_DRELU || e == CUBLASLT_EPILOGUE_DRELU_BGRAD;
}
static int epi_dgelu(uint32_t e)
{
    return e == CUBLASLT_EPILOGUE_DGELU || e == CUBLASLT_EPILOGUE_DGELU_BGRAD;
}
/* The bias pointer is read (BIAS) or written (the gradients). */
static int epi_bias_pointer(uint32_t e)
{
    return (e & EPI_BIAS) || e == CUBLASLT_EPILOGUE_DRELU_BGRAD || e == CUBLASLT_EPILOGUE_DGELU_BGRAD ||
           e == CUBLASLT_EPILOGUE_BGRADA || e == CUBLASLT_EPILOGUE_BGRADB;
}
/* ReLU's aux is a bit mask; GELU's holds elements of the aux type. */
static int epi_mask(uint32_t e)
{
    return (e & EPI_AUX) && (epi_relu(e) || epi_drelu(e));
}

static double gelu(double x)
{
    const double s = 0.7978845608028654;   /* sqrt(2 / pi) */
    return 0.5 * x * (1.0 + tanh(s * (x + 0.044715 * x * x * x)));
}

static double gelu_gradient(double x)
{
    const double s = 0.7978845608028654;
    double t = tanh(s * (x + 0.044715 * x * x * x));
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * s * (1.0 + 3.0 * 0.044715 * x * x);
}

/* ---- checks ---------------------------------------------------------------------------- */

static int compute_double(int ct)
{
    return ct == CUBLAS_COMPUTE_64F || ct == CUBLAS_COMPUTE_64F_PEDANTIC;
}
static int compute_float(int ct)
{
    return ct == CUBLAS_COMPUTE_32F || ct == CUBLAS_COMPUTE_32F_PEDANTIC || ct == CUBLAS_COMPUTE_32F_FAST_16F ||
           ct == CUBLAS_COMPUTE_32F_FAST_16BF || ct == CUBLAS_COMPUTE_32F_FAST_TF32 ||
           ct == CUBLAS_COMPUTE_16F || ct == CUBLAS_COMPUTE_16F_PEDANTIC;
}

static int op_valid(int op)
{
    return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}

/* The leading dimension holds a column (COL) or a row (ROW). */
static int ld_valid(const lt_layout *l)
{
    uint64_t need = l->order == CUBLASLT_ORDER_COL ? l->rows : l->cols;
    return l->ld >= 1 && (uint64_t)l->ld >= need;
}

static int aux_type_of(const lt_desc *desc, const lt_layout *d)
{
    return desc->aux_type < 0 ? d->type : desc->aux_type;
}
static int bias_type_of(const lt_desc *desc, const lt_layout *d)
{
    return desc->bias_type < 0 ? d->type : desc->bias_type;
}

cublasStatus_t lt_matmul_check(const lt_desc *desc, const lt_layout *a, const lt_layout *b, const lt_layout *c,
                               const lt_layout *d)
{
    if (!desc || !a || !b || !c || !d)
        return CUBLAS_STATUS_INVALID_VALUE;
    int dbl = compute_double(desc->compute_type);
    if (!dbl && !compute_float(desc->compute_type))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    const lt_layout *all[4] = {a, b, c, d};
    for (int i = 0; i < 4; i++) {
        if (!lt_type_supported(all[i]->type) || (all[i]->order != CUBLASLT_ORDER_COL && all[i]->order != CUBLASLT_ORDER_ROW))
            return CUBLAS_STATUS_NOT_SUPPORTED;
        if (dbl != (all[i]->type == CUDA_R_64F))
            return CUBLAS_STATUS_NOT_SUPPORTED;     /* FP64 computes FP64 matrices only */
    }
    if (a->type != b->type)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    int half_compute = desc->compute_type == CUBLAS_COMPUTE_16F || desc->compute_type == CUBLAS_COMPUTE_16F_PEDANTIC;
    if (dbl ? desc->scale_type != CUDA_R_64F
            : !(desc->scale_type == CUDA_R_32F || (half_compute && desc->scale_type == CUDA_R_16F)))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    if (desc->pointer_mode != CUBLASLT_POINTER_MODE_HOST && desc->pointer_mode != CUBLASLT_POINTER_MODE_DEVICE)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    if (!op_valid(desc->transa) || !op_valid(desc->transb))
        return CUBLAS_STATUS_INVALID_VALUE;
    if (desc->transc != CUBLAS_OP_N || desc->fill_mode != CUBLAS_FILL_MODE_FULL || !epilogue_known(desc->epilogue))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    if (desc->a_scale || desc->b_scale || desc->c_scale || desc->d_scale || desc->aux_scale || desc->amax_d ||
        desc->aux_amax)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    uint64_t m = d->rows, n = d->cols;
    int ta = desc->transa != CUBLAS_OP_N, tb = desc->transb != CUBLAS_OP_N;
    uint64_t k = ta ? a->rows : a->cols;
    if ((ta ? a->cols : a->rows) != m || (tb ? b->cols : b->rows) != k || (tb ? b->rows : b->cols) != n ||
        c->rows != m || c->cols != n)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (m > INT32_MAX || n > INT32_MAX || k > INT32_MAX)
        return CUBLAS_STATUS_NOT_SUPPORTED;
    for (int i = 0; i < 4; i++)
        if (!ld_valid(all[i]) || all[i]->ld > INT32_MAX || all[i]->batch_count != d->batch_count)
            return CUBLAS_STATUS_INVALID_VALUE;
    if (d->batch_count < 1)
        return CUBLAS_STATUS_INVALID_VALUE;
    uint32_t e = desc->epilogue;
    if (epi_bias_pointer(e) && !lt_type_supported(bias_type_of(desc, d)))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    if ((e & EPI_AUX) && !epi_mask(e) && !lt_type_supported(aux_type_of(desc, d)))
        return CUBLAS_STATUS_NOT_SUPPORTED;
    return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t lt_matmul_check_pointers(const lt_desc *desc, const lt_layout *d)
{
    uint32_t e = desc->epilogue;
    if (epi_bias_pointer(e) && !desc->bias)
        return CUBLAS_STATUS_INVALID_VALUE;
    if (e & EPI_AUX) {
        if (!desc->aux || desc->aux_ld < 1 || (uint64_t)desc->aux_ld < d->rows)
            return CUBLAS_STATUS_INVALID_VALUE;
        if (epi_mask(e) && desc->aux_ld % 128)
            return CUBLAS_STATUS_INVALID_VALUE;     /* a bit mask's rows: whole 128-bit words */
    }
    return CUBLAS_STATUS_SUCCESS;
}

/* ---- the job --------------------------------------------------------------------------- */

typedef struct lt_job {
    cb_job base;
    lt_desc desc;                    /* as they were at the call */
    lt_layout a, b, c, d;
    const void *A, *B, *C;
    void *D;
    double alpha, beta;              /* host pointer mode: their values */
    const void *alpha_p, *beta_p;    /* device pointer mode: where they are */
} lt_job;

static double scalar_value(int scale_type, const void *p)
{
    switch (scale_type) {
    case CUDA_R_64F: return *(const double *)p;
    case CUDA_R_16F: return __half2float(*(const __half *)p);
    default: return *(const float *)p;
    }
}

/* Room for count elements of es bytes (at least one). */
static void *alloc_elements(size_t count, size_t es)
{
    return malloc((count ? count : 1) * es);
}

/* An operand as BLAS takes it: column-major elements of the compute precision with op. */
typedef struct lt_panel {
    const void *p;
    int ld;
    int trans;                       /* op(the column-major matrix at p) is the operand */
    void *owned;                     /* a converted copy (freed after) */
} lt_panel;

/* op(X) for X of layout l at base: in place where its elements are of the compute precision
 * (a row-major X is its transpose, column-major), else converted by columns. */
static int panel_make(const lt_layout *l, const void *base, int op, int dbl, lt_panel *pn)
{
    int row = l->order == CUBLASLT_ORDER_ROW;
    size_t stored_rows = row ? l->cols : l->rows, stored_cols = row ? l->rows : l->cols;
    pn->trans = (op != CUBLAS_OP_N) != row;
    pn->owned = NULL;
    if (l->type == (dbl ? CUDA_R_64F : CUDA_R_32F)) {
        pn->p = base;
        pn->ld = (int)l->ld;
        return 1;
    }
    size_t es = dbl ? sizeof(double) : sizeof(float), ts = lt_type_size(l->type);
    char *buf = alloc_elements(stored_rows * stored_cols, es);
    if (!buf)
        return 0;
    for (size_t c = 0; c < stored_cols; c++) {
        const char *src = (const char *)base + c * (size_t)l->ld * ts;
        if (dbl)
            lt_to_double(src, l->type, 1, (double *)buf + c * stored_rows, stored_rows);
        else
            lt_to_float(src, l->type, 1, (float *)buf + c * stored_rows, stored_rows);
    }
    pn->p = buf;
    pn->ld = stored_rows ? (int)stored_rows : 1;
    pn->owned = buf;
    return 1;
}

static void gemm(int dbl, const lt_panel *a, const lt_panel *b, int m, int n, int k, double alpha, double beta,
                 void *c, int ldc)
{
    if (m == 0 || n == 0)
        return;
    enum CBLAS_TRANSPOSE ta = a->trans ? CblasTrans : CblasNoTrans, tb = b->trans ? CblasTrans : CblasNoTrans;
    if (dbl)
        cblas_dgemm(CblasColMajor, ta, tb, m, n, k, alpha, a->p, a->ld, b->p, b->ld, beta, c, ldc);
    else
        cblas_sgemm(CblasColMajor, ta, tb, m, n, k, (float)alpha, a->p, a->ld, b->p, b->ld, (float)beta, c, ldc);
}

/* Element i of a panel's storage in the compute precision. */
static double panel_at(const lt_panel *pn, int dbl, size_t i)
{
    return dbl ? ((const double *)pn->p)[i] : ((const float *)pn->p)[i];
}

/* BGRADA: out[i] = sum over kk of op(A)(i, kk); BGRADB: out[j] = sum over kk of op(B)(kk, j). */
static void operand_sums(const lt_panel *pn, int dbl, int of_b, int count, int k, double *out)
{
    int along_columns = pn->trans != of_b;  /* the sum of index r is its stored column r */
    for (int r = 0; r < count; r++)
        out[r] = 0;
    for (int kk = 0; kk < k; kk++)
        for (int r = 0; r < count; r++)
            out[r] += along_columns ? panel_at(pn, dbl, (size_t)kk + (size_t)r * pn->ld)
                                    : panel_at(pn, dbl, (size_t)r + (size_t)kk * pn->ld);
}

static int mask_bit(const unsigned char *mask, size_t bit)
{
    return (mask[bit >> 3] >> (bit & 7)) & 1;
}
static void set_mask_bit(unsigned char *mask, size_t bit, int on)
{
    if (on)
        mask[bit >> 3] |= (unsigned char)(1u << (bit & 7));
    else
        mask[bit >> 3] &= (unsigned char)~(1u << (bit & 7));
}

/* The pass over D's columns finishing one matmul of the batch: t holds alpha op(A) op(B)
 * (m x n, leading dimension m); C, D, bias and aux are this matmul's. */
static int finish_columns(const lt_job *j, int dbl, const void *t, double beta, const void *C, void *D, void *bias,
                          void *aux)
{
    const lt_desc *ds = &j->desc;
    uint32_t e = ds->epilogue;
    size_t m = j->d.rows, n = j->d.cols;
    int bias_t = bias_type_of(ds, &j->d), aux_t = aux_type_of(ds, &j->d);
    size_t aux_es = epi_mask(e) ? 0 : lt_type_size(aux_t);
    int bgrad = e == CUBLASLT_EPILOGUE_DRELU_BGRAD || e == CUBLASLT_EPILOGUE_DGELU_BGRAD;
    double *x = alloc_elements(4 * m, sizeof *x);
    if (!x)
        return 0;
    double *cc = x + m, *bv = x + 2 * m, *av = x + 3 * m;
    if (e & EPI_BIAS)
        lt_to_double(bias, bias_t, 1, bv, m);
    if (bgrad)
        memset(bv, 0, sizeof *bv * m);
    for (size_t col = 0; col < n; col++) {
        if (dbl)
            memcpy(x, (const double *)t + col * m, sizeof *x * m);
        else
            lt_to_double((const float *)t + col * m, CUDA_R_32F, 1, x, m);
        if (beta != 0) {
            lt_load_column(&j->c, C, col, cc);
            for (size_t i = 0; i < m; i++)
                x[i] += beta * cc[i];
        }
        if (e & EPI_BIAS)
            for (size_t i = 0; i < m; i++)
                x[i] += bv[i];
        size_t aux_col = col * (size_t)ds->aux_ld;
        if ((e & EPI_AUX) && (epi_relu(e) || epi_gelu(e))) {    /* the activation's input, kept */
            if (epi_mask(e))
                for (size_t i = 0; i < m; i++)
                    set_mask_bit(aux, aux_col + i, x[i] > 0);
            else
                lt_from_double(x, (char *)aux + aux_col * aux_es, aux_t, 1, m);
        }
        if (epi_relu(e))
            for (size_t i = 0; i < m; i++)
                x[i] = x[i] > 0 ? x[i] : 0;
        if (epi_gelu(e))
            for (size_t i = 0; i < m; i++)
                x[i] = gelu(x[i]);
        if (epi_drelu(e))
            for (size_t i = 0; i < m; i++)
                x[i] = mask_bit(aux, aux_col + i) ? x[i] : 0;
        if (epi_dgelu(e)) {
            lt_to_double((const char *)aux + aux_col * aux_es, aux_t, 1, av, m);
            for (size_t i = 0; i < m; i++)
                x[i] *= gelu_gradient(av[i]);
        }
        if (bgrad)
            for (size_t i = 0; i < m; i++)
                bv[i] += x[i];
        lt_store_column(&j->d, D, col, x);
    }
    if (bgrad)
        lt_from_double(bv, bias, bias_t, 1, m);
    free(x);
    return 1;
}

/* One matmul of the batch; 0 when memory ran out. */
static int matmul_one(const lt_job *j, int dbl, double alpha, double beta, int i)
{
    const lt_desc *ds = &j->desc;
    uint32_t e = ds->epilogue;
    int m = (int)j->d.rows, n = (int)j->d.cols;
    int k = (int)(ds->transa != CUBLAS_OP_N ? j->a.rows : j->a.cols);
    const char *A = (const char *)j->A + (size_t)i * (size_t)j->a.batch_stride * lt_type_size(j->a.type);
    const char *B = (const char *)j->B + (size_t)i * (size_t)j->b.batch_stride * lt_type_size(j->b.type);
    const char *C = (const char *)j->C + (size_t)i * (size_t)j->c.batch_stride * lt_type_size(j->c.type);
    char *D = (char *)j->D + (size_t)i * (size_t)j->d.batch_stride * lt_type_size(j->d.type);
    char *bias = ds->bias ? (char *)ds->bias + (size_t)i * (size_t)ds->bias_batch_stride *
                                                   lt_type_size(bias_type_of(ds, &j->d)) : NULL;
    char *aux = NULL;
    if (ds->aux)
        aux = (char *)ds->aux + (epi_mask(e) ? (size_t)i * (size_t)ds->aux_batch_stride / 8
                                             : (size_t)i * (size_t)ds->aux_batch_stride *
                                                   lt_type_size(aux_type_of(ds, &j->d)));
    lt_panel pa, pb;
    int ok = panel_make(&j->a, A, ds->transa, dbl, &pa);
    if (ok && !panel_make(&j->b, B, ds->transb, dbl, &pb)) {
        free(pa.owned);
        ok = 0;
    }
    if (!ok)
        return 0;
    if (e == CUBLASLT_EPILOGUE_BGRADA || e == CUBLASLT_EPILOGUE_BGRADB) {
        int of_b = e == CUBLASLT_EPILOGUE_BGRADB, count = of_b ? n : m;
        double *sums = alloc_elements((size_t)count, sizeof *sums);
        ok = sums != NULL;
        if (ok) {
            operand_sums(of_b ? &pb : &pa, dbl, of_b, count, k, sums);
            lt_from_double(sums, bias, bias_type_of(ds, &j->d), 1, (size_t)count);
        }
        free(sums);
    }
    int in_place = j->C == j->D && j->c.type == j->d.type && j->c.order == j->d.order && j->c.ld == j->d.ld &&
                   j->c.batch_stride == j->d.batch_stride;
    int direct = (e == CUBLASLT_EPILOGUE_DEFAULT || e == CUBLASLT_EPILOGUE_BGRADA || e == CUBLASLT_EPILOGUE_BGRADB) &&
                 j->d.type == (dbl ? CUDA_R_64F : CUDA_R_32F) && j->d.order == CUBLASLT_ORDER_COL &&
                 (beta == 0 || in_place);
    if (ok && direct) {
        gemm(dbl, &pa, &pb, m, n, k, alpha, beta, D, (int)j->d.ld);
    } else if (ok) {
        size_t es = dbl ? sizeof(double) : sizeof(float);
        void *t = alloc_elements((size_t)m * (size_t)n, es);
        ok = t != NULL;
        if (ok) {
            gemm(dbl, &pa, &pb, m, n, k, alpha, 0, t, m > 0 ? m : 1);
            ok = finish_columns(j, dbl, t, beta, C, D, bias, aux);
        }
        free(t);
    }
    free(pa.owned);
    free(pb.owned);
    return ok;
}

static void lt_run(cb_job *job)
{
    lt_job *j = (lt_job *)job;
    int dbl = compute_double(j->desc.compute_type);
    double alpha = j->alpha_p ? scalar_value(j->desc.scale_type, j->alpha_p) : j->alpha;
    double beta = j->beta_p ? scalar_value(j->desc.scale_type, j->beta_p) : j->beta;
    for (int i = 0; i < j->d.batch_count; i++)
        if (!matmul_one(j, dbl, alpha, beta, i)) {
            fprintf(stderr, "cu2c: cuBLASLt: out of memory: matmul %d of the batch not done\n", i);
            return;
        }
}

cublasStatus_t cublasLtMatmul(cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc, const void *alpha,
                              const void *A, cublasLtMatrixLayout_t Adesc, const void *B,
                              cublasLtMatrixLayout_t Bdesc, const void *beta, const void *C,
                              cublasLtMatrixLayout_t Cdesc, void *D, cublasLtMatrixLayout_t Ddesc,
                              const cublasLtMatmulAlgo_t *algo, void *workspace, size_t workspaceSizeInBytes,
                              cudaStream_t stream)
{
    (void)algo;         /* one algorithm: any the heuristic gave (or none) runs it */
    (void)workspace;
    (void)workspaceSizeInBytes;
    if (!lt_handle_valid(lightHandle))
        return CUBLAS_STATUS_NOT_INITIALIZED;
    lt_desc *ds = lt_desc_of(computeDesc);
    lt_layout *a = lt_layout_of(Adesc), *b = lt_layout_of(Bdesc), *c = lt_layout_of(Cdesc), *d = lt_layout_of(Ddesc);
    cublasStatus_t st = lt_matmul_check(ds, a, b, c, d);
    if (st == CUBLAS_STATUS_SUCCESS)
        st = lt_matmul_check_pointers(ds, d);
    if (st != CUBLAS_STATUS_SUCCESS)
        return st;
    uint64_t k = ds->transa != CUBLAS_OP_N ? a->rows : a->cols;
    int empty = d->rows == 0 || d->cols == 0;
    if (!alpha || !beta || (!empty && !D) || (!empty && k && (!A || !B)))
        return CUBLAS_STATUS_INVALID_VALUE;
    if (ds->pointer_mode == CUBLASLT_POINTER_MODE_HOST && !empty && !C &&
        scalar_value(ds->scale_type, beta) != 0)
        return CUBLAS_STATUS_INVALID_VALUE;
    lt_job *job = cb_job_new(sizeof *job, lt_run);
    if (!job)
        return CUBLAS_STATUS_ALLOC_FAILED;
    job->desc = *ds;
    job->a = *a;
    job->b = *b;
    job->c = *c;
    job->d = *d;
    job->A = A;
    job->B = B;
    job->C = C;
    job->D = D;
    if (ds->pointer_mode == CUBLASLT_POINTER_MODE_HOST) {
        job->alpha = scalar_value(ds->scale_type, alpha);
        job->beta = scalar_value(ds->scale_type, beta);
    } else {
        job->alpha_p = alpha;
        job->beta_p = beta;
    }
    return cb_submit_on(stream, &job->base, 0);
}
