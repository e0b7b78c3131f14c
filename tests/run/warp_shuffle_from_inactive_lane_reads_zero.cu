// A shuffle whose source lane is inactive (it did not take the if around the call): CUDA
// leaves the value undefined, GPUs are observed to read zero, and programs rely on it: NVIDIA's reduction
// sample (reduce7, types other than int) sums the block's warp sums in lanes 0..7 with
// __shfl_down_sync(ballot, v, 16, 8, 4, 2, 1), reading lanes 8..23 that are outside the if.
// cu2c gives zero too (and a lane's own value past the warp's width, as CUDA defines); checked
// against a host model of exactly that, for float and int, with inactive lanes holding values
// that would show if they were read.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

template <class T> __global__ void partial_sums(const T *in, T *out, unsigned active) {
    unsigned lane = threadIdx.x % 32;
    T v = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned mask = __ballot_sync(0xffffffffu, lane < active);
    if (lane < active) {
        for (int offset = 16; offset > 0; offset /= 2)
            v += __shfl_down_sync(mask, v, offset);
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

/* The host model: lanes < active shuffle down; an inactive source gives 0. */
template <class T> static void model(const T *in, T *out, int n, unsigned active) {
    for (int w = 0; w < n; w += 32) {
        T v[32];
        for (int i = 0; i < 32; i++)
            v[i] = in[w + i];
        for (int offset = 16; offset > 0; offset /= 2) {
            T next[32];
            for (unsigned i = 0; i < 32; i++) {
                unsigned j = i + offset;
                next[i] = i >= active ? v[i] : v[i] + (j >= 32 ? v[i] : j < active ? v[j] : (T)0);
            }
            for (int i = 0; i < 32; i++)
                v[i] = next[i];
        }
        for (int i = 0; i < 32; i++)
            out[w + i] = v[i];
    }
}

template <class T> static int check(const char *name, unsigned active) {
    const int n = 4 * 64;
    T *in, *out, want[n];
    cudaMallocManaged(&in, n * sizeof(T));
    cudaMallocManaged(&out, n * sizeof(T));
    for (int i = 0; i < n; i++)
        in[i] = (T)(1 + (i * 7) % 13) + (i % 32 >= (int)active ? (T)1000 : (T)0);
    partial_sums<T><<<4, 64>>>(in, out, active);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("%s: launch failed\n", name);
        return 1;
    }
    model(in, want, n, active);
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (out[i] != want[i] && bad++ < 5)
            printf("%s, %u lanes: thread %d: %g, expected %g\n", name, active, i, (double)out[i], (double)want[i]);
    cudaFree(in);
    cudaFree(out);
    return bad != 0;
}

int main() {
    int failed = 0;
    for (unsigned active = 1; active <= 32; active *= 2)
        failed += check<float>("float", active) + check<int>("int", active);
    failed += check<float>("float", 5) + check<int>("int", 24);
    printf("%s\n", failed ? "FAILED" : "ok");
    return failed != 0;
}
