// cuComplex.h in a kernel and on the host: cuCaddf/cuCsubf/cuCmulf/cuCdivf/cuCabsf/cuCfmaf/
// cuConjf on cuFloatComplex and their double forms on cuDoubleComplex (including a division
// and a modulus whose squares would overflow), checked against std::complex on the host.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <complex>
#include <cstdio>
#include <cuComplex.h>
#include <cuda_runtime.h>

#define N 256

__global__ void arith(const cuFloatComplex *a, const cuFloatComplex *b, cuFloatComplex *out, float *mod,
                      const cuDoubleComplex *c, const cuDoubleComplex *d, cuDoubleComplex *outd, double *modd) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    cuFloatComplex x = a[i], y = b[i];
    out[4 * i + 0] = cuCaddf(x, cuConjf(y));
    out[4 * i + 1] = cuCmulf(x, y);
    out[4 * i + 2] = cuCdivf(x, y);
    out[4 * i + 3] = cuCfmaf(x, y, make_cuFloatComplex(cuCrealf(x), cuCimagf(y)));
    mod[i] = cuCabsf(cuCsubf(x, y));
    cuDoubleComplex u = c[i], v = d[i];
    outd[2 * i + 0] = cuCdiv(u, v);
    outd[2 * i + 1] = cuCfma(u, cuConj(v), u);
    modd[i] = cuCabs(cuCmul(u, v));
}

static int bad(std::complex<double> got, std::complex<double> want, double tol) {
    return std::abs(got - want) > tol * (1 + std::abs(want));
}

int main() {
    cuFloatComplex *a, *b, *out;
    cuDoubleComplex *c, *d, *outd;
    float *mod;
    double *modd;
    cudaMallocManaged(&a, N * sizeof *a);
    cudaMallocManaged(&b, N * sizeof *b);
    cudaMallocManaged(&out, 4 * N * sizeof *out);
    cudaMallocManaged(&mod, N * sizeof *mod);
    cudaMallocManaged(&c, N * sizeof *c);
    cudaMallocManaged(&d, N * sizeof *d);
    cudaMallocManaged(&outd, 2 * N * sizeof *outd);
    cudaMallocManaged(&modd, N * sizeof *modd);
    for (int i = 0; i < N; i++) {
        a[i] = make_cuComplex((float)(i % 17) - 8.0f, (float)(i % 5) + 0.5f);
        b[i] = make_cuComplex((float)(i % 7) - 3.5f, (float)(i % 3) - 1.25f);
        double big = i % 4 == 0 ? 1e200 : 1.0;   // squares overflow: scaling must avoid it
        c[i] = make_cuDoubleComplex(big * ((i % 9) - 4.0), big * 0.5 * (i % 11 + 1));
        d[i] = make_cuDoubleComplex(big * ((i % 6) + 0.25), -big * (i % 4 + 1.0));
    }
    arith<<<(N + 63) / 64, 64>>>(a, b, out, mod, c, d, outd, modd);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    int failures = 0;
    for (int i = 0; i < N; i++) {
        std::complex<double> x(a[i].x, a[i].y), y(b[i].x, b[i].y), u(c[i].x, c[i].y), v(d[i].x, d[i].y);
        failures += bad({out[4 * i].x, out[4 * i].y}, x + std::conj(y), 1e-6);
        failures += bad({out[4 * i + 1].x, out[4 * i + 1].y}, x * y, 1e-6);
        failures += bad({out[4 * i + 2].x, out[4 * i + 2].y}, x / y, 1e-5);
        failures += bad({out[4 * i + 3].x, out[4 * i + 3].y}, x * y + std::complex<double>(x.real(), y.imag()), 1e-6);
        failures += std::fabs(mod[i] - std::abs(x - y)) > 1e-5 * (1 + std::abs(x - y));
        failures += bad({outd[2 * i].x, outd[2 * i].y}, (u / 1e100) / (v / 1e100), 1e-12);
        if (i % 4 != 0) {   // the product of two 1e200s overflows, as it does on a GPU
            failures += bad({outd[2 * i + 1].x, outd[2 * i + 1].y}, u * std::conj(v) + u, 1e-12);
            failures += std::fabs(modd[i] - std::abs(u * v)) > 1e-12 * std::abs(u * v);
        } else
            failures += !(std::fabs(cuCabs(c[i]) / 1e200 - std::abs(u / 1e200)) <= 1e-12 * std::abs(u / 1e200));
        if (failures) {
            printf("mismatch at %d\n", i);
            return 1;
        }
    }
    // host side too
    cuComplex h = cuCdivf(make_cuComplex(1, 0), make_cuComplex(0, 2));
    if (std::fabs(h.x) > 1e-7 || std::fabs(h.y + 0.5f) > 1e-7) {
        printf("host cuCdivf: (%g,%g)\n", h.x, h.y);
        return 1;
    }
    printf("PASSED\n");
    return 0;
}
