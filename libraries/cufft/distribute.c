/* distribute.c - how a plan given several GPUs (cufftXtSetGPUs) splits its data among them,
 * following cuFFT's documentation ("Multiple GPU Data Organization"), and copies between that
 * split and one array in natural order, where the transform itself runs (all device memory is
 * host memory here, so gathering costs a copy and no transfer).
 *
 * The natural array is the plan's in-place single-device array (real transforms' rows padded
 * to n/2+1 complex numbers), counted in units of one complex number. With G GPUs, and a
 * dimension of m split among them as cuFFT splits it (the first m % G GPUs one more):
 *  - batches (batch > 1): whole transforms, split by batch, in natural order in every
 *    subformat (cuFFT returns batched results in natural order);
 *  - one 2-D or 3-D transform: in natural order (CUFFT_XT_FORMAT_INPLACE) GPU g holds its
 *    slab of x (the first index); the transform's result (CUFFT_XT_FORMAT_INPLACE_SHUFFLED) is
 *    split along y: GPU g holds [nx][its share of y][nz], so that each GPU's last step sees
 *    whole lines. A transform of shuffled data leaves its result in natural order;
 *  - one 1-D transform of size N (N % G == 0): natural order gives GPU g elements
 *    [g N/G, (g+1) N/G); the result is in cuFFT's strings. N = factor1 * factor2 and
 *    factor1 = stringCount * substringLength; string s is factor2 substrings, substring j
 *    holding elements s * substringLength + j * factor1 + [0, substringLength); the strings
 *    follow each other, the first stringCount / G on the first GPU, and so on (so cuFFT's own
 *    example, N = 1024 on two GPUs: factors 64 and 16, 8 strings of 128, substrings of 8).
 *    cufftXtQueryPlan reports the factors. CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED is the input
 *    already in the order of the first step, factor1 transforms of size factor2; cuFFT does not
 *    document that order: here GPU g holds its share of the factor1 columns, each column's
 *    factor2 elements together.
 * On one GPU every subformat is natural order. */
#include "cufft_internal.h"

#include <string.h>

/* The natural array's shape in units: d[] padded with 1s to three dimensions. */
typedef struct shape {
    long long batch;
    long long d[3];
    long long elements;         /* units in one transform */
} shape;

static shape shape_of(const cf_plan *p)
{
    const cf_layout *l = &p->layout;
    shape s = {l->batch, {1, 1, 1}, 1};
    for (int k = 0; k < l->rank; k++)
        s.d[k] = l->n[k];
    if (p->type != CUFFT_C2C && p->type != CUFFT_Z2Z)
        s.d[l->rank - 1] = l->n[l->rank - 1] / 2 + 1;
    s.elements = s.d[0] * s.d[1] * s.d[2];
    return s;
}

static size_t unit_bytes(const cf_plan *p)
{
    return cf_is_double(p->type) ? 2 * sizeof(double) : 2 * sizeof(float);
}

/* GPU g's share of m things split among G: the first m % G GPUs get one more. */
static void split(long long m, int G, int g, long long *start, long long *count)
{
    long long base = m / G, extra = m % G;
    *count = base + (g < extra);
    *start = g * base + (g < extra ? g : extra);
}

static int single_1d(const cf_plan *p)
{
    return p->layout.rank == 1 && p->layout.batch == 1;
}

static int log2_of(long long v)
{
    int k = 0;
    while ((1LL << k) < v)
        k++;
    return k;
}

/* The strings of one 1-D transform of size n on G GPUs. cuFFT does not say how it picks its
 * factors; these reproduce its documented example: factor2 the largest divisor of n up to
 * sqrt(n)/2 leaving factor1 divisible by G, and the fewest strings, at least 8 where factor1
 * allows, that the GPUs share evenly. */
static cufftResult factor_1d(cf_plan *p, long long n, int G)
{
    if (n % G)
        return CUFFT_INVALID_SIZE;
    long long f2 = 1;
    for (long long c = 1; 4 * c * c <= n; c++)
        if (n % c == 0 && (n / c) % G == 0)
            f2 = c;
    long long f1 = n / f2, strings = G;
    for (long long s = G; s <= f1; s += G)
        if (f1 % s == 0) {
            strings = s;
            if (s >= 8)
                break;
        }
    cufftXt1dFactors *f = &p->factors;
    *f = (cufftXt1dFactors){.size = n, .stringCount = strings, .stringLength = n / strings,
                            .substringLength = f1 / strings, .factor1 = f1, .factor2 = f2};
    if ((n & (n - 1)) == 0) {   /* masks and shifts: documented for powers of two only */
        f->stringMask = strings - 1;
        f->substringMask = f->substringLength - 1;
        f->factor1Mask = f1 - 1;
        f->factor2Mask = f2 - 1;
        f->stringShift = log2_of(f->stringLength);
        f->substringShift = log2_of(f->substringLength);
        f->factor1Shift = log2_of(f1);
        f->factor2Shift = log2_of(f2);
    }
    return CUFFT_SUCCESS;
}

cufftResult cf_dist_plan(cf_plan *p)
{
    cf_layout *l = &p->layout;
    if (!l->packed) {
        /* cuFFT splits no strided data: an advanced layout is taken only when it is the
         * packed in-place one written out */
        cf_layout packed = *l;
        packed.packed = 1;
        cf_strides a, b;
        cf_layout_strides(l, p->type, 1, &a);
        cf_layout_strides(&packed, p->type, 1, &b);
        for (int k = 0; k < l->rank; k++)
            if (a.is[k] != b.is[k] || a.os[k] != b.os[k])
                return CUFFT_INVALID_VALUE;
        if (l->batch > 1 && (a.idist != b.idist || a.odist != b.odist))
            return CUFFT_INVALID_VALUE;
        *l = packed;
    }
    if (p->ngpus == 1 || l->batch > 1)
        return CUFFT_SUCCESS;
    if (l->rank > 1)
        return CUFFT_SUCCESS;
    /* one 1-D transform is split into strings: complex only, as cuFFT's */
    if (p->type != CUFFT_C2C && p->type != CUFFT_Z2Z)
        return CUFFT_NOT_SUPPORTED;
    return factor_1d(p, l->n[0], p->ngpus);
}

int cf_dist_format_ok(const cf_plan *p, int format)
{
    if (format == CUFFT_XT_FORMAT_INPLACE || format == CUFFT_XT_FORMAT_INPLACE_SHUFFLED)
        return 1;
    return format == CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED && single_1d(p);
}

int cf_dist_result_format(const cf_plan *p, int format)
{
    if (p->ngpus == 1 || p->layout.batch > 1)
        return CUFFT_XT_FORMAT_INPLACE;
    return format == CUFFT_XT_FORMAT_INPLACE_SHUFFLED ? CUFFT_XT_FORMAT_INPLACE : CUFFT_XT_FORMAT_INPLACE_SHUFFLED;
}

size_t cf_dist_bytes(const cf_plan *p)
{
    shape s = shape_of(p);
    return (size_t)(s.batch * s.elements) * unit_bytes(p);
}

size_t cf_dist_piece_bytes(const cf_plan *p, int g)
{
    shape s = shape_of(p);
    int G = p->ngpus;
    long long start, count, units;
    if (G == 1) {
        units = s.batch * s.elements;
    } else if (s.batch > 1) {
        split(s.batch, G, g, &start, &count);
        units = count * s.elements;
    } else if (p->layout.rank == 1) {
        units = s.d[0] / G;
    } else {
        split(s.d[0], G, g, &start, &count);
        units = count * s.d[1] * s.d[2];
        split(s.d[1], G, g, &start, &count);
        if (s.d[0] * count * s.d[2] > units)
            units = s.d[0] * count * s.d[2];
    }
    return (size_t)units * unit_bytes(p);
}

/* ---- copies --------------------------------------------------------------------------------- */

typedef struct copier {
    char *natural;
    char *const *pieces;
    size_t unit;
    int to_pieces;              /* scatter: natural to pieces; gather: the other way */
} copier;

/* Copies `units` units between GPU g's piece at piece_at and the natural array at natural_at. */
static void run(const copier *c, int g, long long piece_at, long long natural_at, long long units)
{
    char *piece = c->pieces[g] + (size_t)piece_at * c->unit, *nat = c->natural + (size_t)natural_at * c->unit;
    size_t bytes = (size_t)units * c->unit;
    if (!bytes)
        return;
    if (c->to_pieces)
        memcpy(piece, nat, bytes);
    else
        memcpy(nat, piece, bytes);
}

static void runs_1d(const cf_plan *p, int format, const copier *c)
{
    int G = p->ngpus;
    const cufftXt1dFactors *f = &p->factors;
    long long n = p->layout.n[0];
    if (format == CUFFT_XT_FORMAT_INPLACE_SHUFFLED) {
        long long per_gpu = f->stringCount / G;
        for (int g = 0; g < G; g++)
            for (long long s = 0; s < per_gpu; s++)
                for (long long j = 0; j < f->factor2; j++)
                    run(c, g, s * f->stringLength + j * f->substringLength,
                        (g * per_gpu + s) * f->substringLength + j * f->factor1, f->substringLength);
    } else if (format == CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED) {
        long long columns = f->factor1 / G;
        for (int g = 0; g < G; g++)
            for (long long col = 0; col < columns; col++)
                for (long long m = 0; m < f->factor2; m++)
                    run(c, g, col * f->factor2 + m, g * columns + col + m * f->factor1, 1);
    } else {
        for (int g = 0; g < G; g++)
            run(c, g, 0, g * (n / G), n / G);
    }
}

static void runs(const cf_plan *p, int format, const copier *c)
{
    shape s = shape_of(p);
    int G = p->ngpus;
    long long start, count;
    if (G == 1) {
        run(c, 0, 0, 0, s.batch * s.elements);
    } else if (s.batch > 1) {
        for (int g = 0; g < G; g++) {
            split(s.batch, G, g, &start, &count);
            run(c, g, 0, start * s.elements, count * s.elements);
        }
    } else if (p->layout.rank == 1) {
        runs_1d(p, format, c);
    } else if (format == CUFFT_XT_FORMAT_INPLACE_SHUFFLED) {
        for (int g = 0; g < G; g++) {
            split(s.d[1], G, g, &start, &count);
            for (long long x = 0; x < s.d[0]; x++)
                run(c, g, x * count * s.d[2], (x * s.d[1] + start) * s.d[2], count * s.d[2]);
        }
    } else {
        for (int g = 0; g < G; g++) {
            split(s.d[0], G, g, &start, &count);
            run(c, g, 0, start * s.d[1] * s.d[2], count * s.d[1] * s.d[2]);
        }
    }
}

void cf_dist_gather(const cf_plan *p, int format, void *const *pieces, void *natural)
{
    copier c = {natural, (char *const *)pieces, unit_bytes(p), 0};
    runs(p, format, &c);
}

void cf_dist_scatter(const cf_plan *p, int format, const void *natural, void *const *pieces)
{
    copier c = {(char *)natural, (char *const *)pieces, unit_bytes(p), 1};
    runs(p, format, &c);
}
