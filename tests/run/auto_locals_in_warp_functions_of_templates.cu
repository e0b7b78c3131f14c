// A kernel template's `auto` local whose type depends on the template (read from a
// __shared__ array sized by a template parameter) passed to a warp function, and the auto
// result: the values the warp's lanes exchange are of the type each specialisation deduces
// (HeCBench score's suffix sum of bins). Was `sizeof(auto)` in the output.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_ENGINE=fibers %cu2cc -O2 %s -o %t.fib && env CU2C_NUM_THREADS=2 timeout 60 %t.fib
#include <cstdio>
#include <cuda_runtime.h>

template <class T, int BINS>
__global__ void suffix_sums(T *out, const T *in) {
    __shared__ T bins[BINS];
    for (int i = threadIdx.x; i < BINS; i += blockDim.x)
        bins[i] = in[i];
    __syncthreads();
    if (threadIdx.x < 32) {
        T carry = 0;
        for (int group = BINS / 32 - 1; group >= 0; group--) {
            const int idx = group * 32 + threadIdx.x;
            auto value = bins[idx];
            for (int i = 1; i < 32; i *= 2) {
                auto n = __shfl_down_sync(0xFFFFFFFF, value, i);
                if (threadIdx.x + i < 32)
                    value += n;
            }
            value += carry;
            out[idx] = value;
            carry = __shfl_sync(0xFFFFFFFF, value, 0);
        }
    }
}

template <class T>
static int check(const char *name) {
    const int bins = 128;
    T *in, *out;
    cudaMallocManaged(&in, bins * sizeof(T));
    cudaMallocManaged(&out, bins * sizeof(T));
    for (int i = 0; i < bins; i++)
        in[i] = (T)((i * 13) % 7) + (T)0.5;
    suffix_sums<T, bins><<<1, 64>>>(out, in);
    cudaDeviceSynchronize();
    int bad = 0;
    T s = 0;
    for (int i = bins - 1; i >= 0; i--) {
        s += in[i];
        if (out[i] != s && bad++ < 3)
            printf("%s: out[%d] = %g, expected %g\n", name, i, (double)out[i], (double)s);
    }
    cudaFree(in);
    cudaFree(out);
    return bad;
}

int main() {
    int bad = check<int>("int") + check<double>("double") + check<float>("float");
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
