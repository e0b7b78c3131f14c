// Large cuFFT transforms (65536 elements and more), whose FFTW plans are guessed, or measured
// on scratch arrays the first time they run a new way under CU2C_CUFFT_PLANNER=measure (a
// few of them: measuring takes seconds): a
// complex exponential e^(2 pi i (a j/n0 + b k/n1)) transforms forward into n0*n1 at (a, b)
// and 0 elsewhere, and an inverse brings it back times n0*n1; in and out of place, on
// aligned and unaligned arrays, float and double, complex and real. The user's data must be
// untouched by the measuring.
// RUN: %cu2cc %s -o %t -lcufft && timeout 300 %t && env CU2C_CUFFT_PLANNER=measure timeout 300 %t few
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cufft.h>

static int failures;
#define CHECK(call)                                                                              \
    do {                                                                                         \
        int r_ = (int)(call);                                                                    \
        if (r_ != 0) { printf("FAIL line %d: %s returned %d\n", __LINE__, #call, r_); exit(1); } \
    } while (0)

template <typename C> static void exponential(C *x, int n0, int n1, int a, int b) {
    for (int j = 0; j < n0; j++)
        for (int k = 0; k < n1; k++) {
            double ph = 2 * M_PI * ((double)((long)a * j % n0) / n0 + (double)((long)b * k % n1) / n1);
            x[(long)j * n1 + k].x = cos(ph);
            x[(long)j * n1 + k].y = sin(ph);
        }
}

// spectrum of exponential(a, b): n0*n1 at (a, b)
template <typename C> static double spectrum_error(const C *X, int n0, int n1, int a, int b) {
    double worst = 0;
    for (long i = 0; i < (long)n0 * n1; i++) {
        double want = i == (long)a * n1 + b ? (double)n0 * n1 : 0;
        worst = fmax(worst, fmax(fabs(X[i].x - want), fabs(X[i].y)));
    }
    return worst;
}

template <typename C> static void complex_case(int n0, int n1, int offset, bool in_place, cufftType type) {
    long count = (long)n0 * n1;
    C *buf, *obuf;
    CHECK(cudaMallocManaged(&buf, sizeof(C) * (count + 1)));
    CHECK(cudaMallocManaged(&obuf, sizeof(C) * (count + 1)));
    C *in = buf + offset, *out = in_place ? in : obuf + offset;
    cufftHandle plan;
    if (n0 == 1) CHECK(cufftPlan1d(&plan, n1, type, 1));
    else CHECK(cufftPlan2d(&plan, n0, n1, type));
    int a = 3 % n0, b = n1 - 5;
    exponential(in, n0, n1, a, b);
    if (sizeof(C) == sizeof(cufftComplex)) {
        CHECK(cufftExecC2C(plan, (cufftComplex *)in, (cufftComplex *)out, CUFFT_FORWARD));
    } else {
        CHECK(cufftExecZ2Z(plan, (cufftDoubleComplex *)in, (cufftDoubleComplex *)out, CUFFT_FORWARD));
    }
    CHECK(cudaDeviceSynchronize());
    double tol = (sizeof(C) == sizeof(cufftComplex) ? 2e-2 : 1e-7) * 1e-3 * count;
    double e = spectrum_error(out, n0, n1, a, b);
    if (!(e <= tol)) {
        printf("FAIL forward %dx%d %s offset %d %s: error %g\n", n0, n1, sizeof(C) == 8 ? "C2C" : "Z2Z", offset,
               in_place ? "in place" : "out of place", e);
        failures++;
    }
    if (sizeof(C) == sizeof(cufftComplex)) {
        CHECK(cufftExecC2C(plan, (cufftComplex *)out, (cufftComplex *)out, CUFFT_INVERSE));
    } else {
        CHECK(cufftExecZ2Z(plan, (cufftDoubleComplex *)out, (cufftDoubleComplex *)out, CUFFT_INVERSE));
    }
    CHECK(cudaDeviceSynchronize());
    C *want = (C *)malloc(sizeof(C) * count);
    exponential(want, n0, n1, a, b);
    double worst = 0;
    for (long i = 0; i < count; i++)
        worst = fmax(worst, fmax(fabs(out[i].x - count * want[i].x), fabs(out[i].y - count * want[i].y)));
    if (!(worst <= tol)) {
        printf("FAIL round trip %dx%d offset %d %s: error %g\n", n0, n1, offset, in_place ? "in place" : "out of place",
               worst);
        failures++;
    }
    free(want);
    CHECK(cufftDestroy(plan));
    CHECK(cudaFree(buf));
    CHECK(cudaFree(obuf));
}

// a real cosine cos(2 pi (a j/n0 + b k/n1)) -> n0*n1/2 at (a, b) of the half spectrum (b < n1/2)
static void real_case(int n0, int n1, bool in_place) {
    int half = n1 / 2 + 1, pitch = in_place ? 2 * half : n1;
    float *x;
    cufftComplex *X;
    CHECK(cudaMallocManaged(&x, sizeof(float) * n0 * 2 * half));
    if (in_place) X = (cufftComplex *)x;
    else CHECK(cudaMallocManaged(&X, sizeof(cufftComplex) * n0 * half));
    int a = 7, b = 9;
    for (int j = 0; j < n0; j++)
        for (int k = 0; k < n1; k++)
            x[(long)j * pitch + k] = (float)cos(2 * M_PI * ((double)(a * j % n0) / n0 + (double)(b * k % n1) / n1));
    cufftHandle fwd, inv;
    CHECK(cufftPlan2d(&fwd, n0, n1, CUFFT_R2C));
    CHECK(cufftPlan2d(&inv, n0, n1, CUFFT_C2R));
    CHECK(cufftExecR2C(fwd, x, X));
    CHECK(cudaDeviceSynchronize());
    double worst = 0, count = (double)n0 * n1;
    for (int j = 0; j < n0; j++)
        for (int h = 0; h < half; h++) {
            double want = j == a && h == b ? count / 2 : 0;
            cufftComplex v = X[(long)j * half + h];
            worst = fmax(worst, fmax(fabs(v.x - want), fabs(v.y)));
        }
    if (!(worst <= 1e-5 * count)) {
        printf("FAIL R2C %dx%d %s: error %g\n", n0, n1, in_place ? "in place" : "out of place", worst);
        failures++;
    }
    CHECK(cufftExecC2R(inv, X, x));
    CHECK(cudaDeviceSynchronize());
    worst = 0;
    for (int j = 0; j < n0; j++)
        for (int k = 0; k < n1; k++) {
            double want = count * cos(2 * M_PI * ((double)(a * j % n0) / n0 + (double)(b * k % n1) / n1));
            worst = fmax(worst, fabs(x[(long)j * pitch + k] - want));
        }
    if (!(worst <= 1e-5 * count)) {
        printf("FAIL C2R %dx%d %s: error %g\n", n0, n1, in_place ? "in place" : "out of place", worst);
        failures++;
    }
    CHECK(cufftDestroy(fwd));
    CHECK(cufftDestroy(inv));
    CHECK(cudaFree(x));
    if (!in_place) CHECK(cudaFree(X));
}

int main(int argc, char **argv) {
    if (argc > 1) {     // measured: an unaligned 2-D transform out of place, an aligned one in place
        complex_case<float2>(256, 256, 1, false, CUFFT_C2C);
        complex_case<float2>(256, 256, 0, true, CUFFT_C2C);
        real_case(256, 384, true);
        if (failures) return 1;
        printf("PASS\n");
        return 0;
    }
    for (int in_place = 0; in_place < 2; in_place++)
        for (int offset = 0; offset < 2; offset++) {
            complex_case<float2>(256, 256, offset, in_place, CUFFT_C2C);
            complex_case<double2>(1, 1 << 17, offset, in_place, CUFFT_Z2Z);
        }
    complex_case<float2>(300, 250, 0, false, CUFFT_C2C);
    real_case(256, 384, false);
    real_case(256, 384, true);
    if (failures) return 1;
    printf("PASS\n");
    return 0;
}
