// cuFFTW (cufftw.h, -lcufftw), cuFFT's FFTW-compatible interface, is FFTW's own API here:
// fftwf/fftw plans of one and two dimensions, advanced (fftw_plan_many_dft) and real ones,
// executed on host memory, next to a kernel that scales a result; compared with a naive DFT.
// RUN: %cu2cc %s -o %t -lcufftw && %t
#include <cmath>
#include <cstdio>
#include <cufftw.h>

static int failures;

__global__ void scale(float *v, int n, float s) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= s;
}

static void expect(const char *what, double got, double want, double tol) {
    if (!(fabs(got - want) <= tol)) { printf("FAIL %s: %g, expected %g\n", what, got, want); failures++; }
}

int main() {
    const int n = 12;
    // 1-D float complex, in place
    fftwf_complex *a = (fftwf_complex *)fftwf_malloc(sizeof(fftwf_complex) * n);
    for (int i = 0; i < n; i++) { a[i][0] = (float)(i % 5); a[i][1] = (float)(i % 3) - 1; }
    fftwf_plan p = fftwf_plan_dft_1d(n, a, a, FFTW_FORWARD, FFTW_ESTIMATE);
    fftwf_execute(p);
    for (int k = 0; k < n; k++) {
        double re = 0, im = 0;
        for (int j = 0; j < n; j++) {
            double ang = -2 * M_PI * j * k / n, xr = j % 5, xi = (j % 3) - 1;
            re += xr * cos(ang) - xi * sin(ang);
            im += xr * sin(ang) + xi * cos(ang);
        }
        expect("fftwf_plan_dft_1d re", a[k][0], re, 1e-4);
        expect("fftwf_plan_dft_1d im", a[k][1], im, 1e-4);
    }
    fftwf_destroy_plan(p);
    fftwf_free(a);

    // 2-D double real to complex and back: n0*n1 times the input
    const int n0 = 4, n1 = 6;
    double *x = (double *)fftw_malloc(sizeof(double) * n0 * n1), *y = (double *)fftw_malloc(sizeof(double) * n0 * n1);
    fftw_complex *X = (fftw_complex *)fftw_malloc(sizeof(fftw_complex) * n0 * (n1 / 2 + 1));
    for (int i = 0; i < n0 * n1; i++) x[i] = sin(i * 0.7);
    fftw_plan f = fftw_plan_dft_r2c_2d(n0, n1, x, X, FFTW_ESTIMATE);
    fftw_plan b = fftw_plan_dft_c2r_2d(n0, n1, X, y, FFTW_ESTIMATE);
    fftw_execute(f);
    double sum = 0;
    for (int i = 0; i < n0 * n1; i++) sum += x[i];
    expect("fftw_plan_dft_r2c_2d DC", X[0][0], sum, 1e-9);
    fftw_execute(b);
    for (int i = 0; i < n0 * n1; i++) expect("r2c/c2r round trip", y[i], n0 * n1 * x[i], 1e-9);
    fftw_destroy_plan(f);
    fftw_destroy_plan(b);

    // advanced: three interleaved 1-D transforms (stride 3, distance 1), then a kernel
    float *h;
    cudaMallocManaged(&h, sizeof(float) * 2 * 3 * 8);
    fftwf_complex *c = (fftwf_complex *)h;
    for (int i = 0; i < 24; i++) { c[i][0] = (float)(i % 3 + 1); c[i][1] = 0; }
    int len = 8;
    fftwf_plan m = fftwf_plan_many_dft(1, &len, 3, c, NULL, 3, 1, c, NULL, 3, 1, FFTW_FORWARD, FFTW_ESTIMATE);
    fftwf_execute(m);
    scale<<<1, 64>>>(h, 48, 0.5f);
    cudaDeviceSynchronize();
    for (int t = 0; t < 3; t++) {
        expect("plan_many DC", c[t][0], 0.5 * 8 * (t + 1), 1e-5);
        expect("plan_many bin 1", c[3 + t][0], 0, 1e-5);
    }
    fftwf_destroy_plan(m);
    cudaFree(h);
    fftw_free(x);
    fftw_free(y);
    fftw_free(X);
    if (failures) return 1;
    printf("PASS\n");
    return 0;
}
