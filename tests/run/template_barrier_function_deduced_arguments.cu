// A kernel template calling function templates that hold barriers with their template
// arguments left to deduction: cu2c names each from the type of the call's argument (`s`, a
// `T[128]`, against `U *`: U is T; against `const U *`: U is T; `v`, a T, against `U &` or
// `U`), with some written and the rest deduced (scale<T>(s, v, 2): S is int), and through
// one expanded function template calling another (inner deduction in the outer's terms).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: deduced template calls ok
#include <cstdio>

template <typename U> __device__ U block_sum(U *s, U v) {
    s[threadIdx.x] = v;
    __syncthreads();
    U total = 0;
    for (int i = 0; i < (int)blockDim.x; i++)
        total += s[i];
    __syncthreads();
    return total;
}

template <typename U> __device__ U block_max(const U *s, U v) {
    __syncthreads();
    U m = s[0];
    for (int i = 1; i < (int)blockDim.x; i++)
        m = s[i] > m ? s[i] : m;
    __syncthreads();
    return m > v ? m : v;
}

// Swaps v with the mirrored thread's through shared memory.
template <typename U> __device__ void mirror(U *s, U &v) {
    s[threadIdx.x] = v;
    __syncthreads();
    v = s[blockDim.x - 1 - threadIdx.x];
    __syncthreads();
}

template <typename T, typename S> __device__ T scale(T *s, T v, S by) {
    return block_sum(s, v) * (T)by;
}

template <typename T> __global__ void k(const T *in, T *out) {
    __shared__ T s[128];
    T x = in[blockIdx.x * blockDim.x + threadIdx.x];
    T sum = block_sum(s, (T)x);
    s[threadIdx.x] = x;
    T max = block_max(s, (T)0);
    T y = x;
    mirror(s, y);
    T twice = scale<T>(s, x, 2);
    out[(blockIdx.x * blockDim.x + threadIdx.x) * 4] = sum;
    out[(blockIdx.x * blockDim.x + threadIdx.x) * 4 + 1] = max;
    out[(blockIdx.x * blockDim.x + threadIdx.x) * 4 + 2] = y;
    out[(blockIdx.x * blockDim.x + threadIdx.x) * 4 + 3] = twice;
}

template <typename T> int check(const char *what) {
    const int blocks = 3, bs = 128, n = blocks * bs;
    T h[n], o[n * 4];
    for (int i = 0; i < n; i++)
        h[i] = (T)((i * 37) % 101);
    T *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    k<T><<<blocks, bs>>>(din, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; b++) {
        T sum = 0, max = 0;
        for (int t = 0; t < bs; t++) {
            sum += h[b * bs + t];
            max = h[b * bs + t] > max ? h[b * bs + t] : max;
        }
        for (int t = 0; t < bs && bad < 5; t++) {
            const T *r = o + (b * bs + t) * 4;
            if (r[0] != sum || r[1] != max || r[2] != h[b * bs + bs - 1 - t] || r[3] != sum * 2) {
                printf("%s block %d thread %d: %g %g %g %g\n", what, b, t, (double)r[0], (double)r[1],
                       (double)r[2], (double)r[3]);
                bad++;
            }
        }
    }
    cudaFree(din);
    cudaFree(dout);
    return bad;
}

int main() {
    int bad = check<float>("float") + check<int>("int");
    printf(bad ? "FAILED: %d\n" : "deduced template calls ok\n", bad);
    return bad != 0;
}
