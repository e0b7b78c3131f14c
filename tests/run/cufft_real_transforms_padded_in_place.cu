// cuFFT real transforms: R2C and C2R (float), D2Z and Z2D (double), rank 1 (batched), 2 and
// 3, odd and even last dimensions, out of place (packed arrays) and in place (the real rows
// padded to 2*(n/2+1) reals, cuFFT's FFTW-compatible layout). R2C keeps the n/2+1
// non-redundant outputs of the last dimension; C2R of the spectrum of x gives size * x.
// Compared with a naive DFT computed here in double precision.
// RUN: %cu2cc %s -o %t -lcufft && env CU2C_NUM_THREADS=1 timeout 120 %t && timeout 120 %t
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cufft.h>

static int failures;

static void check(cufftResult r, const char *what) {
    if (r != CUFFT_SUCCESS) {
        printf("FAIL %s: cufftResult %d\n", what, (int)r);
        exit(1);
    }
}

// The forward DFT of a packed real array (n[0] slowest), the last dimension cut to n/2+1.
static void naive_r2c(const double *x, double *spec, int rank, const int *n) {
    int total = 1, half = n[rank - 1] / 2 + 1, outer = 1;
    for (int d = 0; d < rank; d++) total *= n[d];
    for (int d = 0; d < rank - 1; d++) outer *= n[d];
    for (int o = 0; o < outer; o++)
        for (int h = 0; h < half; h++) {
            int kk[3] = {0, 0, 0}, r = o;
            kk[rank - 1] = h;
            for (int d = rank - 2; d >= 0; d--) { kk[d] = r % n[d]; r /= n[d]; }
            double sr = 0, si = 0;
            for (int j = 0; j < total; j++) {
                int jj[3] = {0, 0, 0}, q = j;
                for (int d = rank - 1; d >= 0; d--) { jj[d] = q % n[d]; q /= n[d]; }
                double phase = 0;
                for (int d = 0; d < rank; d++) phase += (double)((long)kk[d] * jj[d] % n[d]) / n[d];
                sr += x[j] * cos(-2 * M_PI * phase);
                si += x[j] * sin(-2 * M_PI * phase);
            }
            spec[2 * (o * half + h)] = sr;
            spec[2 * (o * half + h) + 1] = si;
        }
}

// Element (row, col) of a batch member's real side: rows of `pitch` reals.
template <typename R> static void put_real(R *a, long i, double v) { a[i] = (R)v; }

template <typename R, typename C>
static void run(int rank, const int *n, int batch, int in_place, cufftType r2c, cufftType c2r) {
    int total = 1, outer = 1, last = n[rank - 1], half = last / 2 + 1;
    for (int d = 0; d < rank; d++) total *= n[d];
    outer = total / last;
    int pitch = in_place ? 2 * half : last;           // reals per row of the real side
    long real_elems = (long)outer * pitch, cplx_elems = (long)outer * half;
    size_t real_bytes = sizeof(R) * real_elems * batch, cplx_bytes = sizeof(C) * cplx_elems * batch;
    size_t big = real_bytes > cplx_bytes ? real_bytes : cplx_bytes;
    double *x = (double *)malloc(sizeof(double) * total * batch);
    double *spec = (double *)malloc(sizeof(double) * 2 * cplx_elems * batch);
    double scale = 0;
    for (int i = 0; i < total * batch; i++) { x[i] = (double)rand() / RAND_MAX - 0.5; scale += fabs(x[i]); }
    for (int b = 0; b < batch; b++) naive_r2c(x + (long)b * total, spec + 2 * cplx_elems * b, rank, n);
    double tol = (sizeof(R) == 8 ? 1e-11 : 2e-5) * scale;

    cufftHandle fwd, inv;
    if (rank == 1) {
        check(cufftPlan1d(&fwd, n[0], r2c, batch), "plan1d");
        check(cufftPlan1d(&inv, n[0], c2r, batch), "plan1d");
    } else if (rank == 2) {
        check(cufftPlan2d(&fwd, n[0], n[1], r2c), "plan2d");
        check(cufftPlan2d(&inv, n[0], n[1], c2r), "plan2d");
    } else {
        check(cufftPlan3d(&fwd, n[0], n[1], n[2], r2c), "plan3d");
        check(cufftPlan3d(&inv, n[0], n[1], n[2], c2r), "plan3d");
    }
    R *hreal = (R *)calloc(1, big);
    C *hcplx = (C *)calloc(1, big);
    void *dreal, *dcplx;
    cudaMalloc(&dreal, big);
    if (in_place) dcplx = dreal;
    else cudaMalloc(&dcplx, big);
    for (int b = 0; b < batch; b++)
        for (int o = 0; o < outer; o++)
            for (int c = 0; c < last; c++)
                put_real(hreal, b * real_elems + (long)o * pitch + c, x[(long)b * total + (long)o * last + c]);
    cudaMemcpy(dreal, hreal, real_bytes, cudaMemcpyHostToDevice);
    if (sizeof(R) == 8) check(cufftExecD2Z(fwd, (double *)dreal, (cufftDoubleComplex *)dcplx), "D2Z");
    else check(cufftExecR2C(fwd, (float *)dreal, (cufftComplex *)dcplx), "R2C");
    cudaMemcpy(hcplx, dcplx, cplx_bytes, cudaMemcpyDeviceToHost);
    double worst = 0;
    for (long i = 0; i < cplx_elems * batch; i++)
        worst = fmax(worst, fmax(fabs(hcplx[i].x - spec[2 * i]), fabs(hcplx[i].y - spec[2 * i + 1])));
    if (!(worst <= tol)) {
        printf("FAIL forward rank %d last %d batch %d %s %s: error %g > %g\n", rank, last, batch,
               sizeof(R) == 8 ? "D2Z" : "R2C", in_place ? "in place" : "out of place", worst, tol);
        failures++;
    }
    // back: the exact spectrum in, size * x out (C2R may overwrite its input, as cuFFT's)
    for (long i = 0; i < cplx_elems * batch; i++) { hcplx[i].x = spec[2 * i]; hcplx[i].y = spec[2 * i + 1]; }
    cudaMemcpy(dcplx, hcplx, cplx_bytes, cudaMemcpyHostToDevice);
    if (sizeof(R) == 8) check(cufftExecZ2D(inv, (cufftDoubleComplex *)dcplx, (double *)dreal), "Z2D");
    else check(cufftExecC2R(inv, (cufftComplex *)dcplx, (float *)dreal), "C2R");
    cudaMemcpy(hreal, dreal, real_bytes, cudaMemcpyDeviceToHost);
    worst = 0;
    for (int b = 0; b < batch; b++)
        for (int o = 0; o < outer; o++)
            for (int c = 0; c < last; c++) {
                double want = total * x[(long)b * total + (long)o * last + c];
                worst = fmax(worst, fabs(hreal[b * real_elems + (long)o * pitch + c] - want));
            }
    if (!(worst <= tol * total / 8 + tol)) {
        printf("FAIL inverse rank %d last %d batch %d %s %s: error %g\n", rank, last, batch,
               sizeof(R) == 8 ? "Z2D" : "C2R", in_place ? "in place" : "out of place", worst);
        failures++;
    }
    cufftDestroy(fwd);
    cufftDestroy(inv);
    cudaFree(dreal);
    if (!in_place) cudaFree(dcplx);
    free(hreal);
    free(hcplx);
    free(x);
    free(spec);
}

int main() {
    static const int shapes[][5] = {
        // rank, batch, n...
        {1, 1, 16}, {1, 3, 15}, {1, 4, 1}, {1, 2, 2}, {1, 5, 100},
        {2, 1, 6, 8}, {2, 1, 5, 7}, {2, 1, 1, 9},
        {3, 1, 4, 6, 8}, {3, 1, 3, 5, 7},
    };
    for (unsigned s = 0; s < sizeof shapes / sizeof *shapes; s++)
        for (int in_place = 0; in_place < 2; in_place++) {
            const int *sh = shapes[s];
            run<float, cufftComplex>(sh[0], sh + 2, sh[1], in_place, CUFFT_R2C, CUFFT_C2R);
            run<double, cufftDoubleComplex>(sh[0], sh + 2, sh[1], in_place, CUFFT_D2Z, CUFFT_Z2D);
        }
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL: CUDA error\n"); return 1; }
    if (failures) return 1;
    printf("PASS\n");
    return 0;
}
