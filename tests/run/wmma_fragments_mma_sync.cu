// nvcuda::wmma (mma.h): fragments spread over a warp, load_matrix_sync (row and column
// major, the accumulator's layout given), fill_fragment, element-wise x[i] on a fragment,
// mma_sync as a warp function (each warp's product once), store_matrix_sync; the shapes and
// types CUDA has: m16n16k16, m32n8k16 and m8n32k16 on half with float or half
// accumulators, bf16, 8-bit integers into int (wrapping, and satf saturating), m16n16k8
// tf32 (__float_to_tf32), m8n8k4 double. A block of 4 warps, each its own tile of C,
// summing over K in a loop; inputs small integers, so every product is exact and compared
// bit for bit with a host GEMM.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: wmma: PASS
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdio>
#include <type_traits>

using namespace nvcuda;

#define WARPS 4
#define KTILES 3

/* C (WARPS tiles of m x n, side by side) = alpha * A (m x K) * B (K x n per tile) + C, with
 * A row- or column-major (ALay), B column- or row-major (BLay), C row- or column-major. */
template <int M, int N, int K, class T, class Acc, class ALay, class BLay>
__global__ void gemm(const T *a, const T *b, Acc *c, int lda, int ldb, int ldc, wmma::layout_t clay, Acc alpha) {
    int warp = threadIdx.x / 32;
    wmma::fragment<wmma::matrix_a, M, N, K, T, ALay> fa;
    wmma::fragment<wmma::matrix_b, M, N, K, T, BLay> fb;
    wmma::fragment<wmma::accumulator, M, N, K, Acc> acc, fc;
    wmma::fill_fragment(acc, (Acc)0);
    const bool a_row = std::is_same<ALay, wmma::row_major>::value;
    const bool b_row = std::is_same<BLay, wmma::row_major>::value;
    for (int kt = 0; kt < KTILES; kt++) {
        /* A's tile (0, kt); B's tile (kt, warp) */
        wmma::load_matrix_sync(fa, a + (a_row ? kt * K : kt * K * lda), lda);
        wmma::load_matrix_sync(fb, b + (b_row ? kt * K * ldb + warp * N : warp * N * ldb + kt * K), ldb);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    Acc *ct = c + (clay == wmma::mem_row_major ? warp * N : warp * N * ldc);
    wmma::load_matrix_sync(fc, ct, ldc, clay);
    for (int i = 0; i < fc.num_elements; i++)
        fc.x[i] = alpha * acc.x[i] + fc.x[i];
    wmma::store_matrix_sync(ct, fc, ldc, clay);
}

/* 8-bit integers: C = A * B + C with satf, once (k of one tile) */
__global__ void imma(const signed char *a, const signed char *b, int *c, bool satf) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(acc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(acc, fa, fb, acc, satf);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

/* tf32: inputs rounded with __float_to_tf32 as the samples do */
__global__ void tf32(const float *a, const float *b, float *c) {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::load_matrix_sync(fa, a, 8);
    wmma::load_matrix_sync(fb, b, 16);
    for (int i = 0; i < fa.num_elements; i++)
        fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
    for (int i = 0; i < fb.num_elements; i++)
        fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
    wmma::fill_fragment(acc, 0.0f);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
}

static int bad = 0;

static unsigned rnd(unsigned &s) {
    s = s * 1103515245u + 12345u;
    return s >> 16;
}

template <class T> static T from_int(int v) { return (T)v; }
template <> __half from_int<__half>(int v) { return __float2half((float)v); }
template <> __nv_bfloat16 from_int<__nv_bfloat16>(int v) { return __float2bfloat16((float)v); }
template <class T> static double to_double(T v) { return (double)v; }
template <> double to_double<__half>(__half v) { return (double)__half2float(v); }

template <int M, int N, int K, class T, class Acc, class ALay, class BLay>
static void check(const char *what, wmma::layout_t clay) {
    const int KA = K * KTILES, NB = N * WARPS;
    const bool a_row = std::is_same<ALay, wmma::row_major>::value, b_row = std::is_same<BLay, wmma::row_major>::value;
    const bool c_row = clay == wmma::mem_row_major;
    const int lda = a_row ? KA : M, ldb = b_row ? NB : KA, ldc = c_row ? NB : M;
    T *a, *b;
    Acc *c;
    cudaMallocManaged(&a, sizeof(T) * M * KA);
    cudaMallocManaged(&b, sizeof(T) * KA * NB);
    cudaMallocManaged(&c, sizeof(Acc) * M * NB);
    double *want = new double[M * NB];
    unsigned s = 7;
    static int av[8192], bv[8192];
    for (int i = 0; i < M; i++)
        for (int k = 0; k < KA; k++) {
            av[i * KA + k] = (int)(rnd(s) % 7) - (std::is_unsigned<T>::value ? 0 : 3);
            a[a_row ? i * lda + k : k * lda + i] = from_int<T>(av[i * KA + k]);
        }
    for (int k = 0; k < KA; k++)
        for (int j = 0; j < NB; j++) {
            bv[k * NB + j] = (int)(rnd(s) % 5) - (std::is_unsigned<T>::value ? 0 : 2);
            b[b_row ? k * ldb + j : j * ldb + k] = from_int<T>(bv[k * NB + j]);
        }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < NB; j++) {
            int cv = (int)(rnd(s) % 9) - 4;
            c[c_row ? i * ldc + j : j * ldc + i] = from_int<Acc>(cv);
            double sum = 0;
            for (int k = 0; k < KA; k++)
                sum += av[i * KA + k] * bv[k * NB + j];
            want[i * NB + j] = 2 * sum + cv;
        }
    gemm<M, N, K, T, Acc, ALay, BLay><<<1, 32 * WARPS>>>(a, b, c, lda, ldb, ldc, clay, from_int<Acc>(2));
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL %s: %s\n", what, cudaGetErrorString(cudaGetLastError()));
        bad++;
        return;
    }
    int wrong = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < NB; j++) {
            double got = to_double(c[c_row ? i * ldc + j : j * ldc + i]);
            if (got != want[i * NB + j] && wrong++ < 3)
                printf("FAIL %s: C[%d][%d] = %g, expected %g\n", what, i, j, got, want[i * NB + j]);
        }
    bad += wrong != 0;
    printf("%s: %s\n", what, wrong ? "FAIL" : "ok");
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    delete[] want;
}

int main() {
    check<16, 16, 16, __half, float, wmma::row_major, wmma::col_major>("m16n16k16 half row col, C row", wmma::mem_row_major);
    check<16, 16, 16, __half, float, wmma::col_major, wmma::row_major>("m16n16k16 half col row, C col", wmma::mem_col_major);
    check<32, 8, 16, __half, float, wmma::row_major, wmma::row_major>("m32n8k16 half", wmma::mem_row_major);
    check<8, 32, 16, __half, float, wmma::col_major, wmma::col_major>("m8n32k16 half", wmma::mem_col_major);
    check<16, 16, 16, __half, __half, wmma::row_major, wmma::col_major>("m16n16k16 half into half", wmma::mem_row_major);
    check<16, 16, 16, __nv_bfloat16, float, wmma::row_major, wmma::col_major>("m16n16k16 bf16", wmma::mem_row_major);
    check<16, 16, 16, signed char, int, wmma::row_major, wmma::col_major>("m16n16k16 s8", wmma::mem_row_major);
    check<16, 16, 16, unsigned char, int, wmma::row_major, wmma::col_major>("m16n16k16 u8", wmma::mem_row_major);
    check<8, 8, 4, double, double, wmma::row_major, wmma::col_major>("m8n8k4 double", wmma::mem_row_major);

    /* 8-bit: 127 * 127 * 16 + C near INT_MAX wraps without satf, saturates with it */
    signed char *a, *b;
    int *c;
    cudaMallocManaged(&a, 256);
    cudaMallocManaged(&b, 256);
    cudaMallocManaged(&c, 256 * sizeof(int));
    for (int i = 0; i < 256; i++) {
        a[i] = 127;
        b[i] = 127;
        c[i] = 2147483647 - 100;
    }
    imma<<<1, 32>>>(a, b, c, false);
    cudaDeviceSynchronize();
    long long wrapped = (long long)(2147483647 - 100) + 127LL * 127 * 16 - 4294967296LL;
    printf("s8 wraps: %s\n", c[0] == wrapped && c[255] == wrapped ? "ok" : "FAIL");
    bad += !(c[0] == wrapped && c[255] == wrapped);
    for (int i = 0; i < 256; i++)
        c[i] = 2147483647 - 100;
    imma<<<1, 32>>>(a, b, c, true);
    cudaDeviceSynchronize();
    printf("s8 satf: %s\n", c[0] == 2147483647 && c[255] == 2147483647 ? "ok" : "FAIL");
    bad += !(c[0] == 2147483647 && c[255] == 2147483647);

    /* tf32: 1 + 2^-12 rounds to 1 (10 significand bits), 1 + 2^-10 stays */
    float *fa, *fb, *fc;
    cudaMallocManaged(&fa, 16 * 8 * sizeof(float));
    cudaMallocManaged(&fb, 8 * 16 * sizeof(float));
    cudaMallocManaged(&fc, 16 * 16 * sizeof(float));
    for (int i = 0; i < 128; i++) {
        fa[i] = i % 2 ? 1.0f + 1.0f / 4096 : 1.0f + 1.0f / 1024;
        fb[i] = 1.0f;
    }
    tf32<<<1, 32>>>(fa, fb, fc);
    cudaDeviceSynchronize();
    /* row r of A: 4 elements of each value; C column-major */
    float want = 4 * 1.0f + 4 * (1.0f + 1.0f / 1024);
    bool tf_ok = true;
    for (int i = 0; i < 256; i++)
        tf_ok &= fc[i] == want;
    printf("tf32: %s\n", tf_ok ? "ok" : "FAIL");
    bad += !tf_ok;
    printf("wmma: %s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
