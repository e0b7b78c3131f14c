// cub::Traits<T>'s radix-sort bits (UnsignedBits, TwiddleIn/TwiddleOut), as
// HeCBench topk's kernels use them to order keys: for float, double, int and unsigned keys in
// ascending order (negatives, zeros, infinities), the twiddled bits ascend too, TwiddleOut
// undoes TwiddleIn, and UnsignedBits has the key's size. Computed in a kernel, checked on the
// host.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cub/cub.cuh>
#include <cmath>
#include <cstdio>
#include <cstring>

template <typename T>
__global__ void twiddle(const T *keys, typename cub::Traits<T>::UnsignedBits *bits, int *round_trip, int n) {
    typedef typename cub::Traits<T>::UnsignedBits U;
    int i = threadIdx.x;
    if (i < n) {
        T k = keys[i];
        U b = reinterpret_cast<U &>(k);
        bits[i] = cub::Traits<T>::TwiddleIn(b);
        U back = cub::Traits<T>::TwiddleOut(bits[i]);
        round_trip[i] = back == b;
    }
}

template <typename T>
static int check(const char *name, const T *h, int n) {
    typedef typename cub::Traits<T>::UnsignedBits U;
    static_assert(sizeof(U) == sizeof(T), "UnsignedBits has the key's size");
    T *keys;
    U *bits;
    int *rt, bad = 0;
    cudaMallocManaged(&keys, n * sizeof(T));
    cudaMallocManaged(&bits, n * sizeof(U));
    cudaMallocManaged(&rt, n * sizeof(int));
    memcpy(keys, h, n * sizeof(T));
    twiddle<T><<<1, 32>>>(keys, bits, rt, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) {
        bad += !rt[i];
        if (i > 0 && h[i] > h[i - 1] && !(bits[i] > bits[i - 1])) {
            printf("FAIL: %s key %d not ordered\n", name, i);
            bad++;
        }
    }
    return bad;
}

int main() {
    const float f[] = {-INFINITY, -1e30f, -2.5f, -1.0f, -1e-30f, 0.0f, 1e-30f, 1.0f, 2.5f, 3e38f, INFINITY};
    const double d[] = {-1e300, -3.0, -0.5, 0.0, 0.25, 7.0, 1e300};
    const int ints[] = {-2147483647 - 1, -100, -1, 0, 1, 100, 2147483647};
    const unsigned us[] = {0u, 1u, 0x7fffffffu, 0x80000000u, 0xffffffffu};
    int bad = check("float", f, 11) + check("double", d, 7) + check("int", ints, 7) + check("unsigned", us, 5);
    if (bad) {
        printf("FAIL: %d\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
