// `auto` locals of kernel templates whose types depend on the template's parameters, crossing
// barriers (so they get per-thread storage, whose type must be spelled before the thread
// loops): the type is the initialiser's, written with the locals it reads as values of
// their types. One template specialised for int, float and a struct; auto of auto; an auto
// pointer; an auto read after a barrier inside a barrier loop.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

struct V2 {
    float a, b;
    __host__ __device__ V2 operator*(int k) const { return {a * k, b * k}; }
    __host__ __device__ V2 operator+(const V2 &o) const { return {a + o.a, b + o.b}; }
    __host__ __device__ bool operator!=(const V2 &o) const { return a != o.a || b != o.b; }
};

#define B 64
template <typename T, int K> __global__ void mix(const T *in, T *out) {
    __shared__ T s[B];
    auto i = threadIdx.x;
    auto v = in[blockIdx.x * B + i] * K;      /* T */
    auto w = v + v;                           /* T, from another auto */
    const auto *p = &in[blockIdx.x * B + (i + 1) % B];
    s[i] = v;
    __syncthreads();
    auto acc = s[B - 1 - i] + w;
    for (int r = 0; r < 2; r++) {
        __syncthreads();
        s[i] = acc;
        __syncthreads();
        acc = s[(i + 1) % B] + *p;
    }
    out[blockIdx.x * B + i] = acc + v;
}

template <typename T> static T host_val(int i);
template <> int host_val<int>(int i) { return i % 17 - 8; }
template <> float host_val<float>(int i) { return 0.5f * i; }
template <> V2 host_val<V2>(int i) { return {1.0f * i, 2.0f - i}; }

template <typename T> static int check(int nb) {
    const int n = nb * B, K = 3;
    T *h = new T[n], *o = new T[n], *e = new T[n], *din, *dout;
    for (int i = 0; i < n; i++) h[i] = host_val<T>(i);
    cudaMalloc(&din, n * sizeof(T));
    cudaMalloc(&dout, n * sizeof(T));
    cudaMemcpy(din, h, n * sizeof(T), cudaMemcpyHostToDevice);
    mix<T, K><<<nb, B>>>(din, dout);
    cudaMemcpy(o, dout, n * sizeof(T), cudaMemcpyDeviceToHost);
    for (int b = 0; b < nb; b++) {
        T acc[B], nxt[B];
        for (int i = 0; i < B; i++)
            acc[i] = h[b * B + B - 1 - i] * K + (h[b * B + i] * K + h[b * B + i] * K);
        for (int r = 0; r < 2; r++) {
            for (int i = 0; i < B; i++) nxt[i] = acc[(i + 1) % B] + h[b * B + (i + 1) % B];
            for (int i = 0; i < B; i++) acc[i] = nxt[i];
        }
        for (int i = 0; i < B; i++) e[b * B + i] = acc[i] + h[b * B + i] * K;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) bad += o[i] != e[i];
    cudaFree(din);
    cudaFree(dout);
    delete[] h;
    delete[] o;
    delete[] e;
    return bad;
}

int main() {
    int bad = check<int>(3) + check<float>(2) + check<V2>(2);
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
