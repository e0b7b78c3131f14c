/* libraries/cublaslt/convert.c - cuBLASLt's element types (FP32, FP64, FP16, BF16) to and
 * from the compute precision, by runs of elements: each loop is over one type (the type is
 * chosen once per run, not per element), half and bf16 rounded to nearest even as the GPU's
 * conversions do. Element (r, c) of a layout is at r + c * ld (COL) or r * ld + c (ROW). */
#include <string.h>
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "cublaslt_internal.h"

int lt_type_supported(int type)
{
    return type == CUDA_R_32F || type == CUDA_R_64F || type == CUDA_R_16F || type == CUDA_R_16BF;
}

size_t lt_type_size(int type)
{
    return type == CUDA_R_64F ? 8 : type == CUDA_R_32F ? 4 : 2;
}

static float bf16_to_float(unsigned short b)
{
    uint32_t u = (uint32_t)b << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

void lt_to_float(const void *src, int type, size_t stride, float *dst, size_t n)
{
    switch (type) {
    case CUDA_R_32F:
        for (size_t i = 0; i < n; i++)
            dst[i] = ((const float *)src)[i * stride];
        break;
    case CUDA_R_64F:
        for (size_t i = 0; i < n; i++)
            dst[i] = (float)((const double *)src)[i * stride];
        break;
    case CUDA_R_16F:
        for (size_t i = 0; i < n; i++)
            dst[i] = __half2float(((const __half *)src)[i * stride]);
        break;
    case CUDA_R_16BF:
        for (size_t i = 0; i < n; i++)
            dst[i] = bf16_to_float(((const unsigned short *)src)[i * stride]);
        break;
    }
}

void lt_to_double(const void *src, int type, size_t stride, double *dst, size_t n)
{
    switch (type) {
    case CUDA_R_32F:
        for (size_t i = 0; i < n; i++)
            dst[i] = ((const float *)src)[i * stride];
        break;
    case CUDA_R_64F:
        for (size_t i = 0; i < n; i++)
            dst[i] = ((const double *)src)[i * stride];
        break;
    case CUDA_R_16F:
        for (size_t i = 0; i < n; i++)
            dst[i] = __half2float(((const __half *)src)[i * stride]);
        break;
    case CUDA_R_16BF:
        for (size_t i = 0; i < n; i++)
            dst[i] = bf16_to_float(((const unsigned short *)src)[i * stride]);
        break;
    }
}

/* Doubles to FP16 and BF16 round once, from the double (through float where it is exact). */
void lt_from_double(const double *src, void *dst, int type, size_t stride, size_t n)
{
    switch (type) {
    case CUDA_R_32F:
        for (size_t i = 0; i < n; i++)
            ((float *)dst)[i * stride] = (float)src[i];
        break;
    case CUDA_R_64F:
        for (size_t i = 0; i < n; i++)
            ((double *)dst)[i * stride] = src[i];
        break;
    case CUDA_R_16F:
        for (size_t i = 0; i < n; i++)
            ((__half *)dst)[i * stride] = __double2half(src[i]);
        break;
    case CUDA_R_16BF:
        for (size_t i = 0; i < n; i++)
            ((__nv_bfloat16 *)dst)[i * stride] = __double2bfloat16(src[i]);
        break;
    }
}

/* Column c of a layout (its rows elements) as doubles. */
void lt_load_column(const lt_layout *l, const void *base, uint64_t c, double *out)
{
    size_t es = lt_type_size(l->type);
    if (l->order == CUBLASLT_ORDER_COL)
        lt_to_double((const char *)base + (size_t)c * (size_t)l->ld * es, l->type, 1, out, l->rows);
    else
        lt_to_double((const char *)base + (size_t)c * es, l->type, (size_t)l->ld, out, l->rows);
}

void lt_store_column(const lt_layout *l, void *base, uint64_t c, const double *in)
{
    size_t es = lt_type_size(l->type);
    if (l->order == CUBLASLT_ORDER_COL)
        lt_from_double(in, (char *)base + (size_t)c * (size_t)l->ld * es, l->type, 1, l->rows);
    else
        lt_from_double(in, (char *)base + (size_t)c * es, l->type, (size_t)l->ld, l->rows);
}
