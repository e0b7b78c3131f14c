// A dependent member template named without `template` in device code
// (`vec_cast<T, S>::cast<N>(d, s)`): nvcc's device front end accepts it; clang, and the host
// compiler that builds cu2c's output, want `template` before the name, which clang names.
// cu2c writes it there (FlashInfer-style vector casts).
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: vec_cast<T, S>::template cast<N>(d, s);
#include <cstdio>

template <typename A, typename B> struct vec_cast {
    template <int N> __device__ static void cast(A *d, const B *s) {
        for (int i = 0; i < N; i++) d[i] = (A)s[i] * 2;
    }
};

template <typename S, typename T, int N> __device__ void cast_from(T *d, const S *s) {
    vec_cast<T, S>::cast<N>(d, s);
}

template <typename S, typename T, int N> __global__ void k(const S *in, T *out) {
    T d[N];
    S s[N];
    for (int i = 0; i < N; i++) s[i] = in[threadIdx.x * N + i];
    cast_from<S, T, N>(d, s);
    for (int i = 0; i < N; i++) out[threadIdx.x * N + i] = d[i];
}

int main() {
    int h[128];
    float o[128];
    for (int i = 0; i < 128; i++) h[i] = i - 64;
    int *d; float *dout;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<int, float, 4><<<1, 32>>>(d, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 128; i++) bad += o[i] != (float)(2 * (i - 64));
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
