// cuFFT's advanced data layout: cufftPlanMany, cufftMakePlanMany64 and cufftXtMakePlanMany
// (executed with cufftXtExec) with inembed/istride/idist and onembed/ostride/odist:
// interleaved batches (stride = batch, distance 1), transforms embedded in larger arrays
// with strides, real transforms whose sides have their own embeddings, and NULL embeddings
// (the basic layout: strides and distances ignored). Element (b, x0, x1, x2) of a side is at
// b*dist + ((x0*embed[1] + x1)*embed[2] + x2)*stride. Each result is compared with a naive DFT
// of the gathered input, and output elements outside the layout must stay untouched.
// RUN: %cu2cc %s -o %t -lcufft && env CU2C_NUM_THREADS=1 timeout 120 %t && timeout 120 %t
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cufftXt.h>

static int failures;
static const double SENTINEL = 12345.0;

enum Api { PLAN_MANY, MAKE_PLAN_MANY64, XT_MAKE_PLAN_MANY };

struct Case {
    const char *name;
    cufftType type;
    Api api;
    int rank, n[3];
    int has_embed;                 // 0: NULL embeddings (basic layout)
    int inembed[3], istride, idist;
    int onembed[3], ostride, odist;
    int batch;
};

static long offset(const Case &c, const int *embed, int stride, int dist, int b, const int *x) {
    long o = x[0];
    for (int d = 1; d < c.rank; d++) o = o * embed[d] + x[d];
    return (long)b * dist + o * stride;
}

// naive multi-dimensional DFT of a packed complex array, sign -1
static void naive(const double *in, double *out, int rank, const int *n) {
    int total = 1;
    for (int d = 0; d < rank; d++) total *= n[d];
    for (int k = 0; k < total; k++) {
        int kk[3] = {0, 0, 0}, r = k;
        for (int d = rank - 1; d >= 0; d--) { kk[d] = r % n[d]; r /= n[d]; }
        double sr = 0, si = 0;
        for (int j = 0; j < total; j++) {
            int jj[3] = {0, 0, 0}, q = j;
            for (int d = rank - 1; d >= 0; d--) { jj[d] = q % n[d]; q /= n[d]; }
            double ph = 0;
            for (int d = 0; d < rank; d++) ph += (double)((long)kk[d] * jj[d] % n[d]) / n[d];
            double a = -2 * M_PI * ph;
            sr += in[2 * j] * cos(a) - in[2 * j + 1] * sin(a);
            si += in[2 * j] * sin(a) + in[2 * j + 1] * cos(a);
        }
        out[2 * k] = sr;
        out[2 * k + 1] = si;
    }
}

static void unpack(int k, const int *n, int rank, int *x) {
    for (int d = rank - 1; d >= 0; d--) { x[d] = k % n[d]; k /= n[d]; }
}

template <typename R> static void run(const Case &c) {
    bool dbl = sizeof(R) == 8;
    bool r2c = c.type == CUFFT_R2C || c.type == CUFFT_D2Z, c2r = c.type == CUFFT_C2R || c.type == CUFFT_Z2D;
    int total = 1;
    for (int d = 0; d < c.rank; d++) total *= c.n[d];
    int last = c.n[c.rank - 1], half = last / 2 + 1;
    int nhalf[3] = {c.n[0], c.n[1], c.n[2]};
    nhalf[c.rank - 1] = half;
    int htotal = total / last * half;
    // logical sizes of each side, and the layout (basic layout when there is no embedding)
    const int *in_n = c2r ? nhalf : c.n, *out_n = r2c ? nhalf : c.n;
    int in_count = c2r ? htotal : total, out_count = r2c ? htotal : total;
    int in_w = r2c ? 1 : 2, out_w = c2r ? 1 : 2;   // reals per element of each side
    const int *iemb = c.has_embed ? c.inembed : in_n, *oemb = c.has_embed ? c.onembed : out_n;
    int is = c.has_embed ? c.istride : 1, id = c.has_embed ? c.idist : in_count;
    int os = c.has_embed ? c.ostride : 1, od = c.has_embed ? c.odist : out_count;
    // buffer extents: the farthest element of the last transform, plus one
    int top[3];
    long in_len = 0, out_len = 0;
    for (int d = 0; d < c.rank; d++) top[d] = in_n[d] - 1;
    in_len = offset(c, iemb, is, id, c.batch - 1, top) + 1;
    for (int d = 0; d < c.rank; d++) top[d] = out_n[d] - 1;
    out_len = offset(c, oemb, os, od, c.batch - 1, top) + 1;

    R *hin = (R *)malloc(sizeof(R) * in_w * in_len), *hout = (R *)malloc(sizeof(R) * out_w * out_len);
    for (long i = 0; i < in_w * in_len; i++) hin[i] = (R)SENTINEL;
    for (long i = 0; i < out_w * out_len; i++) hout[i] = (R)SENTINEL;
    double *want = (double *)malloc(sizeof(double) * 2 * total * c.batch);  // per batch, out_count numbers
    double *buf = (double *)malloc(sizeof(double) * 2 * total), *spec = (double *)malloc(sizeof(double) * 2 * total);
    double scale = 0;
    for (int b = 0; b < c.batch; b++) {
        int x[3];
        for (int i = 0; i < total; i++) {   // a random signal, real for real transforms
            buf[2 * i] = (double)rand() / RAND_MAX - 0.5;
            buf[2 * i + 1] = r2c || c2r ? 0 : (double)rand() / RAND_MAX - 0.5;
            scale += fabs(buf[2 * i]) + fabs(buf[2 * i + 1]);
        }
        naive(buf, spec, c.rank, c.n);
        if (c2r) {  // input: the half spectrum; want: total * signal
            for (int k = 0; k < htotal; k++) {
                unpack(k, nhalf, c.rank, x);
                int full = 0;
                for (int d = 0; d < c.rank; d++) full = full * c.n[d] + x[d];
                long o = offset(c, iemb, is, id, b, x);
                hin[2 * o] = (R)spec[2 * full];
                hin[2 * o + 1] = (R)spec[2 * full + 1];
            }
            for (int i = 0; i < total; i++) want[(long)b * total + i] = total * buf[2 * i];
        } else {
            for (int i = 0; i < total; i++) {
                unpack(i, c.n, c.rank, x);
                long o = offset(c, iemb, is, id, b, x);
                if (r2c) hin[o] = (R)buf[2 * i];
                else { hin[2 * o] = (R)buf[2 * i]; hin[2 * o + 1] = (R)buf[2 * i + 1]; }
            }
            for (int k = 0; k < out_count; k++) {
                unpack(k, out_n, c.rank, x);
                int full = 0;
                for (int d = 0; d < c.rank; d++) full = full * c.n[d] + x[d];
                want[2 * ((long)b * out_count + k)] = spec[2 * full];
                want[2 * ((long)b * out_count + k) + 1] = spec[2 * full + 1];
            }
        }
    }
    void *din, *dout;
    cudaMalloc(&din, sizeof(R) * in_w * in_len);
    cudaMalloc(&dout, sizeof(R) * out_w * out_len);
    cudaMemcpy(din, hin, sizeof(R) * in_w * in_len, cudaMemcpyHostToDevice);
    cudaMemcpy(dout, hout, sizeof(R) * out_w * out_len, cudaMemcpyHostToDevice);

    cufftHandle plan;
    cufftResult r;
    size_t work = 1;
    long long n64[3], ie64[3], oe64[3];
    for (int d = 0; d < 3; d++) { n64[d] = c.n[d]; ie64[d] = c.inembed[d]; oe64[d] = c.onembed[d]; }
    int *ie = c.has_embed ? (int *)c.inembed : NULL, *oe = c.has_embed ? (int *)c.onembed : NULL;
    if (c.api == PLAN_MANY) {
        // without embeddings, the strides and distances given are ignored
        r = cufftPlanMany(&plan, c.rank, (int *)c.n, ie, c.has_embed ? c.istride : 99, c.has_embed ? c.idist : 7,
                          oe, c.has_embed ? c.ostride : 99, c.has_embed ? c.odist : 7, c.type, c.batch);
    } else {
        cufftCreate(&plan);
        if (c.api == MAKE_PLAN_MANY64) {
            r = cufftMakePlanMany64(plan, c.rank, n64, c.has_embed ? ie64 : NULL, c.istride, c.idist,
                                    c.has_embed ? oe64 : NULL, c.ostride, c.odist, c.type, c.batch, &work);
        } else {
            cudaDataType real = dbl ? CUDA_R_64F : CUDA_R_32F, cplx = dbl ? CUDA_C_64F : CUDA_C_32F;
            r = cufftXtMakePlanMany(plan, c.rank, n64, c.has_embed ? ie64 : NULL, c.istride, c.idist,
                                    r2c ? real : cplx, c.has_embed ? oe64 : NULL, c.ostride, c.odist,
                                    c2r ? real : cplx, c.batch, &work, cplx);
        }
    }
    if (r != CUFFT_SUCCESS) { printf("FAIL %s: plan %d\n", c.name, (int)r); failures++; return; }
    if (c.api == XT_MAKE_PLAN_MANY) r = cufftXtExec(plan, din, dout, CUFFT_FORWARD);
    else if (c.type == CUFFT_C2C) r = cufftExecC2C(plan, (cufftComplex *)din, (cufftComplex *)dout, CUFFT_FORWARD);
    else if (c.type == CUFFT_Z2Z)
        r = cufftExecZ2Z(plan, (cufftDoubleComplex *)din, (cufftDoubleComplex *)dout, CUFFT_FORWARD);
    else if (c.type == CUFFT_R2C) r = cufftExecR2C(plan, (float *)din, (cufftComplex *)dout);
    else if (c.type == CUFFT_D2Z) r = cufftExecD2Z(plan, (double *)din, (cufftDoubleComplex *)dout);
    else if (c.type == CUFFT_C2R) r = cufftExecC2R(plan, (cufftComplex *)din, (float *)dout);
    else r = cufftExecZ2D(plan, (cufftDoubleComplex *)din, (double *)dout);
    if (r != CUFFT_SUCCESS) { printf("FAIL %s: exec %d\n", c.name, (int)r); failures++; return; }
    cudaMemcpy(hout, dout, sizeof(R) * out_w * out_len, cudaMemcpyDeviceToHost);

    // every element of the layout as computed, every other one untouched
    char *mine = (char *)calloc(out_len, 1);
    double worst = 0;
    for (int b = 0; b < c.batch; b++)
        for (int k = 0; k < out_count; k++) {
            int x[3];
            unpack(k, out_n, c.rank, x);
            long o = offset(c, oemb, os, od, b, x);
            mine[o] = 1;
            if (c2r) worst = fmax(worst, fabs(hout[o] - want[(long)b * total + k]));
            else {
                long w = 2 * ((long)b * out_count + k);
                worst = fmax(worst, fmax(fabs(hout[2 * o] - want[w]), fabs(hout[2 * o + 1] - want[w + 1])));
            }
        }
    double tol = (dbl ? 1e-11 : 3e-5) * scale * (c2r ? total : 1);
    if (!(worst <= tol)) { printf("FAIL %s: error %g > %g\n", c.name, worst, tol); failures++; }
    for (long o = 0; o < out_len; o++)
        for (int w = 0; w < out_w; w++)
            if (!mine[o] && hout[out_w * o + w] != (R)SENTINEL) {
                printf("FAIL %s: element %ld outside the output layout was written\n", c.name, o);
                failures++;
                o = out_len;
                break;
            }
    if (cufftDestroy(plan) != CUFFT_SUCCESS) { printf("FAIL %s: destroy\n", c.name); failures++; }
    cudaFree(din);
    cudaFree(dout);
    free(hin); free(hout); free(want); free(buf); free(spec); free(mine);
}

int main() {
    static const Case cases[] = {
        // 1-D, 4 batches interleaved on input (stride 4, distance 1), packed on output
        {"C2C interleaved batches", CUFFT_C2C, PLAN_MANY, 1, {10}, 1, {10}, 4, 1, {10}, 1, 10, 4},
        {"Z2Z interleaved batches (64)", CUFFT_Z2Z, MAKE_PLAN_MANY64, 1, {12}, 1, {12}, 3, 1, {12}, 1, 12, 3},
        // 2-D embedded in larger arrays, strided on input, padded rows on output
        {"C2C 2-D embedded, strided", CUFFT_C2C, PLAN_MANY, 2, {5, 6}, 1, {7, 9}, 2, 7 * 9 * 2 + 3, {5, 8}, 1, 40, 3},
        {"Z2Z 2-D embedded (64)", CUFFT_Z2Z, MAKE_PLAN_MANY64, 2, {5, 6}, 1, {5, 7}, 1, 36, {6, 6}, 2, 80, 2},
        {"C2C 3-D embedded", CUFFT_C2C, PLAN_MANY, 3, {3, 4, 5}, 1, {3, 5, 6}, 1, 100, {3, 4, 7}, 2, 170, 2},
        // real transforms: each side's own embedding (complex side >= n/2+1)
        {"R2C 2-D embedded", CUFFT_R2C, PLAN_MANY, 2, {4, 6}, 1, {4, 8}, 1, 40, {4, 5}, 1, 22, 3},
        {"D2Z 1-D strided", CUFFT_D2Z, MAKE_PLAN_MANY64, 1, {9}, 1, {9}, 2, 19, {5}, 3, 16, 3},
        {"C2R 1-D strided", CUFFT_C2R, PLAN_MANY, 1, {8}, 1, {5}, 2, 11, {8}, 3, 25, 2},
        {"Z2D 2-D embedded", CUFFT_Z2D, PLAN_MANY, 2, {3, 7}, 1, {3, 5}, 1, 16, {4, 9}, 1, 40, 2},
        // cufftXtMakePlanMany by element types, run by cufftXtExec
        {"Xt C2C interleaved", CUFFT_C2C, XT_MAKE_PLAN_MANY, 1, {16}, 1, {16}, 2, 1, {16}, 2, 1, 2},
        {"Xt R2C 2-D embedded", CUFFT_R2C, XT_MAKE_PLAN_MANY, 2, {4, 6}, 1, {4, 8}, 1, 40, {4, 5}, 1, 22, 2},
        {"Xt Z2D 1-D", CUFFT_Z2D, XT_MAKE_PLAN_MANY, 1, {10}, 1, {6}, 1, 6, {10}, 1, 10, 3},
        // NULL embeddings: the basic layout whatever the strides say
        {"C2C basic layout", CUFFT_C2C, PLAN_MANY, 2, {4, 5}, 0, {0}, 0, 0, {0}, 0, 0, 3},
        {"R2C basic layout", CUFFT_R2C, PLAN_MANY, 1, {11}, 0, {0}, 0, 0, {0}, 0, 0, 2},
        {"Xt D2Z basic layout", CUFFT_D2Z, XT_MAKE_PLAN_MANY, 3, {2, 3, 4}, 0, {0}, 1, 0, {0}, 1, 0, 2},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
        cufftType t = cases[i].type;
        if (t == CUFFT_Z2Z || t == CUFFT_D2Z || t == CUFFT_Z2D) run<double>(cases[i]);
        else run<float>(cases[i]);
    }
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL: CUDA error\n"); return 1; }
    if (failures) return 1;
    printf("PASS\n");
    return 0;
}
