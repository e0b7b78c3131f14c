/* layout.c - a transform's sizes and data layout, checked as cuFFT checks them, and the
 * strides FFTW is given for them.
 *
 * cuFFT's advanced layout places element (b, x0, .., xr-1) of the input at
 * b*idist + ((x0*inembed[1] + x1)*inembed[2] + x2..)*istride (inembed[0] is not used), the
 * output likewise; a NULL inembed or onembed means the basic layout on both sides: packed
 * arrays, the complex side of a real transform n/2+1 long in its last dimension, and the real
 * side of an in-place real transform padded to 2*(n/2+1) (FFTW's layout, which is cuFFT's
 * CUFFT_COMPATIBILITY_FFTW_PADDING). Strides and distances count elements of each side's
 * type: reals on the real side, complex numbers on the complex side. */
#include "cufft_internal.h"

#include <limits.h>

int cf_valid_type(cufftType type)
{
    return type == CUFFT_C2C || type == CUFFT_R2C || type == CUFFT_C2R || type == CUFFT_Z2Z ||
           type == CUFFT_D2Z || type == CUFFT_Z2D;
}

int cf_is_double(cufftType type)
{
    return type == CUFFT_Z2Z || type == CUFFT_D2Z || type == CUFFT_Z2D;
}

static int is_r2c(cufftType type) { return type == CUFFT_R2C || type == CUFFT_D2Z; }
static int is_c2r(cufftType type) { return type == CUFFT_C2R || type == CUFFT_Z2D; }

/* The extent of dimension k on the input (output) side: the last dimension of a real
 * transform's complex side holds n/2+1 numbers. */
static long long side_extent(const cf_layout *l, cufftType type, int k, int output)
{
    int complex_half = output ? is_r2c(type) : is_c2r(type);
    return k == l->rank - 1 && complex_half ? l->n[k] / 2 + 1 : l->n[k];
}

/* a * b, or -1 when it passes 2^62 (sizes FFTW's 64-bit interface cannot index anyway) */
static long long mul_capped(long long a, long long b)
{
    if (a < 0 || b < 0 || (b != 0 && a > (LLONG_MAX >> 1) / b))
        return -1;
    return a * b;
}

cufftResult cf_layout_make(cf_layout *l, cufftType type, int rank, const long long *n,
                           const long long *inembed, long long istride, long long idist,
                           const long long *onembed, long long ostride, long long odist, long long batch)
{
    if (!cf_valid_type(type))
        return CUFFT_INVALID_TYPE;
    if (rank < 1 || rank > 3)
        return CUFFT_INVALID_SIZE;
    if (!n)
        return CUFFT_INVALID_VALUE;
    long long total = batch;
    for (int k = 0; k < rank; k++) {
        if (n[k] < 1)
            return CUFFT_INVALID_SIZE;
        total = mul_capped(total, n[k]);
    }
    if (batch < 1 || total < 0)
        return CUFFT_INVALID_SIZE;
    *l = (cf_layout){.rank = rank, .batch = batch, .packed = !inembed || !onembed};
    for (int k = 0; k < rank; k++)
        l->n[k] = n[k];
    if (l->packed)
        return CUFFT_SUCCESS;
    if (istride < 1 || ostride < 1 || idist < 0 || odist < 0)
        return CUFFT_INVALID_VALUE;
    l->istride = istride;
    l->idist = idist;
    l->ostride = ostride;
    l->odist = odist;
    for (int k = 0; k < rank; k++) {
        l->inembed[k] = inembed[k];
        l->onembed[k] = onembed[k];
        /* the slowest dimension's embedding only bounds the data: it is not used */
        if (k > 0 && (inembed[k] < side_extent(l, type, k, 0) || onembed[k] < side_extent(l, type, k, 1)))
            return CUFFT_INVALID_VALUE;
    }
    /* the farthest element of one transform, and of the batch, must be addressable */
    long long ispan = istride, ospan = ostride;
    for (int k = rank - 1; k > 0; k--) {
        ispan = mul_capped(ispan, inembed[k]);
        ospan = mul_capped(ospan, onembed[k]);
    }
    if (mul_capped(ispan, l->n[0]) < 0 || mul_capped(ospan, l->n[0]) < 0 || mul_capped(idist, batch) < 0 ||
        mul_capped(odist, batch) < 0)
        return CUFFT_INVALID_SIZE;
    return CUFFT_SUCCESS;
}

cufftResult cf_layout_make32(cf_layout *l, cufftType type, int rank, const int *n, const int *inembed,
                             int istride, int idist, const int *onembed, int ostride, int odist, int batch)
{
    long long n64[3], in64[3], on64[3];
    if (!cf_valid_type(type))
        return CUFFT_INVALID_TYPE;
    if (rank < 1 || rank > 3)
        return CUFFT_INVALID_SIZE;
    if (!n)
        return CUFFT_INVALID_VALUE;
    for (int k = 0; k < rank; k++) {
        n64[k] = n[k];
        in64[k] = inembed ? inembed[k] : 0;
        on64[k] = onembed ? onembed[k] : 0;
    }
    return cf_layout_make(l, type, rank, n64, inembed ? in64 : NULL, istride, idist, onembed ? on64 : NULL,
                          ostride, odist, batch);
}

void cf_layout_strides(const cf_layout *l, cufftType type, int in_place, cf_strides *s)
{
    int r = l->rank;
    long long iembed[3], oembed[3], istride = 1, ostride = 1;
    if (l->packed) {
        for (int k = 0; k < r; k++) {
            iembed[k] = side_extent(l, type, k, 0);
            oembed[k] = side_extent(l, type, k, 1);
        }
        /* in place, the real side's rows are as long (in reals) as the complex side's */
        if (in_place && is_r2c(type))
            iembed[r - 1] = 2 * (l->n[r - 1] / 2 + 1);
        if (in_place && is_c2r(type))
            oembed[r - 1] = 2 * (l->n[r - 1] / 2 + 1);
    } else {
        for (int k = 0; k < r; k++) {
            iembed[k] = l->inembed[k];
            oembed[k] = l->onembed[k];
        }
        istride = l->istride;
        ostride = l->ostride;
    }
    for (int k = r - 1; k >= 0; k--) {
        s->is[k] = istride;
        s->os[k] = ostride;
        if (k > 0 || l->packed) { /* the advanced layout does not use inembed[0] */
            istride *= iembed[k];
            ostride *= oembed[k];
        }
    }
    /* packed: one transform after the other (istride is now the whole array's size) */
    s->idist = l->packed ? istride : l->idist;
    s->odist = l->packed ? ostride : l->odist;
}

long long cf_layout_elements(const cf_layout *l)
{
    long long e = 1;
    for (int k = 0; k < l->rank; k++)
        e *= l->n[k];
    return e;
}

void cf_layout_bytes(const cf_layout *l, cufftType type, int in_place, size_t *in_bytes, size_t *out_bytes)
{
    cf_strides s;
    cf_layout_strides(l, type, in_place, &s);
    size_t real = cf_is_double(type) ? sizeof(double) : sizeof(float);
    long long in_last = 1 + s.idist * (l->batch - 1), out_last = 1 + s.odist * (l->batch - 1);
    for (int k = 0; k < l->rank; k++) {
        in_last += (side_extent(l, type, k, 0) - 1) * s.is[k];
        out_last += (side_extent(l, type, k, 1) - 1) * s.os[k];
    }
    *in_bytes = (size_t)in_last * (is_r2c(type) ? real : 2 * real);
    *out_bytes = (size_t)out_last * (is_c2r(type) ? real : 2 * real);
}
