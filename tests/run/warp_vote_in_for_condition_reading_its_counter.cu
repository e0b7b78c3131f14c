// A warp vote in a for-loop's condition reading the counter the loop declares (`for (int i =
// threadIdx.x; __any_sync(m, i < n); i += 32)`, as two HeCBench programs write a warp's
// strided loop): thread loops gather a warp function's arguments before its statement runs,
// where the counter is not declared yet, so the kernel runs on the fiber engine (it was
// refused). Sums compared with a host model.
// RUN: env -u CU2C_ENGINE %cu2c %s -o %t.cpp && grep -c "[{] cu2c_fiber_run(" %t.cpp | FileCheck %s --check-prefix=FIBERS
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// FIBERS: 1
#include <cstdio>

__global__ void strided_sums(const int *in, int *out, int n) {
    int s = 0;
    for (int i = threadIdx.x % 32; __any_sync(0xffffffffu, i < n); i += 32)
        if (i < n)
            s += in[(threadIdx.x / 32) * n + i];
    out[threadIdx.x] = s;
}

int main() {
    const int n = 50;
    int *in, *out;
    cudaMallocManaged(&in, 2 * n * sizeof(int));
    cudaMallocManaged(&out, 64 * sizeof(int));
    for (int i = 0; i < 2 * n; i++)
        in[i] = i * 7 % 13;
    strided_sums<<<1, 64>>>(in, out, n);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        int want = 0;
        for (int i = t % 32; i < n; i += 32)
            want += in[(t / 32) * n + i];
        bad += out[t] != want;
    }
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
