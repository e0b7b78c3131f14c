// main.cpp - plain C++ (no CUDA) calling the host functions saxpy.cu and reduce.cu define.
#include <cstdio>
#include <vector>
#include "vecops.h"

int main() {
    const int n = 1000;
    std::vector<float> x(n), y(n), y0;
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 7);
        y[i] = 1.0f;
    }
    y0 = y;
    int bad = 0;

    double want = 0.0;
    for (int i = 0; i < n; i++)
        want += 2.0 * x[i] + y0[i];
    double got = saxpy_sum(2.0f, x.data(), y.data(), n);
    std::printf("saxpy_sum %.1f (want %.1f)\n", got, want);
    bad += got != want;

    int err = saxpy(2.0f, x.data(), y.data(), n);
    int wrong = 0;
    for (int i = 0; i < n; i++)
        wrong += y[i] != 2.0f * x[i] + y0[i];
    std::printf("saxpy: error %d, %d wrong\n", err, wrong);
    bad += err != 0 || wrong != 0;

    got = device_sum(y.data(), n);
    std::printf("device_sum %.1f (want %.1f)\n", got, want);
    bad += got != want;

    std::printf(bad ? "separate compilation FAILED\n" : "separate compilation ok\n");
    return bad != 0;
}
