// Conditional directives that open in one branch of an if and close in another, at a
// kernel's end (HeCBench multimaterial: `if (c) { ... } else {` inside `#ifdef FUSED`, the
// closing `}` in another `#ifdef FUSED`). cu2c copies a thread loop's statements for its
// fast path (x-indexed subscripts checked once); a copy holding half of an `#ifdef ...
// #endif` left the directive unterminated. Built with and without the macros.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t 0
// RUN: %cu2cc -O2 -DFUSED %s -o %t.f && env CU2C_NUM_THREADS=2 timeout 60 %t.f 1
// RUN: %cu2cc -O2 -DFUSED -DLINKED %s -o %t.fl && env CU2C_NUM_THREADS=2 timeout 60 %t.fl 2
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void average(const int *material, const double *rho, const double *v, double *out, int sizex, int sizey) {
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int j = threadIdx.y + blockIdx.y * blockDim.y;
    if (i >= sizex || j >= sizey) return;
#ifdef FUSED
    int ix = material[i + sizex * j];
    if (ix <= 0) {
#ifdef LINKED
        out[i + sizex * j] = -2.0 * ix;
#else
        out[i + sizex * j] = -1.0 * ix;
#endif
    }
    else {
#endif
        out[i + sizex * j] = rho[i + sizex * j] / v[i + sizex * j];
#ifdef FUSED
    }
#endif
}

int main(int argc, char **argv) {
    int mode = argc > 1 ? atoi(argv[1]) : 0;
    const int sx = 50, sy = 37;
    int *material;
    double *rho, *v, *out;
    cudaMallocManaged(&material, sx * sy * sizeof(int));
    cudaMallocManaged(&rho, sx * sy * sizeof(double));
    cudaMallocManaged(&v, sx * sy * sizeof(double));
    cudaMallocManaged(&out, sx * sy * sizeof(double));
    for (int n = 0; n < sx * sy; n++) {
        material[n] = n % 3 - 1;
        rho[n] = n;
        v[n] = 2;
    }
    average<<<dim3(4, 5), dim3(16, 8)>>>(material, rho, v, out, sx, sy);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int n = 0; n < sx * sy; n++) {
        double e = mode == 0 || material[n] > 0 ? n / 2.0 : (mode == 1 ? -1.0 : -2.0) * material[n];
        if (out[n] != e && bad++ < 5)
            printf("out[%d] = %g, expected %g\n", n, out[n], e);
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
