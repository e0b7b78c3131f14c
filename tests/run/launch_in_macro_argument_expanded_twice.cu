// A launch written in a macro's argument that the macro expands more than once (a dispatch
// macro turning a run-time value into a constant: `return __VA_ARGS__();` in each case, as
// HeCBench geglu writes it), nested in another such macro: the launch is rewritten once, in
// the argument, for every expansion. cu2c stopped at "overlapping edits" before.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 1 1: 11 | 1 2: 12 | 2 1: 21 | 2 2: 22
#include <cstdio>
#include <stdexcept>

#define DISPATCH(VALUE, NAME, ...) [&] { \
    if (VALUE == 1) { constexpr int NAME = 1; return __VA_ARGS__(); } \
    if (VALUE == 2) { constexpr int NAME = 2; return __VA_ARGS__(); } \
    throw std::invalid_argument("DISPATCH"); \
    }()

template <int A, int B> __global__ void mark(int *out) {
    out[threadIdx.x] = 10 * A + B;
}

static void run(int *out, int a, int b) {
    DISPATCH(a, A, [&] {
        DISPATCH(b, B, [&] {
            mark<A, B><<<1, 4>>>(out);
        });
    });
}

int main() {
    int *out;
    cudaMallocManaged(&out, 4 * sizeof(int));
    for (int a = 1; a <= 2; a++)
        for (int b = 1; b <= 2; b++) {
            run(out, a, b);
            cudaDeviceSynchronize();
            printf("%s%d %d: %d", a + b > 2 ? " | " : "", a, b, out[3]);
        }
    printf("\n");
    return 0;
}
