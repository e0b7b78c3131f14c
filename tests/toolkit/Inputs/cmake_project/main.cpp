#include <cstdio>
#include <cuda_runtime.h>
#include "demo.h"
int main() {
    const int n = 1000;
    float x[n], y[n];
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 10);
        y[i] = 1.0f;
    }
    saxpy_on_device(n, 2.0f, x, y);
    scale_on_device(n, y);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += y[i];
    float norm = norm1_on_device(n, y);
    int dev = -1;
    cudaGetDevice(&dev);
    printf("scale %g sum %.0f norm %.0f device %d\n", (double)DEMO_SCALE, sum, (double)norm, dev);
    return (sum == norm && dev == 0) ? 0 : 1;
}
