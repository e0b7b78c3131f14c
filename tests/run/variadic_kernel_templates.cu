// Variadic kernel templates (`template <class F, class... A> __global__ void apply(int n, F f,
// A... a)`), their arguments deduced at the launch: a functor applied with the pack expanded
// (two packs of different lengths and types), a pack folded into an array in a kernel
// holding a barrier, an empty pack; each specialisation registered (cudaFuncGetAttributes
// before and after its launch). Built for both engines; results compared with the host's.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// RUN: env CU2C_ENGINE=fibers %cu2cc -O2 %s -o %t.fib && env CU2C_NUM_THREADS=2 timeout 60 %t.fib | FileCheck %s
// CHECK: functor packs: PASS
// CHECK: folded pack across a barrier: PASS
// CHECK: empty pack: PASS
#include <cstdio>

struct Axpy {
    float a;
    __device__ void operator()(int i, float *y, const float *x) const { y[i] += a * x[i]; }
};
struct Affine {
    __device__ void operator()(int i, int *p, int mul, long add, short shift) const { p[i] = (mul * i + (int)add) << shift; }
};

template <class F, class... A>
__global__ void apply(int n, F f, A... a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        f(i, a...);
}

template <class... A>
__global__ void fold_reverse(int *out, A... a) {
    __shared__ int s[64];
    int vals[] = {0, (int)a...};
    int v = 0;
    for (unsigned j = 0; j < sizeof vals / sizeof *vals; j++)
        v += vals[j] * (int)(j + 1) * (int)threadIdx.x;
    s[threadIdx.x] = v;
    __syncthreads();
    out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x] + (int)sizeof...(A);
}

template <class... A>
__global__ void count(int *out, A... a) {
    out[threadIdx.x] = (int)sizeof...(a) + 10;
}

int main() {
    const int n = 100;
    float *x, *y;
    int *p, *o;
    cudaMallocManaged(&x, n * sizeof(float));
    cudaMallocManaged(&y, n * sizeof(float));
    cudaMallocManaged(&p, n * sizeof(int));
    cudaMallocManaged(&o, 64 * sizeof(int));
    for (int i = 0; i < n; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    apply<<<2, 64>>>(n, Axpy{2.0f}, y, (const float *)x);
    apply<<<(n + 31) / 32, 32>>>(n, Affine{}, p, 3, 1L, (short)2);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += y[i] != 1.0f + 2.0f * i || p[i] != (3 * i + 1) << 2;
    printf("functor packs: %s\n", bad ? "FAIL" : "PASS");

    cudaFuncAttributes before, after;
    bad = cudaFuncGetAttributes(&before, fold_reverse<int, long, short>) != cudaSuccess;
    fold_reverse<<<1, 64>>>(o, 1, 2L, (short)3);
    cudaDeviceSynchronize();
    bad |= cudaFuncGetAttributes(&after, fold_reverse<int, long, short>) != cudaSuccess;
    bad |= before.sharedSizeBytes != 64 * sizeof(int) || after.sharedSizeBytes != before.sharedSizeBytes;
    for (int t = 0; t < 64; t++)
        bad += o[t] != (1 * 2 + 2 * 3 + 3 * 4) * (63 - t) + 3;
    printf("folded pack across a barrier: %s\n", bad ? "FAIL" : "PASS");

    count<<<1, 4>>>(o);
    cudaDeviceSynchronize();
    bad = 0;
    for (int t = 0; t < 4; t++)
        bad += o[t] != 10;
    printf("empty pack: %s\n", bad ? "FAIL" : "PASS");
    return 0;
}
