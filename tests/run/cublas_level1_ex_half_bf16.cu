// cuBLAS's level-1 Ex routines against a plain host computation: cublasDotEx in FP64, FP32,
// FP16 and BF16 (16-bit vectors executed in FP32, results by host and by device pointer, as
// HeCBench blas-dot calls it), a negative increment, cublasDotcEx on complex vectors, AxpyEx
// and ScalEx on half and bf16 vectors with a float alpha, Nrm2Ex with a float result, a float
// dot of 2^20 terms as close to the exact sum as a GPU's (blas-dot's check: within 0.1), and
// CUBLAS_STATUS_NOT_SUPPORTED for combinations cuBLAS does not have.
// RUN: %cu2cc %s -o %t -lcublas && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: dot: 0 bad
// CHECK-NEXT: long float dot within 0.1: yes
// CHECK-NEXT: dotc: 0 bad
// CHECK-NEXT: axpy scal nrm2: 0 bad
// CHECK-NEXT: half x, double result: CUBLAS_STATUS_NOT_SUPPORTED
// CHECK-NEXT: half axpy with half alpha: CUBLAS_STATUS_NOT_SUPPORTED
#include <cmath>
#include <cstdio>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

static double get(const void *p, cudaDataType t, int i) {
    switch (t) {
    case CUDA_R_64F: return ((const double *)p)[i];
    case CUDA_R_32F: return ((const float *)p)[i];
    case CUDA_R_16F: return __half2float(((const __half *)p)[i]);
    default: return __bfloat162float(((const __nv_bfloat16 *)p)[i]);
    }
}
static void put(void *p, cudaDataType t, int i, double v) {
    switch (t) {
    case CUDA_R_64F: ((double *)p)[i] = v; break;
    case CUDA_R_32F: ((float *)p)[i] = (float)v; break;
    case CUDA_R_16F: ((__half *)p)[i] = __float2half((float)v); break;
    default: ((__nv_bfloat16 *)p)[i] = __float2bfloat16((float)v); break;
    }
}
static size_t size_of(cudaDataType t) { return t == CUDA_R_64F ? 8 : t == CUDA_R_32F ? 4 : 2; }
static bool near(double got, double want, double tol) { return fabs(got - want) <= tol * (1 + fabs(want)); }

int main() {
    cublasHandle_t h;
    cublasCreate(&h);
    const int n = 1000;
    int bad = 0;
    const cudaDataType types[] = {CUDA_R_64F, CUDA_R_32F, CUDA_R_16F, CUDA_R_16BF};
    for (cudaDataType t : types)
        for (int device_result = 0; device_result < 2; device_result++)
            for (int inc = -2; inc <= 2; inc += 4) {
                void *x, *y, *r;
                cudaMallocManaged(&x, size_of(t) * 2 * n);
                cudaMallocManaged(&y, size_of(t) * 2 * n);
                cudaMallocManaged(&r, 8);
                for (int i = 0; i < 2 * n; i++) {
                    put(x, t, i, (double)((i * 7) % 9 - 4) / 8.0);
                    put(y, t, i, (double)((i * 5) % 11 - 5) / 8.0);
                }
                double want = 0;
                for (int i = 0; i < n; i++)   // BLAS's walk: a negative increment starts at the end
                    want += get(x, t, inc > 0 ? i * inc : (n - 1 - i) * -inc) * get(y, t, i * 2);
                cudaDataType exec = t == CUDA_R_64F ? CUDA_R_64F : CUDA_R_32F;
                cublasSetPointerMode(h, device_result ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST);
                char host_r[8];
                void *res = device_result ? r : (void *)host_r;
                cublasStatus_t st = cublasDotEx(h, n, x, t, inc, y, t, 2, res, t, exec);
                cudaDeviceSynchronize();
                double got = get(res, t, 0);
                double tol = t == CUDA_R_16F ? 1e-3 : t == CUDA_R_16BF ? 8e-3 : 1e-6;
                if ((st != CUBLAS_STATUS_SUCCESS || !near(got, want, tol)) && bad++ < 4)
                    printf("dot type %d inc %d device %d: %g want %g (%s)\n", t, inc, device_result, got, want,
                           cublasGetStatusName(st));
                cudaFree(x); cudaFree(y); cudaFree(r);
            }
    cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
    printf("dot: %d bad\n", bad);

    {   // 2^20 products of about 1/16: running float sums drift by about 16
        const int big = 1 << 20;
        float *x, r = 0;
        cudaMallocManaged(&x, big * sizeof(float));
        double want = 0;
        for (int i = 0; i < big; i++) {
            x[i] = (float)sqrt(65504.0 / big);
            want += (double)x[i] * x[i];
        }
        cublasDotEx(h, big, x, CUDA_R_32F, 1, x, CUDA_R_32F, 1, &r, CUDA_R_32F, CUDA_R_32F);
        printf("long float dot within 0.1: %s\n", fabs(r - want) < 0.1 ? "yes" : "no");
        cudaFree(x);
    }

    bad = 0;
    cuComplex *cx, *cy, cr;
    cudaMallocManaged(&cx, n * sizeof(cuComplex));
    cudaMallocManaged(&cy, n * sizeof(cuComplex));
    double re = 0, im = 0;
    for (int i = 0; i < n; i++) {
        cx[i] = make_cuComplex((float)(i % 5) / 4, (float)(i % 3) / 4 - 0.25f);
        cy[i] = make_cuComplex((float)(i % 7) / 8, -(float)(i % 2) / 2);
        re += cx[i].x * cy[i].x + cx[i].y * cy[i].y;   // conj(x) y
        im += cx[i].x * cy[i].y - cx[i].y * cy[i].x;
    }
    cublasDotcEx(h, n, cx, CUDA_C_32F, 1, cy, CUDA_C_32F, 1, &cr, CUDA_C_32F, CUDA_C_32F);
    if (!near(cr.x, re, 1e-5) || !near(cr.y, im, 1e-5))
        bad++, printf("dotc %g %g want %g %g\n", cr.x, cr.y, re, im);
    printf("dotc: %d bad\n", bad);

    bad = 0;
    const cudaDataType lowp[] = {CUDA_R_16F, CUDA_R_16BF};
    for (cudaDataType t : lowp) {
        void *x, *y;
        cudaMallocManaged(&x, 2 * n);
        cudaMallocManaged(&y, 2 * n);
        for (int i = 0; i < n; i++) {
            put(x, t, i, (double)(i % 9 - 4) / 4.0);
            put(y, t, i, (double)(i % 5) / 2.0);
        }
        float alpha = 1.5f, nrm = 0;
        double want_nrm = 0;
        for (int i = 0; i < n; i++)
            want_nrm += get(x, t, i) * get(x, t, i);
        cublasNrm2Ex(h, n, x, t, 1, &nrm, CUDA_R_32F, CUDA_R_32F);
        if (!near(nrm, sqrt(want_nrm), 1e-5))
            bad++, printf("nrm2 %g want %g\n", nrm, sqrt(want_nrm));
        double want_y[n];
        for (int i = 0; i < n; i++)
            want_y[i] = get(y, t, i) + 1.5 * get(x, t, i);
        cublasAxpyEx(h, n, &alpha, CUDA_R_32F, x, t, 1, y, t, 1, CUDA_R_32F);
        cublasScalEx(h, n / 2, &alpha, CUDA_R_32F, x, t, 2, CUDA_R_32F);   // every other element
        cudaDeviceSynchronize();
        for (int i = 0; i < n; i++) {
            double want_x = (i % 2 == 0 ? 1.5 : 1.0) * ((double)(i % 9 - 4) / 4.0);
            if ((!near(get(y, t, i), want_y[i], 1e-2) || !near(get(x, t, i), want_x, 1e-2)) && bad++ < 4)
                printf("axpy/scal type %d [%d]: y %g want %g, x %g want %g\n", t, i, get(y, t, i), want_y[i],
                       get(x, t, i), want_x);
        }
        cudaFree(x); cudaFree(y);
    }
    printf("axpy scal nrm2: %d bad\n", bad);
    double dr;
    printf("half x, double result: %s\n",
           cublasGetStatusName(cublasDotEx(h, n, cx, CUDA_R_16F, 1, cy, CUDA_R_16F, 1, &dr, CUDA_R_64F, CUDA_R_64F)));
    __half ha = __float2half(1.0f);
    printf("half axpy with half alpha: %s\n", cublasGetStatusName(cublasAxpyEx(h, n, &ha, CUDA_R_16F, cx, CUDA_R_16F, 1,
                                                                               cy, CUDA_R_16F, 1, CUDA_R_16F)));
    return cublasDestroy(h);
}
