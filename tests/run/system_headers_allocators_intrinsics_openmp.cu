// System headers that declare allocators of their own or intrinsics parse and build in a .cu,
// as with nvcc: <malloc.h> and <mm_malloc.h> declare libc's allocators again (which cu2c's
// parse has made __host__ __device__ so that kernels may call them), <immintrin.h> and
// <x86intrin.h> bring <mm_malloc.h> and the SSE intrinsics, <omp.h> is the C++ compiler's own.
// Host code uses _mm_malloc, SSE, malloc_usable_size and OpenMP; a kernel uses device malloc.
// Built with OpenMP (-Xcompiler -fopenmp: _OPENMP is seen when parsing too, and the link gets
// libgomp) and without (omp.h's functions then come from -lgomp alone).
// RUN: %cu2cc -Xcompiler -fopenmp %s -o %t && env CU2C_NUM_THREADS=2 OMP_NUM_THREADS=3 timeout 60 %t | FileCheck %s --check-prefixes=CHECK,OMP
// RUN: %cu2cc %s -o %t -lgomp && env CU2C_NUM_THREADS=2 OMP_NUM_THREADS=3 timeout 60 %t | FileCheck %s --check-prefixes=CHECK,NOOMP
#include <malloc.h>
#include <immintrin.h>
#include <mm_malloc.h>
#include <omp.h>
#include <x86intrin.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Each thread sums 1..k in a buffer it allocates on the device heap.
__global__ void triangle(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = (int)in[i];
    float *scratch = (float *)malloc((k + 1) * sizeof(float));
    if (!scratch) { out[i] = -1.0f; return; }
    float s = 0.0f;
    for (int j = 0; j <= k; j++) scratch[j] = (float)j;
    for (int j = 0; j <= k; j++) s += scratch[j];
    free(scratch);
    out[i] = s;
}

int main() {
    const int n = 1000;                         // a multiple of 4 for the SSE loop
    float *a = (float *)_mm_malloc(n * sizeof(float), 16);
    float *b = (float *)_mm_malloc(n * sizeof(float), 16);
    if (!a || !b || ((size_t)a & 15) || ((size_t)b & 15)) { printf("_mm_malloc failed\n"); return 1; }
    for (int i = 0; i < n; i++) a[i] = (float)(i % 50);

    float *da, *db;
    cudaMalloc(&da, n * sizeof(float));
    cudaMalloc(&db, n * sizeof(float));
    cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice);
    triangle<<<(n + 127) / 128, 128>>>(da, db, n);
    cudaMemcpy(b, db, n * sizeof(float), cudaMemcpyDeviceToHost);
    if (cudaGetLastError() != cudaSuccess) { printf("kernel failed\n"); return 1; }

    // b[i] - k(k+1)/2 with SSE, four at a time
    int bad = 0;
    for (int i = 0; i < n; i += 4) {
        __m128 k = _mm_load_ps(a + i);
        __m128 want = _mm_mul_ps(_mm_mul_ps(k, _mm_add_ps(k, _mm_set1_ps(1.0f))), _mm_set1_ps(0.5f));
        __m128 diff = _mm_sub_ps(_mm_load_ps(b + i), want);
        float d[4];
        _mm_storeu_ps(d, diff);
        for (int j = 0; j < 4; j++) bad += d[j] != 0.0f;
    }
    printf("kernel sums: %d wrong\n", bad);

    void *p = malloc(100);
    size_t usable = malloc_usable_size(p);
    printf("malloc_usable_size >= 100: %s\n", usable >= 100 ? "yes" : "no");
    bad += usable < 100;
    free(p);

    int threads = omp_get_max_threads();
    printf("omp_get_max_threads: %d\n", threads);
    bad += threads != 3;
    long sum = 0;
#ifdef _OPENMP
    printf("_OPENMP defined\n");
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < n; i++) sum += (long)a[i];
#else
    printf("_OPENMP not defined\n");
    for (int i = 0; i < n; i++) sum += (long)a[i];
#endif
    printf("sum %ld\n", sum);
    bad += sum != 20 * 1225;

    cudaFree(da);
    cudaFree(db);
    _mm_free(a);
    _mm_free(b);
    return bad != 0;
}
// CHECK:      kernel sums: 0 wrong
// CHECK-NEXT: malloc_usable_size >= 100: yes
// CHECK-NEXT: omp_get_max_threads: 3
// OMP-NEXT:   _OPENMP defined
// NOOMP-NEXT: _OPENMP not defined
// CHECK-NEXT: sum 24500
