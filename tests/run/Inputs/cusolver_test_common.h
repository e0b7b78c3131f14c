// What cu2c's cuSOLVER tests share (tests/run/cusolver_*.cu): a status check counting
// failures, and the four element types (R: the real type of their precision) made from and
// read as complex doubles, with their machine epsilons and cuSOLVER's letters.
#ifndef CU2C_TEST_CUSOLVER_COMMON_H
#define CU2C_TEST_CUSOLVER_COMMON_H
#include <cmath>
#include <complex>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusolverDn.h>

typedef std::complex<double> cd;
static int failures = 0;

#define EXPECT_STATUS(call, want)                                                            \
    do {                                                                                     \
        cusolverStatus_t s_ = (call);                                                        \
        if (s_ != (want)) {                                                                  \
            printf("line %d: %s returned %d, want %s\n", __LINE__, #call, (int)s_, #want);   \
            failures++;                                                                      \
        }                                                                                    \
    } while (0)
#define CHECK(call) EXPECT_STATUS(call, CUSOLVER_STATUS_SUCCESS)

// ---- the four element types (R: the real type of their precision), seen as complex<double>
static inline cd val(float x) { return cd(x, 0); }
static inline cd val(double x) { return cd(x, 0); }
static inline cd val(cuComplex x) { return cd(cuCrealf(x), cuCimagf(x)); }
static inline cd val(cuDoubleComplex x) { return cd(cuCreal(x), cuCimag(x)); }
template <typename T> struct Kind;
template <> struct Kind<float> {
    typedef float R;
    static const bool cplx = false;
    static double eps() { return 1.2e-7; }
    static float make(cd v) { return (float)v.real(); }
    static const char *name() { return "S"; }
};
template <> struct Kind<double> {
    typedef double R;
    static const bool cplx = false;
    static double eps() { return 2.3e-16; }
    static double make(cd v) { return v.real(); }
    static const char *name() { return "D"; }
};
template <> struct Kind<cuComplex> {
    typedef float R;
    static const bool cplx = true;
    static double eps() { return 1.2e-7; }
    static cuComplex make(cd v) { return make_cuComplex((float)v.real(), (float)v.imag()); }
    static const char *name() { return "C"; }
};
template <> struct Kind<cuDoubleComplex> {
    typedef double R;
    static const bool cplx = true;
    static double eps() { return 2.3e-16; }
    static cuDoubleComplex make(cd v) { return make_cuDoubleComplex(v.real(), v.imag()); }
    static const char *name() { return "Z"; }
};

#endif
